/**
 * The build's check that no core module reaches the browser (scripts/no-core-in-browser.mjs,
 * docs/decisions/0175) on a made-up esbuild metafile shaped as the Remix compiler writes it:
 * a core module in a chunk fails, a core import of a component fails even when esbuild inlined
 * the value, a route module's import for its loader does not.
 */
import { describe, expect, it } from "vitest";
import { coreImporters, coreModulesInChunks, sourcePath } from "../../scripts/no-core-in-browser.mjs";

const input = (...imports: string[]) => ({ bytes: 100, imports: imports.map((path) => ({ path, kind: "import-statement" })) });

function metafile(options: { chunkHoldsCore: boolean; componentImportsCore: boolean }) {
  return {
    inputs: {
      "browser-route-module:routes/quote.tsx?browser": input("app/routes/quote.tsx"),
      "app/routes/quote.tsx": input("app/components/quote.tsx", "app/core/quote.ts", "empty-module:./quote.server"),
      "app/components/quote.tsx": input("app/lib/limits.ts", ...(options.componentImportsCore ? ["app/core/pricing.ts"] : [])),
      "app/lib/limits.ts": input(),
      "app/core/quote.ts": input("app/core/pricing.ts"),
      "app/core/pricing.ts": input(),
    },
    outputs: {
      "public/build/routes/quote-ABC.js": {
        bytes: 900,
        inputs: {
          "browser-route-module:routes/quote.tsx?browser": { bytesInOutput: 0 },
          "app/routes/quote.tsx": { bytesInOutput: 300 },
          "app/components/quote.tsx": { bytesInOutput: 500 },
          ...(options.chunkHoldsCore ? { "app/core/pricing.ts": { bytesInOutput: 100 } } : {}),
        },
      },
      "public/build/_shared/limits-DEF.js": { bytes: 200, inputs: { "app/lib/limits.ts": { bytesInOutput: 200 } } },
      "public/build/routes/quote-ABC.js.map": { bytes: 10, inputs: {} },
    },
  };
}

describe("no core module in the browser", () => {
  it("reads the metafile's inputs as paths from the project root", () => {
    expect(sourcePath("browser-route-module:routes/quote.tsx?browser")).toBe("app/routes/quote.tsx");
    expect(sourcePath("app/core/quote.ts")).toBe("app/core/quote.ts");
    expect(sourcePath("empty-module:./quote.server")).toBe("./quote.server");
  });

  it("passes a build whose core imports are its route modules' (for their loaders)", () => {
    const clean = metafile({ chunkHoldsCore: false, componentImportsCore: false });
    expect(coreModulesInChunks(clean)).toEqual([]);
    expect(coreImporters(clean)).toEqual([]);
  });

  it("names the chunk that holds a core module", () => {
    expect(coreModulesInChunks(metafile({ chunkHoldsCore: true, componentImportsCore: true }))).toEqual([
      { chunk: "public/build/routes/quote-ABC.js", modules: ["app/core/pricing.ts"] },
    ]);
  });

  it("names a component importing the core even when no core code reached a chunk (an inlined constant)", () => {
    const inlined = metafile({ chunkHoldsCore: false, componentImportsCore: true });
    expect(coreModulesInChunks(inlined)).toEqual([]);
    expect(coreImporters(inlined)).toEqual([{ module: "app/components/quote.tsx", imports: ["app/core/pricing.ts"] }]);
  });
});
