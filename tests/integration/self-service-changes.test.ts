/**
 * The policyholder's own changes in self-service (issue 22 items 2, 4, 6 and 7; docs/api.md
 * "Self-service changes", docs/decisions/0140 and 0141): the contact details and the optional
 * consents through /api/self-service/… and through the pages' actions, each change kept with its
 * time, a double submit applied once; the bills' due dates; the confirmation's signed documents
 * and its way on to self-service.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "~/core/clock";
import { action as contactAction, loader as contactLoader } from "~/routes/self-service_.user.contact";
import { action as userAction, loader as userLoader } from "~/routes/self-service.user";
import { loader as billsLoader } from "~/routes/self-service.bills";
import { loader as confirmationLoader } from "~/routes/confirmation";
import { loader as confirmationDocumentLoader } from "~/routes/confirmation_.documents.$kind";
import { Client, startTestApp, type TestApp } from "../support/app";
import { journeyToQuestionnaire, saveQuestionnaire, signAgreement } from "../support/journey-api";
import { freshPolicyholder } from "../support/customers";
import { freshPersonalCode } from "../support/personal-codes";
import { REGISTRATION } from "../support/questionnaire";
import { expectRedirect, routeArgs, run, signedInCustomer } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A customer who came through the partner's link and gave both optional consents at registration, then became a policyholder. */
async function partnerPolicyholder() {
  const code = freshPersonalCode({ age: 35 });
  const client = new Client(app.url);
  expect((await client.signIn(code, "smart-id", "?src=partnerbank")).result).toBe("SUCCESS");
  const registered = await client.fetch("/api/onboarding/registration", { method: "POST", json: { ...REGISTRATION, newsletterAgreement: true, wlAgreement: true } });
  expect(registered.status, await registered.clone().text()).toBe(200);
  await app.core.db.query(`UPDATE customers SET state = 'SELF_SERVICE' WHERE personal_code = $1`, [code]);
  const customer = (await app.core.customers.byPersonalCode(code))!;
  return { client, customer, code };
}

const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;

async function contactChanges(customerId: number) {
  return app.core.db.query<{ field: string; old_value: string; new_value: string; changed_at: Date }>(
    `SELECT field, old_value, new_value, changed_at FROM contact_changes WHERE customer_id = $1 ORDER BY id`,
    [customerId],
  );
}

async function consentEvents(customerId: number) {
  return app.core.db.query<{ consent: string; given: boolean; partner: string | null; via: string; at: Date }>(
    `SELECT consent, given, partner, via, at FROM consent_events WHERE customer_id = $1 ORDER BY id`,
    [customerId],
  );
}

/** The notices queued for the session's next page. */
async function notices(customerId: number): Promise<Array<{ key: string; params?: Record<string, string> }>> {
  const rows = await app.core.db.query<{ data: { notices?: Array<{ key: string; params?: Record<string, string> }> } }>(
    `SELECT data FROM sessions WHERE customer_id = $1`,
    [customerId],
  );
  return rows.flatMap((r) => r.data.notices ?? []);
}

