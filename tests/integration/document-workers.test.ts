/**
 * Documents drawn in a thread of their own (app/core/documents/workers.ts, docs/decisions/0234):
 * the thread's entry, bundled as `npm run build` bundles it, draws the same bytes as the
 * server's own thread, several at once, each customer's in turn with others', and the pool closes,
 * never ending a thread still loading its modules.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type BuildOptions } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoInsurer } from "~/core/config";
import { contractTerm } from "~/core/contract-term";
import { preContractModel, renderPdf, type DocModel } from "~/core/documents/index";
import { documentWorkers, type DocumentWorkers } from "~/core/documents/workers";

// Inside the checkout, so that the bundle finds its packages in node_modules.
const dir = mkdtempSync(path.join(process.cwd(), "node_modules", ".document-workers-"));
let workers: DocumentWorkers;

beforeAll(async () => {
  // The build's own options (scripts/build-server.mjs), the thread's entry only, elsewhere.
  const { SERVER_BUILD } = (await import("../../scripts/build-server.mjs")) as { SERVER_BUILD: BuildOptions & { entryPoints: Record<string, string> } };
  await build({ ...SERVER_BUILD, entryPoints: { "pdf-worker": SERVER_BUILD.entryPoints["pdf-worker"] }, outdir: dir, sourcemap: false });
  workers = documentWorkers({ filename: path.join(dir, "pdf-worker.js"), threads: 1 });
}, 60_000);

afterAll(async () => {
  await workers?.close();
  rmSync(dir, { recursive: true, force: true });
});

const model = (language: "et" | "en" | "ru"): DocModel =>
  preContractModel({
    language,
    at: new Date("2026-03-10T10:00:00Z"),
    date: "2026-03-10",
    insurer: demoInsurer(),
    dueDays: 14,
    term: contractTerm("2026-03-11", { by: "signing", on: "2026-03-10" }, null),
    personal: null,
  });

describe("document threads", () => {
  it("draw the same PDF as the server's own thread, byte for byte", async () => {
    const drawn = await workers.render(model("et"), null);
    expect(drawn).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(drawn).subarray(0, 5).toString()).toBe("%PDF-");
    expect(Buffer.from(drawn).equals(Buffer.from(await renderPdf(model("et"))))).toBe(true);
  }, 60_000);

  it("draw several at once, each its own", async () => {
    const languages = ["et", "en", "ru", "en"] as const;
    const drawn = await Promise.all(languages.map((language, i) => workers.render(model(language), i)));
    const own = await Promise.all(languages.map((language) => renderPdf(model(language))));
    drawn.forEach((bytes, i) => expect(Buffer.from(bytes).equals(Buffer.from(own[i]))).toBe(true));
    expect(Buffer.from(drawn[0]).equals(Buffer.from(drawn[1]))).toBe(false);
  }, 60_000);

  it("draw another customer's document after at most one more of a customer who asked for twenty at once", async () => {
    const finished: string[] = [];
    const draw = (who: number, label: string) => workers.render(model("ru"), who).then(() => void finished.push(label));
    const flood = Array.from({ length: 20 }, (_, i) => draw(1, `flood ${i}`));
    // Asked right after the flood, in the same turn of the event loop (a timer here let a busy
    // machine draw two of the flood before it came): first come, first served, it came out 21st.
    await Promise.all([...flood, draw(2, "other")]);
    expect(finished.indexOf("other")).toBeLessThanOrEqual(2);
    expect(finished).toHaveLength(21);
  }, 120_000);

  it("are ended only once loaded: a pool closed as soon as made waits for its thread's modules", async () => {
    // Ending a thread while it loads crashed the whole process now and then (V8's "FATAL ERROR:
    // v8::Module::IsGraphAsync"): a start that could not listen closed the pool just made.
    const marker = path.join(dir, "loaded");
    const entry = path.join(dir, "slow-entry.mjs");
    writeFileSync(
      entry,
      `import { writeFileSync } from "node:fs";
export { default, loaded } from "./pdf-worker.js";
const until = Date.now() + 500;
while (Date.now() < until);
writeFileSync(${JSON.stringify(marker)}, "");
`,
    );
    await documentWorkers({ filename: entry, threads: 1 }).close();
    expect(existsSync(marker)).toBe(true);
  }, 60_000);
});
