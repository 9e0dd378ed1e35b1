/**
 * "My data" (issue 22 item 5, docs/decisions/0135, docs/api.md "My data"): the access log and
 * the download of everything held about a customer, through /api/self-service/… and through
 * the page's loaders; that the export covers every table referencing a customer; the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/core/db/index";
import { auditLog, healthCipher } from "~/core/health-data";
import { CUSTOMER_DATA, EXPORT_SUBJECT, EXPORTS_PER_WINDOW, EXPORT_WINDOW_MS, myDataService } from "~/core/my-data";
import { operatorReason, policyOperations } from "~/core/offer";
import type { AccessLogPage } from "~/lib/my-data";
import { loader as dataLoader } from "~/routes/self-service.data";
import { loader as downloadLoader } from "~/routes/self-service.data_.download";
import { loader as documentLoader } from "~/routes/self-service.documents.$kind";
import { loader as selfServiceLoader } from "~/routes/self-service";
import { customerAt, json } from "../support/reach";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder, policyholderSince } from "../support/customers";
import { routeArgs, run, signedInCustomer } from "../support/routes";

/** The tables holding rows about a customer that the export leaves out, each with its reason. */
const LEFT_OUT: readonly { table: string; reason: string }[] = [
  {
    table: "form_submissions",
    reason: "double-submit keys and the replies they gave, purged after a day: what each form saved is in its own table",
  },
];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A fresh policyholder (tests/support/customers.ts). */
const policyholder = () => freshPolicyholder(app, { age: 40 });

/** Every table that references a customer: a foreign key to customers (or to such a table, transitively), or a customer_id column. */
async function tablesReferencingCustomers(): Promise<string[]> {
  const keys = await app.core.db.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  );
  const withColumn = await app.core.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'customer_id'`,
  );
  const found = new Set(["customers", ...withColumn.map((r) => r.table_name)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { child, parent } of keys) {
      if (found.has(parent) && !found.has(child)) {
        found.add(child);
        grew = true;
      }
    }
  }
  return [...found].sort();
}

type ExportFile = { format: string; version: number; exportedAt: string; customerId: number; tables: Record<string, Array<Record<string, unknown>>> };

/** The download through /api, parsed (and the raw response, for its headers). */
async function exported(client: Client) {
  const response = await client.fetch("/api/self-service/export");
  expect(response.status).toBe(200);
  const text = await response.text();
  return { response, file: JSON.parse(text) as ExportFile };
}

/** The file's pieces taken as a client takes them: up to where a table begins (what comes before it is sent), then the rest. */
function reading(pieces: Iterable<string> | AsyncIterable<string>) {
  const iterator = (async function* () {
    yield* pieces;
  })();
  let text = "";
  return {
    async upTo(table: string) {
      while (!text.includes(`${JSON.stringify(table)}:[`)) {
        const next = await iterator.next();
        if (next.done) throw new Error(`no table ${table} in the file`);
        text += next.value;
      }
    },
    async rest(): Promise<ExportFile> {
      for await (const piece of iterator) text += piece;
      return JSON.parse(text) as ExportFile;
    },
  };
}

/** The page's download as its client takes it, a piece at a time. */
function readingBody(response: Response) {
  const decoder = new TextDecoder();
  return reading(
    (async function* () {
      const reader = response.body!.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) yield decoder.decode(next.value, { stream: true });
    })(),
  );
}

/** Settles as `promise` does, or fails after `ms`: what a request waiting on a held database would do. */
const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

const rowCount = async (table: string, by: string, customerId: number) =>
  (await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${by} = $1`, [customerId]))[0].n;