describe("GET and POST /api/self-service/contact", () => {
  it("changes the e-mail and phone at once, normalised as at registration, and keeps each change with its time", async () => {
    const { client, customer } = await freshPolicyholder(app);
    expect(await (await client.fetch("/api/self-service/contact")).json()).toEqual({ email: expect.stringContaining("@example.com"), phone: "+372 5123 4567" });
    const before = await (await client.fetch("/api/account")).json();

    const response = await client.fetch("/api/self-service/contact", { method: "POST", json: { email: "  uus.aadress@example.ee ", phone: "5555 1234", submissionKey: key() } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: "uus.aadress@example.ee", phone: "+372 5555 1234", changed: ["email", "phone"], replayed: false });

    // In force at once: the account, the registration and the customer say so.
    expect(await (await client.fetch("/api/account")).json()).toMatchObject({ email: "uus.aadress@example.ee", phoneNumber: "+372 5555 1234" });
    expect(await (await client.fetch("/api/onboarding/registration")).json()).toMatchObject({ email: "uus.aadress@example.ee", phone: "+372 5555 1234" });
    expect((await app.core.customers.byPersonalCode(customer.personalCode))).toMatchObject({ email: "uus.aadress@example.ee", phone: "+372 5555 1234" });

    const changes = await contactChanges(customer.id);
    expect(changes).toEqual([
      { field: "email", old_value: before.email, new_value: "uus.aadress@example.ee", changed_at: expect.any(Date) },
      { field: "phone", old_value: "+372 5123 4567", new_value: "+372 5555 1234", changed_at: expect.any(Date) },
    ]);
    expect(new Date(changes[0].changed_at).toISOString()).toBe(app.clock.now().toISOString());

    // Only what differs is a change.
    const phoneOnly = await client.fetch("/api/self-service/contact", { method: "POST", json: { email: "uus.aadress@example.ee", phone: "+372 5555 9999" } });
    expect(await phoneOnly.json()).toMatchObject({ changed: ["phone"] });
    const same = await client.fetch("/api/self-service/contact", { method: "POST", json: { email: "uus.aadress@example.ee", phone: "+372 5555 9999" } });
    expect(await same.json()).toMatchObject({ changed: [] });
    expect(await contactChanges(customer.id)).toHaveLength(3);
  });

  it("applies a double submit once: the same key gets the first answer, replayed", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const submissionKey = key();
    const body = { email: "kord@example.ee", phone: "+372 5000 0001", submissionKey };
    const [a, b] = await Promise.all([
      client.fetch("/api/self-service/contact", { method: "POST", json: body }),
      client.fetch("/api/self-service/contact", { method: "POST", json: body }),
    ]);
    const answers = [await a.json(), await b.json()];
    expect(answers.map((x) => x.replayed).sort()).toEqual([false, true]);
    expect(answers[0]).toMatchObject({ email: "kord@example.ee", changed: ["email", "phone"] });
    expect(answers[1]).toMatchObject({ email: "kord@example.ee", changed: ["email", "phone"] });
    expect(await contactChanges(customer.id)).toHaveLength(2);
  });

  it("refuses what the registration refuses, field by field, and changes nothing", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const response = await client.fetch("/api/self-service/contact", { method: "POST", json: { email: "pole-aadress", phone: "+3" } });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { code: "error.email", context: "email" },
      { code: "error.phone", context: "phone" },
    ]);
    const empty = await client.fetch("/api/self-service/contact", { method: "POST", json: { email: "", phone: "+372 " } });
    expect((await empty.json()).errors).toEqual([
      { code: "error.required", context: "email" },
      { code: "error.required", context: "phone" },
    ]);
    const long = await client.fetch("/api/self-service/contact", { method: "POST", json: { email: `${"a".repeat(250)}@example.ee`, phone: "+372 5123 4567" } });
    expect((await long.json()).errors).toEqual([{ code: "error.too_long", context: "email" }]);
    expect((await client.fetch("/api/self-service/contact", { method: "POST", json: [1, 2] })).status).toBe(400);
    expect((await client.fetch("/api/self-service/contact", { method: "POST", json: { email: 5, phone: null } })).status).toBe(400);
    expect(await contactChanges(customer.id)).toEqual([]);
  });

  it("is for self-service only: 409 before it, 401 without a session, 404 without a registration", async () => {
    const onboarding = new Client(app.url);
    await journeyToQuestionnaire(onboarding, freshPersonalCode({ age: 40 }));
    const early = await onboarding.fetch("/api/self-service/contact", { method: "POST", json: { email: "a@example.ee", phone: "+372 5123 4567" } });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });

    const anonymous = new Client(app.url);
    expect((await anonymous.fetch("/api/self-service/contact")).status).toBe(401);
    expect((await anonymous.fetch("/api/self-service/contact", { method: "POST", json: { email: "a@example.ee", phone: "+372 5123 4567" } })).status).toBe(401);

    const unregistered = new Client(app.url);
    expect((await unregistered.signIn(freshPersonalCode({ age: 30 }))).result).toBe("SUCCESS");
    expect((await unregistered.fetch("/api/self-service/contact")).status).toBe(404);
    expect((await unregistered.fetch("/api/self-service/consents")).status).toBe(404);
  });
});

