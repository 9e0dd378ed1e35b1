/**
 * Withdrawing or cancelling with EID_PROVIDER=dokobit (docs/decisions/0132), against the local
 * fake of the Dokobit Identity Gateway: the page's confirm starts a Dokobit session returning
 * to /self-service/withdraw/return with the pending choice in the signed `withdrawal` cookie;
 * the return ends the policy only when Dokobit names the policyholder's own personal code. The
 * confirm is the statement: one sent before Tallinn's midnight and confirmed after it ends as
 * on the day it was sent (docs/decisions/0279).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, today } from "~/core/clock";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { allNo, writeApplication } from "~/core/demo/ready-to-sign";
import type { DocModel } from "~/core/documents/index";
import { healthCipher } from "~/core/health-data";
import { action as withdrawAction, loader as withdrawLoader } from "~/routes/self-service.withdraw";
import { loader as returnLoader } from "~/routes/self-service_.withdraw.return";
import { startFakeDokobitIdentity, type FakeDokobitIdentity, type FakePerson, type FakeRefusal } from "../fakes/dokobit-identity";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { door, saveStep } from "../support/reach";
import { expectRedirect, routeArgs, run } from "../support/routes";
import { signOnDemoDesk } from "../support/walk";

let fake: FakeDokobitIdentity;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeDokobitIdentity({ accessToken: "integration-dokobit-token" });
  app = await startTestApp({
    env: { EID_PROVIDER: "dokobit", DOKOBIT_IDENTITY_URL: fake.url, DOKOBIT_IDENTITY_ACCESS_TOKEN: fake.accessToken },
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const person = (code: string): FakePerson => ({ code, name: "TEST", surname: "KASUTAJA" });

/** A fresh policyholder (signed on `signedOn`, by default a week ago: a withdrawal), signed in through the fake's page. */
async function policyholder(signedOn = addDays(today(app.clock), -7)) {
  const code = freshPersonalCode({ age: 35 });
  const client = new Client(app.url);
  const init = await client.fetch("/api/auth/init", { method: "POST" });
  const { sessionToken } = await init.json();
  fake.authenticate(sessionToken, person(code));
  expect((await (await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: sessionToken } })).json()).result).toBe("SUCCESS");
  await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), code);
  const customer = (await app.core.customers.byPersonalCode(code))!;
  await app.core.db.query(`UPDATE policies SET signed_at = $2, start_date = $3 WHERE customer_id = $1`, [customer.id, new Date(`${signedOn}T10:00:00Z`), addDays(signedOn, 1)]);
  const session = /(?:^|; )(session=[^;]*)/.exec(client.cookieHeader)![1];
  return { code, customer, cookie: session, client };
}

/** The page's confirm: 302 to Dokobit's page with the `withdrawal` cookie; returns its value and the Dokobit session. */
async function confirm(cookie: string, reason = "wish") {
  const page = await run<{ provider: string; submissionKey: string }>(() => withdrawLoader(routeArgs(app, "/self-service/withdraw", { cookie })));
  expect(page.data!.provider).toBe("dokobit");
  const form = { confirm: "on", reason, _submission: page.data!.submissionKey };
  const started = await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form })));
  expect(started.status).toBe(302);
  const set = started.setCookies.find((c) => c.startsWith("withdrawal="))!;
  expect(set).toMatch(/; Max-Age=900; Path=\/self-service\/withdraw\/return; HttpOnly; Secure; SameSite=Lax$/);
  const token = set.slice("withdrawal=".length).split(";")[0];
  const sessionToken = fake.lastSessionToken()!;
  expect(started.location).toBe(`${fake.url}/auth/${sessionToken}?locale=et`);
  const create = [...fake.requests].reverse().find((r) => r.path === "/api/authentication/create")!;
  expect(create.body).toEqual({ return_url: "http://localhost/self-service/withdraw/return" });
  return { token, sessionToken };
}

/** The browser back from Dokobit: the withdrawal cookie only (the Strict session cookie stays behind) unless `session` is given. */
function comeBack(sessionToken: string, withdrawalToken: string, session?: string) {
  const back = new URL(fake.returnUrlFor(sessionToken));
  const cookie = [`withdrawal=${withdrawalToken}`, ...(session ? [session] : [])].join("; ");
  return run(() => returnLoader(routeArgs(app, back.pathname + back.search, { cookie })));
}