describe("the customer data map", () => {
  it("names every table that references a customer: exported, or left out with a reason", async () => {
    const mapped = new Set([...CUSTOMER_DATA.map((t) => t.table), ...LEFT_OUT.map((t) => t.table)]);
    const missing = (await tablesReferencingCustomers()).filter((t) => !mapped.has(t));
    expect(missing, "add each to CUSTOMER_DATA in app/core/my-data.ts, or to LEFT_OUT here with its reason").toEqual([]);
    for (const left of LEFT_OUT) expect(left.reason.length, left.table).toBeGreaterThan(20);
    // Nothing named twice, nothing that is no table.
    expect(mapped.size).toBe(CUSTOMER_DATA.length + LEFT_OUT.length);
    const all = new Set(await tablesReferencingCustomers());
    for (const table of mapped) expect(all.has(table), table).toBe(true);
  });

  it("finds a new table that references a customer, however it does (so the check above can fail)", async () => {
    await app.core.db.query(`CREATE TABLE my_data_probe (id bigint PRIMARY KEY, customer_id bigint REFERENCES customers(id))`);
    await app.core.db.query(`CREATE TABLE my_data_probe_child (probe_id bigint REFERENCES my_data_probe(id))`);
    await app.core.db.query(`CREATE TABLE my_data_probe_column (customer_id bigint)`);
    try {
      expect(await tablesReferencingCustomers()).toEqual(expect.arrayContaining(["my_data_probe", "my_data_probe_child", "my_data_probe_column"]));
    } finally {
      await app.core.db.query(`DROP TABLE my_data_probe_child, my_data_probe, my_data_probe_column`);
    }
  });

  it("the file holds every row of every exported table, sealed values opened, secrets and documents left out", async () => {
    const { client, customer } = await policyholder();
    // Rows in more tables: an invoice (issued when listed) and a read of a document.
    expect((await client.fetch("/api/invoices")).status).toBe(200);
    expect((await client.fetch("/api/documents/application")).status).toBe(200);
    const { response, file } = await exported(client);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(file).toMatchObject({ format: "elukaitse-my-data", version: 1, customerId: customer.id });
    expect(Object.keys(file.tables)).toEqual(CUSTOMER_DATA.map((t) => t.table));
    for (const t of CUSTOMER_DATA) {
      expect(file.tables[t.table].length, t.table).toBe(await rowCount(t.table, t.by ?? "customer_id", customer.id));
    }
    const text = JSON.stringify(file);
    // Sealed values opened under their plain names; no sealed format, no document bytes, no secret token.
    expect(text.match(/(answers|result|data)_sealed|"v[12]\.|signed_document|"document"|"token"|consent_token|eid_session_token/)?.[0]).toBeUndefined();
    expect(file.tables.customers[0]).toMatchObject({ id: customer.id, personal_code: customer.personalCode, first_name: customer.firstName });
    expect(file.tables.registrations[0]).toMatchObject({ conditions_agreement: true, health_data_agreement: true, saved_at: expect.any(String) });
    expect(file.tables.offers[0]).toMatchObject({ application_consent: true, saved_at: expect.any(String) });
    expect(file.tables.questionnaires[0].answers).toMatchObject({ type: "UW_L1", height: expect.any(Number), weight: expect.any(Number) });
    expect(file.tables.score_profiles.length).toBe(3);
    for (const profile of file.tables.score_profiles) expect(profile.answers).toMatchObject({ answers: expect.any(Object) });
    expect(file.tables.beneficiaries.map((b) => b.name)).toEqual(["Tamm", "Tamme Kodu OÜ"]);
    expect(file.tables.policies[0]).toMatchObject({ status: "ACTIVE", document_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(file.tables.invoices.length).toBeGreaterThan(0);
    // The access log is in it, with the export's own reads (the last table, so they are there).
    const subjects = file.tables.health_data_audit.map((r) => r.subject);
    expect(subjects).toEqual(expect.arrayContaining([EXPORT_SUBJECT, "questionnaire", `policy-document:${file.tables.policies[0].id}`]));
  });

  it("the download is an audited read: the export, and each sealed value it opened", async () => {
    const { client, customer } = await policyholder();
    const before = await rowCount("health_data_audit", "customer_id", customer.id);
    const { file } = await exported(client);
    const rows = await app.core.db.query<{ actor: string; action: string; subject: string }>(
      `SELECT actor, action, subject FROM health_data_audit WHERE customer_id = $1 ORDER BY id OFFSET $2`,
      [customer.id, before],
    );
    // The file holds them all: its own reads are recorded in the snapshot it reads.
    expect(file.tables.health_data_audit.slice(before).map(({ actor, action, subject }) => ({ actor, action, subject }))).toEqual(rows);
    const actor = `customer:${customer.id}`;
    expect(rows[0]).toEqual({ actor, action: "read", subject: EXPORT_SUBJECT });
    expect(rows.slice(1).map((r) => r.subject).sort()).toEqual(
      [...(await app.core.db.query<{ id: number }>(`SELECT id FROM score_profiles WHERE customer_id = $1`, [customer.id])).map((r) => `score:${r.id}`), "questionnaire"].sort(),
    );
    expect(rows.every((r) => r.actor === actor && r.action === "read")).toBe(true);
  });
});

describe("one moment's truth (docs/decisions/0280)", () => {
  it("a withdrawal committed while the file streams is neither in it nor half in it: the policy, its credit notes, the state and the audit as they were", async () => {
    const { client, customer, code } = await policyholderSince(app, 5);
    // A bill for the withdrawal to credit.
    expect((await client.fetch("/api/invoices")).status).toBe(200);
    const started = await app.core.myData.startExport(customer.id);
    if (!started.ok) throw new Error("refused");
    const file = reading(started.chunks);
    // The policy is sent, its credit notes not yet: then the withdrawal commits.
    await file.upTo("beneficiary_changes");
    const ended = await json(
      await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code, submissionKey: "snapshot-withdrawal-0001" } }),
    );
    expect(ended).toMatchObject({ kind: "withdrawal", state: "WITHDRAWN", creditNotes: [expect.any(String)] });
    const taken = await file.rest();
    expect(taken.tables.customers[0].state).toBe("SELF_SERVICE");
    expect(taken.tables.policies.map((p) => p.status)).toEqual(["ACTIVE"]);
    expect(taken.tables.credit_notes).toEqual([]);
    expect(taken.tables.health_data_audit.map((r) => r.subject)).not.toContainEqual(expect.stringMatching(/withdrawal/));
    // The next download has the whole withdrawal.
    const after = (await exported(client)).file;
    expect(after.tables.customers[0].state).toBe("WITHDRAWN");
    expect(after.tables.credit_notes).toHaveLength(1);
    expect(after.tables.health_data_audit.map((r) => r.subject)).toContainEqual(expect.stringMatching(/withdrawal/));
  });

  it("a consent changed while the page's download streams is in neither the registration's answer nor its events, and the file states the moment it holds", async () => {
    const { client, customer } = await policyholder();
    const [{ given }] = await app.core.db.query<{ given: boolean }>(`SELECT newsletter_agreement AS given FROM registrations WHERE customer_id = $1`, [customer.id]);
    const start = app.clock.now();
    try {
      const response = (await downloadLoader(routeArgs(app, "/self-service/data/download", { cookie: client.cookieHeader }))) as Response;
      expect(response.status).toBe(200);
      const file = readingBody(response);
      // The registration is sent, the consent events not yet: a minute later the consent changes.
      await file.upTo("contact_changes");
      app.clock.set(new Date(start.getTime() + 60_000));
      await json(await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "newsletter", given: !given } }));
      const taken = await file.rest();
      expect(taken.tables.registrations[0].newsletter_agreement).toBe(given);
      expect(taken.tables.consent_events.filter((e) => e.via === "self-service")).toEqual([]);
      expect(taken.exportedAt).toBe(start.toISOString());
      const after = (await exported(client)).file;
      expect(after.tables.registrations[0].newsletter_agreement).toBe(!given);
      expect(after.tables.consent_events.filter((e) => e.via === "self-service")).toMatchObject([{ consent: "newsletter", given: !given }]);
    } finally {
      app.clock.set(start);
    }
  });

  // PGlite has one connection: nothing commits while the file's transaction reads.
  it.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL, a withdrawal committed between two of the file's statements is not in it: they read one snapshot", async () => {
    const { client, customer, code } = await policyholderSince(app, 5);
    expect((await client.fetch("/api/invoices")).status).toBe(200);
    let withdrawn = false;
    // The file's reads, with the withdrawal committed (on another connection) just before the credit notes are read.
    const db: Db = {
      ...app.core.db,
      transaction: (fn) =>
        app.core.db.transaction((tx) =>
          fn({
            async query(sql, params) {
              if (!withdrawn && sql.includes("FROM credit_notes")) {
                withdrawn = true;
                const ended = await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } });
                expect(await json(ended)).toMatchObject({ kind: "withdrawal", state: "WITHDRAWN" });
              }
              return tx.query(sql, params);
            },
          }),
        ),
    };
    const myData = myDataService({ db, clock: app.clock, cipher: healthCipher(app.config.healthDataKeys), audit: auditLog(db, app.clock), issueDue: (id) => app.core.policyholder.issueDue(id) });
    const started = await myData.startExport(customer.id);
    if (!started.ok) throw new Error("refused");
    expect(withdrawn).toBe(true);
    const taken = await reading(started.chunks).rest();
    expect(taken.tables.customers[0].state).toBe("SELF_SERVICE");
    expect(taken.tables.policies.map((p) => p.status)).toEqual(["ACTIVE"]);
    expect(taken.tables.credit_notes).toEqual([]);
    expect(taken.tables.health_data_audit.map((r) => r.subject)).not.toContainEqual(expect.stringMatching(/withdrawal/));
    expect(await rowCount("credit_notes", "customer_id", customer.id)).toBe(1);
  });

  it("a download its client reads slowly holds nothing another customer's request waits for", async () => {
    const slow = await policyholder();
    const other = await policyholder();
    const started = await app.core.myData.startExport(slow.customer.id);
    if (!started.ok) throw new Error("refused");
    const file = reading(started.chunks);
    await file.upTo("policies");
    try {
      // With one connection to the embedded database, a transaction held for the download would hold these.
      expect((await within(5_000, other.client.fetch("/api/insurance"))).status).toBe(200);
      const consent = await within(5_000, other.client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "newsletter", given: false } }));
      expect(consent.status).toBe(200);
    } finally {
      expect((await file.rest()).customerId).toBe(slow.customer.id);
    }
  });
});