describe("GET and POST /api/self-service/consents", () => {
  it("gives and withdraws the newsletter at once, each answer kept with its time", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const seeded = await (await client.fetch("/api/self-service/consents")).json();
    // Jaan Tamm's registration: no newsletter, no partner (so no partner consent to show); the
    // score's consents not given (tests/integration/score-consents.test.ts).
    expect(seeded).toEqual({
      consents: [
        { consent: "newsletter", given: false, at: expect.any(String), partner: null },
        { consent: "activity", given: false, at: null, partner: null },
        { consent: "measurement", given: false, at: null, partner: null },
      ],
    });

    const given = await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "newsletter", given: true, submissionKey: key() } });
    expect(given.status).toBe(200);
    const at = app.clock.now().toISOString();
    expect(await given.json()).toEqual({ consent: "newsletter", given: true, at, partner: null, replayed: false });
    expect((await (await client.fetch("/api/onboarding/registration")).json()).newsletterAgreement).toBe(true);

    app.clock.set(new Date(app.clock.now().getTime() + 60_000));
    try {
      const withdrawn = await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "newsletter", given: false } });
      expect(await withdrawn.json()).toMatchObject({ given: false, at: app.clock.now().toISOString() });
      // Withdrawing again changes nothing, and keeps nothing new.
      await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "newsletter", given: false } });
      expect(await consentEvents(customer.id)).toEqual([
        { consent: "newsletter", given: true, partner: null, via: "self-service", at: new Date(at) },
        { consent: "newsletter", given: false, partner: null, via: "self-service", at: app.clock.now() },
      ]);
    } finally {
      app.clock.set(new Date(app.clock.now().getTime() - 60_000));
    }
  });

  it("applies a double submit once", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const body = { consent: "newsletter", given: true, submissionKey: key() };
    const first = await (await client.fetch("/api/self-service/consents", { method: "POST", json: body })).json();
    // Meanwhile withdrawn with another key: the replay must not give it again.
    await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "newsletter", given: false, submissionKey: key() } });
    const replay = await (await client.fetch("/api/self-service/consents", { method: "POST", json: body })).json();
    expect(replay).toEqual({ ...first, replayed: true });
    expect((await consentEvents(customer.id)).map((e) => e.given)).toEqual([true, false]);
    expect((await (await client.fetch("/api/self-service/consents")).json()).consents[0].given).toBe(false);
  });

  it("names the partner, and its consent goes and comes back; the registration's answers are in the history", async () => {
    const { client, customer } = await partnerPolicyholder();
    const events = await consentEvents(customer.id);
    expect(events.map(({ consent, given, partner, via }) => ({ consent, given, partner, via }))).toEqual([
      { consent: "newsletter", given: true, partner: null, via: "registration" },
      { consent: "partner", given: true, partner: "partnerbank", via: "registration" },
    ]);
    const { consents } = await (await client.fetch("/api/self-service/consents")).json();
    expect(consents.slice(0, 2)).toEqual([
      { consent: "newsletter", given: true, at: app.clock.now().toISOString(), partner: null },
      { consent: "partner", given: true, at: app.clock.now().toISOString(), partner: "Partner Pank" },
    ]);
    const withdrawn = await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "partner", given: false } });
    expect(await withdrawn.json()).toMatchObject({ consent: "partner", given: false, partner: "Partner Pank" });
    expect((await (await client.fetch("/api/onboarding/registration")).json()).wlAgreement).toBe(false);
    expect((await consentEvents(customer.id)).at(-1)).toMatchObject({ consent: "partner", given: false, partner: "partnerbank", via: "self-service" });
  });

  it("has no partner consent without a partner, and refuses what is no consent", async () => {
    const { client } = await freshPolicyholder(app);
    const partner = await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "partner", given: true } });
    expect(partner.status).toBe(404);
    expect(await partner.json()).toEqual({ errors: [{ code: "error.not_found", context: "consent" }] });
    const health = await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "healthData", given: false } });
    expect(health.status).toBe(400);
    expect(await health.json()).toEqual({ errors: [{ code: "error.invalid", context: "consent" }] });
    const notBoolean = await client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "newsletter", given: "yes" } });
    expect(notBoolean.status).toBe(400);
  });
});

