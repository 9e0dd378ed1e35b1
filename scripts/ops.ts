/**
 * The operator command (docs/operations.md):
 *
 *   npm run ops -- activate --reason "…"                     policies whose start day has come → SELF_SERVICE
 *   npm run ops -- euw list --reason "…"                     open extended-underwriting cases
 *   npm run ops -- euw accept <personal code> --reason "…"   EUW → SELF_SERVICE
 *   npm run ops -- euw decline <personal code> --reason "…"  EUW → SERVICE_UNAVAILABLE
 *   npm run ops -- euw application <personal code> <file> --reason "…"
 *                                                            an open EUW case's signed application (the PDF with the
 *                                                            questionnaire's summary) into a new file (mode 0600)
 *   npm run ops -- reseal [batch size] --reason "…"          every sealed value under the first HEALTH_DATA_KEYS
 *                                                            key, and documents an older version stored plain sealed
 *   npm run ops -- keys                                      the health-data keys of the ring and of the database,
 *                                                            how many values each seals where, and whether each key
 *                                                            of the ring is the one the database knows under its id
 *   npm run ops -- backup <file>                             the embedded database (PGlite), consistent while it serves,
 *                                                            into a new file (gzipped tar; health data still sealed)
 *   npm run ops -- restore <file> <new DATA_DIR>             a backup unpacked into a new, empty data folder, with the
 *                                                            demo's key file, checked to open with the keys
 *
 * Each command that shows or changes customers' data states why (`--reason`, 10–500
 * characters): refused without one; recorded with an audit row for every customer it showed
 * or changed (actor "operator"), which the customer will be shown (docs/decisions/0112): `euw
 * application`'s read as the customer's application read by the operator, with the reason.
 * `keys` shows key ids and counts, nobody's data, and needs none; nor do `backup` and `restore`,
 * which show no one and open nothing sealed (they copy the database whole, as pg_dump does).
 *
 * With DATABASE_URL it works on PostgreSQL directly. With the embedded database only the
 * serving process may open it, so the command asks the running server (OPS_URL, default
 * http://127.0.0.1:$PORT, authenticated with OPS_TOKEN, or the first of OPS_TOKENS); when no
 * server answers it opens the data folder itself.
 *
 * The audit rows name the operator (health_data_audit.operator_name, not shown to the
 * customer) when the token carries a name (OPS_TOKENS=<name>:<token>): through the server,
 * the name the server's list gives the token that matched; on the database itself, the name of
 * the first token of the command's own environment. stderr says which ("acted as …").
 */
import { createHash } from "node:crypto";
import { closeSync, copyFileSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { systemClock } from "../app/core/clock.js";
import { ConfigError, developmentKeyFile, loadConfig, type Config } from "../app/core/config.js";
import { openDatabase, type Db } from "../app/core/db/index.js";
import { openPglite } from "../app/core/db/pglite.js";
import { connectionLostLog, createObservability } from "../app/http/observability.server.js";
import { migrations, pendingMigrations } from "../app/core/db/migrations.js";
import { healthCipher } from "../app/core/health-data.js";
import { batchSizeOf, keyUses, reseal, type KeyUse } from "../app/core/health-keys.js";
import { isValidPersonalCode } from "../app/lib/personal-code.js";
import { MAX_REASON_LENGTH, MIN_REASON_LENGTH, operatorReason, policyOperations, type OperatorReason } from "../app/core/offer.js";

type Command = JsonCommand | { kind: "application"; code: string; file: string } | { kind: "backup"; file: string } | { kind: "restore"; file: string; into: string };

/** The commands whose result is JSON, through the server's /ops door or on the database itself. */
type JsonCommand =
  | { kind: "activate" }
  | { kind: "list" }
  | { kind: "decide"; decision: "accept" | "decline"; code: string }
  | { kind: "reseal"; batchSize?: number }
  | { kind: "keys" };

const USAGE = `usage: npm run ops -- activate | euw list | euw accept <personal code> | euw decline <personal code> | euw application <personal code> <new file> | reseal [batch size: 1–10 000, default 100], each with --reason "why" (${MIN_REASON_LENGTH}–${MAX_REASON_LENGTH} characters, one line); or npm run ops -- keys | backup <new file> | restore <backup file> <new DATA_DIR>`;

/** `--reason "…"` or `--reason=…` taken out of `args`: the reason given (checked later), or undefined. */
function takeReason(args: string[]): { rest: string[]; reason: string | undefined } {
  const rest: string[] = [];
  let reason: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--reason") reason = args[++i] ?? "";
    else if (args[i].startsWith("--reason=")) reason = args[i].slice("--reason=".length);
    else rest.push(args[i]);
  }
  return { rest, reason };
}