describe("the download's limit", () => {
  it(`allows ${EXPORTS_PER_WINDOW} an hour per customer, then 429 with a translated code and Retry-After`, async () => {
    const { client, code } = await policyholder();
    const other = await policyholder();
    const start = app.clock.now();
    const at = (minutes: number) => app.clock.set(new Date(start.getTime() + minutes * 60_000));
    try {
      // Three downloads ten minutes apart (the session stays: each request keeps it alive).
      for (let i = 0; i < EXPORTS_PER_WINDOW; i++) {
        at(10 * i);
        await exported(client);
      }
      const refused = await client.fetch("/api/self-service/export");
      expect(refused.status).toBe(429);
      // The first download leaves the hour 40 minutes from now.
      expect(refused.headers.get("retry-after")).toBe(String(40 * 60));
      expect(await refused.json()).toEqual({ errors: [{ code: "error.export_limited", params: { minutes: 40 } }] });
      // Another customer is not limited by it.
      await exported(other.client);
      // The window slides: an hour after the first download one more is allowed, not three.
      at(60 + 1);
      const later = new Client(app.url);
      expect((await later.signIn(code)).result).toBe("SUCCESS");
      await exported(later);
      const again = await later.fetch("/api/self-service/export");
      expect(again.status).toBe(429);
      expect(await again.json()).toEqual({ errors: [{ code: "error.export_limited", params: { minutes: 9 } }] });
    } finally {
      app.clock.set(start);
    }
  });

  it("the page's download link streams the file, and past the limit comes back to the page, which says how long to wait", async () => {
    const { cookie, customer, personalCode } = await signedInCustomer(app, { state: "SELF_SERVICE" });
    for (let i = 0; i < EXPORTS_PER_WINDOW; i++) {
      const outcome = await run(() => downloadLoader(routeArgs(app, "/self-service/data/download", { cookie })));
      expect(outcome.status).toBe(200);
      expect(outcome.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-/);
    }
    const body = (await downloadLoader(routeArgs(app, "/self-service/data/download", { cookie })).catch((r: Response) => r)) as Response;
    expect(body.status).toBe(302);
    // No fragment: the page starts at the limit's notice (its `autofocus`, which a fragment's target would cancel).
    expect(body.headers.get("location")).toBe("/self-service/data?limited=1");
    const page = await run<{ limitedMinutes: number; startsAtNotice: boolean }>(() => dataLoader(routeArgs(app, "/self-service/data?limited=1", { cookie })));
    expect(page.data?.limitedMinutes).toBe(60);
    expect(page.data?.startsAtNotice).toBe(true);
    const plain = await run<{ limitedMinutes: number; startsAtNotice: boolean }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
    expect(plain.data).toMatchObject({ limitedMinutes: 0, startsAtNotice: false });
    // The streamed file is the whole file (an hour later: a new session, the first has timed out).
    const start = app.clock.now();
    app.clock.set(new Date(start.getTime() + EXPORT_WINDOW_MS + 1000));
    const again = await signedInCustomer(app, { personalCode });
    const response = (await downloadLoader(routeArgs(app, "/self-service/data/download", { cookie: again.cookie })).finally(() => app.clock.set(start))) as Response;
    const file = JSON.parse(await response.text());
    expect(file.customerId).toBe(customer.id);
    expect(file.tables.customers).toHaveLength(1);
  });
});

