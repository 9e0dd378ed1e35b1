/**
 * A policyholder names beneficiaries as long as the cover runs (docs/decisions/0291): a cancelled
 * policy's change is saved, signed and completed as an active one's up to and including its last
 * day of cover, and refused the day after, as a withdrawn policy's always is; the same for a
 * contract not renewed at 65 on its last day and the day after. A change pending when the cover
 * ends cannot be completed after it, though signed at the provider before midnight: the
 * completion's moment counts. Through the /api and the route loaders and actions, the clock
 * moved; the versions signed meanwhile stay readable.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/core/clock";
import { action as changeAction, loader as changeLoader } from "~/routes/self-service.beneficiaries";
import { loader as signingLoader } from "~/routes/self-service.beneficiaries_.sign";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { noon, policyholderInLastPolicyYear, policyholderSince, signedInAgain } from "../support/customers";
import { demoSigningPost } from "../support/offer-application";
import { ONE_PERSON, pdfOf, signWithoutJs } from "../support/beneficiary-change";
import { json } from "../support/reach";
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

const NEW_LIST = [{ type: "P", firstName: "Peeter", name: "Pärn", idCode: "37605030299", sharePercent: 100, email: "peeter@example.com", phone: "+372 5111 2222" }];

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
  await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: list } }));
  const signing = await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
  expect((await demoSigningPost(client, signing, "sign", true)).status).toBe(200);
}

const complete = (client: Client) => client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} });

/** Every /api door of a change refused as it was for an ended policy. */
async function expectRefused(client: Client) {
  const refused = [{ code: "error.no_policy_to_change" }];
  expect((await json(await client.fetch("/api/self-service/beneficiaries"), 409)).errors).toEqual(refused);
  expect((await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST } }), 409)).errors).toEqual(refused);
  expect((await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }), 409)).errors).toEqual(refused);
}

type Tab = { change: { mayChange: boolean; coverUntil: string | null; pending: unknown; outcome: string | null; version: number; versions: Array<{ version: number }> } | null };
const tab = async (cookie: string, path = "/self-service/insurance") => (await run<Tab>(() => insuranceLoader(routeArgs(app, path, { cookie })))).data!.change!;

describe("a cancelled policy's beneficiaries through the /api", () => {
  it("change as an active policy's up to and including the last day of cover, a normal new version; refused the day after, the versions still readable", async () => {
    const { client, code } = await cancelled();
    // Cancelled today: the change is open, and says until when.
    expect(await json(await client.fetch("/api/self-service/beneficiaries"))).toMatchObject({ version: 1, pending: null, coverUntil: LAST_DAY });

    app.clock.set(noon(LAST_DAY));
    const lastDay = await signedInAgain(app, code);
    await savedAndSigned(lastDay);
    expect(await json(await complete(lastDay))).toEqual({ result: "SIGNED", version: 2, redirectTo: "/self-service/insurance?beneficiaries=signed" });
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
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("error.no_policy_to_change");
    expect(await app.core.db.query(`SELECT 1 FROM beneficiary_changes WHERE customer_id = $1 AND status = 'pending'`, [customer.id])).toHaveLength(0);
    // No change offered; the two versions listed under the documents.
    expect(await tab(next)).toMatchObject({ mayChange: false, coverUntil: null, pending: null, versions: [{ version: 1 }, { version: 2 }] });
  });
});