/** The notices queued for the customer's sessions' next page (docs/decisions/0321). */
async function notices(customerId: number): Promise<Array<{ key: string; params?: Record<string, string> }>> {
  const rows = await app.core.db.query<{ data: { notices?: Array<{ key: string; params?: Record<string, string> }> } }>(`SELECT data FROM sessions WHERE customer_id = $1`, [customerId]);
  return rows.flatMap((r) => r.data.notices ?? []);
}

async function policyStatus(customerId: number) {
  const [row] = await app.core.db.query<{ status: string }>(`SELECT status FROM policies WHERE customer_id = $1 ORDER BY id DESC LIMIT 1`, [customerId]);
  return row.status;
}

async function audited(customerId: number) {
  return app.core.db.query(`SELECT subject FROM health_data_audit WHERE customer_id = $1 AND subject LIKE 'policy:%'`, [customerId]);
}

describe("withdrawal confirmed through Dokobit's page", () => {
  it("ends the policy when Dokobit names the policyholder's own code, once, audited", async () => {
    const { code, customer, cookie } = await policyholder();
    const { token, sessionToken } = await confirm(cookie);
    // Nothing ends before the return.
    expect(await policyStatus(customer.id)).not.toBe("WITHDRAWN");
    fake.authenticate(sessionToken, person(code));
    const back = await comeBack(sessionToken, token);
    expectRedirect(back, "/self-service/insurance");
    expect(back.setCookies).toContainEqual(expect.stringMatching(/^withdrawal=; /));
    expect(await policyStatus(customer.id)).toBe("WITHDRAWN");
    expect((await app.core.customers.byId(customer.id))!.state).toBe("WITHDRAWN");
    // Every invoice credited, as with the demo confirmation.
    const notes = await app.core.withdrawal.creditNotes(customer.id);
    expect(notes.length).toBeGreaterThan(0);
    // The same return again (a reload): the submission key's first outcome, nothing more.
    expectRedirect(await comeBack(sessionToken, token, cookie), "/self-service/insurance");
    expect(await audited(customer.id)).toHaveLength(1);
    // Back without the session (SameSite Strict): no session's next page to say it; the replay ended nothing.
    expect(await notices(customer.id)).toEqual([]);
  });

  it("the health-data consent's withdrawal ends the policy and records the consent withdrawn", async () => {
    const { code, customer, cookie } = await policyholder();
    const { token, sessionToken } = await confirm(cookie, "health-data");
    fake.authenticate(sessionToken, person(code));
    expectRedirect(await comeBack(sessionToken, token, cookie), "/self-service/insurance");
    // Back with the session: its next page, the insurance tab, says what was done.
    expect(await notices(customer.id)).toEqual([
      { key: "withdrawal.notice.withdrawal", params: { policy: expect.stringMatching(/^EK-\d+$/) } },
      { key: "self_service.consents.notice.health-data.withdrawn_withdrawn" },
    ]);
    const [reg] = await app.core.db.query<{ health_data_agreement: boolean }>(`SELECT health_data_agreement FROM registrations WHERE customer_id = $1`, [customer.id]);
    expect(reg.health_data_agreement).toBe(false);
  });

  it("the confirmation unticked starts nothing with Dokobit", async () => {
    const { cookie } = await policyholder();
    const page = await run<{ submissionKey: string }>(() => withdrawLoader(routeArgs(app, "/self-service/withdraw", { cookie })));
    const before = fake.requests.length;
    const outcome = await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form: { reason: "wish", _submission: page.data!.submissionKey } })));
    expect(outcome.status).toBe(400);
    expect(outcome.setCookies.some((c) => c.startsWith("withdrawal="))).toBe(false);
    expect(fake.requests.length).toBe(before);
  });

  const refusals: [string, (code: string) => FakePerson | FakeRefusal][] = [
    ["another person's code", () => person(freshPersonalCode({ age: 40 }))],
    ["a refusal", () => ({ status: "canceled" })],
    ["a revoked certificate", () => ({ status: "error", message: "Certificate is revoked" })],
  ];
  it.each(refusals)("%s ends nothing and goes back to the page with its error", async (_name, answer) => {
    const { code, customer, cookie } = await policyholder();
    const { token, sessionToken } = await confirm(cookie, "health-data");
    fake.authenticate(sessionToken, answer(code));
    const back = await comeBack(sessionToken, token, cookie);
    expectRedirect(back, "/self-service/withdraw?reason=health-data&error=identity");
    expect(back.setCookies).toContainEqual(expect.stringMatching(/^withdrawal=; /));
    expect(await policyStatus(customer.id)).toBe("ACTIVE");
    expect(await audited(customer.id)).toHaveLength(0);
    // The page says so, in the customer's language.
    const page = await run<{ eidError: string | null }>(() => withdrawLoader(routeArgs(app, "/self-service/withdraw?reason=health-data&error=identity", { cookie })));
    expect(page.data!.eidError).toBe("error.withdrawal.eid");
  });

  it("a tampered, foreign or missing cookie ends nothing", async () => {
    const { code, customer, cookie } = await policyholder();
    const { token, sessionToken } = await confirm(cookie);
    fake.authenticate(sessionToken, person(code));
    const [body, signature] = token.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    const other = await policyholder();
    // Tampered: another customer's id under the old signature.
    const forged = `${Buffer.from(JSON.stringify({ ...payload, c: other.customer.id })).toString("base64url")}.${signature}`;
    expectRedirect(await comeBack(sessionToken, forged), "/self-service/withdraw?error=identity");
    // A pending sign-in's token (signed under the same secrets) is not a withdrawal's.
    const signIn = app.core.pendingSignIn.seal({ eidSessionToken: sessionToken }).token;
    expectRedirect(await comeBack(sessionToken, signIn), "/self-service/withdraw?error=identity");
    // Signed in as someone else: the pending withdrawal is not theirs.
    expectRedirect(await comeBack(sessionToken, token, other.cookie), "/self-service/withdraw?error=identity");
    // Another Dokobit session's return with this cookie.
    const second = await confirm(other.cookie);
    fake.authenticate(second.sessionToken, person(code));
    expectRedirect(await comeBack(second.sessionToken, token), "/self-service/withdraw?error=identity");
    // No cookie at all.
    const bare = new URL(fake.returnUrlFor(sessionToken));
    expectRedirect(await run(() => returnLoader(routeArgs(app, bare.pathname + bare.search))), "/self-service/withdraw?error=identity");
    expect(await policyStatus(customer.id)).toBe("ACTIVE");
    expect(await policyStatus(other.customer.id)).toBe("ACTIVE");
    expect(await audited(customer.id)).toHaveLength(0);
  });

  it("a gateway failure on the return ends nothing", async () => {
    const { customer, cookie } = await policyholder();
    const { token, sessionToken } = await confirm(cookie);
    fake.respondRaw(sessionToken, "Internal error", 500);
    expectRedirect(await comeBack(sessionToken, token, cookie), "/self-service/withdraw?error=identity");
    expect(await policyStatus(customer.id)).toBe("ACTIVE");
  });

  it("an ended cookie ends nothing", async () => {
    const { code, customer, cookie } = await policyholder();
    const { token, sessionToken } = await confirm(cookie);
    fake.authenticate(sessionToken, person(code));
    app.clock.set(new Date(app.clock.now().getTime() + 16 * 60 * 1000).toISOString());
    try {
      expectRedirect(await comeBack(sessionToken, token), "/self-service/withdraw?error=identity");
    } finally {
      app.clock.set(new Date(app.clock.now().getTime() - 16 * 60 * 1000).toISOString());
    }
    expect(await policyStatus(customer.id)).toBe("ACTIVE");
  });
});