function parse(args: string[]): Command | { usage: string } | null {
  if (args[0] === "activate" && args.length === 1) return { kind: "activate" };
  if (args[0] === "keys" && args.length === 1) return { kind: "keys" };
  if (args[0] === "backup" && args.length === 2 && args[1]) return { kind: "backup", file: args[1] };
  if (args[0] === "restore" && args.length === 3 && args[1] && args[2]) return { kind: "restore", file: args[1], into: args[2] };
  if (args[0] === "reseal" && args.length <= 2) {
    const batchSize = args[1] === undefined ? undefined : batchSizeOf(args[1]);
    return args[1] !== undefined && batchSize === undefined ? null : { kind: "reseal", batchSize };
  }
  if (args[0] === "euw" && args[1] === "list" && args.length === 2) return { kind: "list" };
  if (args[0] === "euw" && (args[1] === "accept" || args[1] === "decline") && args.length === 3) {
    // Every customer signed in with a valid code: a mistyped digit is said as such, not as "no such customer".
    if (!isValidPersonalCode(args[2])) return { usage: `ops: "${args[2]}" is not an Estonian personal code (11 digits, the last a check digit): check the digits` };
    return { kind: "decide", decision: args[1], code: args[2] };
  }
  if (args[0] === "euw" && args[1] === "application" && args.length === 4 && args[3]) {
    if (!isValidPersonalCode(args[2])) return { usage: `ops: "${args[2]}" is not an Estonian personal code (11 digits, the last a check digit): check the digits` };
    return { kind: "application", code: args[2], file: args[3] };
  }
  return null;
}

/** What the command did, and as whom: the operator's name its audit rows carry, null for a token that names no one. */
interface Done {
  result: unknown;
  operator: string | null;
}

/**
 * Asks the running server's /ops door with the command's first token (as the first session
 * secret signs: during a rotation the new one): its answer, or undefined when no server answers
 * (or the command has no token). A refusal throws, but for the statuses `said` handles.
 */
async function askServer(config: Config, method: string, route: string, headers: Record<string, string> = {}, said: (status: number) => void = () => {}): Promise<{ response: Response; base: string } | undefined> {
  const [first] = config.opsTokens;
  if (!first) return undefined;
  const base = process.env.OPS_URL ?? `http://127.0.0.1:${config.port}`;
  let response: Response;
  try {
    response = await fetch(new URL(route, base), { method, headers: { Authorization: `Bearer ${first.token}`, ...headers } });
  } catch {
    return undefined;
  }
  if (response.status === 404) throw new Error(`the server at ${base} refused the command (HTTP 404): none of its OPS_TOKENS (or its OPS_TOKEN) is this command's first, or it has none`);
  said(response.status);
  if (!response.ok) throw new Error(`the server at ${base} refused the command (HTTP ${response.status})`);
  return { response, base };
}

async function viaServer(config: Config, command: JsonCommand, reason: OperatorReason | null): Promise<Done | undefined> {
  const [method, route] =
    command.kind === "keys"
      ? ["GET", "/ops/keys"]
      : command.kind === "activate"
        ? ["POST", "/ops/activate"]
        : command.kind === "list"
          ? ["GET", "/ops/euw"]
          : command.kind === "reseal"
            ? ["POST", `/ops/reseal${command.batchSize ? `?batch=${command.batchSize}` : ""}`]
            : ["POST", `/ops/euw/${command.code}/${command.decision}`];
  const asked = await askServer(config, method, route, reason ? { "Ops-Reason": encodeURIComponent(reason.text) } : {});
  if (!asked) return undefined;
  const { response } = asked;
  // The name the server recorded: its own list's for the token (it may name it otherwise than this environment does).
  return { result: await response.json(), operator: response.headers.get("ops-operator") };
}

/** On the database itself: as the operator the first token of the command's own environment names (only as sure as whoever holds the database's credentials). */
async function direct(config: Config, command: JsonCommand, reason: OperatorReason | null): Promise<Done> {
  const operator = config.opsTokens[0]?.operator ?? null;
  return { result: await directly(config, command, reason, operator), operator };
}

