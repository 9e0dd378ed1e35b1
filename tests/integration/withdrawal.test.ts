/**
 * Withdrawing from or cancelling the policy (issue 22 items 1, 4 and 6, docs/decisions/0130),
 * through the /api door and the page's loader and action, on fresh policyholders: within 30
 * days of signing a withdrawal (ended from the start, every invoice credited, nothing billed
 * again), after it a cancellation, its cover to the end of the billing period under way at the month's end (nothing billed after it, docs/decisions/0302); a fresh e-ID
 * confirmation of the policyholder's own code; once per submission key; audited; a new
 * application afterwards. The door opens on the day of signing (docs/decisions/0258).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withdrawalUntil } from "~/core/contract-term";
import { addDays, addMonths, today } from "~/core/clock";
import { POLICYHOLDER_CODE } from "~/core/demo/policyholder";
import { WITHDRAWN_CODE } from "~/core/demo/withdrawn";
import { migrate, migrations } from "~/core/db/migrations";
import type { Invoice } from "~/core/invoices";
import { action as withdrawAction, loader as withdrawLoader } from "~/routes/self-service.withdraw";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { loader as billsLoader } from "~/routes/self-service.bills";
import { loader as scoreTabLoader } from "~/routes/self-service.score";
import { loader as creditNoteLoader } from "~/routes/self-service.credit-notes.$pid";
import { loader as selfServiceLoader } from "~/routes/self-service";
import { loader as confirmationLoader } from "~/routes/confirmation";
import { loader as endingLoader } from "~/routes/self-service.documents.ending";
import { loader as rootLoader } from "~/root";
import { tallinnDateTime } from "~/lib/tallinn-time";
import { formatDate } from "~/lib/euro";
import { Client, startTestApp, type TestApp } from "../support/app";
import { noon, policyholderSince, signedInAgain } from "../support/customers";
import { emptyDatabase } from "../support/database";
import { pdfText } from "../support/pdf-text";
import { freshPersonalCode } from "../support/personal-codes";
import { REGISTRATION } from "../support/questionnaire";
import { customerAt, json, walkTo } from "../support/reach";
import { expectRedirect, routeArgs, run } from "../support/routes";

let app: TestApp;
const NOW = new Date().toISOString();
beforeAll(async () => {
  app = await startTestApp({ now: NOW });
});
beforeEach(() => app.clock.set(NOW));
afterAll(() => app.close());

const confirmation = (code: string, extra: Record<string, unknown> = {}) => ({ confirm: true, method: "smart-id", idCode: code, ...extra });

async function invoices(client: Client): Promise<Invoice[]> {
  return json(await client.fetch("/api/invoices"));
}

/** The notices queued for the customer's sessions' next page (docs/decisions/0321). */
async function notices(customerId: number): Promise<Array<{ key: string; params?: Record<string, string> }>> {
  const rows = await app.core.db.query<{ data: { notices?: Array<{ key: string; params?: Record<string, string> }> } }>(`SELECT data FROM sessions WHERE customer_id = $1`, [customerId]);
  return rows.flatMap((r) => r.data.notices ?? []);
}

async function auditSubjects(customerId: number): Promise<string[]> {
  const rows = await app.core.db.query<{ subject: string }>(`SELECT subject FROM health_data_audit WHERE customer_id = $1 AND subject LIKE 'policy:%'`, [customerId]);
  return rows.map((r) => r.subject);
}

