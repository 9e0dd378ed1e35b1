/**
 * An applicant waiting for the underwriter (`EUW`) withdraws the application online
 * (docs/decisions/0295): the confirmation's door, the withdraw page's form post and
 * POST /api/self-service/withdrawal, the demo e-ID. One transaction under the customer's row
 * lock: the policy WITHDRAWN as an application (never a contract, nothing billed or credited),
 * the state back to the first one (a new sign-up), the health answers erased and audited, the
 * acknowledgement on the data page; the operator refused afterwards and the case gone from the
 * list; the same key again does nothing twice; another customer untouched. The withdrawal and
 * the operator's acceptance fired at once end one way (on PostgreSQL, really at once).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorReason, policyOperations } from "~/core/offer";
import { action as withdrawAction, loader as withdrawLoader } from "~/routes/self-service.withdraw";
import { loader as confirmationLoader } from "~/routes/confirmation";
import { loader as dataLoader } from "~/routes/self-service.data";
import { loader as earlierLoader } from "~/routes/self-service.data_.earlier.$kind.$id";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { customerReadyToSign, NEEDS_UNDERWRITING } from "../support/offer-application";
import { pdfText } from "../support/pdf-text";
import { door, json, saveStep } from "../support/reach";
import { expectRedirect, routeArgs, run } from "../support/routes";
import { signOnDemoDesk } from "../support/walk";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A fresh applicant who signed and waits for the underwriter. */
async function waitingForTheUnderwriter() {
  const applicant = await customerReadyToSign(app, { rows: NEEDS_UNDERWRITING });
  await saveStep(applicant.client, "offer");
  expect(await signOnDemoDesk(door(applicant.client))).toMatchObject({ state: "EUW" });
  return { ...applicant, cookie: applicant.client.cookieHeader };
}

const operator = () => policyOperations(app.core.db, app.clock).asOperator(operatorReason("Deciding the case after the GP's letter (ticket 12)")!);
const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
const confirmation = (code: string, extra: Record<string, unknown> = {}) => ({ confirm: true, method: "smart-id", idCode: code, ...extra });
const withdraw = (client: Client, code: string, submissionKey = key()) => client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation(code, { submissionKey }) });

async function policyOf(customerId: number) {
  const [row] = await app.core.db.query<{ status: string; application_withdrawn: boolean; accepted_at: Date | null; ended_reason: string | null; document: boolean }>(
    `SELECT status, application_withdrawn, accepted_at, ended_reason, signed_document IS NOT NULL AS document FROM policies WHERE customer_id = $1 ORDER BY id DESC LIMIT 1`,
    [customerId],
  );
  return row;
}

async function billed(customerId: number) {
  const [row] = await app.core.db.query<{ invoices: number; credit_notes: number }>(
    `SELECT (SELECT count(*)::int FROM invoices WHERE customer_id = $1) AS invoices, (SELECT count(*)::int FROM credit_notes WHERE customer_id = $1) AS credit_notes`,
    [customerId],
  );
  return row;
}

