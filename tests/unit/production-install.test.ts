/**
 * What a production install holds is enough for what runs there. A server is installed with
 * `NODE_ENV=production npm ci` (npm then leaves the devDependencies out, as `--omit=dev` does)
 * and runs `node build/server.js` and the operator command (`npm run ops`, docs/operations.md).
 * The install runs `postinstall` (patch-package), which makes the libraries the server and the
 * browser run the ones our tests hold (patches/): a command of those scripts from a
 * devDependency fails that install (`sh: 1: patch-package: not found`), or leaves the server on
 * the unpatched libraries; a package the server imports from the devDependencies is missing
 * there (`knip --production` does not see that: it counts a devDependency as listed). Read from
 * package.json, the lockfile, whose `dev` flag is what npm leaves out, and the production code's
 * imports. Also the lockfile's shape: every dependency pinned, from the npm registry, with
 * its integrity hash, so `npm ci` installs the same bytes everywhere.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

interface Locked {
  version?: string;
  dev?: boolean;
  integrity?: string;
  resolved?: string;
  link?: boolean;
  bin?: Record<string, string>;
}
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides?: Record<string, string>;
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, Locked> };

/** The scripts a production machine runs: the install's own, the start and the operator command. */
const PRODUCTION_SCRIPTS = ["preinstall", "install", "postinstall", "start", "ops"];
/** Commands a shell or Node itself provides, not a package. */
const BUILT_IN = new Set(["node", "npm", "npx", "cd", "echo", "exit", "test", "true"]);

/** The packages at the top of node_modules that a production install holds (npm leaves out those marked dev). */
const productionPackages = Object.entries(lock.packages).filter(([path, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && !entry.dev && !entry.link);

/** The package whose `bin` provides `command` in a production install, if any. */
const providerOf = (command: string) => productionPackages.find(([, entry]) => entry.bin && command in entry.bin)?.[0].slice("node_modules/".length);

/** The first word of each command of a script (`a && b; c | d`), leading `VAR=value`s left out. */
function commandsOf(script: string): string[] {
  return script
    .split(/&&|\|\||[;|]/)
    .map((part) => part.trim().split(/\s+/).find((word) => !/^\w+=/.test(word)))
    .filter((word): word is string => word !== undefined);
}

/** `@scope+name+1.2.3.patch` (or `.dev.patch`) → the package and version patch-package reads it for. */
function patchTarget(file: string) {
  const match = /^(.+)\+([^+]+?)(\.dev)?\.patch$/.exec(file);
  if (!match) throw new Error(`${file} is not named as patch-package names its patches`);
  return { name: match[1].replace(/\+/g, "/"), version: match[2], devOnly: match[3] !== undefined };
}

/** The code a production machine runs from source or bundles: the app, the server, `npm start` and `npm run ops`. */
const PRODUCTION_CODE = ["app", "server.ts", "scripts/start.mjs", "scripts/start", "scripts/ops.ts"];

function sourceFiles(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => sourceFiles(path.join(entry, name))).filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !/\.test\./.test(file));
}

/** The packages a module imports for their values (`import type` and `export type` are erased). */
function packagesImportedBy(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^;"']*?\sfrom\s+)?["']([^"'.][^"']*)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"'.][^"']*)["']\s*\)/g),
  ].map((match) => match[1]);
  return specifiers
    .filter((specifier) => !specifier.startsWith("node:") && !specifier.startsWith("~/") && !builtinModules.includes(specifier))
    .map((specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/"));
}

describe("a production install", () => {
  it("holds every package the production code imports, as a dependency of ours", () => {
    const wrong: string[] = [];
    for (const file of PRODUCTION_CODE.flatMap(sourceFiles)) {
      for (const name of new Set(packagesImportedBy(readFileSync(file, "utf8")))) {
        if (!(name in pkg.dependencies)) wrong.push(`${file} imports ${name}, which is ${name in pkg.devDependencies ? "a devDependency" : "not a dependency of ours"}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("has every command of the scripts a production machine runs", () => {
    const missing: string[] = [];
    for (const name of PRODUCTION_SCRIPTS) {
      const script = pkg.scripts[name];
      if (script === undefined) continue;
      for (const command of commandsOf(script)) {
        if (BUILT_IN.has(command) || providerOf(command)) continue;
        missing.push(`npm run ${name}: ${command} (move its package to "dependencies")`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("applies every patch to the library it installs, and skips only those of tools it leaves out", () => {
    const files = readdirSync("patches").filter((file) => file.endsWith(".patch"));
    expect(files.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const file of files) {
      const { name, version, devOnly } = patchTarget(file);
      const entry = lock.packages[`node_modules/${name}`];
      if (entry?.version !== version) {
        wrong.push(`${file}: the lockfile installs ${name}@${entry?.version ?? "nothing"}`);
        continue;
      }
      // Under NODE_ENV=production patch-package skips a patch only when its package is missing
      // and is a devDependency of ours or the patch is named *.dev.patch; anything else fails the install.
      if (entry.dev && !devOnly && !(name in pkg.devDependencies)) {
        wrong.push(`${file}: ${name} is left out of a production install, and patch-package would fail on it (name the file .dev.patch)`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the lockfile", () => {
  it("pins every dependency to one version of the npm registry, each with its integrity hash", () => {
    const declared = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.overrides };
    // An exact version: no range, tag, git, file or http address.
    const loose = Object.entries(declared).filter(([, spec]) => !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(spec));
    expect(loose.map(([name, spec]) => `${name}: ${spec}`)).toEqual([]);
    const installed = Object.entries(lock.packages).filter(([path, entry]) => path !== "" && !entry.link);
    expect(installed.length).toBeGreaterThan(100);
    const unverified = installed.filter(([, entry]) => !entry.integrity?.startsWith("sha512-")).map(([path]) => path);
    expect(unverified).toEqual([]);
    // npm writes no `resolved` when set to omit it (omit-lockfile-registry-resolved): it then
    // installs from the registry npm is configured with. A written one must be the npm registry.
    const elsewhere = installed.filter(([, entry]) => entry.resolved !== undefined && !entry.resolved.startsWith("https://registry.npmjs.org/"));
    expect(elsewhere.map(([path, entry]) => `${path}: ${entry.resolved}`)).toEqual([]);
  });
});
