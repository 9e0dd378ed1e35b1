// `node scripts/browser-floor.mjs` after `remix build` (`npm run build` runs it): fails when a
// browser script calls a web API newer than the oldest browsers the enhanced page is for. The
// page is hydrated only where app/lib/browser-support.ts finds <dialog>, requestSubmit,
// SubmitEvent and Array.prototype.at: Safari 16, Chrome 92 (Samsung Internet 16), Firefox 98.
// A call of something newer (a library's upgrade brings it in quietly) would throw in those
// browsers halfway through the page's enhancement. Such a call is either guarded where it is made
// (and named in GUARDED below with where) or checked in browser-support.ts, the floor raised.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Calls newer than the floor, by the first release of each of the three engines that has them. */
export const NEWER = [
  { name: "structuredClone", pattern: /\bstructuredClone\(/, since: "Chrome 98, Firefox 94, Safari 15.4" },
  { name: "Object.hasOwn", pattern: /\bObject\.hasOwn\(/, since: "Chrome 93, Firefox 92, Safari 15.4" },
  { name: "Array.prototype.findLast", pattern: /\.findLast(Index)?\(/, since: "Chrome 97, Firefox 104, Safari 15.4" },
  { name: "AbortSignal.timeout / any", pattern: /\bAbortSignal\.(timeout|any)\(/, since: "Chrome 103 / 116, Firefox 100 / 124, Safari 16 / 17.4" },
  { name: "Array.prototype.toSorted and its kin", pattern: /\.to(Sorted|Reversed|Spliced)\(/, since: "Chrome 110, Firefox 115, Safari 16" },
  { name: "Object.groupBy / Map.groupBy", pattern: /\b(Object|Map)\.groupBy\(/, since: "Chrome 117, Firefox 119, Safari 17.4" },
  { name: "Promise.withResolvers", pattern: /\bPromise\.withResolvers\(/, since: "Chrome 119, Firefox 121, Safari 17.4" },
  { name: "Array.fromAsync", pattern: /\bArray\.fromAsync\(/, since: "Chrome 121, Firefox 115, Safari 16.4" },
  { name: "String.prototype.isWellFormed / toWellFormed", pattern: /\.(is|to)WellFormed\(/, since: "Chrome 111, Firefox 119, Safari 16.4" },
  { name: "URL.canParse / URL.parse", pattern: /\bURL\.(canParse|parse)\(/, since: "Chrome 120 / 126, Firefox 115 / 126, Safari 17 / 18" },
  { name: "Intl.Segmenter", pattern: /\bIntl\.Segmenter\b/, since: "Chrome 87, Firefox 125, Safari 14.1" },
  { name: "requestIdleCallback", pattern: /\brequestIdleCallback\b/, since: "Chrome 47, Firefox 55, no Safari" },
  { name: "the popover API", pattern: /\.(showPopover|hidePopover|togglePopover)\(/, since: "Chrome 114, Firefox 125, Safari 17" },
  { name: "Element.checkVisibility", pattern: /\.checkVisibility\(/, since: "Chrome 105, Firefox 106, Safari 17.4" },
];

/** A call a file makes only where the browser has it: `file` a pattern of the build's file, `name` one of NEWER's. */
export const GUARDED = [];

/** What `files` (path relative to the build folder, and text) call that is newer than the floor. */
export function newerThanTheFloor(files, guarded = GUARDED) {
  const found = [];
  for (const { file, text } of files) {
    for (const { name, pattern, since } of NEWER) {
      if (!pattern.test(text) || guarded.some((g) => g.name === name && g.file.test(file))) continue;
      found.push(`${file} calls ${name} (${since})`);
    }
  }
  return found;
}

function scriptsOf(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return scriptsOf(file, base);
    return entry.name.endsWith(".js") ? [{ file: path.relative(base, file), text: readFileSync(file, "utf8") }] : [];
  });
}

async function main() {
  const { default: config } = await import(pathToFileURL(path.resolve("remix.config.js")).href);
  const files = scriptsOf(path.resolve(config.assetsBuildDirectory ?? "public/build"));
  const found = newerThanTheFloor(files);
  if (found.length) {
    console.error("The browser's scripts call what the oldest browsers the page is enhanced in lack (app/lib/browser-support.ts):");
    for (const line of found) console.error(`- ${line}`);
    process.exit(1);
  }
  console.log(`Within the browser floor: ${files.length} scripts checked for ${NEWER.length} newer calls.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
