import { chromium } from "@playwright/test";
import { transformSync } from "esbuild";
import { readFileSync } from "node:fs";
const src = readFileSync("node_modules/@guidepup/virtual-screen-reader/lib/esm/index.browser.js", "utf8");
const t0 = Date.now();
const iife = transformSync(src, { format: "iife", globalName: "__vsr", target: "es2022" }).code;
console.log("transform ms", Date.now() - t0, iife.length);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const js of [true, false]) {
const ctx = await b.newContext({ javaScriptEnabled: js });
const p = await ctx.newPage();
await p.setContent(`<title>T</title><main><h1 tabindex=-1>Hi</h1><label for=i>Nimi</label><input id=i required aria-describedby=d><span id=d>kirjeldus</span><input type=range aria-label="Uni" min=0 max=10 value=8 aria-valuetext="tunde: 8"><div aria-live=polite id=l></div><button>OK</button></main>`);
await p.evaluate(iife);
const log = await p.evaluate(async () => {
  const v = window.__vsr.virtual;
  await v.start({ container: document.body });
  for (let i = 0; i < 50 && (await v.lastSpokenPhrase()) !== "end of document"; i++) await v.next();
  document.querySelector("h1").focus();
  document.getElementById("l").textContent = "Kokku 5 €";
  await new Promise((r) => setTimeout(r, 50));
  const out = await v.spokenPhraseLog();
  await v.stop();
  return out;
});
console.log(js, log);
}
await b.close();