describe("an applicant's data (docs/decisions/0260)", () => {
  it("opens for a customer who has not signed, without self-service's tabs, the questionnaire's read listed, the file downloaded, and back where they were", async () => {
    const { client, customer } = await customerAt(app, "beneficiaries");
    const cookie = client.cookieHeader;
    const layout = await run<{ tabs: boolean }>(() => selfServiceLoader(routeArgs(app, "/self-service/data", { cookie })));
    expect(layout.data!.tabs).toBe(false);
    const page = await run<{ back: string | null; log: AccessLogPage }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
    expect(page.status).toBe(200);
    expect(page.data!.back).toBe("/beneficiaries");
    const download = (await downloadLoader(routeArgs(app, "/self-service/data/download", { cookie }))) as Response;
    expect(download.status).toBe(200);
    const file = JSON.parse(await download.text());
    expect(file.customerId).toBe(customer.id);
    expect(file.tables.questionnaires).toHaveLength(1);
    // The rest of self-service stays closed to them.
    expect((await run(() => selfServiceLoader(routeArgs(app, "/self-service/insurance", { cookie })))).location).toBe("/unavailable");
    // A policyholder has the tabs and no extra way back.
    const holder = await policyholder();
    expect((await run<{ back: string | null }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie: holder.cookie })))).data!.back).toBeNull();
  });
});

