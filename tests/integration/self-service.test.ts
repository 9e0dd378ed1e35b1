/**
 * The self-service area's /api paths (docs/api.md "Self-service"): insurance, documents,
 * services, invoices, account and the score periods, on the seeded policyholder Jaan Tamm
 * and on fresh policyholders; and that one customer never reads another's data (404).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths, today } from "~/core/clock";
import { lastPolicyYear } from "~/core/contract-term";
import { formatAmount, formatDate } from "~/lib/euro";
import { POLICYHOLDER_CODE, seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import { Client, startTestApp, type TestApp } from "../support/app";
import { loader as billsLoader } from "~/routes/self-service.bills";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { loader as periodsLoader } from "~/routes/self-service.score";
import { action as periodAction, loader as periodLoader } from "~/routes/self-service.score_.$id";
import { loader as servicesLoader } from "~/routes/self-service.services";
import { loader as userLoader } from "~/routes/self-service.user";
import { pdfText } from "../support/pdf-text";
import { expectRedirect, routeArgs, run } from "../support/routes";
import { freshPolicyholder } from "../support/customers";
import { freshPersonalCode } from "../support/personal-codes";
import { FULL_ANSWERS } from "../support/score-answers";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());


async function signedIn(code: string) {
  const client = new Client(app.url);
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  return client;
}

/**
 * The Tallinn day the template database was seeded on: the demo policyholder's dates count from
 * it, and a run that passes midnight in Tallinn after the template was made has another today.
 */
async function seedingDay() {
  const [row] = await app.core.db.query<{ seeded_at: string | Date }>(`SELECT seeded_at FROM demo_seed`);
  return today({ now: () => new Date(row.seeded_at) });
}

async function policyOf(customerId: number) {
  const [row] = await app.core.db.query<{ id: number; start_date: string; estimation: { premiumForDeathCover: number; premiumForDisabilityCover: number; membershipFee: number; services: Array<{ premium: number }> } }>(
    `SELECT id, start_date, estimation FROM policies WHERE customer_id = $1`,
    [customerId],
  );
  return { ...row, id: Number(row.id) };
}

/**
 * The third quarter of a policyholder seeded as Jaan Tamm, the one under way: six months from
 * the policy's start. It starts today, except on a day whose date six months back does not
 * exist (31 March, 31 May, 29–31 August, 31 October, 31 December): the start was clamped to the
 * shorter month's last day, and the quarter began a day or more ago.
 */
async function currentPeriodOf(customerId: number) {
  return addMonths((await policyOf(customerId)).start_date, 6);
}

/** The month's amount worked out by hand from the frozen estimation: gross − round(risk × percent). */
function expectedSum(e: Awaited<ReturnType<typeof policyOf>>["estimation"], percent: number) {
  const risk = e.premiumForDeathCover + e.premiumForDisabilityCover;
  const gross = risk + e.services.reduce((s, x) => s + x.premium, 0) + e.membershipFee;
  return gross - Math.round((risk * percent) / 100);
}

async function expectPdf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return pdfText(bytes);
}

