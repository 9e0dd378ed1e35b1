/**
 * The underwriter reads what they decide on (docs/operations.md "The operator command",
 * docs/decisions/0112): `npm run ops -- euw application <personal code> <new file> --reason "…"`
 * writes an open EUW case's signed application (the PDF signed, with the questionnaire's
 * summary) into a new file readable by its owner only, through the server's /ops door
 * (`GET /ops/euw/:code/application`) or on the data folder itself when no server answers. Each
 * read is an audit row (actor "operator", the reason, the operator's name) that the customer's
 * access log shows as their application (PDF) read by the insurer's employee; a refused one
 * records the look-up (`euw:refused`) as a refused decision does, and writes nothing.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "~/core/clock";
import { loadConfig } from "~/core/config";
import { openDatabase } from "~/core/db/index";
import { migrate } from "~/core/db/migrations";
import { openDocument } from "~/core/documents/sealed";
import { healthCipher } from "~/core/health-data";
import { prepareDatabase } from "~/core/startup";
import { startTestApp, type TestApp } from "../support/app";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { customerInUnderwriting, customerReadyToSign } from "../support/offer-application";
import { closedPort, runOps } from "../support/ops-command";
import { testDir } from "../support/temp-dir";

// Tokens this repository already publishes (app/core/weak-secrets.ts): refused in production.
const TOKEN = "ops-token-for-tests-0123456789abcdef0123";
const OPS_TOKENS = `anna.tamm:${TOKEN}`;
const REASON = "Underwriting review of the hospital stay (UW-1042)";
const SESSION_SECRET = "test-secret-test-secret-test-secret-0123";

type AuditRow = { actor: string; action: string; subject: string; reason: string | null; operator_name: string | null };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { OPS_TOKENS } });
});
afterAll(() => app?.close());

const operatorRows = (db: TestApp["core"]["db"], customerId: number) =>
  db.query<AuditRow>(`SELECT actor, action, subject, reason, operator_name FROM health_data_audit WHERE customer_id = $1 AND actor LIKE 'operator%' ORDER BY id`, [customerId]);

/** The signed application as stored with the EUW policy, opened without a trace (the test's own look). */
async function storedApplication(db: TestApp["core"]["db"], customerId: number) {
  const [policy] = await db.query<{ id: number | string; signed_document: Uint8Array; document_sealed: boolean; document_sha256: string }>(
    `SELECT id, signed_document, document_sealed, document_sha256 FROM policies WHERE customer_id = $1 AND status = 'EUW'`,
    [customerId],
  );
  const bytes = openDocument(healthCipher(app.config.healthDataKeys), "policy", customerId, policy.signed_document, policy.document_sealed);
  return { id: Number(policy.id), bytes: Buffer.from(bytes), sha256: policy.document_sha256 };
}

const throughDoor = (args: string[]) => runOps(args, { NODE_ENV: "test", OPS_TOKENS, OPS_URL: app.url, DATA_DIR: testDir("elukaitse-ops-application-") });