describe("the pages", () => {
  it("the contact page changes the details, back on the user page with a notice; a wrong value comes back with its error", async () => {
    const { customer } = await freshPolicyholder(app);
    const { cookie } = await signedInCustomer(app, { personalCode: customer.personalCode });
    const page = await run<{ defaults: { email: string; phone: string }; submissionKey: string; title: string }>(() =>
      contactLoader(routeArgs(app, "/self-service/user/contact", { cookie })),
    );
    expect(page.data).toMatchObject({ defaults: { phone: "+372 5123 4567" }, title: "kontaktandmete muutmine | Elukaitse" });

    const wrong = await run<{ result: { error: Record<string, string[]> } }>(() =>
      contactAction(routeArgs(app, "/self-service/user/contact", { cookie, form: { email: "vale", phone: "+372 5123 4567", _submission: page.data!.submissionKey } })),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data!.result.error).toEqual({ email: ["error.email"] });

    const saved = await run(() =>
      contactAction(routeArgs(app, "/self-service/user/contact", { cookie, form: { email: "leht@example.ee", phone: "00372 5999 1111", _submission: page.data!.submissionKey } })),
    );
    expectRedirect(saved, "/self-service/user");
    expect(await app.core.contactChanges.contact(customer.id)).toEqual({ email: "leht@example.ee", phone: "+372 5999 1111" });
    expect(await notices(customer.id)).toContainEqual({ key: "self_service.contact.notice.changed" });

    // The same post again (a double click without JavaScript): no second change.
    expectRedirect(
      await run(() => contactAction(routeArgs(app, "/self-service/user/contact", { cookie, form: { email: "leht@example.ee", phone: "00372 5999 1111", _submission: page.data!.submissionKey } }))),
      "/self-service/user",
    );
    expect(await contactChanges(customer.id)).toHaveLength(2);
  });

  it("a contact form opened before a change in another tab keeps that change: what its customer left is not written, what they changed over it is refused", async () => {
    const { customer } = await freshPolicyholder(app);
    const { cookie } = await signedInCustomer(app, { personalCode: customer.personalCode });
    const open = async () =>
      (await run<{ defaults: { email: string; phone: string }; submissionKey: string }>(() => contactLoader(routeArgs(app, "/self-service/user/contact", { cookie })))).data!;
    const post = (tab: { defaults: { email: string; phone: string }; submissionKey: string }, change: Partial<{ email: string; phone: string }>) =>
      run<{ result: { error: Record<string, string[]> } }>(() =>
        contactAction(
          routeArgs(app, "/self-service/user/contact", {
            cookie,
            form: { ...tab.defaults, ...change, emailWas: tab.defaults.email, phoneWas: tab.defaults.phone, _submission: tab.submissionKey },
          }),
        ),
      );
    const [a, b] = [await open(), await open()];
    const before = a.defaults;
    expectRedirect(await post(a, { email: "tab.a@example.ee" }), "/self-service/user");
    // Tab B changes only the phone: A's e-mail stays (it once went back to the old one).
    expectRedirect(await post(b, { phone: "+372 5888 7777" }), "/self-service/user");
    expect(await app.core.contactChanges.contact(customer.id)).toEqual({ email: "tab.a@example.ee", phone: "+372 5888 7777" });
    expect((await contactChanges(customer.id)).map((c) => [c.field, c.old_value, c.new_value])).toEqual([
      ["email", before.email, "tab.a@example.ee"],
      ["phone", before.phone, "+372 5888 7777"],
    ]);
    // A third tab, opened before both, changing the e-mail over A's: refused, nothing written.
    const c = { ...a, submissionKey: (await open()).submissionKey };
    const refused = await post(c, { email: "tab.c@example.ee" });
    expect(refused.status).toBe(400);
    expect(refused.data!.result.error).toEqual({ email: ["error.changed_meanwhile"] });
    expect(await app.core.contactChanges.contact(customer.id)).toEqual({ email: "tab.a@example.ee", phone: "+372 5888 7777" });
    expect(await contactChanges(customer.id)).toHaveLength(2);
  });

  it("the user page shows the consents with their times and gives one with its form", async () => {
    const { customer } = await partnerPolicyholder();
    const { cookie } = await signedInCustomer(app, { personalCode: customer.personalCode });
    const page = await run<{ consents: Array<{ consent: string; given: boolean; partner: string | null; date: string; time: string; submissionKey: string }> }>(() =>
      userLoader(routeArgs(app, "/self-service/user", { cookie })),
    );
    const [newsletter, partner] = page.data!.consents;
    expect(newsletter).toMatchObject({ consent: "newsletter", given: true, date: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/), time: expect.stringMatching(/^\d\d:\d\d$/) });
    expect(partner).toMatchObject({ consent: "partner", given: true, partner: "Partner Pank" });

    const withdrawn = await run(() =>
      userAction(routeArgs(app, "/self-service/user", { cookie, form: { intent: "consent", consent: "partner", _submission: partner.submissionKey } })),
    );
    expectRedirect(withdrawn, "/self-service/user");
    expect((await app.core.contactChanges.consents(customer.id))![1]).toMatchObject({ consent: "partner", given: false });
    expect(await notices(customer.id)).toContainEqual({ key: "self_service.consents.notice.partner.withdrawn", params: { name: "Partner Pank" } });

    const given = await run(() =>
      userAction(routeArgs(app, "/self-service/user", { cookie, form: { intent: "consent", consent: "partner", given: "on", _submission: `${partner.submissionKey}x` } })),
    );
    expectRedirect(given, "/self-service/user");
    expect((await app.core.contactChanges.consents(customer.id))![1]).toMatchObject({ given: true });

    const tampered = await run<{ result: { error: Record<string, string[]> } }>(() =>
      userAction(routeArgs(app, "/self-service/user", { cookie, form: { intent: "consent", consent: "health" } })),
    );
    expect(tampered.status).toBe(400);
    expect(tampered.data!.result.error).toEqual({ consent: ["error.invalid"] });
  });

  it("the bills list has each bill's due date", async () => {
    const { customer } = await freshPolicyholder(app);
    const { cookie } = await signedInCustomer(app, { personalCode: customer.personalCode });
    const bills = await run<{ invoices: Array<{ date: string; dueDate: string }> }>(() => billsLoader(routeArgs(app, "/self-service/bills", { cookie })));
    expect(bills.data!.invoices.length).toBeGreaterThan(0);
    for (const invoice of bills.data!.invoices) expect(invoice.dueDate).toBe(addDays(invoice.date, 14));
  });
});