/** The application's health answers still held. */
async function healthHeld(customerId: number) {
  const [row] = await app.core.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL) AS score_profiles,
            (SELECT count(*)::int FROM questionnaires WHERE customer_id = $1) AS questionnaires,
            (SELECT count(*)::int FROM signings WHERE customer_id = $1 AND (document IS NOT NULL OR terms IS NOT NULL)
                AND NOT EXISTS (SELECT 1 FROM policies p WHERE p.signing_id = signings.id)) AS signings`,
    [customerId],
  );
  return row;
}

async function audited(customerId: number) {
  return (await app.core.db.query<{ action: string; subject: string }>(`SELECT action, subject FROM health_data_audit WHERE customer_id = $1 AND actor <> 'operator' AND action <> 'read' ORDER BY id`, [customerId])).map(
    (r) => `${r.action} ${r.subject}`,
  );
}

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stateOf = async (code: string) => (await app.core.customers.byPersonalCode(code))!.state;

describe("an applicant waiting for the underwriter withdraws the application", () => {
  it("from the confirmation's door through the page's form: the application ends, its health answers are erased, the acknowledgement is on the data page, the operator is refused", async () => {
    const { code, customer, cookie, client } = await waitingForTheUnderwriter();
    const other = await waitingForTheUnderwriter();
    expect(await healthHeld(customer.id)).toMatchObject({ score_profiles: 1, questionnaires: 1 });

    const page = await run<{ euw: boolean; mayWithdraw: boolean; withdrawalUntil: string | null }>(() => confirmationLoader(routeArgs(app, "/confirmation", { cookie })));
    expect(page.data).toMatchObject({ euw: true, mayWithdraw: true, withdrawalUntil: null });
    expect(await json(await client.fetch("/api/self-service/withdrawal"))).toMatchObject({ concludedOn: null, withdrawalUntil: null, ending: { kind: "application" }, credited: 0, invoices: 0 });
    const form = await run<{ heading: string; terms: { ending: { kind: string } }; back: { href: string; label: string }; submissionKey: string }>(() =>
      withdrawLoader(routeArgs(app, "/self-service/withdraw?lng=en", { cookie })),
    );
    expect(form.data).toMatchObject({ terms: { ending: { kind: "application" } }, back: { href: "/confirmation", label: "Back to the confirmation" } });

    // Another person's e-ID ends nothing.
    const wrong = await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form: { confirm: "on", method: "smart-id", idCode: other.code, reason: "wish", _submission: key() } })));
    expect(wrong.status).toBe(400);
    expect(await stateOf(code)).toBe("EUW");

    const submission = form.data!.submissionKey;
    const fields = { confirm: "on", method: "smart-id", idCode: code, reason: "wish", _submission: submission };
    expectRedirect(await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form: fields }))), "/self-service/data");

    expect(await stateOf(code)).toBe("NEW");
    // The data page it lands on says what was done (the root's notices, docs/decisions/0321).
    const notices = async () => (await app.core.db.query<{ data: { notices?: unknown[] } }>(`SELECT data FROM sessions WHERE customer_id = $1`, [customer.id])).flatMap((r) => r.data.notices ?? []);
    expect(await notices()).toEqual([{ key: "withdrawal.notice.application", params: { policy: expect.stringMatching(/^EK-\d+$/) } }]);
    // Its answer lost, the page's form sent again: NEW does not view the withdraw page, but the
    // key saved lets it through to the replay, which lands where the first did (decision 0322).
    expectRedirect(await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form: fields }))), "/self-service/data");
    // The replay ended nothing again, and said nothing again.
    expect(await notices()).toHaveLength(1);
    // Another key is not let through: refused by the route's access, as before, and the page it
    // lands on says that nothing was saved (another tab's form).
    expectRedirect(await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form: { ...fields, _submission: key() } }))), "/unavailable");
    expect((await notices()).slice(1)).toEqual([{ key: "form.notice.not_saved" }]);
    expect(await policyOf(customer.id)).toMatchObject({ status: "WITHDRAWN", application_withdrawn: true, accepted_at: null, ended_reason: "wish", document: true });
    expect(await billed(customer.id)).toEqual({ invoices: 0, credit_notes: 0 });
    expect(await healthHeld(customer.id)).toEqual({ score_profiles: 0, questionnaires: 0, signings: 0 });
    const trail = await audited(customer.id);
    expect(trail).toEqual(expect.arrayContaining(["erase questionnaire", expect.stringMatching(/^erase score:\d+$/), expect.stringMatching(/^write policy:\d+:application:wish$/)]));

    // The same key again (the /api, a second press) does nothing twice.
    const again = await json(await withdraw(client, code, submission));
    expect(again).toMatchObject({ kind: "application", state: "NEW", replayed: true, redirectTo: "/self-service/data" });
    expect(await audited(customer.id)).toEqual(trail);

    // The acknowledgement is on the data page, as an earlier application's.
    const data = await run<{ earlier: { policyNumber: string; ending: { kind: string }; invoices: unknown[] }[] }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
    const [earlier] = data.data!.earlier;
    expect(earlier).toMatchObject({ ending: { kind: "application" }, invoices: [] });
    const acknowledgement = await run<{ model: { title: string } }>(() =>
      earlierLoader(routeArgs(app, `/self-service/data/earlier/ending/${earlier.policyNumber}?lng=en`, { cookie, params: { kind: "ending", id: earlier.policyNumber } })),
    );
    expect(JSON.stringify(acknowledgement.data!.model)).toContain("withdrawal of your insurance application");
    const pdf = await client.fetch(`/api/documents/ending?policy=${earlier.policyNumber}&lng=en`);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("Confirmation of the withdrawal of your application");
    expect(text).toContain("No contract was concluded.");
    expect(text).toContain("The application ends: no contract is concluded and there is no cover.");
    // No contract came of it: no policy and no payment schedule, named or not, as while under
    // underwriting; its signed application stays (docs/decisions/0320).
    for (const kind of ["policy", "payment-schedule"]) {
      for (const query of [`?policy=${earlier.policyNumber}`, ""]) expect((await client.fetch(`/api/documents/${kind}${query}`)).status, `${kind}${query}`).toBe(404);
    }
    expect((await client.fetch(`/api/documents/application?policy=${earlier.policyNumber}`)).status).toBe(200);
    const policyPage = await run(() =>
      earlierLoader(routeArgs(app, `/self-service/data/earlier/policy/${earlier.policyNumber}`, { cookie, params: { kind: "policy", id: earlier.policyNumber } })),
    );
    expect(policyPage.status).toBe(404);

    // The operator: refused with what happened, the case no longer listed.
    expect(await operator().accept(code)).toEqual({ ok: false, failure: [{ code: "error.application_withdrawn" }] });
    expect(await operator().decline(code)).toEqual({ ok: false, failure: [{ code: "error.application_withdrawn" }] });
    const listed = (await operator().euwCases()).map((c) => c.personalCode);
    expect(listed).not.toContain(code);
    expect(listed).toContain(other.code);
    expect(await stateOf(code)).toBe("NEW");

    // Another applicant untouched, and still the underwriter's to decide.
    expect(await stateOf(other.code)).toBe("EUW");
    expect(await policyOf(other.customer.id)).toMatchObject({ status: "EUW", application_withdrawn: false });
    expect(await healthHeld(other.customer.id)).toMatchObject({ score_profiles: 1, questionnaires: 1 });
    expect(await operator().accept(other.code)).toMatchObject({ ok: true, value: { state: "SELF_SERVICE" } });
  });

  it("through the /api: withdrawn once, a new sign-up starts from the account step", async () => {
    const { code, customer, client } = await waitingForTheUnderwriter();
    const submissionKey = key();
    const first = await json(await withdraw(client, code, submissionKey));
    expect(first).toEqual({ kind: "application", endDate: null, creditNotes: [], state: "NEW", redirectTo: "/self-service/data", replayed: false });
    expect(await json(await withdraw(client, code, submissionKey))).toEqual({ ...first, replayed: true });
    // A new key finds nothing left to withdraw.
    expect(await json(await withdraw(client, code), 409)).toEqual({ errors: [{ code: "error.wrong_state" }] });
    expect(await json(await client.fetch("/api/self-service/withdrawal"), 404)).toEqual({ errors: [{ code: "error.not_found" }] });
    expect((await audited(customer.id)).filter((s) => s.startsWith("write policy:"))).toHaveLength(1);
    expect(await json(await client.fetch("/api/onboarding/state"))).toMatchObject({ state: "NEW" });
  });

  it("for the health-data consent's sake: the consent is recorded as withdrawn (docs/decisions/0337), and after a withdrawal for the wish it can be withdrawn back at the account step", async () => {
    const consent = async (client: Client) =>
      (await json(await client.fetch("/api/self-service/consents"))).consents.find((c: { consent: string }) => c.consent === "health-data");
    const events = async (customerId: number) =>
      app.core.db.query<{ given: boolean }>(`SELECT given FROM consent_events WHERE customer_id = $1 AND consent = 'health-data'`, [customerId]);

    const forConsent = await waitingForTheUnderwriter();
    await json(await forConsent.client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation(forConsent.code, { reason: "health-data" }) }));
    expect(await consent(forConsent.client)).toMatchObject({ given: false });
    expect(await events(forConsent.customer.id)).toEqual([{ given: false }]);

    const forWish = await waitingForTheUnderwriter();
    await json(await withdraw(forWish.client, forWish.code));
    expect(await consent(forWish.client)).toMatchObject({ given: true });
    // Withdrawn on the user page's door at the first state: nothing left to erase, recorded.
    expect(await json(await forWish.client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "health-data", given: false } }))).toMatchObject({ given: false });
    expect(await events(forWish.customer.id)).toEqual([{ given: false }]);
    expect(await stateOf(forWish.code)).toBe("NEW");
  });

  it("while the operator accepts it at the same moment: one way only, never an accepted case left as a withdrawn application", async () => {
    const rounds = 10;
    const applicants = await Promise.all(Array.from({ length: rounds }, () => waitingForTheUnderwriter()));
    for (const [i, { client, code, customer }] of applicants.entries()) {
      // The statement's request does more before it takes the lock (the e-ID, the bills): the
      // operator starts a little later round after round, so that either may take it first.
      const [withdrawn, accepted] = await Promise.all([
        withdraw(client, code).then(async (r) => ({ status: r.status, body: await r.json() })),
        after(i * 4).then(() => operator().accept(code)),
      ]);
      expect(withdrawn.status).toBe(200);
      const policy = await policyOf(customer.id);
      if (accepted.ok) {
        // Accepted first: the contract was concluded, and the statement withdrew from it.
        expect(withdrawn.body).toMatchObject({ kind: "withdrawal", state: "WITHDRAWN" });
        expect(policy).toMatchObject({ status: "WITHDRAWN", application_withdrawn: false });
        expect(policy.accepted_at).not.toBeNull();
      } else {
        expect(accepted).toEqual({ ok: false, failure: [{ code: "error.application_withdrawn" }] });
        expect(withdrawn.body).toMatchObject({ kind: "application", state: "NEW" });
        expect(policy).toMatchObject({ status: "WITHDRAWN", application_withdrawn: true, accepted_at: null });
      }
      expect((await audited(customer.id)).filter((s) => s.startsWith("write policy:"))).toHaveLength(1);
      expect(await billed(customer.id)).toMatchObject({ credit_notes: (await billed(customer.id)).invoices });
    }
  });
});