/** The database of the command's own environment: PostgreSQL, or the data folder when no server holds it. */
function openOwn(config: Config): Promise<Db> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
    // A connection the server ended while the command ran: the servers' JSON line, on stderr (stdout is the result).
    onConnectionLost: connectionLostLog(createObservability({ level: config.logLevel, destination: process.stderr }).log),
    onCopiedFolder: (lockFile) =>
      console.error(`ops: this data folder was copied while a server held it (its lock ${lockFile} came along): such a copy may lack what was saved while it was copied (docs/operations.md "Backup and restore")`),
  });
}

/**
 * The application's start migrates; the command reads and writes what it finds. A database
 * it never started on is a mistyped setting (another database, another folder), not one
 * to create the schema in and answer "no cases" from; one a release behind is not this
 * command's to migrate under the servers that serve it (`behind` allows it: a backup).
 */
async function refuseUnlessMigrated(db: Db, config: Pick<Config, "databaseUrl" | "dataDir">, { behind = false, where }: { behind?: boolean; where?: string } = {}): Promise<void> {
  const pending = await pendingMigrations(db);
  where ??= config.databaseUrl ? "DATABASE_URL" : `DATA_DIR (${config.dataDir})`;
  if (pending.length === migrations.length) throw new Error(`the database holds no data of this application: check ${where}`);
  if (pending.length > 0 && !behind) {
    throw new Error(`the database is not yet migrated to this release (${pending.join(", ")} to apply): start this release's application on it first (check ${where})`);
  }
}

async function directly(config: Config, command: JsonCommand, reason: OperatorReason | null, operator: string | null): Promise<unknown> {
  // No key given, none in DATA_DIR: the servers' key (theirs, or generated at their first start
  // into their DATA_DIR) is not here, and one generated here would be no server's.
  const ring = config.healthDataKeys;
  if (ring.length === 0 && (command.kind === "keys" || command.kind === "reseal")) {
    console.error(
      `ops: no health-data key: HEALTH_DATA_KEYS and HEALTH_DATA_KEY are unset and ${developmentKeyFile(config.dataDir)} does not exist; the command generates none (it would be no server's): give it the servers' HEALTH_DATA_KEYS, or run it with their DATA_DIR, where their first start generated it`,
    );
    if (command.kind === "reseal") throw new Error("refused: a reseal needs the servers' keys");
  }
  const db = await openOwn(config);
  try {
    await refuseUnlessMigrated(db, config);
    if (command.kind === "keys") return await keyUses(db, ring.length ? healthCipher(ring) : null);
    if (command.kind === "reseal") {
      // Its own transaction per batch: the application keeps serving (docs/operations.md).
      return await reseal(db, systemClock, healthCipher(ring), reason!, {
        batchSize: command.batchSize,
        operator,
        onBatch: (place, rows) => console.error(`resealed ${rows} in ${place}`),
      });
    }
    const ops = policyOperations(db, systemClock).asOperator(reason!, operator);
    if (command.kind === "activate") return await ops.activateDue();
    if (command.kind === "list") return await ops.euwCases();
    return await (command.decision === "accept" ? ops.accept(command.code) : ops.decline(command.code));
  } finally {
    await db.close();
  }
}

/** Said of a backup or a restore asked with DATABASE_URL, before anything is opened or written. */
const USE_PG_DUMP = `with DATABASE_URL use pg_dump while serving (pg_dump --format=custom --file=elukaitse-$(date +%F).dump "$DATABASE_URL"), docs/operations.md "Backup and restore"`;
const USE_PG_RESTORE = `with DATABASE_URL use pg_restore into a new, empty database, docs/operations.md "Backup and restore"`;

/** A backup's bytes and their SHA-256 (hex). */
interface Taken {
  bytes: Uint8Array;
  sha256: string;
}

const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * The running server's backup (POST /ops/backup), or undefined when no server answers (or the
 * command has no token): the server reads its database between two transactions, customers'
 * saves waiting the moment it takes (app/core/db/pglite.ts `dump`).
 */
