// Loaded into the benchmarked server and the bare reference page with `node --import` (never
// in production). Over the IPC channel the bench opens it answers:
// - {cmd: "queries"}: how many SQL statements the process has sent so far (PGlite and pg);
// - {cmd: "sql-log", on}: while on, each statement's first line is written to stderr
//   (BENCH_SQL_LOG=1: which statements a page makes, not only how many);
// - {cmd: "profile-start"} / {cmd: "profile-stop", file}: V8's sampling profiler in process,
//   so a page's profile holds only the window the bench chooses (no start-up, no warm-up).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

let queries = 0;
let logging = false;
const counted = (proto, name) => {
  const original = proto[name];
  proto[name] = function (...args) {
    queries++;
    if (logging) process.stderr.write(`  sql: ${String(typeof args[0] === "string" ? args[0] : args[0]?.text).replace(/\s+/g, " ").slice(0, 160)}\n`);
    return original.apply(this, args);
  };
};
// PGlite's query and exec live on its base class; a transaction hands out its own tx object,
// counted as its statements plus BEGIN and COMMIT (what the same transaction sends to pg).
const base = Object.getPrototypeOf(PGlite.prototype);
counted(base, "query");
counted(base, "exec");
const transaction = base.transaction;
base.transaction = function (callback) {
  queries += 2;
  return transaction.call(this, (tx) => {
    counted(tx, "query");
    counted(tx, "exec");
    return callback(tx);
  });
};
counted(pg.Client.prototype, "query");

const session = new Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));

if (process.send) {
  process.channel?.unref();
  process.on("message", async (message) => {
    if (!message || typeof message !== "object" || !("cmd" in message)) return;
    try {
      if (message.cmd === "queries") process.send({ id: message.id, queries });
      else if (message.cmd === "sql-log") {
        logging = Boolean(message.on);
        process.send({ id: message.id });
      }
      else if (message.cmd === "profile-start") {
        await post("Profiler.enable");
        await post("Profiler.setSamplingInterval", { interval: 200 });
        await post("Profiler.start");
        process.send({ id: message.id });
      } else if (message.cmd === "profile-stop") {
        const { profile } = await post("Profiler.stop");
        writeFileSync(message.file, JSON.stringify(profile));
        process.send({ id: message.id });
      }
    } catch (error) {
      process.send({ id: message.id, error: String(error) });
    }
  });
}