describe("within 30 days of signing: a withdrawal", () => {
  it("states the last day, refuses without the confirmation or with another person's e-ID, then ends the policy from its start and credits every invoice, once", async () => {
    const { client, customer, code, signedOn } = await policyholderSince(app, 20);
    const terms = await json(await client.fetch("/api/self-service/withdrawal"));
    expect(terms).toMatchObject({ signedOn, withdrawalUntil: withdrawalUntil(signedOn), ending: { kind: "withdrawal", withdrawalUntil: withdrawalUntil(signedOn) }, invoices: 1 });
    const [invoice] = await invoices(client);
    expect(terms.credited).toBe(invoice.sum);

    const unconfirmed = await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { ...confirmation(code), confirm: false } }), 400);
    expect(unconfirmed.errors).toEqual([{ code: "error.withdrawal.confirm", context: "confirm" }]);
    const someoneElse = await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation(POLICYHOLDER_CODE) }), 400);
    expect(someoneElse.errors).toEqual([{ code: "error.withdrawal.identity", context: "idCode" }]);
    const badCode = await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation("12345678901") }), 400);
    expect(badCode.errors[0]).toMatchObject({ code: "error.idCode", context: "idCode" });
    expect(await auditSubjects(customer.id)).toEqual([]);

    // Nothing ended yet: nothing to acknowledge.
    expect((await client.fetch("/api/documents/ending")).status).toBe(404);

    const key = "withdraw-key-0000000001";
    const ended = await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { ...confirmation(code), submissionKey: key } }));
    expect(ended).toEqual({ kind: "withdrawal", endDate: null, creditNotes: [invoice.pid.replace("EK-", "KR-")], state: "WITHDRAWN", redirectTo: "/self-service/insurance", replayed: false });
    // The same submission again: the first outcome, no second effect.
    const replay = await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { ...confirmation(code), submissionKey: key } }));
    expect(replay).toMatchObject({ kind: "withdrawal", replayed: true });
    expect(await auditSubjects(customer.id)).toHaveLength(1);
    expect((await auditSubjects(customer.id))[0]).toMatch(/^policy:\d+:withdrawal:wish$/);
    // A new submission: nothing left to end.
    const again = await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { ...confirmation(code), submissionKey: "withdraw-key-0000000002" } }), 409);
    expect(again.errors).toEqual([{ code: "error.wrong_state" }]);
    expect((await json(await client.fetch("/api/self-service/withdrawal"), 404)).errors).toEqual([{ code: "error.not_found" }]);

    expect((await app.core.customers.byPersonalCode(code))!.state).toBe("WITHDRAWN");
    expect(await json(await client.fetch("/api/insurance"))).toMatchObject({ status: "WITHDRAWN", endDate: null });
    const [credited] = await invoices(client);
    expect(credited.creditNote).toEqual({ pid: ended.creditNotes[0], date: today(app.clock) });
    expect(await json(await client.fetch("/api/credit-notes"))).toEqual([{ pid: ended.creditNotes[0], date: today(app.clock), invoicePid: invoice.pid, sum: invoice.sum }]);

    // The credit note as PDF: the invoice's payment details, the amount credited.
    const pdf = await client.fetch(`/api/credit-notes/${ended.creditNotes[0]}?lng=en`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`Credit note ${ended.creditNotes[0]}`);
    expect(text).toContain(invoice.referenceNumber);
    expect(text).toContain(invoice.pid);
    // The acknowledgement to keep (docs/decisions/0259): what was received, when, from whom, what follows.
    const [{ ended_at: endedAt }] = await app.core.db.query<{ ended_at: Date }>(`SELECT ended_at FROM policies WHERE customer_id = $1`, [customer.id]);
    const { date, time } = tallinnDateTime(new Date(endedAt).toISOString());
    const receipt = await client.fetch("/api/documents/ending?lng=en");
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
    expect(receipt.headers.get("content-disposition")).toMatch(/^attachment; filename="ending-confirmation-EK-\d+\.pdf"$/);
    // One line per paragraph: the PDF wraps them.
    const acknowledged = (await pdfText(Buffer.from(await receipt.arrayBuffer()))).replace(/\s+/g, " ");
    expect(acknowledged).toContain(`We confirm that on ${date} at ${time} we received your withdrawal from insurance contract ${terms.policyNumber}.`);
    // The demo e-ID confirms in the same request: at the same time (docs/decisions/0279).
    expect(acknowledged).toContain(`identity confirmed with e-ID on ${date} at ${time}`);
    expect(acknowledged).toContain(`${customer.firstName} ${customer.lastName}, ${code}`);
    expect(acknowledged).toContain("your wish (no reason is needed)");
    expect(acknowledged).toContain(ended.creditNotes[0]);
    // The credited invoice's PDF says so.
    expect(await pdfText(Buffer.from(await (await client.fetch(`/api/invoices/${invoice.pid}?lng=en`)).arrayBuffer()))).toContain(`credited by credit note ${ended.creditNotes[0]}`);
    // Each document given out is a read in the customer's access log, with its number.
    const log = await json(await client.fetch("/api/self-service/access-log?pageSize=100"));
    const documents = log.items.filter((e: { what: string }) => ["credit-note", "ending"].includes(e.what)).map((e: { what: string; format: string; reference: string }) => [e.what, e.format, e.reference]);
    expect(documents).toEqual([
      ["ending", "pdf", terms.policyNumber],
      ["credit-note", "pdf", ended.creditNotes[0]],
    ]);

    // Months later: nothing billed again.
    app.clock.set(noon(addMonths(today(app.clock), 3)));
    expect((await invoices(await signedInAgain(app, code))).map((i) => i.pid)).toEqual([invoice.pid]);
  });

  it("answers another customer's credit note with 404", async () => {
    const first = await policyholderSince(app, 5);
    await json(await first.client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation(first.code) }));
    const [note] = await json(await first.client.fetch("/api/credit-notes"));
    const other = await policyholderSince(app, 5);
    expect((await other.client.fetch(`/api/credit-notes/${note.pid}`)).status).toBe(404);
    // Nor is the first one's acknowledgement anyone else's.
    expect((await other.client.fetch("/api/documents/ending")).status).toBe(404);
    expect((await run(() => endingLoader(routeArgs(app, "/self-service/documents/ending", { cookie: other.cookie })))).status).toBe(404);
    const outcome = await run(() => creditNoteLoader(routeArgs(app, `/self-service/credit-notes/${note.pid}`, { cookie: other.cookie, params: { pid: note.pid } })));
    expect(outcome.status).toBe(404);
    const log = await json(await other.client.fetch("/api/self-service/access-log?pageSize=100"));
    expect(log.items.filter((e: { what: string }) => ["credit-note", "ending"].includes(e.what))).toEqual([]);
  });

  it("through the page: the loader states the terms, the action (JavaScript off) ends the policy once, the bills show the credit", async () => {
    const { customer, code, cookie, signedOn } = await policyholderSince(app, 30);
    const page = await run<{ terms: { policyNumber: string; ending: { kind: string; withdrawalUntil: string } }; submissionKey: string; heading: string; back: unknown }>(() =>
      withdrawLoader(routeArgs(app, "/self-service/withdraw", { cookie })),
    );
    expect(page.status).toBe(200);
    expect(page.data!.terms.ending).toEqual({ kind: "withdrawal", withdrawalUntil: withdrawalUntil(signedOn) });
    expect(page.data!.heading).toBe("Lepingust taganemine");
    expect(page.data!.back).toEqual({ href: "/self-service/insurance", label: "Tagasi kindlustuse juurde" });

    const missing = await run<{ result: { error: Record<string, string[]> } }>(() =>
      withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form: { method: "smart-id", idCode: code, _submission: page.data!.submissionKey } })),
    );
    expect(missing.status).toBe(400);
    expect(missing.data!.result.error.confirm).toEqual(["error.withdrawal.confirm"]);
    // The reason is a hidden input: a changed one is said at the form's top, where the summary shows it.
    const tampered = await run<{ result: { error: Record<string, string[]> } }>(() =>
      withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form: { confirm: "on", method: "smart-id", idCode: code, reason: "bogus", _submission: page.data!.submissionKey } })),
    );
    expect(tampered.status).toBe(400);
    expect(tampered.data!.result.error).toEqual({ "": ["error.form_changed"] });

    const form = { confirm: "on", method: "smart-id", idCode: code, reason: "wish", _submission: page.data!.submissionKey };
    expectRedirect(await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form }))), "/self-service/insurance");
    expectRedirect(await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form }))), "/self-service/insurance");
    expect(await auditSubjects(customer.id)).toHaveLength(1);
    // The tab it lands on says what was done, once (the post sent twice ended it once).
    const policy = page.data!.terms.policyNumber;
    expect(await notices(customer.id)).toEqual([{ key: "withdrawal.notice.withdrawal", params: { policy } }]);
    const root = await run<{ notices: string[] }>(() => rootLoader(routeArgs(app, "/self-service/insurance", { cookie })));
    expect(root.data!.notices).toEqual([`Taganesid lepingust ${policy}: leping lõppes algusest peale.`]);
    expect((await run<{ notices: string[] }>(() => rootLoader(routeArgs(app, "/self-service/insurance", { cookie })))).data!.notices).toEqual([]);

    const insurance = await run<{ ending: { state: string; maySignUpAgain: boolean; mayEnd: boolean } }>(() => insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie })));
    expect(insurance.data!.ending).toMatchObject({ state: "WITHDRAWN", maySignUpAgain: true, mayEnd: false });
    const bills = await run<{ invoices: Array<{ creditNote: { pid: string } | null }>; creditNotes: Array<{ pid: string }> }>(() => billsLoader(routeArgs(app, "/self-service/bills", { cookie })));
    expect(bills.data!.creditNotes).toHaveLength(1);
    expect(bills.data!.invoices.every((i) => i.creditNote?.pid === bills.data!.creditNotes[0].pid)).toBe(true);
    const view = await run<{ model: { title: string } }>(() =>
      creditNoteLoader(routeArgs(app, `/self-service/credit-notes/${bills.data!.creditNotes[0].pid}`, { cookie, params: { pid: bills.data!.creditNotes[0].pid } })),
    );
    expect(view.data!.model.title).toBe(`Kreeditarve ${bills.data!.creditNotes[0].pid}`);
  });

  it("withdrawing the health-data consent explains itself and, confirmed, withdraws: the consent is off", async () => {
    const { client, customer, code, cookie } = await policyholderSince(app, 3);
    const page = await run<{ reason: string; heading: string; submissionKey: string }>(() => withdrawLoader(routeArgs(app, "/self-service/withdraw?reason=health-data", { cookie })));
    expect(page.data).toMatchObject({ reason: "health-data", heading: "Terviseandmete nõusoleku tagasivõtmine" });
    const form = { confirm: "on", method: "id-card", idCode: code, reason: "health-data", _submission: page.data!.submissionKey };
    expectRedirect(await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw?reason=health-data", { cookie, form }))), "/self-service/insurance");
    const [registration] = await app.core.db.query<{ health_data_agreement: boolean }>(`SELECT health_data_agreement FROM registrations WHERE customer_id = $1`, [customer.id]);
    expect(registration.health_data_agreement).toBe(false);
    expect((await auditSubjects(customer.id))[0]).toMatch(/:withdrawal:health-data$/);
    // The tab says both: the contract withdrawn from, and the consent withdrawn as the user page says it.
    expect(await notices(customer.id)).toEqual([
      { key: "withdrawal.notice.withdrawal", params: { policy: expect.stringMatching(/^EK-\d+$/) } },
      { key: "self_service.consents.notice.health-data.withdrawn_withdrawn" },
    ]);
    // Its acknowledgement as a web page names the consent withdrawn.
    const view = await run<{ model: { title: string; blocks: unknown[] }; pdfHref: string }>(() => endingLoader(routeArgs(app, "/self-service/documents/ending", { cookie })));
    expect(view.data!.model.title).toMatch(/^Kinnitus lepingust taganemise kohta EK-\d+$/);
    expect(JSON.stringify(view.data!.model.blocks)).toContain("terviseandmete töötlemise nõusoleku tagasivõtmine");
    expect(JSON.stringify(view.data!.model.blocks)).toContain("Sinu terviseandmete töötlemise nõusolek on tagasi võetud.");
    // The policy as it ended: withdrawn from its start, no cover, no renewal (docs/decisions/0342).
    const policy = (await pdfText(Buffer.from(await (await client.fetch("/api/documents/policy?lng=en")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(policy).toContain("it ended from its start, and there was no cover.");
    expect(policy).not.toMatch(/Renewal|Last day of cover/);
    // Its payment schedule too: as signed, below how it ended; no renewal prices (docs/decisions/0269).
    const schedule = (await pdfText(Buffer.from(await (await client.fetch("/api/documents/payment-schedule?lng=en")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(schedule).toContain("it ended from its start, and there was no cover. Below is the schedule as it was signed. After the withdrawal nothing is payable; the invoices issued have been credited (see Bills).");
    expect(schedule).toContain("Total for 12 months");
    expect(schedule).not.toContain("How the premium changes with age");
    expect(view.data!.pdfHref).toBe("/api/documents/ending?lng=et");
    // The application's web page cannot be drawn from answers erased: it says so beside the PDF
    // signed, which is kept (an audit found the tab linking an error page).
    const application = await app.core.offer.applicationView((await app.core.customers.byId(customer.id))!, "en");
    expect(JSON.stringify(application!.blocks)).toContain("they were erased when you withdrew your consent to the processing of health data");
    expect((await client.fetch("/api/documents/application")).status).toBe(200);
  });

  it("afterwards a new application starts from the account step", async () => {
    const { client, code } = await policyholderSince(app, 1);
    await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation(code) }));
    const saved = await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }));
    expect(saved).toMatchObject({ state: "ACCOUNT_REGISTERED" });
    expect((await app.core.customers.byPersonalCode(code))!.state).toBe("ACCOUNT_REGISTERED");
  });
});

describe("on the day of signing, before the start day (docs/decisions/0258)", () => {
  /** A fresh customer who has just signed (AGREEMENT_SIGNED, the policy starting tomorrow), through /api. */
  async function signedToday() {
    const { client, customer, code } = await customerAt(app, "confirmation", { today: today(app.clock) });
    expect(customer.state).toBe("AGREEMENT_SIGNED");
    return { client, customer, code, cookie: client.cookieHeader };
  }

  it("the confirmation leads to the door; confirmed, the policy ends from its start with nothing billed, and its start day does not activate it", async () => {
    const { client, customer, code, cookie } = await signedToday();
    const signedOn = today(app.clock);
    const door = await run<{ withdrawalUntil: string | null }>(() => confirmationLoader(routeArgs(app, "/confirmation", { cookie })));
    expect(door.data!.withdrawalUntil).toBe(withdrawalUntil(signedOn));
    expect(await json(await client.fetch("/api/self-service/withdrawal"))).toMatchObject({
      signedOn,
      startDate: addDays(signedOn, 1),
      ending: { kind: "withdrawal", withdrawalUntil: withdrawalUntil(signedOn) },
      credited: 0,
      invoices: 0,
    });
    // Only the door: the rest of self-service opens on the start day.
    expectRedirect(await run(() => insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie }))), "/confirmation");
    const layout = await run<{ tabs: boolean }>(() => selfServiceLoader(routeArgs(app, "/self-service/withdraw", { cookie })));
    expect(layout.data!.tabs).toBe(false);
    const page = await run<{ terms: { invoices: number }; back: { href: string; label: string }; submissionKey: string }>(() => withdrawLoader(routeArgs(app, "/self-service/withdraw", { cookie })));
    expect(page.data).toMatchObject({ terms: { invoices: 0 }, back: { href: "/confirmation", label: "Tagasi kinnituse juurde" } });

    const form = { confirm: "on", method: "smart-id", idCode: code, reason: "wish", _submission: page.data!.submissionKey };
    expectRedirect(await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form }))), "/self-service/insurance");
    expect((await app.core.customers.byPersonalCode(code))!.state).toBe("WITHDRAWN");
    expect(await json(await client.fetch("/api/insurance"))).toMatchObject({ status: "WITHDRAWN", endDate: null });
    expect(await json(await client.fetch("/api/credit-notes"))).toEqual([]);
    expect(await auditSubjects(customer.id)).toEqual([expect.stringMatching(/^policy:\d+:withdrawal:wish$/)]);
    const insurance = await run<{ ending: { state: string; maySignUpAgain: boolean } }>(() => insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie })));
    expect(insurance.data!.ending).toMatchObject({ state: "WITHDRAWN", maySignUpAgain: true });
    // The confirmation is behind them.
    expectRedirect(await run(() => confirmationLoader(routeArgs(app, "/confirmation", { cookie }))), "/self-service");

    // Its start day and a month on: not activated, nothing billed.
    app.clock.set(noon(addMonths(signedOn, 1)));
    await app.core.offer.operations.activateDue();
    expect((await app.core.customers.byPersonalCode(code))!.state).toBe("WITHDRAWN");
    expect(await invoices(await signedInAgain(app, code))).toEqual([]);
  });

  it("a new application after it signs a policy of its own, which the confirmation shows", async () => {
    const { client, code } = await signedToday();
    await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation(code) }));
    await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }));
    expect(await walkTo(client, "confirmation")).toBe("AGREEMENT_SIGNED");
    const policies = await app.core.db.query<{ status: string }>(`SELECT status FROM policies p JOIN customers c ON c.id = p.customer_id WHERE c.personal_code = $1 ORDER BY p.id`, [code]);
    expect(policies.map((p) => p.status)).toEqual(["WITHDRAWN", "SIGNED"]);
    const page = await run<{ documents: string[]; withdrawalUntil: string | null }>(() => confirmationLoader(routeArgs(app, "/confirmation", { cookie: client.cookieHeader })));
    expect(page.data).toMatchObject({ documents: ["policy", "payment-schedule", "application"], withdrawalUntil: withdrawalUntil(today(app.clock)) });
  });
});

