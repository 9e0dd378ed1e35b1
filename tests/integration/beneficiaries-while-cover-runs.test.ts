/**
 * A policyholder names beneficiaries as long as the cover runs (docs/decisions/0291): a cancelled
 * policy's change is saved, signed and completed as an active one's up to and including its last
 * day of cover, and refused the day after, as a withdrawn policy's always is; the same for a
 * contract not renewed at 65 on its last day and the day after. A change pending when the cover
 * ends cannot be completed after it, though signed at the provider before midnight: the
 * completion's moment counts. Through the /api and the route loaders and actions, the clock
 * moved; the versions signed meanwhile stay readable. A change is of the contract it was saved for
 * (docs/decisions/0306): left pending when that contract's cover ended, the housekeeping round
 * lapses it; a customer who signs a new contract sees none of the earlier contract's.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/core/clock";
import { policyVersionOf } from "~/core/beneficiary-change";
import { action as changeAction, loader as changeLoader } from "~/routes/self-service.beneficiaries";
import { loader as signingLoader } from "~/routes/self-service.beneficiaries_.sign";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { readSessionToken } from "~/http/session-cookie.server";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { noon, policyholderInLastPolicyYear, policyholderSince, signedInAgain } from "../support/customers";
import { demoSigningPost } from "../support/offer-application";
import { REGISTRATION } from "../support/questionnaire";
import { ONE_PERSON, PEETER_ALONE, pdfOf, signWithoutJs } from "../support/beneficiary-change";
import { json, walkTo } from "../support/reach";
import { expectRedirect, routeArgs, run } from "../support/routes";

/** A winter day (Tallinn UTC+2): cancelled on 12 January, the cover runs to 31 January. */
const NOW = "2027-01-12T10:00:00.000Z";
const LAST_DAY = "2027-01-31";
/** 23:58 on a winter `day` in Tallinn, or `minutes` after it. */
const lateOn = (day: string, minutes = 0) => new Date(Date.parse(`${day}T21:58:00Z`) + minutes * 60_000);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: NOW });
});
beforeEach(() => app.clock.set(NOW));
afterAll(() => app.close());

const NEW_LIST = PEETER_ALONE;

/**
 * A policyholder six weeks in (past the 30 days to withdraw) who cancels today through the /api:
 * signed on 30 November, started on 1 December, so its billing periods are the calendar months
 * and the cover runs to the month's last day (docs/decisions/0302).
 */
async function cancelled() {
  const holder = await policyholderSince(app, 43);
  const ended = await json(await holder.client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: holder.code } }));
  expect(ended).toMatchObject({ kind: "cancellation", endDate: LAST_DAY, state: "CANCELLED" });
  return holder;
}

/** Saves `list` as the change and signs it on the demo page (as its script does): the signature is at the provider, not completed. */
async function savedAndSigned(client: Client, list = NEW_LIST) {
  expect((await demoSigningPost(client, await savedWithSigning(client, list), "sign", true)).status).toBe(200);
}

const complete = (client: Client) => client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} });

/** Every /api door of a change refused as it was for an ended policy. */
async function expectRefused(client: Client) {
  const refused = [{ code: "error.no_policy_to_change" }];
  expect((await json(await client.fetch("/api/self-service/beneficiaries"), 409)).errors).toEqual(refused);
  expect((await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST } }), 409)).errors).toEqual(refused);
  expect((await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }), 409)).errors).toEqual(refused);
}

describe("the application's web page of a cancelled contract", () => {
  it("is the application signed: its beneficiaries, not those named since (an audit found today's unsigned application drawn)", async () => {
    const holder = await cancelled();
    await savedAndSigned(holder.client, OTHER_LIST);
    expect((await complete(holder.client)).status).toBe(200);
    const customer = (await app.core.customers.byId(holder.customer.id))!;
    expect(customer.state).toBe("CANCELLED");
    const drawn = JSON.stringify((await app.core.offer.applicationView(customer, "et"))!.blocks);
    const [signed] = await app.core.db.query<{ beneficiaries: Array<{ name: string }> }>(
      `SELECT v.beneficiaries FROM policy_versions v JOIN policies p ON p.id = v.policy_id WHERE p.customer_id = $1 AND v.version = 1`,
      [customer.id],
    );
    expect(signed.beneficiaries.length).toBeGreaterThan(0);
    for (const { name } of signed.beneficiaries) expect(drawn).toContain(name);
    expect(drawn).not.toContain("Maasikas");
    // Its PDF at the onboarding's address too is the one signed, not one drawn again today.
    const [policy] = await app.core.db.query<{ document_sha256: string }>(`SELECT document_sha256 FROM policies WHERE customer_id = $1`, [customer.id]);
    const pdf = await holder.client.fetch("/api/onboarding/documents/application");
    expect(pdf.status).toBe(200);
    expect(createHash("sha256").update(new Uint8Array(await pdf.arrayBuffer())).digest("hex")).toBe(policy.document_sha256);
  });
});