describe("the seeded policyholder Jaan Tamm", () => {
  it("has his insurance: the sums, the currency and two beneficiaries", async () => {
    const client = await signedIn(POLICYHOLDER_CODE);
    const response = await client.fetch("/api/insurance");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      sumInsuredForDeathCover: 100_000,
      sumInsuredForDisabilityCover: 50_000,
      currency: "EUR",
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      beneficiaries: [
        { type: "P", firstName: "Mari", name: "Tamm", idCode: "49005150229", sharePercent: 60, email: "mari.tamm@example.com", phone: "+372 5234 5678" },
        { type: "C", firstName: null, name: "Tamme Kodu OÜ", idCode: "12345678", sharePercent: 40, email: "info@tammekodu.example.com", phone: "+372 600 1234" },
      ],
      // In force (decision 0130: WITHDRAWN or CANCELLED once ended).
      status: "ACTIVE",
      endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      // Six months from his first anniversary: its new premium is told in the 30 days before it (decision 0288).
      renewal: null,
    });
    // Seeded six months before the template database was made.
    expect(body.startDate).toBe(addMonths(await seedingDay(), -6));
    // The last day of cover, known from the start: the end of the policy year in which he, born on 2 March 1985, turns 65 (decision 0282).
    expect(body.endDate).toBe(lastPolicyYear("1985-03-02", body.startDate).lastDay);
    expect(body.endDate.slice(0, 4) >= "2049").toBe(true);
  });

  it("has his two services with their links, in the customer's language", async () => {
    const client = await signedIn(POLICYHOLDER_CODE);
    const et = await (await client.fetch("/api/services")).json();
    expect(et.map((s: { code: string }) => s.code)).toEqual(["HEALTH_CHECK", "TELEMED"]);
    const text = expect.stringMatching(/\S/);
    const url = expect.stringMatching(/^https:\/\//);
    expect(et[0]).toEqual({ code: "HEALTH_CHECK", name: "Iga-aastane tervisekontroll", description: text, link: url, linkText: text, loginLink: url, loginLinkText: text });
    const en = await (await client.fetch("/api/services?lng=en")).json();
    expect(en[0]).toMatchObject({ code: "HEALTH_CHECK", name: "Annual health check" });
    expect(en[1].linkText).not.toBe(et[1].linkText);
  });

  it("has his account: names, personal code and the registration's email and phone", async () => {
    const client = await signedIn(POLICYHOLDER_CODE);
    const response = await client.fetch("/api/account");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      firstName: "Jaan",
      lastName: "Tamm",
      userCode: POLICYHOLDER_CODE,
      email: "jaan.tamm@example.com",
      phoneNumber: "+372 5123 4567",
    });
  });

  it("has three quarterly score periods: two past ones with a score and discount, the current one to fill", async () => {
    const client = await signedIn(POLICYHOLDER_CODE);
    const response = await client.fetch("/api/score/periods");
    expect(response.status).toBe(200);
    const { items } = await response.json();
    const start = addMonths(await seedingDay(), -6);
    expect(items).toEqual([
      { pid: null, startDate: addMonths(start, 6), discount: null, score: null, enabled: true, details: false },
      { pid: expect.any(Number), startDate: addMonths(start, 3), discount: 18, score: 94, enabled: false, details: true },
      { pid: expect.any(Number), startDate: start, discount: 14, score: 81, enabled: false, details: true },
    ]);
    // A past period opens read-only with its saved answers (unsealed with the application's key).
    const past = await (await client.fetch(`/api/score/periods/${items[2].pid}`)).json();
    expect(past).toMatchObject({ enabled: false, periodStart: start, score: 81, discountPercent: 14, answered: 12, total: 12 });
    expect(past.answers.steps.value).toBe(7000);
    // The automatic-value note of a past period has its numbers (the period and the days it needs).
    for (const code of ["steps", "exerciseMinutes"]) expect(past.answers[code]).toMatchObject({ autoPeriod: 30, autoPeriodLimit: 20 });
  });
});

