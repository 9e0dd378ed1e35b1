/**
 * A contract not renewed at 65 says ahead when it ends, and says it after (docs/decisions/0282):
 * GET /api/insurance states the last day of cover from the start on and EXPIRED once it has
 * passed, the insurance tab tells the last policy year ahead, and the schedule as billed, a
 * cancellation and the policy state the true last day. The clock before, on and after that day.
 */
import { describe, expect, it } from "vitest";
import { addDays, addMonths, today } from "~/core/clock";
import { anniversary, lastPolicyYear } from "~/core/contract-term";
import { docTranslator, type DocBlock, type HtmlDocModel } from "~/core/documents/index";
import { allNo } from "~/core/demo/ready-to-sign";
import { endOfMonth } from "~/core/withdrawal";
import type { BilledSchedule } from "~/lib/billing-schedule";
import { formatDate } from "~/lib/euro";
import { loader as offerLoader } from "~/routes/offer";
import { loader as preContractLoader } from "~/routes/pre-contract-information";
import { loader as scheduleLoader } from "~/routes/self-service.documents.payment-schedule";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { loader as scoreTabLoader } from "~/routes/self-service.score";
import { appOnAClock } from "../support/app";
import { freshPolicyholder, noon, policyholderInLastPolicyYear, signedInAgain } from "../support/customers";
import { customerReadyToSign } from "../support/offer-application";
import { pdfInfo } from "../support/poppler";
import { json } from "../support/reach";
import { routeArgs, run } from "../support/routes";

const file = appOnAClock();

interface Tab {
  insurance: { status: string; endDate: string | null };
  cover: unknown;
  ending: { mayEnd: boolean };
}

/** A policyholder in their first and last policy year (tests/support/customers.ts). */
const inLastPolicyYear = () => policyholderInLastPolicyYear(file.app);

/** At noon on `day`: a new sign-in, its GET /api/insurance and the insurance tab's loader. */
async function on(day: string, code: string) {
  file.app.clock.set(noon(day));
  const client = await signedInAgain(file.app, code);
  const api = await json(await client.fetch("/api/insurance"));
  const tab = (await run<Tab>(() => insuranceLoader(routeArgs(file.app, "/self-service/insurance", { cookie: client.cookieHeader })))).data!;
  return { client, api, tab };
}

/** At noon on `day`: the schedule as billed on the self-service schedule page's loader. */
async function scheduleOn(day: string, code: string): Promise<BilledSchedule> {
  file.app.clock.set(noon(day));
  const client = await signedInAgain(file.app, code);
  const page = await run<{ billing: BilledSchedule }>(() => scheduleLoader(routeArgs(file.app, "/self-service/documents/payment-schedule", { cookie: client.cookieHeader })));
  return page.data!.billing;
}

/** The fields of a document's blocks, by label. */
const fieldsOf = (blocks: DocBlock[]) => new Map(blocks.flatMap((b) => (b.kind === "fields" ? b.rows.map((r) => [r.label, r.value] as const) : [])));