type Tab = { change: { mayChange: boolean; coverUntil: string | null; pending: unknown; outcome: string | null; version: number; versions: Array<{ version: number }> } | null };
const tab = async (cookie: string, path = "/self-service/insurance") => (await run<Tab>(() => insuranceLoader(routeArgs(app, path, { cookie })))).data!.change!;

const OTHER_LIST = [{ type: "P", firstName: "Mari", name: "Maasikas", idCode: "49403136526", sharePercent: 100, email: "mari@example.com", phone: "+372 5333 4444" }];

/** Saves `list` as the change and starts its signing: the frame's config. */
async function savedWithSigning(client: Client, list = NEW_LIST) {
  expect((await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: list } })).status).toBe(200);
  return json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
}

const changesOf = (customerId: number) =>
  app.core.db.query<{ id: string; status: string; policy_id: string; closed_at: Date | null }>(
    `SELECT id, status, policy_id, closed_at FROM beneficiary_changes WHERE customer_id = $1 ORDER BY id`,
    [customerId],
  );
const changeSignings = (customerId: number) =>
  app.core.db.query<{ status: string; errors: string | null }>(`SELECT status, errors FROM signings WHERE customer_id = $1 AND beneficiary_change_id IS NOT NULL ORDER BY id`, [customerId]);
const lapses = (customerId: number) =>
  app.core.db.query<{ actor: string; subject: string }>(`SELECT actor, subject FROM health_data_audit WHERE customer_id = $1 AND subject LIKE '%:lapsed' ORDER BY id`, [customerId]);

/**
 * The account step saved again after the contract ended, every step to a new signed contract,
 * and its start the next day (activated as the round does, the round's other steps not run): the
 * customer in self-service again, signed in anew.
 */
async function newContract(client: Client, code: string) {
  expect(await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }))).toMatchObject({ state: "ACCOUNT_REGISTERED" });
  expect(await walkTo(client, "confirmation")).toBe("AGREEMENT_SIGNED");
  app.clock.set(noon("2027-01-13"));
  await app.core.offer.operations.activateDue();
  return signedInAgain(app, code);
}

describe("a cancelled policy's beneficiaries through the /api", () => {
  it("change as an active policy's up to and including the last day of cover, a normal new version; refused the day after, the versions still readable", async () => {
    const { client, code } = await cancelled();
    // Cancelled today: the change is open, and says until when.
    expect(await json(await client.fetch("/api/self-service/beneficiaries"))).toMatchObject({ version: 1, pending: null, coverUntil: LAST_DAY });

    app.clock.set(noon(LAST_DAY));
    const lastDay = await signedInAgain(app, code);
    await savedAndSigned(lastDay);
    expect(await json(await complete(lastDay))).toEqual({ result: "SIGNED", version: 2, redirectTo: "/self-service/insurance?beneficiaries=signed", replayed: false });
    expect(await json(await lastDay.fetch("/api/insurance"))).toMatchObject({ status: "CANCELLED", endDate: LAST_DAY, beneficiaries: NEW_LIST });
    expect(await pdfOf(await lastDay.fetch("/api/documents/policy"))).toMatch(/Poliisi versioon\s*2, kehtib alates 31\.01\.2027/);

    app.clock.set(noon(addDays(LAST_DAY, 1)));
    const after = await signedInAgain(app, code);
    await expectRefused(after);
    // The versions made while the cover ran stay readable after it.
    const { items } = await json(await after.fetch("/api/self-service/policy/versions"));
    expect(items.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(await pdfOf(await after.fetch("/api/self-service/policy/versions/1"))).toContain("Tamme Kodu OÜ");
    expect(await pdfOf(await after.fetch("/api/self-service/policy/versions/2/change"))).toContain("Pärn");
  });

  it("a withdrawn policy's never change: its cover never ran", async () => {
    const { client, code } = await policyholderSince(app, 5);
    expect(await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }))).toMatchObject({ kind: "withdrawal" });
    await expectRefused(client);
    expect((await json(await client.fetch("/api/self-service/policy/versions"))).items).toHaveLength(1);
  });
});