describe("the confirmation", () => {
  async function signed() {
    const client = new Client(app.url);
    const code = freshPersonalCode({ age: 35 });
    await journeyToQuestionnaire(client, code);
    await saveQuestionnaire(client, "Tervisekontroll");
    expect(await signAgreement(client)).toBe("AGREEMENT_SIGNED");
    const customer = (await app.core.customers.byPersonalCode(code))!;
    const { cookie } = await signedInCustomer(app, { personalCode: code });
    return { client, customer, cookie };
  }

  it("links the signed documents as self-service shows them, each also as a web page", async () => {
    const { client, cookie } = await signed();
    const page = await run<{ documents: string[]; startDate: string }>(() => confirmationLoader(routeArgs(app, "/confirmation", { cookie })));
    expect(page.data).toMatchObject({ documents: ["policy", "payment-schedule", "application"], startDate: addDays(today(app.clock), 1) });
    for (const path of ["/api/documents/policy", "/api/documents/payment-schedule", "/api/onboarding/documents/application"]) {
      const pdf = await client.fetch(path);
      expect(pdf.status, path).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    }
    for (const kind of ["policy", "payment-schedule", "application"]) {
      const view = await run<{ model: { title: string } }>(() => confirmationDocumentLoader(routeArgs(app, `/confirmation/documents/${kind}`, { cookie, params: { kind } })));
      expect(view.status, kind).toBe(200);
      expect(view.data!.model.title).toBeTruthy();
    }
    const unknown = await run(() => confirmationDocumentLoader(routeArgs(app, "/confirmation/documents/invoice", { cookie, params: { kind: "invoice" } })));
    expect(unknown.status).toBe(404);
  });

  it("under extended underwriting links only the signed application", async () => {
    const { customer, cookie } = await signed();
    await app.core.db.query(`UPDATE policies SET status = 'EUW' WHERE customer_id = $1`, [customer.id]);
    await app.core.db.query(`UPDATE customers SET state = 'EUW' WHERE id = $1`, [customer.id]);
    const page = await run<{ documents: string[]; euw: boolean }>(() => confirmationLoader(routeArgs(app, "/confirmation", { cookie })));
    expect(page.data).toMatchObject({ documents: ["application"], euw: true });
    const policy = await run(() => confirmationDocumentLoader(routeArgs(app, "/confirmation/documents/policy", { cookie, params: { kind: "policy" } })));
    expect(policy.status).toBe(404);
    const application = await run(() => confirmationDocumentLoader(routeArgs(app, "/confirmation/documents/application", { cookie, params: { kind: "application" } })));
    expect(application.status).toBe(200);
  });

  it("goes on to self-service once the policy is in force, activating it if the hourly round has not", async () => {
    const { customer } = await signed();
    const start = (await app.core.signedDocuments.of(customer.id))!.startDate;
    app.clock.set(new Date(`${start}T06:00:00Z`));
    try {
      // A session of that morning.
      const { cookie } = await signedInCustomer(app, { personalCode: customer.personalCode });
      const page = await run(() => confirmationLoader(routeArgs(app, "/confirmation", { cookie })));
      expectRedirect(page, "/self-service/insurance");
      expect((await app.core.customers.byPersonalCode(customer.personalCode))!.state).toBe("SELF_SERVICE");
      expect((await app.core.signedDocuments.of(customer.id))!.status).toBe("ACTIVE");
    } finally {
      app.clock.set(new Date());
    }
  });
});
