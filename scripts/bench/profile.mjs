// A V8 .cpuprofile summarised: where the non-idle CPU time went, by function and by module.
import path from "node:path";

/** The module a profile node's script belongs to: a package, a build file or Node itself. */
function moduleOf(url) {
  if (!url) return "(V8 / native)";
  const file = url.replace(/^file:\/\//, "");
  const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (file.startsWith("node:")) return `node:${file.slice(5).split("/").slice(0, 2).join("/")}`;
  const relative = path.relative(process.cwd(), file);
  if (relative.startsWith("build/remix/index.js")) return "app (build/remix)";
  if (relative === "build/server.js") return "app (build/server.js)";
  return relative || file;
}

/**
 * Self time per function and per module, in ms and as a share of the sampled non-idle time.
 * `requests` turns the totals into ms per request.
 */
export function summariseProfile(profile, { requests, top = 15 } = {}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // The profiler's own stop (under profile-preload.mjs) is not the server's work.
  const excluded = new Set();
  const exclude = (node, inside) => {
    const own = inside || node.callFrame.url.endsWith("scripts/bench/preload.mjs");
    if (own) excluded.add(node.id);
    for (const child of node.children ?? []) exclude(byId.get(child), own);
  };
  exclude(profile.nodes[0], false);
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    if (excluded.has(id)) continue;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const functions = new Map();
  const modules = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || "(anonymous)";
    if (name === "(idle)") continue;
    total += us;
    const module = name.startsWith("(") && !callFrame.url ? name : moduleOf(callFrame.url);
    const key = `${name} ${module}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ""}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    modules.set(module, (modules.get(module) ?? 0) + us);
  }
  // Inclusive time of the app's own functions (self plus callees): loaders, render, queries.
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map();
  for (const [id, us] of selfUs) {
    if (byId.get(id).callFrame.functionName === "(idle)") continue;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = byId.get(at);
      if (!moduleOf(callFrame.url).startsWith("app (") || !callFrame.functionName) continue;
      const key = `${callFrame.functionName} ${moduleOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const rows = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({
        name,
        "self %": +((100 * us) / total).toFixed(1),
        ...(requests ? { "ms/req": +(us / 1000 / requests).toFixed(3) } : { ms: +(us / 1000).toFixed(1) }),
      }));
  return { sampledMs: +(total / 1000).toFixed(1), requests, topFunctions: rows(functions), topModules: rows(modules), appInclusive: rows(inclusive) };
}