describe("a contract not renewed at 65", () => {
  it("changes on its last day of cover, said until when, and is refused the day after", async () => {
    const { code, lastDay } = await policyholderInLastPolicyYear(app);
    app.clock.set(noon(lastDay));
    const onLastDay = await signedInAgain(app, code);
    expect((await json(await onLastDay.fetch("/api/self-service/beneficiaries"))).coverUntil).toBe(lastDay);
    await savedAndSigned(onLastDay);
    expect((await json(await complete(onLastDay))).version).toBe(2);
    expect((await tab(onLastDay.cookieHeader)).mayChange).toBe(true);

    app.clock.set(noon(addDays(lastDay, 1)));
    const after = await signedInAgain(app, code);
    await expectRefused(after);
    expect(await tab(after.cookieHeader)).toMatchObject({ mayChange: false, coverUntil: null, pending: null });
  });
});

describe("a change pending when the cover ends", () => {
  it("signed at the provider at 23:58 on the last day and completed at 00:03 is refused; completed at 23:59 it takes effect then", async () => {
    const late = await cancelled();
    app.clock.set(lateOn(LAST_DAY));
    const client = await signedInAgain(app, late.code);
    await savedAndSigned(client);
    app.clock.set(lateOn(LAST_DAY, 5));
    expect((await json(await complete(client), 409)).errors).toEqual([{ code: "error.no_policy_to_change" }]);
    expect((await json(await client.fetch("/api/insurance"))).beneficiaries).not.toEqual(NEW_LIST);
    const versions = await app.core.db.query(`SELECT 1 FROM policy_versions WHERE customer_id = $1`, [late.customer.id]);
    expect(versions).toHaveLength(0);
    // The signing screen says so and starts no other signing; the tab offers nothing to go on with.
    const signings = async () => (await app.core.db.query(`SELECT 1 FROM signings WHERE customer_id = $1 AND beneficiary_change_id IS NOT NULL`, [late.customer.id])).length;
    const before = await signings();
    const screen = await run<{ signing: unknown; signingError: string | null }>(() => signingLoader(routeArgs(app, "/self-service/beneficiaries/sign", { cookie: client.cookieHeader })));
    expect(screen.data).toMatchObject({ signing: null, signingError: "error.no_policy_to_change" });
    expect(await signings()).toBe(before);
    expect(await tab(client.cookieHeader)).toMatchObject({ mayChange: false, pending: null, versions: [{ version: 1 }] });

    // In time: signed at 23:58 and completed at 23:59, the new version in force from then.
    app.clock.set(NOW);
    const inTime = await cancelled();
    app.clock.set(lateOn(LAST_DAY));
    const prompt = await signedInAgain(app, inTime.code);
    await savedAndSigned(prompt);
    app.clock.set(lateOn(LAST_DAY, 1));
    expect((await json(await complete(prompt))).result).toBe("SIGNED");
    const [version] = await app.core.db.query<{ effective_at: Date | string }>(`SELECT effective_at FROM policy_versions WHERE customer_id = $1 AND version = 2`, [inTime.customer.id]);
    expect(new Date(version.effective_at).toISOString()).toBe(lateOn(LAST_DAY, 1).toISOString());
  });
});

