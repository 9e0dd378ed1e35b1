/**
 * The self-service payment schedule page (docs/decisions/0165): a policyholder seeded as Jaan
 * Tamm reads the invoices issued (the same as the bills), the payments to come and how they
 * are set above the schedule as signed, which keeps the signing day's premium; a score saved
 * for the current period changes the payments to come, not the invoices issued.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, addMonths, today } from "~/core/clock";
import type { Estimation } from "~/core/pricing";
import { formatAmount, formatMoney } from "~/lib/euro";
import type { BilledSchedule } from "~/lib/billing-schedule";
import type { HtmlDocModel } from "~/core/documents/index";
import { loader as scheduleLoader } from "~/routes/self-service.documents.payment-schedule";
import { loader as billsLoader } from "~/routes/self-service.bills";
import { action as periodAction } from "~/routes/self-service.score_.$id";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { expectRedirect, routeArgs, run, signedInCustomer } from "../support/routes";
import { pdfText } from "../support/pdf-text";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function policyholder() {
  const { cookie, customer } = await freshPolicyholder(app, { age: 41 });
  const [policy] = await app.core.db.query<{ estimation: Estimation }>(`SELECT estimation FROM policies WHERE customer_id = $1`, [customer.id]);
  return { cookie, customer, estimation: policy.estimation };
}

type Page = { billing: BilledSchedule; model: HtmlDocModel; pdfHref: string };
const schedulePage = (cookie: string, lng = "et") => run<Page>(() => scheduleLoader(routeArgs(app, `/self-service/documents/payment-schedule?lng=${lng}`, { cookie })));

describe("the self-service payment schedule", () => {
  it("shows the bills issued, the payments to come and the discount per period, above the schedule as signed", async () => {
    const { cookie, estimation } = await policyholder();
    const { data } = await schedulePage(cookie);
    const bills = await run<{ invoices: Array<{ pid: string; date: string; sum: number }> }>(() => billsLoader(routeArgs(app, "/self-service/bills", { cookie })));
    const start = addMonths(today(app.clock), -6);
    const { billing } = data!;
    // Seven invoices (the one dated today included, docs/decisions/0165) and five to come: the year's twelve.
    const issued = billing.lines.filter((l) => l.invoice);
    expect(issued.map((l) => [l.invoice!.pid, l.date, l.sum])).toEqual([...bills.data!.invoices].reverse().map((i) => [i.pid, i.date, i.sum]));
    expect(issued).toHaveLength(7);
    expect(billing.lines).toHaveLength(12);
    expect(billing.yearEnd).toBe(addDays(addMonths(start, 12), -1));
    expect(billing.lines.map((l) => l.discountPercent)).toEqual([14, 14, 14, 18, 18, 18, 18, 18, 18, 18, 18, 18]);
    const last = issued[6].sum;
    expect(billing.lines.slice(7).every((l) => l.sum === last && l.invoice === null)).toBe(true);
    expect(billing.signed).toEqual({ discountPercent: estimation.wellnessDiscountPercent, score: estimation.wellnessScore, firstInvoice: null });
    expect(billing.periods.map((p) => [p.periodStart, p.score, p.discountPercent, p.firstInvoice])).toEqual([
      [start, 81, 14, start],
      [addMonths(start, 3), 94, 18, addMonths(start, 3)],
    ]);
    expect(billing.now).toEqual({ discountPercent: 18, periodStart: addMonths(start, 3) });

    // The schedule as signed is left as it was: twelve payments at the premium frozen at signing.
    const table = data!.model.blocks.find((b) => b.kind === "table");
    const signedSum = formatMoney(estimation.premiumTotal, "et");
    expect(table && table.kind === "table" ? table.rows.slice(0, 12).map((r) => r[2]) : null).toEqual(Array(12).fill(signedSum));
    expect(data!.pdfHref).toBe("/api/documents/payment-schedule?lng=et");
    const client = new Client(app.url);
    client.setCookie("session", decodeURIComponent(cookie.split("=")[1]));
    const pdf = await pdfText(Buffer.from(await (await client.fetch("/api/documents/payment-schedule")).arrayBuffer()));
    expect(pdf).toContain(formatAmount(estimation.premiumTotal, "et"));
  });

  it("a score saved for the current period sets the payments to come, not the invoices issued", async () => {
    const { cookie } = await policyholder();
    const before = (await schedulePage(cookie)).data!.billing;
    const saved = await run(() =>
      periodAction(routeArgs(app, "/self-service/score/new", { cookie, params: { id: "new" }, form: { intent: "confirm", smoking: "no", stress: "3", stress__range: "3" } })),
    );
    expectRedirect(saved, "/self-service/score");
    const after = (await schedulePage(cookie, "en")).data!.billing;
    expect(after.lines.slice(0, 7)).toEqual(before.lines.slice(0, 7));
    // Score 16: no discount from the next invoice date on.
    expect(after.lines.slice(7).map((l) => l.discountPercent)).toEqual([0, 0, 0, 0, 0]);
    expect(after.lines[7].sum).toBeGreaterThan(before.lines[7].sum);
    // The third quarter, under way: six months from the start (today, unless the start was
    // clamped to a shorter month's end: on 31 October the policy began on 30 April).
    const start = addMonths(today(app.clock), -6);
    expect(after.periods[2]).toMatchObject({ periodStart: addMonths(start, 6), score: 16, discountPercent: 0, firstInvoice: addMonths(start, 7) });
    expect(after.now).toEqual({ discountPercent: 0, periodStart: addMonths(start, 6) });
  });

  it("the signed schedule's age table names the discount it is priced with as the signing's, not today's", async () => {
    // Signed at 10 %, billed at 18 % today (the second quarter's score): the page says the next
    // invoices are set with 18 %, so a table below it "at today's wellness discount (10 %)" said
    // two things of one day. Its rows are priced with the signing's discount, and now say so.
    const { cookie, estimation } = await policyholder();
    for (const [lng, signing, today] of [
      ["et", "lepingu sõlmimise päeva heaolusoodustus", "tänane"],
      ["en", "the wellness discount of the signing day", "today's"],
      ["ru", "скидка за благополучие на день подписания", "нынешняя"],
    ] as const) {
      const { data } = await schedulePage(cookie, lng);
      expect(data!.billing.now?.discountPercent).toBe(18);
      const texts = data!.model.blocks.flatMap((b) => (b.kind === "paragraph" ? [b.text] : []));
      const intro = texts.find((text) => text.includes(`(${estimation.wellnessDiscountPercent}%)`));
      expect(intro).toContain(signing);
      expect(intro).not.toContain(today);
    }
  });

  it("is not found for a customer without a policy", async () => {
    const { cookie } = await signedInCustomer(app, { state: "SELF_SERVICE" });
    const outcome = await schedulePage(cookie);
    expect(outcome.status).toBe(404);
  });
});
