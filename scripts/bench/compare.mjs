// `node scripts/bench/compare.mjs before.json after.json [target]`: two bench/results.json
// side by side as a Markdown table (server CPU ms, SQL statements and HTML gzip KB per
// request for each page and /api row; the load tests' p95), for a decision record.
import { readFileSync } from "node:fs";

const [beforeFile, afterFile, only] = process.argv.slice(2);
const before = JSON.parse(readFileSync(beforeFile, "utf8"));
const after = JSON.parse(readFileSync(afterFile, "utf8"));
const cell = (v) => (v === undefined || v === null ? "—" : String(v));

for (const name of Object.keys(after.targets)) {
  if (only && !name.includes(only)) continue;
  const b = before.targets[name] ?? {};
  const a = after.targets[name];
  console.log(`\n${name}\n`);
  if (a.pages) {
    console.log("| page | CPU ms before | CPU ms after | SQL/req before | after | HTML KB gz before | after |");
    console.log("|---|---|---|---|---|---|---|");
    for (const row of a.pages) {
      const old = (b.pages ?? []).find((r) => r.page === row.page) ?? {};
      console.log(`| ${row.page} | ${cell(old.cpuMs)} | ${cell(row.cpuMs)} | ${cell(old.queriesPerReq)} | ${cell(row.queriesPerReq)} | ${cell(old.htmlGzipKB)} | ${cell(row.htmlGzipKB)} |`);
    }
    for (const row of a.api ?? []) {
      const old = (b.api ?? []).find((r) => r.name === row.name) ?? {};
      console.log(`| ${row.name} | ${cell(old.cpuMs)} | ${cell(row.cpuMs)} | ${cell(old.queriesPerReq)} | ${cell(row.queriesPerReq)} | | |`);
    }
  }
  if (a.journey) {
    const j = (x) => (x ? `p50 ${x.p50} / p95 ${x.p95} / p99 ${x.p99} ms, ${x["req/s"]} req/s, ${x.completed}/${x.customers} done, ${x.errors} errors, data ${x.dataChecked}` : "—");
    console.log(`\nLoad test before: ${j(b.journey)}\nLoad test after: ${j(a.journey)}`);
  }
}
console.log(`\nLoad average: before ${before.machine.loadAverageAtStart.join(" ")} → ${before.machine.loadAverageAtEnd?.join(" ")}; after ${after.machine.loadAverageAtStart.join(" ")} → ${after.machine.loadAverageAtEnd?.join(" ")}`);