describe("a contract in its last policy year (not renewed at 65)", () => {
  it("states its last day of cover from the start on, tells it on the tab the whole year, and says it expired after it", async () => {
    const { code, startDate, lastDay } = await inLastPolicyYear();
    // Signed the day before it started, at 64: from then on, through its last day, in force, the last day stated and told ahead.
    for (const day of [addDays(startDate, -1), startDate, today(file.app.clock), lastDay]) {
      const { api, tab } = await on(day, code);
      expect(api, day).toMatchObject({ status: "ACTIVE", endDate: lastDay });
      expect(tab.insurance).toMatchObject({ status: "ACTIVE", endDate: lastDay });
      expect(tab.cover).toEqual({ kind: "in-force", until: null, endsForAge: lastDay });
      expect(tab.ending.mayEnd).toBe(true);
    }
    // The day after: ended. It said "ACTIVE", "endDate": null.
    const after = await on(addDays(lastDay, 1), code);
    expect(after.api).toMatchObject({ status: "EXPIRED", endDate: lastDay });
    expect(after.tab.cover).toEqual({ kind: "ended", endDate: lastDay, by: "age" });
    expect(after.tab.ending.mayEnd).toBe(false);
  });

  it("bills up to its last day and, after it, says how it ended and promises no payment", async () => {
    const { code, startDate, lastDay } = await inLastPolicyYear();
    const during = await scheduleOn(today(file.app.clock), code);
    expect(during).toMatchObject({ until: lastDay, ended: null });
    expect(during.lines.map((l) => l.date).at(-1)).toBe(addMonths(startDate, 11));
    // The day after its last day it named the next year's end as the last day of payments to come.
    const after = await scheduleOn(addDays(lastDay, 1), code);
    expect(after).toMatchObject({ ended: { kind: "age", endDate: lastDay }, until: null, now: null });
    expect(after.lines).toHaveLength(12);
    expect(after.lines.every((l) => l.invoice !== null)).toBe(true);
  });

  it("is cancelled in its last month with cover to its last day, not to the month's end", async () => {
    const { code, lastDay } = await inLastPolicyYear();
    expect(endOfMonth(lastDay)).not.toBe(lastDay);
    const { client } = await on(addDays(lastDay, -5), code);
    expect((await json(await client.fetch("/api/self-service/withdrawal"))).ending).toEqual({ kind: "cancellation", endDate: lastDay });
    const ended = await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }));
    expect(ended).toMatchObject({ kind: "cancellation", endDate: lastDay, state: "CANCELLED" });
    expect(await json(await client.fetch("/api/insurance"))).toMatchObject({ status: "CANCELLED", endDate: lastDay });
    // After it: cancelled, not expired.
    expect((await on(addDays(lastDay, 1), code)).api).toMatchObject({ status: "CANCELLED", endDate: lastDay });
  });

  it("has a policy that states its last day of cover and no renewal, and after it that it ended", async () => {
    const { customer, lastDay, startDate } = await inLastPolicyYear();
    const policy = fieldsOf((await file.app.core.policyholder.documentView(customer, "policy", "en"))!.blocks);
    expect(policy.get("Status")).toBe("in force");
    expect(policy.get("Last day of cover")).toBe(`${formatDate(lastDay)} at the latest: the contract is not renewed on an anniversary on which you are 65 or older.`);
    expect(policy.get("Renewal")).toBe(`None: you are 65 or older on ${formatDate(anniversary(startDate, 1))}, its first anniversary, so the contract ends with its first year, on ${formatDate(lastDay)}.`);
    // No renewal: no premium of one to tell 30 days before it.
    expect(policy.has("Notice before renewal")).toBe(false);
    file.app.clock.set(noon(addDays(lastDay, 1)));
    const expired = fieldsOf((await file.app.core.policyholder.documentView(customer, "policy", "en"))!.blocks);
    expect(expired.get("Status")).toBe("ended with its last policy year, not renewed");
  });
});

