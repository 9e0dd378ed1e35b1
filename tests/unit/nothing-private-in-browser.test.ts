/**
 * The build's check that nothing of the server or of the build machine reaches the browser
 * (scripts/nothing-private-in-browser.mjs, which `npm run build` runs): the settings' names as
 * app/core/config.ts reads them, and a made-up build holding each thing it looks for.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { privateInBrowser, settingNames } from "../../scripts/nothing-private-in-browser.mjs";

const settings = settingNames(readFileSync("app/core/config.ts", "utf8"));
/** The build environment's secret, made here (a written-down one would be published: tests/unit/published-secrets.test.ts). */
const secret = randomBytes(24).toString("base64url");

describe("the settings looked for", () => {
  it("are the ones app/core/config.ts reads, the secrets among them", () => {
    for (const name of ["SESSION_SECRET", "SESSION_SECRETS", "HEALTH_DATA_KEY", "HEALTH_DATA_KEYS", "DATABASE_URL", "OPS_TOKEN", "OPS_TOKENS", "DOKOBIT_IDENTITY_ACCESS_TOKEN", "DOKOBIT_GATEWAY_ACCESS_TOKEN"]) {
      expect(settings).toContain(name);
    }
    // A bare word (`DEMO`, `PORT`) could be any library's: only names with an underscore.
    expect(settings.every((name) => name.includes("_"))).toBe(true);
  });
});

describe("a browser build", () => {
  const clean = {
    files: [
      { file: "entry.client-AB12.js", text: 'import{a}from"/build/_shared/chunk-CD34.js";a("/build/root-EF56.js");' },
      { file: "_shared/chunk-CD34.js.LEGAL.txt", text: "react-dom/cjs/react-dom.production.min.js:\n  /** @license React */" },
    ],
    inputs: ["app/entry.client.tsx", "node_modules/react-dom/cjs/react-dom.production.min.js"],
    settings,
    values: { SESSION_SECRET: secret },
    paths: ["/home/builder/elukaitse/", "/root/"],
  };

  it("passes with none of them", () => {
    expect(privateInBrowser(clean)).toEqual([]);
  });

  it("fails on a setting's name or its value, a path of the machine, a source map and a development build", () => {
    const files = [
      { file: "routes/quote-GH78.js", text: `const s=process.env.SESSION_SECRET;fetch("/x",{headers:{t:"${secret}"}});` },
      { file: "routes/offer-IJ90.js", text: 'throw Error("at /home/builder/elukaitse/app/core/offer.ts");\n//# sourceMappingURL=offer-IJ90.js.map' },
      { file: "routes/offer-IJ90.js.map", text: "{}" },
    ];
    const inputs = [...clean.inputs, "node_modules/react-dom/cjs/react-dom.development.js"];
    expect(privateInBrowser({ ...clean, files: [...clean.files, ...files], inputs })).toEqual([
      "routes/quote-GH78.js names the setting SESSION_SECRET",
      "routes/quote-GH78.js holds the value of SESSION_SECRET",
      "routes/offer-IJ90.js names a source map",
      "routes/offer-IJ90.js holds the path /home/builder/elukaitse/",
      "routes/offer-IJ90.js.map is a source map",
      "node_modules/react-dom/cjs/react-dom.development.js is a development build",
    ]);
  });

  it("takes a setting's name as a word, not inside a longer one", () => {
    const files = [{ file: "a.js", text: 'const MY_SESSION_SECRET_LABEL="x",HEALTH_DATA_KEYSTORE=1;' }];
    expect(privateInBrowser({ ...clean, files })).toEqual([]);
  });
});