describe("withdrawal confirmed through Dokobit by a program (/api)", () => {
  it("start answers Dokobit's page and a pending token; complete with the return token ends the policy; another person's code does not", async () => {
    const { code, customer, client } = await policyholder();
    const start = await client.fetch("/api/self-service/withdrawal/start", { method: "POST", json: { reason: "wish", confirm: true, submissionKey: "api-withdraw-key-000001" } });
    expect(start.status).toBe(200);
    const { widgetUrl, pendingToken } = await start.json();
    const sessionToken = fake.lastSessionToken()!;
    expect(widgetUrl).toBe(`${fake.url}/auth/${sessionToken}?locale=et`);
    expect(start.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^withdrawal=.*; Path=\/self-service\/withdraw\/return; HttpOnly; Secure; SameSite=Lax$/));

    fake.authenticate(sessionToken, person(freshPersonalCode({ age: 40 })));
    const refused = await client.fetch("/api/self-service/withdrawal/complete", { method: "POST", json: { pendingToken, returnToken: sessionToken } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ errors: [{ code: "error.withdrawal.eid" }] });
    expect(await policyStatus(customer.id)).toBe("ACTIVE");

    const again = await client.fetch("/api/self-service/withdrawal/start", { method: "POST", json: { reason: "wish", confirm: true, submissionKey: "api-withdraw-key-000002" } });
    const second = await again.json();
    const secondSession = fake.lastSessionToken()!;
    fake.authenticate(secondSession, person(code));
    const ended = await client.fetch("/api/self-service/withdrawal/complete", { method: "POST", json: { pendingToken: second.pendingToken, returnToken: secondSession } });
    expect(ended.status).toBe(200);
    const first = await ended.json();
    expect(first).toMatchObject({ kind: "withdrawal", state: "WITHDRAWN", redirectTo: "/self-service/insurance", replayed: false });
    expect(await policyStatus(customer.id)).toBe("WITHDRAWN");
    expect(await audited(customer.id)).toHaveLength(1);
    // The same return again (a retry after a lost answer): the first ending, said to be a replay, nothing done again.
    const again2 = await client.fetch("/api/self-service/withdrawal/complete", { method: "POST", json: { pendingToken: second.pendingToken, returnToken: secondSession } });
    expect(again2.status).toBe(200);
    expect(await again2.json()).toEqual({ ...first, replayed: true });
    expect(await audited(customer.id)).toHaveLength(1);
  });

  it("start refuses the confirmation unticked (400) and asks nothing of Dokobit", async () => {
    const { client } = await policyholder();
    const before = fake.requests.length;
    const res = await client.fetch("/api/self-service/withdrawal/start", { method: "POST", json: { reason: "wish" } });
    expect(res.status).toBe(400);
    expect(fake.requests.length).toBe(before);
  });
});