describe("the demo's withdrawn policy (Liis Lepp)", () => {
  it("is seeded WITHDRAWN, her one invoice credited, her self-service offering a new sign-up", async () => {
    const client = await signedInAgain(app, WITHDRAWN_CODE);
    expect((await app.core.customers.byPersonalCode(WITHDRAWN_CODE))!.state).toBe("WITHDRAWN");
    expect(await json(await client.fetch("/api/insurance"))).toMatchObject({ status: "WITHDRAWN" });
    const [invoice, ...more] = await invoices(client);
    expect(more).toEqual([]);
    expect(invoice.creditNote?.pid).toBe(invoice.pid.replace("EK-", "KR-"));
    // Signed twelve days ago, started the day after: her one invoice bills the premium she signed,
    // with no score period of hers over to change its discount (one from before her start did).
    const [policy] = await app.core.db.query<{ signed_on: string; start_date: string; premium: number; discount: number }>(
      `SELECT to_char(p.signed_at AT TIME ZONE 'Europe/Tallinn', 'YYYY-MM-DD') AS signed_on, to_char(p.start_date, 'YYYY-MM-DD') AS start_date,
              (p.estimation->>'premiumTotal')::int AS premium, (p.estimation->>'wellnessDiscountPercent')::int AS discount
         FROM policies p JOIN customers c ON c.id = p.customer_id WHERE c.personal_code = $1`,
      [WITHDRAWN_CODE],
    );
    expect(policy).toMatchObject({ signed_on: addDays(today(app.clock), -12), start_date: addDays(today(app.clock), -11) });
    expect(invoice).toMatchObject({ date: policy.start_date, discountPercent: policy.discount, sum: policy.premium });
    const periods = await app.core.db.query(`SELECT 1 FROM score_profiles s JOIN customers c ON c.id = s.customer_id WHERE c.personal_code = $1 AND s.period_start IS NOT NULL`, [WITHDRAWN_CODE]);
    expect(periods).toEqual([]);
    const insurance = await run<{ ending: { maySignUpAgain: boolean } }>(() => insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie: client.cookieHeader })));
    expect(insurance.data!.ending.maySignUpAgain).toBe(true);
    // Her score tab asks for nothing and promises no discount on bills to come (decision 0269):
    // no invitation, no period to fill (an audit found both), as a policyholder's in force has.
    type ScoreTab = { intro: string | null; none: string; periods: Array<{ pid: string | null }> };
    const score = await run<ScoreTab>(() => scoreTabLoader(routeArgs(app, "/self-service/score", { cookie: client.cookieHeader })));
    expect(score.data).toMatchObject({ intro: null, none: "self_service.score.none_ended" });
    expect(score.data!.periods.filter((p) => p.pid === null)).toEqual([]);
    const inForce = await signedInAgain(app, POLICYHOLDER_CODE);
    const theirs = await run<ScoreTab>(() => scoreTabLoader(routeArgs(app, "/self-service/score", { cookie: inForce.cookieHeader })));
    expect(theirs.data!.intro).toBe("self_service.score.intro");
    expect(theirs.data!.periods.some((p) => p.pid === null)).toBe(true);
  });
});