describe("npm run ops -- euw application, through the server's /ops door", () => {
  it("writes the signed application into a new file of mode 0600, records the read with the reason and the name, and the customer's access log shows it", async () => {
    const { client, code, customer } = await customerInUnderwriting(app);
    const file = path.join(testDir("elukaitse-ops-application-"), "UW-1042.pdf");

    const done = await throughDoor(["euw", "application", code, file, "--reason", REASON]);
    expect(done.code, done.stderr).toBe(0);
    const written = readFileSync(file);
    expect(written.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const stored = await storedApplication(app.core.db, customer.id);
    expect(written.equals(stored.bytes)).toBe(true);
    expect(createHash("sha256").update(written).digest("hex")).toBe(stored.sha256);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(done.stdout)).toEqual({ file, bytes: written.length, sha256: stored.sha256 });
    expect(done.stderr).toContain("ops: acted as the operator anna.tamm");
    expect(done.stderr).not.toContain(TOKEN);

    // One row for the read, in the customer's application's own subject, with the reason and the name.
    expect(await operatorRows(app.core.db, customer.id)).toEqual([
      { actor: "operator", action: "read", subject: `policy-document:${stored.id}`, reason: REASON, operator_name: "anna.tamm" },
    ]);
    // Read, not decided: the case stays open.
    expect((await app.core.customers.byPersonalCode(code))!.state).toBe("EUW");

    const log = await client.fetch("/api/self-service/access-log?pageSize=100");
    expect(log.status).toBe(200);
    const logText = await log.text();
    const items = (JSON.parse(logText) as { items: Array<{ what: string; format: string | null; who: string; reason: string | null }> }).items;
    expect(items.filter((i) => i.who === "operator")).toEqual([expect.objectContaining({ what: "application", format: "pdf", who: "operator", reason: REASON })]);
    expect(logText).not.toContain("anna.tamm");
  }, 120_000);

  it("refuses a file that exists, before anything is read, and leaves it as it was", async () => {
    const { code, customer } = await customerInUnderwriting(app);
    const file = path.join(testDir("elukaitse-ops-application-"), "notes.txt");
    writeFileSync(file, "the underwriter's notes");

    const refused = await throughDoor(["euw", "application", code, file, "--reason", REASON]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`ops: ${file} exists`);
    expect(readFileSync(file, "utf8")).toBe("the underwriter's notes");
    expect(await operatorRows(app.core.db, customer.id)).toEqual([]);

    const noFolder = await throughDoor(["euw", "application", code, path.join(file, "..", "missing", "a.pdf"), "--reason", REASON]);
    expect(noFolder.code).toBe(1);
    expect(noFolder.stderr).toContain("does not exist: make it first");
    expect(await operatorRows(app.core.db, customer.id)).toEqual([]);
  }, 120_000);

  it("refuses a customer with no open EUW case as a decision is: the look-up recorded, nothing opened, no file", async () => {
    const { code, customer } = await customerInUnderwriting(app);
    const accepted = await throughDoor(["euw", "accept", code, "--reason", "Accepted after the GP's letter"]);
    expect(accepted.code, accepted.stderr).toBe(0);
    const folder = testDir("elukaitse-ops-application-");

    const decided = await throughDoor(["euw", "application", code, path.join(folder, "a.pdf"), "--reason", REASON]);
    expect(decided.code).toBe(1);
    expect(JSON.parse(decided.stdout)).toEqual({ ok: false, failure: [{ code: "error.wrong_state" }] });
    expect(decided.stderr).toContain(`ops: refused: ${code} is not an open extended-underwriting case`);
    expect(existsSync(path.join(folder, "a.pdf"))).toBe(false);
    expect((await operatorRows(app.core.db, customer.id)).map((r) => [r.action, r.subject, r.reason])).toEqual([
      ["write", "euw:accept", "Accepted after the GP's letter"],
      ["read", "euw:refused", REASON],
    ]);

    // Never referred: signed-ready, no EUW policy.
    const other = await customerReadyToSign(app);
    const never = await throughDoor(["euw", "application", other.code, path.join(folder, "b.pdf"), "--reason", REASON]);
    expect(never.code).toBe(1);
    expect(JSON.parse(never.stdout)).toEqual({ ok: false, failure: [{ code: "error.wrong_state" }] });
    expect(existsSync(path.join(folder, "b.pdf"))).toBe(false);
    expect((await operatorRows(app.core.db, other.customer.id)).map((r) => r.subject)).toEqual(["euw:refused"]);

    const missing = await throughDoor(["euw", "application", "38001085718", path.join(folder, "c.pdf"), "--reason", REASON]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual({ ok: false, failure: [{ code: "error.not_found" }] });
    expect(missing.stderr).toContain("ops: refused: no customer has the personal code 38001085718");
    expect(existsSync(path.join(folder, "c.pdf"))).toBe(false);
  }, 120_000);

  it("refuses without a reason, or a short one (exit 2), before anything is read; the door answers 400", async () => {
    const { code, customer } = await customerInUnderwriting(app);
    const folder = testDir("elukaitse-ops-application-");
    for (const reason of [[], ["--reason", "look"]]) {
      const refused = await throughDoor(["euw", "application", code, path.join(folder, "a.pdf"), ...reason]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("ops: refused: state why with --reason");
    }
    expect(existsSync(path.join(folder, "a.pdf"))).toBe(false);
    const bare = await fetch(`${app.url}/ops/euw/${code}/application`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ errors: [{ code: "error.reason_required" }] });
    // A HEAD would read it for nobody: refused, as the list's is.
    const head = await fetch(`${app.url}/ops/euw/${code}/application`, { method: "HEAD", headers: { Authorization: `Bearer ${TOKEN}`, "Ops-Reason": encodeURIComponent(REASON) } });
    expect(head.status).toBe(405);
    expect(await operatorRows(app.core.db, customer.id)).toEqual([]);
  }, 120_000);
});

describe("npm run ops -- euw application on the data folder itself (no server answering)", () => {
  it("opens the signed application with its own keys and records the read as its first token's operator", async () => {
    const dataDir = testDir("elukaitse-ops-application-");
    const env = { NODE_ENV: "test", HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY, SESSION_SECRET };
    const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    let code: string;
    let customerId: number;
    let stored: Awaited<ReturnType<typeof storedApplication>>;
    try {
      await migrate(db);
      await prepareDatabase(db, systemClock, loadConfig(env));
      const serving = await startTestApp({ db, env: { OPS_TOKENS } });
      try {
        const applicant = await customerInUnderwriting(serving);
        code = applicant.code;
        customerId = applicant.customer.id;
        stored = await storedApplication(db, customerId);
      } finally {
        await serving.close();
      }
    } finally {
      await db.close();
    }
    const file = path.join(dataDir, "application.pdf");
    const done = await runOps(["euw", "application", code, file, "--reason", REASON], {
      ...env,
      DATA_DIR: dataDir,
      OPS_TOKENS: `jaan.kask:${TOKEN}`,
      OPS_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain("ops: acted as the operator jaan.kask");
    expect(readFileSync(file).equals(stored.bytes)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const reopened = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      expect(await operatorRows(reopened, customerId)).toEqual([
        { actor: "operator", action: "read", subject: `policy-document:${stored.id}`, reason: REASON, operator_name: "jaan.kask" },
      ]);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