async function backupViaServer(config: Config): Promise<Taken | undefined> {
  const asked = await askServer(config, "POST", "/ops/backup", {}, (status) => {
    if (status === 409) throw new Error(`the server's database is PostgreSQL: use pg_dump (${USE_PG_DUMP})`);
  });
  if (!asked) return undefined;
  const { response, base } = asked;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const sha256 = sha256Of(bytes);
  // A connection cut short, or anything in between that changed it: nothing is written.
  if (sha256 !== response.headers.get("ops-backup-sha256")) throw new Error(`the backup from ${base} arrived incomplete or altered (its SHA-256 differs from the server's): nothing written; run the command again`);
  return { bytes, sha256 };
}

/** A stopped server's folder (no server answers): read by the command itself, which holds it meanwhile. */
async function backupDirectly(config: Config): Promise<Taken> {
  const folder = path.join(config.dataDir, "pglite");
  // Opened, a folder that is none would be made into an empty database.
  if (!existsSync(path.join(folder, "PG_VERSION"))) throw new Error(`no embedded database in DATA_DIR (${config.dataDir}): check DATA_DIR, or OPS_TOKEN and OPS_URL to reach the running server`);
  const db = await openOwn(config);
  try {
    // A release behind is backed up as it is: a backup before an upgrade is what a rollback restores.
    await refuseUnlessMigrated(db, config, { behind: true });
    const bytes = await db.dump!();
    return { bytes, sha256: sha256Of(bytes) };
  } finally {
    await db.close();
  }
}

/**
 * Writes `bytes` into `file`, which must not exist: under a name of its own first (the file
 * appears whole or not at all), then linked into place, which fails if a file took the name
 * meanwhile (a rename would replace it). Readable by this user only: it holds personal data.
 */