describe("the access log", () => {
  it("lists every read of health data and documents, newest first, with who read and an operator's reason", async () => {
    const { client, customer, code } = await policyholder();
    const cookie = client.cookieHeader;
    app.clock.set(new Date(app.clock.now().getTime() + 1000));
    expect((await client.fetch("/api/documents/policy")).status).toBe(200);
    app.clock.set(new Date(app.clock.now().getTime() + 1000));
    const invoices = (await (await client.fetch("/api/invoices")).json()) as Array<{ pid: string }>;
    expect((await client.fetch(`/api/invoices/${invoices[0].pid}`)).status).toBe(200);
    app.clock.set(new Date(app.clock.now().getTime() + 1000));
    expect((await run(() => documentLoader(routeArgs(app, "/self-service/documents/payment-schedule", { cookie, params: { kind: "payment-schedule" } })))).status).toBe(200);
    app.clock.set(new Date(app.clock.now().getTime() + 1000));
    const reason = operatorReason("Checking the policy after the customer's call (ticket 77)")!;
    await policyOperations(app.core.db, app.clock).asOperator(reason).accept(code);

    const response = await client.fetch("/api/self-service/access-log?pageSize=4");
    expect(response.status).toBe(200);
    const log = (await response.json()) as AccessLogPage;
    const all = (await (await client.fetch("/api/self-service/access-log?pageSize=100")).json()) as AccessLogPage;
    // Issuing the invoices priced the renewals: the underwriting read the answers (the smoker fact).
    expect(all.items).toContainEqual(expect.objectContaining({ what: "questionnaire", who: "underwriting", reason: null }));
    const entries = all.items.filter((i) => i.who !== "underwriting").slice(0, 4);
    expect(entries.map(({ what, format, reference, who, reason }) => ({ what, format, reference, who, reason }))).toEqual([
      // A policyholder is no case to decide: the operator's accept is refused, and said as a look-up.
      { what: "underwriting-lookup", format: null, reference: null, who: "operator", reason: reason.text },
      { what: "payment-schedule", format: "web", reference: null, who: "you", reason: null },
      { what: "invoice", format: "pdf", reference: invoices[0].pid, who: "you", reason: null },
      { what: "policy", format: "pdf", reference: null, who: "you", reason: null },
    ]);
    expect(log).toMatchObject({ page: 1, pageSize: 4 });
    // The seed's writes are no reads: only the reads (and the operator's) count.
    const shown = await app.core.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM health_data_audit WHERE customer_id = $1 AND (action = 'read' OR actor = 'operator')`,
      [customer.id],
    );
    expect(log.total).toBe(shown[0].n);
    expect(log.pages).toBe(Math.ceil(log.total / 4));
    const times = log.items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);

    // The next page goes on where this one ended; the page's loader gives the same.
    const second = (await (await client.fetch("/api/self-service/access-log?page=2&pageSize=4")).json()) as AccessLogPage;
    expect(second.items.map((i) => i.id)).not.toContain(log.items[3].id);
    expect(second.items.every((i) => i.at <= log.items[3].at)).toBe(true);
    const page = await run<{ log: AccessLogPage & { items: Array<{ when: string }> } }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
    expect(page.data?.log.items[0]).toMatchObject({ who: "operator", reason: reason.text, when: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/) });
  });

  it("answers hostile paging with 400 error.invalid_page, a page past the end of the page with 404, and nobody signed in with 401", async () => {
    const { client, cookie } = await (async () => {
      const p = await policyholder();
      return { ...p, cookie: p.client.cookieHeader };
    })();
    for (const query of ["page=0", "page=-1", "page=abc", "page=1e3", "pageSize=0", "pageSize=101", "page=%C3%A4", "page=9999999", "page=1&page=x"]) {
      const response = await client.fetch(`/api/self-service/access-log?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ code: "error.invalid_page" }] });
      expect((await run(() => dataLoader(routeArgs(app, `/self-service/data?${query}`, { cookie })))).status, query).toBe(400);
    }
    expect((await run(() => dataLoader(routeArgs(app, "/self-service/data?page=999", { cookie })))).status).toBe(404);
    const anonymous = new Client(app.url);
    for (const path of ["/api/self-service/access-log", "/api/self-service/export"]) {
      const response = await anonymous.fetch(path);
      expect(response.status, path).toBe(401);
    }
  });

  it("never shows another customer's reads", async () => {
    const one = await policyholder();
    const two = await policyholder();
    expect((await one.client.fetch("/api/documents/policy")).status).toBe(200);
    const log = (await (await two.client.fetch("/api/self-service/access-log?pageSize=100")).json()) as AccessLogPage;
    const ids = (await app.core.db.query<{ id: number }>(`SELECT id FROM health_data_audit WHERE customer_id = $1`, [one.customer.id])).map((r) => Number(r.id));
    expect(log.items.some((i) => ids.includes(i.id))).toBe(false);
  });
});