describe("the /api's answers the contract states (docs/api.md; an audit of 1 December 2026)", () => {
  it("an application withdrawn under underwriting through Dokobit goes to the data page, as the return page goes", async () => {
    const code = freshPersonalCode({ age: 40 });
    const client = new Client(app.url);
    const { sessionToken: signIn } = await (await client.fetch("/api/auth/init", { method: "POST" })).json();
    fake.authenticate(signIn, person(code));
    expect((await (await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: signIn } })).json()).result).toBe("SUCCESS");
    const customer = (await app.core.customers.byPersonalCode(code))!;
    await writeApplication(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), customer.id, {
      email: "test@example.ee",
      phone: "+372 5555 1234",
      sumInsuredForDeathCover: 100_000,
      sumInsuredForDisabilityCover: 50_000,
      services: [],
      questionnaire: { type: "UW_L1", height: 175, weight: 70, content: { ...allNo("UW_L1"), hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik" } } },
      beneficiaries: [{ type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 100, email: "mari@example.ee", phone: "+372 5000 0000" }],
    });
    await saveStep(client, "offer");
    expect(await signOnDemoDesk(door(client))).toMatchObject({ state: "EUW" });
    const start = await client.fetch("/api/self-service/withdrawal/start", { method: "POST", json: { reason: "wish", confirm: true, submissionKey: "api-withdraw-euw-000001" } });
    const { pendingToken } = await start.json();
    const sessionToken = fake.lastSessionToken()!;
    fake.authenticate(sessionToken, person(code));
    const ended = await client.fetch("/api/self-service/withdrawal/complete", { method: "POST", json: { pendingToken, returnToken: sessionToken } });
    expect(await ended.json()).toMatchObject({ kind: "application", state: "NEW", redirectTo: "/self-service/data" });
  });

  it("with Dokobit out of reach, a withdrawal's start and a sign-in's start and completion answer 503 error.provider, and nothing ends", async () => {
    const second = await startFakeDokobitIdentity({ accessToken: "integration-dokobit-token-2" });
    const down = await startTestApp({ env: { EID_PROVIDER: "dokobit", DOKOBIT_IDENTITY_URL: second.url, DOKOBIT_IDENTITY_ACCESS_TOKEN: second.accessToken } });
    try {
      const code = freshPersonalCode({ age: 35 });
      const client = new Client(down.url);
      const { sessionToken } = await (await client.fetch("/api/auth/init", { method: "POST" })).json();
      second.authenticate(sessionToken, person(code));
      expect((await (await client.fetch("/api/auth/complete", { method: "POST", json: { returnToken: sessionToken } })).json()).result).toBe("SUCCESS");
      await seedPolicyholder(down.core.db, down.clock, healthCipher(down.config.healthDataKeys), code);
      const signingIn = new Client(down.url);
      const { sessionToken: pending } = await (await signingIn.fetch("/api/auth/init", { method: "POST" })).json();
      await second.close();
      const provider = { errors: [{ code: "error.provider" }] };
      const start = await client.fetch("/api/self-service/withdrawal/start", { method: "POST", json: { reason: "wish", confirm: true } });
      expect([start.status, await start.json()]).toEqual([503, provider]);
      const init = await new Client(down.url).fetch("/api/auth/init", { method: "POST" });
      expect([init.status, await init.json()]).toEqual([503, provider]);
      const complete = await signingIn.fetch("/api/auth/complete", { method: "POST", json: { returnToken: pending } });
      expect([complete.status, await complete.json()]).toEqual([503, provider]);
      const [policy] = await down.core.db.query<{ status: string }>(`SELECT p.status FROM policies p JOIN customers c ON c.id = p.customer_id WHERE c.personal_code = $1`, [code]);
      expect(policy.status).toBe("ACTIVE");
    } finally {
      await down.close();
    }
  });
});