describe("the pages of a cancelled policy's change", () => {
  it("the form, the signing screen and the demo page's post without JavaScript on the last day; the tab says until when; the day after the form sends back to the tab", async () => {
    const { code, customer } = await cancelled();
    app.clock.set(noon(LAST_DAY));
    const { cookieHeader: cookie } = await signedInAgain(app, code);
    const form = await run<{ coverUntil: string | null; submissionKey: string }>(() => changeLoader(routeArgs(app, "/self-service/beneficiaries", { cookie })));
    expect(form.data!.coverUntil).toBe("31.01.2027");
    expect(await tab(cookie)).toMatchObject({ mayChange: true, coverUntil: "31.01.2027" });
    expectRedirect(
      await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form: { ...ONE_PERSON, _submission: form.data!.submissionKey } }))),
      "/self-service/beneficiaries/sign",
    );
    const signing = await run<{ signing: { frameUrl: string } }>(() => signingLoader(routeArgs(app, "/self-service/beneficiaries/sign", { cookie })));
    const posted = await signWithoutJs(await signedInAgain(app, code), signing.data!.signing.frameUrl);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/self-service/insurance?beneficiaries=signed");
    expect(await tab(cookie, "/self-service/insurance?beneficiaries=signed")).toMatchObject({ outcome: "signed", version: 2, mayChange: true });

    app.clock.set(noon(addDays(LAST_DAY, 1)));
    const next = (await signedInAgain(app, code)).cookieHeader;
    expectRedirect(await run(() => changeLoader(routeArgs(app, "/self-service/beneficiaries", { cookie: next }))), "/self-service/insurance");
    const refused = await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie: next, form: { ...ONE_PERSON, "beneficiaries[0].name": "Kask" } })));
    // Refused (error.no_policy_to_change), and said on the tab it lands on (docs/decisions/0354).
    expectRedirect(refused, "/self-service/insurance");
    const token = readSessionToken(next, app.config.sessionSecrets)!;
    expect((await app.core.sessions.get(token))?.data.notices).toEqual([{ key: "form.notice.not_saved" }]);
    expect(await app.core.db.query(`SELECT 1 FROM beneficiary_changes WHERE customer_id = $1 AND status = 'pending'`, [customer.id])).toHaveLength(0);
    // No change offered; the two versions listed under the documents.
    expect(await tab(next)).toMatchObject({ mayChange: false, coverUntil: null, pending: null, versions: [{ version: 1 }, { version: 2 }] });
  });
});

describe("a change pending when its contract's cover ended lapses (docs/decisions/0306)", () => {
  it("stays pending through the last day of cover; the round after it lapses it, recorded, its signing ended, once", async () => {
    const { client, customer, code } = await cancelled();
    expect((await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST } })).status).toBe(200);
    // Its signing started at 23:50 on the last day of cover: the round at 23:55 keeps it.
    app.clock.set(new Date(`${LAST_DAY}T21:50:00Z`));
    const lastEvening = await signedInAgain(app, code);
    expect((await lastEvening.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" })).status).toBe(200);
    app.clock.set(new Date(`${LAST_DAY}T21:55:00Z`));
    await app.core.housekeeping();
    expect((await changesOf(customer.id)).map((c) => c.status)).toEqual(["pending"]);
    expect(await changeSignings(customer.id)).toMatchObject([{ status: "pending" }]);

    // The round at 00:30 on 1 February.
    const after = new Date("2027-01-31T22:30:00Z");
    app.clock.set(after);
    expect((await app.core.housekeeping()).lapsedChanges).toBeGreaterThanOrEqual(1);
    const [change] = await changesOf(customer.id);
    expect(change).toMatchObject({ status: "lapsed" });
    expect(new Date(change.closed_at!).toISOString()).toBe(after.toISOString());
    expect(await lapses(customer.id)).toEqual([{ actor: "system:housekeeping", subject: `beneficiary-change:${change.id}:lapsed` }]);
    expect(await changeSignings(customer.id)).toMatchObject([{ status: "failed", errors: expect.stringContaining("lapsed") }]);
    await app.core.housekeeping();
    expect(await lapses(customer.id)).toHaveLength(1);
    // Its data stays with its status, as a discarded change's (the data export lists it).
    const file = await json(await (await signedInAgain(app, code)).fetch("/api/self-service/export"));
    expect(file.tables.beneficiary_changes).toMatchObject([{ status: "lapsed", beneficiaries: NEW_LIST }]);
  });

  it("of a withdrawn contract (its cover never ran) lapses in the next round", async () => {
    const { client, customer, code } = await policyholderSince(app, 5);
    await savedWithSigning(client);
    expect(await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }))).toMatchObject({ kind: "withdrawal" });
    await app.core.housekeeping();
    expect((await changesOf(customer.id)).map((c) => c.status)).toEqual(["lapsed"]);
  });

  it("of a contract whose cover runs is kept by the round", async () => {
    const { client, customer } = await policyholderSince(app, 43);
    await savedWithSigning(client);
    await app.core.housekeeping();
    expect((await changesOf(customer.id)).map((c) => c.status)).toEqual(["pending"]);
  });
});

