/**
 * How many SQL statements a signed-in page makes (issue 14, docs/decisions/0070): each one is
 * parsed and planned again (in wasm with PGlite), so a page reads in as few as it can — the
 * session with its customer, the age re-check's facts and the forms with a draft in one, the
 * page's own data in one more. Counted on the core's database handle, through the whole
 * Express and Remix stack, on PGlite and PostgreSQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/core/db/index";
import { startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerAt, type Point } from "../support/reach";

let app: TestApp;
let statements: string[] = [];
beforeAll(async () => {
  app = await startTestApp({ remix: true });
  // Every service holds this one handle: counting its calls counts the statements sent.
  const db = app.core.db as Db;
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = (sql, params) => {
    statements.push(sql);
    return query(sql, params);
  };
  db.transaction = (fn) =>
    transaction((tx) => {
      statements.push("BEGIN");
      return fn({
        query: (sql, params) => {
          statements.push(sql);
          return tx.query(sql, params);
        },
      }).finally(() => statements.push("COMMIT"));
    });
});
afterAll(() => app.close());

/** The statements of one page request (after a first one: the first may hand over queued notices). */
async function statementsOf(state: Point, path: string, before?: (customerId: number) => Promise<unknown>) {
  const { client, customer } = await customerAt(app, state);
  await before?.(customer.id);
  expect((await client.fetch(path)).status).toBe(200);
  statements = [];
  const response = await client.fetch(path);
  expect(response.status).toBe(200);
  return { sql: [...statements], html: await response.text() };
}

describe("statements per signed-in page", () => {
  it.each([
    ["account", "/account", 2],
    ["score", "/score", 2],
    ["package", "/package", 2],
    ["questionnaire", "/questionnaire", 2],
    ["beneficiaries", "/beneficiaries", 2],
    ["offer", "/offer", 2],
    ["unavailable", "/unavailable", 1],
  ] as const)("%s %s: %i", async (state, path, count) => {
    const { sql } = await statementsOf(state, path);
    expect(sql, sql.map((s) => s.replace(/\s+/g, " ").slice(0, 80)).join("\n")).toHaveLength(count);
  });

  it("the insurance tab reads the change of beneficiaries in one statement", async () => {
    const { client } = await freshPolicyholder(app);
    expect((await client.fetch("/self-service/insurance")).status).toBe(200);
    statements = [];
    expect((await client.fetch("/self-service/insurance")).status).toBe(200);
    // The session; the policy and its beneficiaries; the change of beneficiaries (the policy
    // held, its versions, the beneficiaries as signed, the pending list) in one; the ending's
    // terms. 11 while the change panel read the policy, its versions and beneficiaries twice.
    expect(statements, statements.map((s) => s.replace(/\s+/g, " ").slice(0, 80)).join("\n")).toHaveLength(5);
  });

  it("reads a step's draft only when the session's statement found one, and gives it back", async () => {
    const draft = async (customerId: number) => app.core.drafts.save(customerId, "account", [["email", "mustand@example.com"]]);
    const { sql, html } = await statementsOf("account", "/account", draft);
    expect(sql).toHaveLength(3);
    expect(sql.some((s) => s.includes("FROM drafts WHERE customer_id"))).toBe(true);
    expect(html).toContain('value="mustand@example.com"');
    // Another form's draft is not this page's: not read here.
    // (A draft is kept only of a step the state may save: the score's, at the score step.)
    const other = async (customerId: number) => expect(await app.core.drafts.save(customerId, "score", [["sleepHours", "7"]])).toBe(true);
    const { sql: without } = await statementsOf("score", "/account", other);
    expect(without.some((s) => s.includes("FROM drafts WHERE customer_id"))).toBe(false);
  });

  it("an expired draft is not looked for", async () => {
    const expired = async (customerId: number) => {
      await app.core.drafts.save(customerId, "account", [["email", "vana@example.com"]]);
      await app.core.db.query(`UPDATE drafts SET expires_at = $2 WHERE customer_id = $1`, [customerId, new Date(app.clock.now().getTime() - 1000)]);
    };
    const { sql, html } = await statementsOf("account", "/account", expired);
    expect(sql).toHaveLength(2);
    expect(html).not.toContain("vana@example.com");
  });
});

describe("the score view's one statement", () => {
  it("creates, reads and records nothing for a state that does not use the score", async () => {
    const { customer } = await customerAt(app, "account");
    expect(await app.core.score.view(customer)).toMatchObject({ ok: false });
    expect(await app.core.db.query(`SELECT 1 FROM score_profiles WHERE customer_id = $1`, [customer.id])).toHaveLength(0);
    expect(await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE customer_id = $1`, [customer.id])).toHaveLength(0);
  });

  it("creates the onboarding profile once and records each read of it", async () => {
    const { customer } = await customerAt(app, "score");
    const first = await app.core.score.view(customer);
    const second = await app.core.score.view(customer);
    expect(first.ok && second.ok && first.value.profileId === second.value.profileId && first.value.enabled).toBe(true);
    expect(await app.core.db.query(`SELECT 1 FROM score_profiles WHERE customer_id = $1`, [customer.id])).toHaveLength(1);
    const audit = await app.core.db.query<{ subject: string }>(`SELECT subject FROM health_data_audit WHERE customer_id = $1 AND action = 'read'`, [customer.id]);
    expect(audit.map((r) => r.subject)).toEqual([`score:${first.ok && first.value.profileId}`, `score:${first.ok && first.value.profileId}`]);
  });
});