function writeNew(file: string, bytes: Uint8Array): void {
  const aside = `${file}.${process.pid}.partial`;
  const fd = openSync(aside, "wx", 0o600);
  try {
    try {
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(aside, file);
  } finally {
    unlinkSync(aside);
  }
  const dir = openSync(path.dirname(file), "r");
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

async function backup(config: Config, given: string): Promise<number> {
  if (config.databaseUrl) {
    console.error(`ops: backup is the embedded database's (PGlite): ${USE_PG_DUMP}`);
    return 1;
  }
  const file = path.resolve(given);
  const refuse = (why: string) => (console.error(`ops: ${why}`), 1);
  if (existsSync(file)) return refuse(`${file} exists: a backup never replaces a file; give a new name`);
  if (!existsSync(path.dirname(file))) return refuse(`the folder ${path.dirname(file)} does not exist: make it first`);
  const taken = (await backupViaServer(config)) ?? (await backupDirectly(config));
  try {
    writeNew(file, taken.bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return refuse(`${file} exists: a backup never replaces a file; give a new name`);
    throw error;
  }
  console.log(JSON.stringify({ file, bytes: taken.bytes.length, sha256: taken.sha256 }, null, 2));
  const sessionSecret = path.join(config.dataDir, "session-secret");
  const keys = config.healthDataKeyFile
    ? `its health data opens only with the key in ${config.healthDataKeyFile}${existsSync(sessionSecret) ? ` (and its sessions with ${sessionSecret})` : ""}`
    : "its health data opens only with the HEALTH_DATA_KEYS it holds values under (and its sessions with SESSION_SECRETS)";
  console.error(
    `ops: backup written to ${file}: the database only, health data still sealed; ${keys}, which it does not hold: keep them as long as the backup, apart from it. ` +
      `It holds names, personal codes and contacts in plain text: store it encrypted. Restore with npm run ops -- restore ${file} <new DATA_DIR>`,
  );
  return 0;
}

/**
 * Unpacks a backup into `into`, a new or empty folder, as a data folder the server starts on
 * (DATA_DIR=<into>): the database in `pglite/` (PGlite's `loadDataDir`, which replays the
 * backup's log and is then stopped cleanly, so no lock comes with it), the demo's generated
 * secrets beside it when the command's keys came from its DATA_DIR's files, and the keys
 * checked against the database first: a restore that no start could open is refused, and
 * nothing is left of it.
 */
async function restore(config: Config, given: string, intoGiven: string): Promise<number> {
  const refuse = (why: string) => (console.error(`ops: ${why}`), 1);
  if (config.databaseUrl) return refuse(`restore is the embedded database's (PGlite): ${USE_PG_RESTORE}`);
  const file = path.resolve(given);
  const into = path.resolve(intoGiven);
  if (!existsSync(file) || !statSync(file).isFile()) return refuse(`${file} is not a file: give the backup npm run ops -- backup wrote`);
  const existed = existsSync(into);
  if (existed && (!statSync(into).isDirectory() || readdirSync(into).length > 0)) {
    return refuse(`${into} is not empty: a restore goes into a new folder (never over a data folder, least of all the serving one)`);
  }
  const ring = config.healthDataKeys;
  if (ring.length === 0) {
    return refuse(
      `no health-data key: HEALTH_DATA_KEYS and HEALTH_DATA_KEY are unset and ${developmentKeyFile(config.dataDir)} does not exist: ` +
        `give the keys the backup's values are sealed under (HEALTH_DATA_KEYS, or a demo's kept health-data-key file in DATA_DIR), so the restore is checked to open`,
    );
  }
  mkdirSync(into, { recursive: true, mode: 0o700 });
  let db: Db | undefined;
  try {
    const backupFile = new File([readFileSync(file)], "backup.tar.gz", { type: "application/x-gzip" });
    db = await openPglite(path.join(into, "pglite"), { loadDataDir: backupFile }).catch((error: unknown) => {
      // A system's refusal (a full disk, a folder not writable) is said as it is.
      if (typeof (error as NodeJS.ErrnoException).code === "string" && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!)) throw error;
      // zlib's or PGlite's own words ("unexpected end of file", "PGlite failed to initialize
      // properly") do not say that it is the file that is wrong.
      throw new Error(`${file} cannot be read as a backup: it is cut short or damaged, or not a file npm run ops -- backup wrote (${error instanceof Error ? error.message : String(error)}); nothing restored`);
    });
    await refuseUnlessMigrated(db, config, { behind: true, where: `the file ${file}` });
    const uses = await keyUses(db, healthCipher(ring));
    const wrong = saidOfKeys(uses.filter((use) => use.check === "wrong"));
    const lacking = uses.filter((use) => use.values > 0 && !use.inRing && use.id !== "?").map((use) => use.id);
    for (const id of lacking) console.error(`ops: the backup holds health data under the key id "${id}", which the keys given lack: give HEALTH_DATA_KEYS with it (docs/operations.md "Rotating keys")`);
    if (wrong > 0 || lacking.length > 0) throw new Error("refused: the keys given do not open the backup; nothing restored");
    await db.close();
    db = undefined;
    // The demo's secrets, where the command found them: the server started on `into` finds them there.
    const copied: string[] = [];
    const secrets = [...(config.healthDataKeyFile ? [config.healthDataKeyFile] : []), ...(process.env.SESSION_SECRETS || process.env.SESSION_SECRET ? [] : [path.join(config.dataDir, "session-secret")])];
    for (const secret of secrets.filter((f) => existsSync(f))) {
      copyFileSync(secret, path.join(into, path.basename(secret)));
      copied.push(path.basename(secret));
    }
    console.log(JSON.stringify({ dataDir: into, copied }, null, 2));
    console.error(
      `ops: restored into ${into}: start the server with DATA_DIR=${into}` +
        (config.healthDataKeyFile ? "" : " and the same HEALTH_DATA_KEYS") +
        `; it serves the database as it was when the backup was taken (its sessions included: docs/operations.md "Backup and restore")`,
    );
    return 0;
  } catch (error) {
    await db?.close().catch(() => {});
    // Nothing half-restored is left for a server to start on.
    if (existed) for (const entry of readdirSync(into)) rmSync(path.join(into, entry), { recursive: true, force: true });
    else rmSync(into, { recursive: true, force: true });
    throw error;
  }
}

/** An EUW case's signed application as the command got it, or the decision-like refusal (JSON). */
type ApplicationRead = { ok: true; value: { bytes: Uint8Array; sha256: string } } | { ok: false; failure: Array<{ code: string }> };

/**
 * The running server's answer (GET /ops/euw/:code/application), or undefined when no server
 * answers (or the command has no token): the PDF, checked against the SHA-256 the server sent,
 * or the refusal's JSON.
 */
async function applicationViaServer(config: Config, code: string, reason: OperatorReason): Promise<{ read: ApplicationRead; operator: string | null } | undefined> {
  const asked = await askServer(config, "GET", `/ops/euw/${code}/application`, { "Ops-Reason": encodeURIComponent(reason.text) });
  if (!asked) return undefined;
  const { response, base } = asked;
  const operator = response.headers.get("ops-operator");
  if (!response.headers.get("content-type")?.startsWith("application/pdf")) return { read: (await response.json()) as ApplicationRead, operator };
  const bytes = new Uint8Array(await response.arrayBuffer());
  const sha256 = sha256Of(bytes);
  // A connection cut short, or anything in between that changed it: nothing is written (the read is recorded).
  if (sha256 !== response.headers.get("ops-document-sha256")) throw new Error(`the application from ${base} arrived incomplete or altered (its SHA-256 differs from the server's): nothing written; run the command again`);
  return { read: { ok: true, value: { bytes, sha256 } }, operator };
}

/** On the database itself, opened with the command's own keys: as the operator its first token names. */
async function applicationDirectly(config: Config, code: string, reason: OperatorReason): Promise<{ read: ApplicationRead; operator: string | null }> {
  const ring = config.healthDataKeys;
  if (ring.length === 0) {
    throw new Error(
      `no health-data key: HEALTH_DATA_KEYS and HEALTH_DATA_KEY are unset and ${developmentKeyFile(config.dataDir)} does not exist: the signed application is sealed; give the command the servers' HEALTH_DATA_KEYS, or run it with their DATA_DIR`,
    );
  }
  const operator = config.opsTokens[0]?.operator ?? null;
  const db = await openOwn(config);
  try {
    await refuseUnlessMigrated(db, config);
    const read = await policyOperations(db, systemClock, healthCipher(ring)).asOperator(reason, operator).euwApplication(code);
    return { read: read.ok ? { ok: true, value: { bytes: read.value.bytes, sha256: sha256Of(read.value.bytes) } } : read, operator };
  } finally {
    await db.close();
  }
}

/**
 * `euw application`: an open EUW case's signed application (the PDF signed, with the
 * questionnaire's summary the underwriter decides on) into `given`, a new file readable by this
 * user only (it holds health data, opened). Through the server when one answers, else on the
 * database itself, as the decisions; the read is recorded (actor "operator", the reason, the
 * operator's name) and the customer's access log shows it. Refused as a decision is (exit 1,
 * nothing written), and before anything is read when the file exists or its folder does not.
 */
async function application(config: Config, command: { code: string; file: string }, reason: OperatorReason): Promise<number> {
  const file = path.resolve(command.file);
  const refuse = (why: string) => (console.error(`ops: ${why}`), 1);
  const exists = `${file} exists: the application is never written over a file; give a new name`;
  if (existsSync(file)) return refuse(exists);
  if (!existsSync(path.dirname(file))) return refuse(`the folder ${path.dirname(file)} does not exist: make it first`);
  const { read, operator } = (config.databaseUrl ? undefined : await applicationViaServer(config, command.code, reason)) ?? (await applicationDirectly(config, command.code, reason));
  saidActedAs(operator);
  if (!read.ok) {
    console.log(JSON.stringify(read, null, 2));
    for (const { code } of read.failure ?? []) console.error(`ops: refused: ${refusalText({ kind: "application", ...command }, code)}`);
    return 1;
  }
  try {
    writeNew(file, read.value.bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return refuse(`${exists} (the read is recorded, nothing written)`);
    throw error;
  }
  console.log(JSON.stringify({ file, bytes: read.value.bytes.length, sha256: read.value.sha256 }, null, 2));
  console.error(`ops: the signed application written to ${file} (readable by you only): it holds the customer's health answers; delete it once the case is decided`);
  return 0;
}

/** Whom the audit rows name: said, so a missing or mistyped name shows at once. */
function saidActedAs(operator: string | null): void {
  console.error(
    operator
      ? `ops: acted as the operator ${operator} (recorded with the reason; the customer is shown "operator" and the reason only)`
      : `ops: acted as an unnamed operator (OPS_TOKENS=<name>:<token> names one)`,
  );
}

/**
 * A refused decision's (or application's) failure codes (docs/operations.md) in words, for the operator's
 * terminal: only what the operator typed is named, never the customer's name or state.
 */
function refusalText(command: Command, code: string): string {
  const who = command.kind === "decide" || command.kind === "application" ? command.code : "the customer";
  if (code === "error.not_found") return `no customer has the personal code ${who}`;
  if (code === "error.application_withdrawn") return `${who}: the applicant withdrew the application online, nothing is left to decide (docs/decisions/0295)`;
  if (code === "error.wrong_state") return `${who} is not an open extended-underwriting case (decided already, or never referred): \`npm run ops -- euw list\` shows the open ones`;
  return code;
}

/**
 * `keys`' checks in words on stderr, naming key ids only (never a key): a key of the ring that
 * is not the one the database knows under its id, and one no instance has started with.
 * Answers how many keys are wrong.
 */
function saidOfKeys(uses: KeyUse[]): number {
  let wrong = 0;
  for (const { id, check, values } of uses) {
    if (check === "wrong") {
      wrong++;
      console.error(
        `ops: the key with id "${id}" is not the key the database knows under that id (its check value differs): a mistyped key, or another database's; ${values > 0 ? `none of the ${values} values sealed under "${id}" opens with it, and ` : ""}a start with it is refused (docs/operations.md "Rotating keys")`,
      );
    } else if (check === "unchecked") {
      console.error(`ops: the key id "${id}" is new to the database: no instance has started with it yet, so nothing tells whether its key is right (the first start with it stores its check)`);
    }
  }
  return wrong;
}

/**
 * `keys`' other refusal in words on stderr: a key id the database holds values under that the
 * ring given lacks (a start with that ring is refused, naming it: docs/operations.md "Backup and
 * restore" checks a restored database so before its start). Plain documents (`?`) are the
 * reseal's to seal, not a key's; with no key given (said already) nothing is in the ring and
 * nothing is said. Answers how many key ids are lacking.
 */
function saidOfLackingKeys(uses: KeyUse[]): number {
  if (!uses.some((use) => use.inRing)) return 0;
  const lacking = uses.filter((use) => !use.inRing && use.values > 0 && use.id !== "?");
  for (const { id, values, places } of lacking) {
    console.error(
      `ops: the database holds ${values} values under the key id "${id}" (${Object.keys(places).join(", ")}), which the keys given lack: a start with them is refused; give HEALTH_DATA_KEYS with it (docs/operations.md "Rotating keys")`,
    );
  }
  return lacking.length;
}

async function main() {
  const { rest, reason: givenReason } = takeReason(process.argv.slice(2));
  const command = parse(rest);
  if (!command || "usage" in command) {
    console.error(command ? `${command.usage}\n${USAGE}` : USAGE);
    process.exit(2);
  }
  const reason = operatorReason(givenReason);
  // The keys' counts, a backup and a restore show no one and open nothing sealed: no customer's
  // audit row to record a reason in. One given anyway is said to be unrecorded, not taken silently.
  const showsNoOne = command.kind === "keys" || command.kind === "backup" || command.kind === "restore";
  if (showsNoOne && givenReason !== undefined) {
    console.error(`ops: the --reason is not recorded: ${command.kind} shows no customer and opens nothing sealed, so no customer's access log gets a row to hold it`);
  }
  if (!reason && !showsNoOne) {
    console.error(`ops: refused: state why with --reason "…" (${MIN_REASON_LENGTH}–${MAX_REASON_LENGTH} characters, one line, naming no one: no personal code, no e-mail address); it is recorded for, and shown to, each customer shown or changed\n${USAGE}`);
    process.exit(2);
  }
  let config: Config;
  try {
    // Only the secrets DATA_DIR holds: the command starts no database, so none it made would be a server's.
    config = loadConfig(process.env, { generateSecrets: false });
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  if (command.kind === "backup") process.exit(await backup(config, command.file));
  if (command.kind === "restore") process.exit(await restore(config, command.file, command.into));
  if (command.kind === "application") process.exit(await application(config, command, reason!));
  const { result, operator } = (config.databaseUrl ? undefined : await viaServer(config, command, reason)) ?? (await direct(config, command, reason));
  console.log(JSON.stringify(result, null, 2));
  // Whom the audit rows name (`keys` records none).
  if (command.kind !== "keys") saidActedAs(operator);
  const failed = typeof result === "object" && result !== null && "ok" in result && (result as { ok: boolean }).ok === false;
  if (failed) {
    for (const { code } of (result as { failure?: Array<{ code: string }> }).failure ?? []) console.error(`ops: refused: ${refusalText(command, code)}`);
  }
  const wrongKeys = command.kind === "keys" ? saidOfKeys(result as KeyUse[]) + saidOfLackingKeys(result as KeyUse[]) : 0;
  process.exit(failed || wrongKeys > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error("ops:", error instanceof Error ? error.message : error);
  process.exit(1);
});