describe("a customer who signs a new contract (docs/decisions/0306)", () => {
  it("sees none of the earlier contract's pending change, and cannot have it signed onto the new contract", async () => {
    const { client: first, customer, code } = await cancelled();
    await savedWithSigning(first);
    const client = await newContract(first, code);
    const before = await json(await client.fetch("/api/insurance"));

    expect(await json(await client.fetch("/api/self-service/beneficiaries"))).toMatchObject({ version: 1, pending: null });
    const none = { errors: [{ code: "error.no_pending_change" }] };
    expect(await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }), 409)).toEqual(none);
    expect(await json(await client.fetch("/api/self-service/beneficiaries/change/discard", { method: "POST", json: {} }), 409)).toEqual(none);
    expect((await json(await client.fetch("/api/insurance"))).beneficiaries).toEqual(before.beneficiaries);
    expect((await json(await client.fetch("/api/self-service/policy/versions"))).items).toHaveLength(1);
    // Left for the round, which lapses it (the customer holds a newer contract).
    expect((await changesOf(customer.id)).map((c) => c.status)).toEqual(["pending"]);
    await app.core.housekeeping();
    expect((await changesOf(customer.id)).map((c) => c.status)).toEqual(["lapsed"]);
  });

  it("names the new contract's beneficiaries by a change of its own, the earlier contract's lapsing; signed, it is the new contract's version 2", async () => {
    const { client: first, customer, code } = await cancelled();
    await savedWithSigning(first);
    const [earlier] = await changesOf(customer.id);
    const client = await newContract(first, code);

    const signing = await savedWithSigning(client, OTHER_LIST);
    const changes = await changesOf(customer.id);
    expect(changes.map((c) => c.status)).toEqual(["lapsed", "pending"]);
    expect(changes[1].policy_id).not.toBe(earlier.policy_id);
    expect(await lapses(customer.id)).toEqual([{ actor: `customer:${customer.id}`, subject: `beneficiary-change:${earlier.id}:lapsed` }]);
    expect((await json(await client.fetch("/api/self-service/beneficiaries"))).pending.beneficiaries).toEqual(OTHER_LIST);

    expect((await demoSigningPost(client, signing, "sign", true)).status).toBe(200);
    expect(await json(await complete(client))).toMatchObject({ result: "SIGNED", version: 2 });
    expect((await json(await client.fetch("/api/insurance"))).beneficiaries).toEqual(OTHER_LIST);
    expect((await changesOf(customer.id)).map((c) => c.status)).toEqual(["lapsed", "signed"]);
  });
});

describe("a contract's beneficiaries as signed, its customer signing up again (docs/decisions/0307)", () => {
  it("stay the ended contract's own, though the new application's step names others; the new contract has its own", async () => {
    const { client, customer, code } = await cancelled();
    const signedWith = (await json(await client.fetch("/api/insurance"))).beneficiaries;
    const [row] = await app.core.db.query<{ id: string; signed_at: Date }>(`SELECT id, signed_at FROM policies WHERE customer_id = $1`, [customer.id]);
    const ended = { id: Number(row.id), signed_at: row.signed_at };
    expect(await app.core.db.query(`SELECT 1 FROM policy_versions WHERE policy_id = $1`, [ended.id])).toEqual([]);

    expect(await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }))).toMatchObject({ state: "ACCOUNT_REGISTERED" });
    // The steps kept from before bring the application to the offer; its beneficiaries step names others.
    expect(await walkTo(client, "offer")).toBe("BENEFICIARIES_DEFINED");
    expect(await json(await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: OTHER_LIST } }))).toMatchObject({ state: "BENEFICIARIES_DEFINED" });
    // The ended contract's cover still runs: its beneficiaries are the ones it was signed with.
    expect((await policyVersionOf(app.core.db, ended, customer.id))?.beneficiaries).toEqual(signedWith);
    expect(signedWith).not.toEqual(OTHER_LIST);

    expect(await walkTo(client, "confirmation")).toBe("AGREEMENT_SIGNED");
    app.clock.set(noon("2027-01-13"));
    await app.core.offer.operations.activateDue();
    const later = await signedInAgain(app, code);
    expect((await json(await later.fetch("/api/insurance"))).beneficiaries).toEqual(OTHER_LIST);
    expect((await policyVersionOf(app.core.db, ended, customer.id))?.beneficiaries).toEqual(signedWith);
    // The data download has both: the ended contract's as its version 1.
    const file = await json(await later.fetch("/api/self-service/export"));
    expect(file.tables.policy_versions).toMatchObject([{ policy_id: ended.id, version: 1, beneficiaries: signedWith }]);
  });
});