describe("after 30 days: a cancellation", () => {
  it("keeps the invoices dated up to the month's end, covers to the end of the last one's billing period, issues none after it and credits nothing (docs/decisions/0302)", async () => {
    // Signed on 6 October, started on the 7th, cancelled on 20 November: November's invoice
    // (7 November) stays due and bills 7.11–6.12, so the cover runs to 6 December, not to 30
    // November (a premium for six days without cover, VÕS § 459).
    app.clock.set(noon("2026-11-20"));
    const { client, customer, code, signedOn } = await policyholderSince(app, 45);
    expect(signedOn).toBe("2026-10-06");
    const endDate = "2026-12-06";
    const terms = await json(await client.fetch("/api/self-service/withdrawal"));
    expect(terms.ending).toEqual({ kind: "cancellation", endDate });
    expect(terms.withdrawalUntil).toBe(withdrawalUntil(signedOn));
    const before = await invoices(client);
    expect(before.map((i) => i.date).sort()).toEqual(["2026-10-07", "2026-11-07"]);

    const ended = await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation(code, { method: "mobile-id", phone: "+372 5123 4567" }) }));
    expect(ended).toMatchObject({ kind: "cancellation", endDate, creditNotes: [], state: "CANCELLED" });
    // A program reads the answer: no notice waits for a page.
    expect(await notices(customer.id)).toEqual([]);
    expect(await json(await client.fetch("/api/insurance"))).toMatchObject({ status: "CANCELLED", endDate });
    expect((await auditSubjects(customer.id))[0]).toMatch(/:cancellation:wish$/);
    const acknowledged = (await pdfText(Buffer.from(await (await client.fetch("/api/documents/ending?lng=en")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(acknowledged).toContain(`we received your cancellation of insurance contract ${terms.policyNumber}.`);
    expect(acknowledged).toContain(`The cover ends on ${formatDate(endDate)}.`);
    // The policy as it ended: how and when, its last day of cover; no renewal, notice or last day decades on (docs/decisions/0342).
    const policy = (await pdfText(Buffer.from(await (await client.fetch("/api/documents/policy?lng=en")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(policy).toContain(`You cancelled the contract on ${formatDate("2026-11-20")}: the cover runs until ${formatDate(endDate)}, and the contract is not renewed.`);
    expect(policy).not.toMatch(/Renewal|Notice before renewal|Last day of cover/);
    const schedule = (await pdfText(Buffer.from(await (await client.fetch("/api/documents/payment-schedule?lng=et")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(schedule).toContain(`Ütlesid lepingu üles ${formatDate("2026-11-20")}: kindlustuskaitse kehtib kuni ${formatDate(endDate)} ja lepingut ei pikendata.`);
    expect(schedule).toContain(`Pärast ${formatDate(endDate)} makseid ei ole; esitatud arved on jaotises Arved.`);
    expect(schedule).not.toContain("Kuidas makse vanusega muutub");

    // Three months on: only the invoices dated up to the month's end, each billing days of cover only, none credited.
    app.clock.set(noon("2027-02-20"));
    const after = await invoices(await signedInAgain(app, code));
    expect(after.map((i) => i.date).sort()).toEqual(["2026-10-07", "2026-11-07"]);
    expect(after.every((i) => i.period.to <= endDate && !i.creditNote)).toBe(true);
    expect(after.map((i) => i.period.to)).toContain(endDate);
    expect(await json(await (await signedInAgain(app, code)).fetch("/api/credit-notes"))).toEqual([]);
  });

  it("through the page: the tab it lands on says the contract is cancelled and its last day of cover, in the page's language", async () => {
    app.clock.set(noon("2026-11-20"));
    const { customer, code, cookie } = await policyholderSince(app, 45);
    const page = await run<{ terms: { policyNumber: string; ending: { kind: string; endDate: string } }; submissionKey: string }>(() => withdrawLoader(routeArgs(app, "/self-service/withdraw", { cookie })));
    expect(page.data!.terms.ending).toEqual({ kind: "cancellation", endDate: "2026-12-06" });
    const form = { confirm: "on", method: "smart-id", idCode: code, reason: "wish", _submission: page.data!.submissionKey };
    expectRedirect(await run(() => withdrawAction(routeArgs(app, "/self-service/withdraw", { cookie, form }))), "/self-service/insurance");
    const policy = page.data!.terms.policyNumber;
    expect(await notices(customer.id)).toEqual([{ key: "withdrawal.notice.cancellation", params: { policy, date: "06.12.2026" } }]);
    const root = await run<{ notices: string[] }>(() => rootLoader(routeArgs(app, "/self-service/insurance?lng=ru", { cookie })));
    expect(root.data!.notices).toEqual([`Вы расторгли договор ${policy}: страховая защита действует до 06.12.2026.`]);
  });

  it("gives a contract started on the 31st a month of cover for its invoice dated on the month's last day, not one day (docs/audit-2026-12-01.md)", async () => {
    app.clock.set(noon("2027-01-20"));
    const { client, code } = await policyholderSince(app, 82);
    // Signed on 30 October, started on the 31st: January's invoice is dated the 31st and bills 31.01–27.02.
    expect((await json(await client.fetch("/api/self-service/withdrawal"))).ending).toEqual({ kind: "cancellation", endDate: "2027-02-27" });
    expect(await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation(code) }))).toMatchObject({ kind: "cancellation", endDate: "2027-02-27" });
    app.clock.set(noon("2027-03-10"));
    const after = await invoices(await signedInAgain(app, code));
    expect(after.map((i) => [i.date, i.period.to]).sort()).toEqual([
      ["2026-10-31", "2026-11-29"],
      ["2026-11-30", "2026-12-30"],
      ["2026-12-31", "2027-01-30"],
      ["2027-01-31", "2027-02-27"],
    ]);
  });

  it("refuses a customer without a policy (404 terms, 409 to end)", async () => {
    const code = freshPersonalCode({ age: 30 });
    const client = new Client(app.url);
    expect((await client.signIn(code)).result).toBe("SUCCESS");
    expect((await client.fetch("/api/self-service/withdrawal")).status).toBe(404);
    const refused = await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: confirmation(code) }), 409);
    expect(refused.errors).toEqual([{ code: "error.wrong_state" }]);
    expect((await client.fetch("/api/self-service/withdrawal", { method: "POST", json: ["x"] })).status).toBe(400);
  });
});

describe("migration 0023_policy_ending_sent_at (docs/decisions/0279)", () => {
  it("gives a policy ended before it its ended_at as the statement's moment, and keeps the two together, the statement first", async () => {
    const db = await emptyDatabase();
    try {
      await migrate(db, migrations.slice(0, migrations.findIndex((m) => m.id === "0023_policy_ending_sent_at")));
      const [{ id: customerId }] = await db.query<{ id: number }>(
        `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, state, created_at, updated_at)
         VALUES ('48503020132', 'Mari', 'Maasikas', '1985-03-02', 'SELF_SERVICE', now(), now()) RETURNING id`,
      );
      const policy = async (status: string, endedAt: string | null) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO policies (customer_id, status, signed_document, document_sha256, signed_at, start_date, death_cover, disability_cover, services, estimation, language, ended_at)
             VALUES ($1, $2, '\\x00', 'x', '2026-01-10T10:00:00Z', '2026-01-11', 100000, 0, '[]', '{}', 'et', $3) RETURNING id`,
            [customerId, status, endedAt],
          )
        )[0].id;
      const withdrawn = await policy("WITHDRAWN", "2026-01-20T21:58:00Z");
      const held = await policy("ACTIVE", null);
      await migrate(db);
      const sentAt = async (id: number) => (await db.query<{ ending_sent_at: Date | null }>(`SELECT ending_sent_at FROM policies WHERE id = $1`, [id]))[0].ending_sent_at;
      expect((await sentAt(withdrawn))!.toISOString()).toBe("2026-01-20T21:58:00.000Z");
      expect(await sentAt(held)).toBeNull();
      await expect(db.query(`UPDATE policies SET ending_sent_at = '2026-01-20T22:03:00Z' WHERE id = $1`, [withdrawn])).rejects.toThrow(/policies_ending_sent_before_ended/);
      await expect(db.query(`UPDATE policies SET ended_at = now() WHERE id = $1`, [held])).rejects.toThrow(/policies_ending_sent_before_ended/);
    } finally {
      await db.close();
    }
  });
});