describe("the offer to a customer of 64", () => {
  it("says the contract is not renewed and ends with its first year, and the pre-contract information its last day on one page", async () => {
    const long = { type: "UW_L2" as const, height: 180, weight: 80, content: allNo("UW_L2") };
    const { client } = await customerReadyToSign(file.app, { age: 64, rows: { questionnaire: long } });
    const { offer } = (await run<{ offer: { term: { endDate: string; renewalDate: string; lastDay: string | null } } }>(() => offerLoader(routeArgs(file.app, "/offer", { cookie: client.cookieHeader })))).data!;
    // 65 on the first anniversary: it said "renews itself for a year at a time, first on" that day.
    expect(offer.term.lastDay).toBe(offer.term.endDate);
    expect((await json(await client.fetch("/api/onboarding/offer"))).term).toEqual(offer.term);
    for (const lng of ["et", "en", "ru"] as const) {
      const t = docTranslator(lng);
      const view = (await run<{ model: HtmlDocModel; pdfHref: string }>(() => preContractLoader(routeArgs(file.app, `/pre-contract-information?lng=${lng}`, { cookie: client.cookieHeader })))).data!;
      const fields = fieldsOf(view.model.blocks as DocBlock[]);
      expect(fields.get(t("term.renewal"))).toBe(t("term.renewal.none", { date: formatDate(offer.term.renewalDate), end: formatDate(offer.term.endDate) }));
      expect(fields.get(t("term.lastDay"))).toBe(t("term.lastDay.value", { date: formatDate(offer.term.endDate) }));
      expect(fields.has(t("term.notice"))).toBe(false);
      const pdf = new Uint8Array(await (await client.fetch(view.pdfHref)).arrayBuffer());
      expect(Number((await pdfInfo(pdf)).Pages), lng).toBe(1);
    }
  });
});

describe("a contract with renewals to come", () => {
  it("states its last day of cover decades ahead, renews on its anniversary, and the tab tells nothing of it yet", async () => {
    const { code, customer } = await freshPolicyholder(file.app, { age: 40 });
    const { api, tab } = await on(today(file.app.clock), code);
    const { lastDay } = lastPolicyYear(customer.dateOfBirth, api.startDate);
    expect(api).toMatchObject({ status: "ACTIVE", endDate: lastDay });
    expect(lastDay > addMonths(today(file.app.clock), 12 * 24)).toBe(true);
    expect(tab.cover).toEqual({ kind: "in-force", until: null, endsForAge: null });
    const policy = fieldsOf((await file.app.core.policyholder.documentView(customer, "policy", "en"))!.blocks);
    expect(policy.get("Renewal")).toMatch(/^Renews itself for a year at a time/);
    expect(policy.get("Last day of cover")).toBe(`${formatDate(lastDay)} at the latest: the contract is not renewed on an anniversary on which you are 65 or older.`);
  });
});

describe("the wellness score of a contract not renewed at 65 (docs/decisions/0278)", () => {
  it("has a period to fill up to the last day of cover, and none after it: the ended contract's periods stay readable only", async () => {
    const { code, lastDay } = await inLastPolicyYear();
    const periodsOn = async (day: string) => {
      file.app.clock.set(noon(day));
      const client = await signedInAgain(file.app, code);
      const { items } = await json(await client.fetch("/api/score/periods"));
      return { client, items: items as Array<{ startDate: string; enabled: boolean }> };
    };
    const last = await periodsOn(lastDay);
    expect(last.items.filter((p) => p.enabled)).toHaveLength(1);
    expect((await last.client.fetch("/api/score/periods/new")).status).toBe(200);
    const before = await run<{ intro: string | null }>(() => scoreTabLoader(routeArgs(file.app, "/self-service/score", { cookie: last.client.cookieHeader })));
    expect(before.data!.intro).toBe("self_service.score.intro");

    const after = await periodsOn(addDays(lastDay, 10));
    expect(after.items.filter((p) => p.enabled)).toEqual([]);
    expect(after.items.every((p) => p.startDate <= lastDay)).toBe(true);
    expect((await after.client.fetch("/api/score/periods/new")).status).toBe(404);
    const saved = await after.client.fetch("/api/score/periods/new", { method: "POST", json: { answers: { smoking: { value: false } } } });
    expect(saved.status).toBe(404);
    // As an ended contract's tab: only the periods filled, no invitation, no bills promised.
    expect(after.items).toEqual([]);
    const tab = await run<{ intro: string | null; none: string }>(() => scoreTabLoader(routeArgs(file.app, "/self-service/score", { cookie: after.client.cookieHeader })));
    expect(tab.data).toMatchObject({ intro: null, none: "self_service.score.none_ended" });
  });
});