describe("GET /api/invoices and /api/invoices/{pid}", () => {
  it("issues one invoice a month from the policy start up to today, each with the discount in force", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const policy = await policyOf(customer.id);
    const response = await client.fetch("/api/invoices");
    expect(response.status).toBe(200);
    const invoices = await response.json();
    const start = policy.start_date;
    // Newest first; the first quarter's score (discount 14 %) was saved on its first day, the second's (18 %) too.
    const expected = [6, 5, 4, 3, 2, 1, 0].map((k) => {
      const date = addMonths(start, k);
      const yyyymm = date.slice(0, 7).replace("-", "");
      return { pid: `EK-${policy.id}-${yyyymm}`, date, sum: expectedSum(policy.estimation, k >= 3 ? 18 : 14) };
    });
    expect(invoices).toEqual(expected.map((e) => expect.objectContaining(e)));
    // Listing again issues nothing twice.
    expect(await (await client.fetch("/api/invoices")).json()).toEqual(invoices);
    const [{ count }] = await app.core.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM invoices WHERE customer_id = $1`, [customer.id]);
    expect(count).toBe(7);
  });

  it("two listings at once issue each invoice once", async () => {
    const { customer } = await freshPolicyholder(app);
    const [a, b] = await Promise.all([app.core.policyholder.invoices(customer), app.core.policyholder.invoices(customer)]);
    expect(a).toEqual(b);
    const [{ count }] = await app.core.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM invoices WHERE customer_id = $1`, [customer.id]);
    expect(count).toBe(7);
  });

  it("serves an invoice as a PDF", async () => {
    const { client } = await freshPolicyholder(app);
    const [latest] = await (await client.fetch("/api/invoices")).json();
    const text = await expectPdf(await client.fetch(`/api/invoices/${latest.pid}`));
    expect(text).toContain(latest.pid);
    expect(text).toContain(formatAmount(latest.sum, "et"));
    expect(await expectPdf(await client.fetch(`/api/invoices/${latest.pid}?lng=ru`))).toContain("Счёт");
    expect((await client.fetch("/api/invoices/EK-0-000000")).status).toBe(404);
  });

  it("applies a newly saved period score to the next invoices only", async () => {
    const { client, customer, code } = await freshPolicyholder(app);
    const policy = await policyOf(customer.id);
    const before = await (await client.fetch("/api/invoices")).json();
    const saved = await client.fetch("/api/score/periods/new", { method: "POST", json: { answers: FULL_ANSWERS } });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body).toMatchObject({ discountPercent: 20, redirectTo: "/self-service/score" });

    // Today's invoice was issued before the save: it stays as it was.
    expect((await (await client.fetch("/api/invoices")).json())[0]).toEqual(before[0]);
    app.clock.set(new Date(app.clock.now().getTime() + 32 * 86_400_000));
    try {
      // A month later the session has long expired: sign in again.
      const later = await signedIn(code);
      const after = await (await later.fetch("/api/invoices")).json();
      expect(after).toHaveLength(8);
      expect(after[0]).toMatchObject({ date: addMonths(policy.start_date, 7), sum: expectedSum(policy.estimation, 20) });
      expect(after.slice(1)).toEqual(before);
    } finally {
      app.clock.set(new Date(app.clock.now().getTime() - 32 * 86_400_000));
    }
  });

  it("is an empty list for a customer without a policy", async () => {
    const client = await signedIn(freshPersonalCode({ age: 30 }));
    const response = await client.fetch("/api/invoices");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

describe("GET /api/documents/{policy,payment-schedule,application}", () => {
  it("serves the three documents as PDFs", async () => {
    const { client, code, customer } = await freshPolicyholder(app);
    const start = (await policyOf(customer.id)).start_date;
    const policy = await expectPdf(await client.fetch("/api/documents/policy"));
    expect(policy).toContain("Kindlustuspoliis");
    expect(policy).toContain(code);
    expect(policy).toContain("Tamme Kodu OÜ");
    const schedule = await expectPdf(await client.fetch("/api/documents/payment-schedule"));
    expect(schedule).toContain("Maksegraafik");
    expect(schedule).toContain(formatDate(addMonths(start, 11)));
    const application = await expectPdf(await client.fetch("/api/documents/application"));
    expect(application).toContain("Kindlustustaotlus");
    expect(await expectPdf(await client.fetch("/api/documents/policy?lng=en"))).toContain("Insurance policy");
  });

  it("answers 404 for a customer without a policy", async () => {
    const client = await signedIn(freshPersonalCode({ age: 30 }));
    for (const kind of ["policy", "payment-schedule", "application"]) {
      const response = await client.fetch(`/api/documents/${kind}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ errors: [{ code: "error.not_found" }] });
    }
  });
});

describe("GET /api/services", () => {
  it("is empty when the policy has no services", async () => {
    const { client, customer } = await freshPolicyholder(app);
    await app.core.db.query(`UPDATE policies SET services = '[]'::jsonb WHERE customer_id = $1`, [customer.id]);
    const response = await client.fetch("/api/services");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

describe("the score periods (/api/score/periods)", () => {
  it("a save its answers fail keeps nothing, with a submission key or without: the current period still has no id", async () => {
    const { client } = await freshPolicyholder(app);
    for (const key of [{}, { submissionKey: `k-${randomUUID()}` }]) {
      const refused = await client.fetch("/api/score/periods/new", { method: "POST", json: { answers: { smoking: { value: "bad" } }, ...key } });
      expect(refused.status).toBe(400);
      const { items } = await (await client.fetch("/api/score/periods")).json();
      expect(items[0].pid, JSON.stringify(key)).toBeNull();
    }
  });

  it("fills the current period through 'new', which then has an id and stays editable", async () => {
    const { client } = await freshPolicyholder(app);
    const view = await client.fetch("/api/score/periods/new");
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({ enabled: true, score: null, answered: 0, total: 12 });

    const saved = await client.fetch("/api/score/periods/new", { method: "POST", json: { answers: FULL_ANSWERS, submissionKey: `k-${randomUUID()}` } });
    expect(saved.status).toBe(200);
    const { profileId, score } = await saved.json();
    const { items } = await (await client.fetch("/api/score/periods")).json();
    expect(items[0]).toMatchObject({ pid: profileId, score, discount: 20, enabled: true, details: true });

    const edited = await client.fetch(`/api/score/periods/${profileId}`, { method: "POST", json: { answers: { ...FULL_ANSWERS, smoking: { value: true } } } });
    expect(edited.status).toBe(200);
    expect((await edited.json()).score).toBe(score - 12);
  });

  it("refuses to change a past period (409) and reports missing mandatory answers (400)", async () => {
    const { client } = await freshPolicyholder(app);
    const { items } = await (await client.fetch("/api/score/periods")).json();
    const past = await client.fetch(`/api/score/periods/${items[1].pid}`, { method: "POST", json: { answers: FULL_ANSWERS } });
    expect(past.status).toBe(409);
    expect(await past.json()).toEqual({ errors: [{ code: "error.not_editable" }] });
    const invalid = await client.fetch("/api/score/periods/new", { method: "POST", json: { answers: { ...FULL_ANSWERS, smoking: {} } } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ errors: [{ code: "error.required", context: "smoking" }] });
    expect((await client.fetch("/api/score/periods/new", { method: "POST", json: {} })).status).toBe(400);
  });

  it("answers 404 for an id that is not a number, and for a customer without a policy", async () => {
    const { client } = await freshPolicyholder(app);
    expect((await client.fetch("/api/score/periods/abc")).status).toBe(404);
    const other = await signedIn(freshPersonalCode({ age: 30 }));
    expect((await other.fetch("/api/score/periods")).status).toBe(404);
    expect((await other.fetch("/api/score/periods/new")).status).toBe(404);
  });
});

describe("one customer never reads another's data", () => {
  it("answers 404, never 403, for another policyholder's invoice and score periods", async () => {
    const owner = await freshPolicyholder(app);
    const intruder = await freshPolicyholder(app);
    const [invoice] = await (await owner.client.fetch("/api/invoices")).json();
    const { items } = await (await owner.client.fetch("/api/score/periods")).json();
    const saved = await (await owner.client.fetch("/api/score/periods/new", { method: "POST", json: { answers: FULL_ANSWERS } })).json();

    const stolenInvoice = await intruder.client.fetch(`/api/invoices/${invoice.pid}`);
    expect(stolenInvoice.status).toBe(404);
    expect(await stolenInvoice.json()).toEqual({ errors: [{ code: "error.not_found" }] });
    for (const id of [items[1].pid, items[2].pid, saved.profileId]) {
      expect((await intruder.client.fetch(`/api/score/periods/${id}`)).status).toBe(404);
      const write = await intruder.client.fetch(`/api/score/periods/${id}`, { method: "POST", json: { answers: FULL_ANSWERS } });
      expect(write.status).toBe(404);
    }
    // The intruder's own reads show only their own data.
    const insurance = await (await intruder.client.fetch("/api/insurance")).json();
    expect(insurance.beneficiaries).toHaveLength(2);
    const own = await (await intruder.client.fetch("/api/invoices")).json();
    expect(own.map((i: { pid: string }) => i.pid)).not.toContain(invoice.pid);
    const ownPeriods = (await (await intruder.client.fetch("/api/score/periods")).json()).items;
    expect(ownPeriods.map((p: { pid: number | null }) => p.pid)).not.toContain(items[1].pid);
  });

  it("answers 404 for insurance, documents and score periods of a customer without a policy, even with Jaan Tamm's ids", async () => {
    const jaan = await signedIn(POLICYHOLDER_CODE);
    const [invoice] = await (await jaan.fetch("/api/invoices")).json();
    const { items } = await (await jaan.fetch("/api/score/periods")).json();
    const other = await signedIn(freshPersonalCode({ age: 30 }));
    for (const path of ["/api/insurance", "/api/documents/policy", "/api/documents/application", "/api/documents/payment-schedule", `/api/invoices/${invoice.pid}`, `/api/score/periods/${items[1].pid}`]) {
      const response = await other.fetch(path);
      expect(response.status, path).toBe(404);
    }
  });

  it("answers 401 without a session on every path", async () => {
    const anonymous = new Client(app.url);
    for (const path of ["/api/insurance", "/api/services", "/api/invoices", "/api/invoices/EK-1-202601", "/api/account", "/api/documents/policy", "/api/score/periods", "/api/score/periods/new"]) {
      const response = await anonymous.fetch(path);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ errors: [{ code: "error.unauthenticated" }] });
    }
  });
});

describe("the seed", () => {
  it("is idempotent: seeding again changes nothing", async () => {
    const [before] = await app.core.db.query<{ policies: number; profiles: number }>(
      `SELECT (SELECT count(*)::int FROM policies) AS policies, (SELECT count(*)::int FROM score_profiles) AS profiles`,
    );
    await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys));
    const [after] = await app.core.db.query<{ policies: number; profiles: number }>(
      `SELECT (SELECT count(*)::int FROM policies) AS policies, (SELECT count(*)::int FROM score_profiles) AS profiles`,
    );
    expect(after).toEqual(before);
  });
});

describe("the self-service pages' loaders and actions", () => {
  it("load the insurance, services, bills, periods and user data for the signed-in customer", async () => {
    const { cookie } = await freshPolicyholder(app);
    const insurance = await run<{ insurance: { beneficiaries: unknown[] } }>(() => insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie })));
    expect(insurance.data!.insurance.beneficiaries).toHaveLength(2);
    const services = await run<{ services: Array<{ code: string }> }>(() => servicesLoader(routeArgs(app, "/self-service/services?lng=en", { cookie })));
    expect(services.data!.services.map((s) => s.code)).toEqual(["HEALTH_CHECK", "TELEMED"]);
    const bills = await run<{ invoices: unknown[] }>(() => billsLoader(routeArgs(app, "/self-service/bills", { cookie })));
    expect(bills.data!.invoices).toHaveLength(7);
    const periods = await run<{ periods: unknown[] }>(() => periodsLoader(routeArgs(app, "/self-service/score", { cookie })));
    expect(periods.data!.periods).toHaveLength(3);
    const user = await run<{ account: { firstName: string } }>(() => userLoader(routeArgs(app, "/self-service/user", { cookie })));
    expect(user.data!.account.firstName).toBe("Test");
  });

  it("the user page goes to / when the account cannot be loaded", async () => {
    const { cookie, customer } = await freshPolicyholder(app);
    const original = app.core.policyholder.account;
    app.core.policyholder.account = async () => {
      throw new Error("database down");
    };
    try {
      expectRedirect(await run(() => userLoader(routeArgs(app, "/self-service/user", { cookie }))), "/");
    } finally {
      app.core.policyholder.account = original;
    }
    expect(customer.id).toBeGreaterThan(0);
  });

  it("a period that cannot be fetched (not a number, someone else's) goes back to the list", async () => {
    const owner = await freshPolicyholder(app);
    const intruder = await freshPolicyholder(app);
    const [ownerPeriod] = await app.core.db.query<{ id: number }>(`SELECT id FROM score_profiles WHERE customer_id = $1 AND period_start IS NOT NULL LIMIT 1`, [owner.customer.id]);
    for (const id of ["abc", String(ownerPeriod.id)]) {
      const path = `/self-service/score/${id}`;
      expectRedirect(await run(() => periodLoader(routeArgs(app, path, { cookie: intruder.cookie, params: { id } }))), "/self-service/score");
      const post = await run(() => periodAction(routeArgs(app, path, { cookie: intruder.cookie, params: { id }, form: { intent: "confirm", smoking: "no" } })));
      expectRedirect(post, "/self-service/score");
    }
  });

  it("opening 'new' twice creates nothing: the period is created by its first save", async () => {
    const { cookie, customer } = await freshPolicyholder(app);
    const current = await currentPeriodOf(customer.id);
    const rows = () => app.core.db.query(`SELECT id FROM score_profiles WHERE customer_id = $1 AND period_start = $2`, [customer.id, current]);
    for (let n = 0; n < 2; n++) {
      const view = await run<{ view: { enabled: boolean } }>(() => periodLoader(routeArgs(app, "/self-service/score/new", { cookie, params: { id: "new" } })));
      expect(view.data!.view.enabled).toBe(true);
    }
    const client = new Client(app.url);
    client.setCookie("session", decodeURIComponent(cookie.split("=")[1]));
    const viewed = await (await client.fetch("/api/score/periods/new")).json();
    expect(viewed).toMatchObject({ profileId: null, periodStart: current, enabled: true, score: null });
    expect(await rows()).toHaveLength(0);
    const periods = (await app.core.policyholder.scorePeriods(customer))!.items;
    // Still "start filling" (no pid), not "edit".
    expect(periods[0]).toMatchObject({ enabled: true, pid: null, details: false });
  });

  it("'new' opens the current period and a plain form post saves it and returns to the list", async () => {
    const { cookie, customer } = await freshPolicyholder(app);
    const view = await run<{ view: { enabled: boolean }; periodStart: string }>(() => periodLoader(routeArgs(app, "/self-service/score/new", { cookie, params: { id: "new" } })));
    expect(view.data!.view.enabled).toBe(true);
    expect(view.data!.periodStart).toBe(await currentPeriodOf(customer.id));
    const saved = await run(() =>
      periodAction(routeArgs(app, "/self-service/score/new", { cookie, params: { id: "new" }, form: { intent: "confirm", smoking: "no", stress: "3", stress__range: "3" } })),
    );
    expectRedirect(saved, "/self-service/score");
    const periods = (await app.core.policyholder.scorePeriods(customer))!.items;
    expect(periods[0]).toMatchObject({ enabled: true, details: true, pid: expect.any(Number), score: 16 });
  });
});