describe("a statement sent at 23:58, its e-ID finished after Tallinn's midnight (docs/decisions/0279)", () => {
  let back: Date;
  beforeEach(() => (back = app.clock.now()));
  afterEach(() => app.clock.set(back));

  /** 23:58 on a winter `day` in Tallinn (UTC+2), or `minutes` after it. */
  const lateOn = (day: string, minutes = 0) => new Date(Date.parse(`${day}T21:58:00Z`) + minutes * 60_000);
  const fields = (model: DocModel | null) => Object.fromEntries((model?.blocks ?? []).flatMap((b) => (b.kind === "fields" ? b.rows : [])).map((row) => [row.label, row.value]));
  const invoiceDates = async (customerId: number) => (await app.core.policyholder.invoices({ id: customerId, state: "" })).map((i) => [i.date, i.creditNote?.pid ?? null]);

  /** A policyholder concluded on `signedOn` confirms on the page at 23:58 on `day`; Dokobit names them, and they come back `minutes` later. */
  async function sentLate(day: string, signedOn: string) {
    app.clock.set(lateOn(day));
    const holder = await policyholder(signedOn);
    const { token, sessionToken } = await confirm(holder.cookie);
    fake.authenticate(sessionToken, person(holder.code));
    const returnAfter = (minutes: number) => {
      app.clock.set(lateOn(day, minutes));
      return comeBack(sessionToken, token);
    };
    return { ...holder, returnAfter };
  }

  it("sent on the last day to withdraw is a withdrawal: what was billed up to it credited, received when it was sent", async () => {
    // Concluded on 15 November: the last day to withdraw is 15 December.
    const { customer, returnAfter } = await sentLate("2026-12-15", "2026-11-15");
    expectRedirect(await returnAfter(5), "/self-service/insurance");
    expect(await policyStatus(customer.id)).toBe("WITHDRAWN");
    expect((await app.core.customers.byId(customer.id))!.state).toBe("WITHDRAWN");
    expect(await audited(customer.id)).toEqual([{ subject: expect.stringMatching(/^policy:\d+:withdrawal:wish$/) }]);
    // The start day's invoice credited, the credit note dated the day it is issued; the one of
    // 16 December, the completion's day, is dated after the statement: never billed.
    const [start] = await app.core.db.query<{ id: number }>(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id]);
    expect(await invoiceDates(customer.id)).toEqual([["2026-11-16", `KR-${start.id}-202611`]]);
    expect((await app.core.withdrawal.creditNotes(customer.id)).map((n) => n.date)).toEqual(["2026-12-16"]);
    // The acknowledgement: received at 23:58 on the 15th, the e-ID at 00:03 on the 16th.
    const acknowledged = await app.core.withdrawal.endingView(customer.id, "en");
    expect(acknowledged!.blocks).toContainEqual({ kind: "paragraph", text: `We confirm that on 15.12.2026 at 23:58 we received your withdrawal from insurance contract EK-${start.id}.` });
    expect(fields(acknowledged)).toMatchObject({ Received: "15.12.2026 at 23:58 (Estonian time)", Submitted: "in self-service, identity confirmed with e-ID on 16.12.2026 at 00:03" });
    // The schedule says the customer withdrew on the 15th.
    expect((await app.core.policyholder.billedSchedule(customer))!.ended).toMatchObject({ kind: "withdrawal", on: "2026-12-15" });
  });

  it("a cancellation sent on a month's last evening ends the cover that month: nothing dated after it is owed", async () => {
    // Started on 1 November (billed on the 1st), past the 30 days: a cancellation.
    const { customer, returnAfter } = await sentLate("2027-01-31", "2026-10-31");
    expectRedirect(await returnAfter(5), "/self-service/insurance");
    const [policy] = await app.core.db.query<{ status: string; end_date: string }>(`SELECT status, end_date::text FROM policies WHERE customer_id = $1`, [customer.id]);
    expect(policy).toEqual({ status: "CANCELLED", end_date: "2027-01-31" });
    expect(await audited(customer.id)).toEqual([{ subject: expect.stringMatching(/^policy:\d+:cancellation:wish$/) }]);
    expect(fields(await app.core.withdrawal.endingView(customer.id, "en"))).toMatchObject({ Received: "31.01.2027 at 23:58 (Estonian time)" });
    // Months on: the invoices up to 31 January, due; February's never issued.
    app.clock.set("2027-04-15T10:00:00Z");
    expect(await invoiceDates(customer.id)).toEqual([
      ["2027-01-01", null],
      ["2026-12-01", null],
      ["2026-11-01", null],
    ]);
    expect((await app.core.policyholder.billedSchedule(customer))!.ended).toMatchObject({ kind: "cancellation", on: "2027-01-31", endDate: "2027-01-31" });
  });

  it("February's invoice, issued by a read in the minutes between, is credited with the cancellation", async () => {
    const { customer, returnAfter } = await sentLate("2027-01-31", "2026-10-31");
    // 00:01: another tab's bills issue February's invoice while the e-ID is under way.
    app.clock.set(lateOn("2027-01-31", 3));
    expect((await invoiceDates(customer.id))[0]).toEqual(["2027-02-01", null]);
    expectRedirect(await returnAfter(5), "/self-service/insurance");
    const [policy] = await app.core.db.query<{ id: number; end_date: string }>(`SELECT id, end_date::text FROM policies WHERE customer_id = $1`, [customer.id]);
    expect(policy.end_date).toBe("2027-01-31");
    expect((await invoiceDates(customer.id)).slice(0, 2)).toEqual([
      ["2027-02-01", `KR-${policy.id}-202702`],
      ["2027-01-01", null],
    ]);
  });

  it("an underwritten contract's statement on its last day after the acceptance (decision 0273) is a withdrawal, through the /api", async () => {
    app.clock.set(lateOn("2026-11-19"));
    const { code, customer, client } = await policyholder("2026-10-01");
    // Accepted (and covered) from 20 October: concluded then, its last day to withdraw is 19 November.
    await app.core.db.query(`UPDATE policies SET accepted_at = $2, start_date = $3 WHERE customer_id = $1`, [customer.id, new Date("2026-10-20T10:00:00Z"), "2026-10-20"]);
    const terms = await (await client.fetch("/api/self-service/withdrawal")).json();
    expect(terms).toMatchObject({ concludedOn: "2026-10-20", withdrawalUntil: "2026-11-19", ending: { kind: "withdrawal" } });
    const start = await client.fetch("/api/self-service/withdrawal/start", { method: "POST", json: { reason: "wish", confirm: true, submissionKey: "api-withdraw-sent-000001" } });
    const { pendingToken } = await start.json();
    const sessionToken = fake.lastSessionToken()!;
    app.clock.set(lateOn("2026-11-19", 5));
    fake.authenticate(sessionToken, person(code));
    const ended = await client.fetch("/api/self-service/withdrawal/complete", { method: "POST", json: { pendingToken, returnToken: sessionToken } });
    expect(await ended.json()).toMatchObject({ kind: "withdrawal", endDate: null, state: "WITHDRAWN" });
    // The acceptance day's invoice credited; 20 November's, dated after the statement, never issued.
    expect(await invoiceDates(customer.id)).toEqual([["2026-10-20", expect.stringMatching(/^KR-/)]]);
  });

  it("a return 16 minutes after the statement still ends nothing", async () => {
    const { customer, returnAfter } = await sentLate("2026-12-15", "2026-11-15");
    expectRedirect(await returnAfter(16), "/self-service/withdraw?error=identity");
    expect(await policyStatus(customer.id)).toBe("ACTIVE");
    expect(await audited(customer.id)).toHaveLength(0);
  });
});
