/**
 * Monthly invoices (PRODUCT.md section 5): one per month from the policy start date, issued
 * idempotently up to today whenever they are read, so no scheduler is needed and two app
 * servers issuing at once make one row (UNIQUE (policy_id, invoice_date); docs/decisions/0011).
 *
 * The amount is the month's premium with the wellness discount in force on the invoice date.
 * The premium is the one frozen on the policy (its estimation) in the first policy year; from
 * the k-th anniversary on it is that renewal's premium, priced as the age table prices it
 * (app/core/contract-term.ts `renewal`: the age on the anniversary, the cover lowered to that
 * age's maximum, the smoker fact as answered). No invoice is issued on or after the first
 * anniversary at which the contract is not renewed (age 65; docs/decisions/0090). The discount
 * is the discount of the latest self-service score period
 * that had started and whose score had been saved by that date, else the onboarding discount
 * the policy was priced with. Saving a period's score therefore changes the invoices from the
 * next invoice date on; an issued invoice never changes.
 *
 * Everything an invoice shows is frozen when it is issued (docs/decisions/0030): its lines,
 * the policy's reference number, the due date, the issuer, the payee's bank account and the
 * billed customer; the database refuses any later change (the invoices_issued_once trigger).
 */
import { addDays, addMonths, dateOf, today, type Clock } from "./clock.js";
import { DEMO_INVOICING, type Invoicing } from "./config.js";
import { anniversary, lastPolicyYear, policyYearOf, renewal, type RenewalInput } from "./contract-term.js";
import type { Db, Queryable } from "./db/index.js";
import { epcPayload, policyReferenceNumber, creditorReference } from "./payment.js";
import { isServiceCode } from "../lib/limits.js";
import { roundCents, type Estimation, discounted, type PremiumParts } from "./pricing.js";
import { discountShown } from "../lib/pricing.js";

/**
 * Policies whose invoices run: signed (from the start date) or active, and cancelled ones up to
 * their end date (docs/decisions/0130). EUW waits for acceptance; a withdrawn policy is never
 * billed again.
 */
export const BILLED_STATUSES: readonly string[] = ["SIGNED", "ACTIVE", "CANCELLED"];

/**
 * Invoice dates from `startDate` up to and including `until`: the start date's day of month
 * every month, counted from the start (not from the previous date), so a policy starting on
 * 31 January is invoiced on 31 Jan, 28 (29) Feb, 31 Mar, 30 Apr, …
 */
export function invoiceDates(startDate: string, until: string): string[] {
  const dates: string[] = [];
  for (let k = 0; ; k++) {
    const date = addMonths(startDate, k);
    if (date > until) return dates;
    dates.push(date);
  }
}

/**
 * The invoice dates up to `until` of a contract started on `startDate` by a policyholder born
 * on `dateOfBirth`: none after the last day of its last policy year (the age, docs/decisions/0282).
 */
export function billedDates(startDate: string, dateOfBirth: string, until: string): string[] {
  const { lastDay } = lastPolicyYear(dateOfBirth, startDate);
  return invoiceDates(startDate, lastDay < until ? lastDay : until);
}

/**
 * What the invoice dated `date` bills (docs/decisions/0287): the month of cover from its date to
 * the day before the next invoice date, both counted from the start (`invoiceDates`), so the
 * periods of a policy follow each other day by day, none twice: a start on 31 October bills
 * 31.12–30.01, then 31.01–27.02, then 28.02–30.03.
 */
export function billingPeriod(startDate: string, date: string): { from: string; to: string } {
  const months = (Number(date.slice(0, 4)) - Number(startDate.slice(0, 4))) * 12 + Number(date.slice(5, 7)) - Number(startDate.slice(5, 7));
  return { from: date, to: addDays(addMonths(startDate, months + 1), -1) };
}

/** A readable unique id: EK-{policy id}-{yyyymm}. One invoice per policy and month. */
export function invoicePid(policyId: number, date: string): string {
  return `EK-${policyId}-${date.slice(0, 4)}${date.slice(5, 7)}`;
}

export interface SavedPeriod {
  periodStart: string;
  discountPercent: number;
  /** The Tallinn calendar date the period's score was (last) saved. */
  savedOn: string;
}

/** The score period whose discount is in force on `date`: the latest that had started and been saved by then, or null. */
export function periodInForce<P extends SavedPeriod>(date: string, periods: P[]): P | null {
  let best: P | null = null;
  for (const p of periods) {
    if (p.periodStart > date || p.savedOn > date) continue;
    if (!best || p.periodStart > best.periodStart) best = p;
  }
  return best;
}

/** The discount in force on `date`: the latest started and saved period's, else `fallback`. */
export function discountOn(date: string, periods: SavedPeriod[], fallback: number): number {
  return periodInForce(date, periods)?.discountPercent ?? fallback;
}

export type InvoicedEstimation = PremiumParts & Partial<Pick<Estimation, "wellnessDiscountPercent">>;

/** The policy as billing needs it: the start, the premium frozen at signing, the cover and services. */
export interface BilledPolicy {
  startDate: string;
  estimation: InvoicedEstimation & { wellnessScore?: number | null };
  cover: RenewalInput["cover"];
}

/** The policyholder's facts a renewal is priced with (PRODUCT.md section 5). */
export interface RenewalFacts {
  dateOfBirth: string;
  smoker: boolean;
}

/**
 * The premium an invoice dated `date` bills (before the wellness discount in force, which
 * invoiceAmount applies): the frozen one in the first policy year, that year's renewal premium
 * after it, null when the contract was not renewed (nothing is billed).
 */
export function premiumOn(date: string, policy: BilledPolicy, facts: RenewalFacts): InvoicedEstimation | null {
  const year = policyYearOf(policy.startDate, date);
  if (year === 0) return policy.estimation;
  return renewal(
    { dateOfBirth: facts.dateOfBirth, startDate: policy.startDate, cover: policy.cover, wellnessScore: policy.estimation.wellnessScore ?? null, smoker: facts.smoker },
    year,
  ).estimation;
}

export interface InvoiceAmount {
  /** The death and disability premiums the discount applies to (PRODUCT.md section 5). */
  risk: number;
  services: number;
  membershipFee: number;
  discountPercent: number;
  discount: number;
  total: number;
}

/**
 * The month's amount in cents: premiums + services + membership fee − the wellness discount,
 * by the one formula the offer's estimate uses (app/core/pricing.ts `discounted`).
 */
export function invoiceAmount(estimation: InvoicedEstimation, discountPercent: number): InvoiceAmount {
  const price = discounted(estimation, discountPercent);
  return {
    risk: estimation.premiumForDeathCover + estimation.premiumForDisabilityCover,
    services: estimation.services.reduce((sum, s) => sum + s.premium, 0),
    membershipFee: estimation.membershipFee,
    discountPercent,
    discount: price.wellnessDiscount,
    total: price.premiumTotal,
  };
}

/**
 * What an invoice dated `date` bills with the score periods saved so far: that policy year's
 * premium at the discount in force on the date (else the one the policy was priced with); null
 * when the contract was not renewed. Issuing and the schedule's payments to come
 * (app/core/billing-schedule.ts) both take it from here.
 */
export function dueOn(date: string, policy: BilledPolicy, facts: RenewalFacts, periods: SavedPeriod[]): { premium: InvoicedEstimation; amount: InvoiceAmount } | null {
  const premium = premiumOn(date, policy, facts);
  if (!premium) return null;
  return { premium, amount: invoiceAmount(premium, discountOn(date, periods, policy.estimation.wellnessDiscountPercent ?? 0)) };
}

/** One line of an invoice, in cents; the discount's is negative. The lines add up to the total. */
export type InvoiceLine =
  | { kind: "death" | "disability" | "membership"; cents: number }
  | { kind: "service"; code: string; cents: number }
  | { kind: "discount"; percent: number; cents: number };

/** Each cover (when it has a premium), each service, the membership fee and the wellness discount (when it takes a cent off). */
export function invoiceLines(estimation: InvoicedEstimation, discountPercent: number): InvoiceLine[] {
  const amount = invoiceAmount(estimation, discountPercent);
  const lines: InvoiceLine[] = [];
  if (estimation.premiumForDeathCover > 0) lines.push({ kind: "death", cents: estimation.premiumForDeathCover });
  if (estimation.premiumForDisabilityCover > 0) lines.push({ kind: "disability", cents: estimation.premiumForDisabilityCover });
  for (const s of estimation.services) lines.push({ kind: "service", code: s.serviceCode, cents: s.premium });
  lines.push({ kind: "membership", cents: estimation.membershipFee });
  if (discountShown(amount.discount)) lines.push({ kind: "discount", percent: discountPercent, cents: -amount.discount });
  return lines;
}

export interface InvoiceParties {
  issuer: Invoicing["issuer"];
  payee: Invoicing["payee"];
  customer: { firstName: string; lastName: string; personalCode: string };
}

export interface Invoice {
  pid: string;
  /** YYYY-MM-DD */
  date: string;
  /** The month of cover it bills (`billingPeriod`), derived from the policy's start: it never changes. */
  period: { from: string; to: string };
  dueDate: string;
  /** Cents. */
  sum: number;
  currency: "EUR";
  discountPercent: number;
  policyNumber: string;
  /** The policy's Estonian reference number (viitenumber). */
  referenceNumber: string;
  /** The same number as an ISO 11649 creditor reference (RF…), what the QR code carries (docs/decisions/0185). */
  creditorReference: string;
  lines: InvoiceLine[];
  issuer: InvoiceParties["issuer"];
  payee: InvoiceParties["payee"];
  customer: InvoiceParties["customer"];
  /**
   * What the QR code on the invoice holds: the EPC069-12 SEPA credit transfer; null once it is
   * credited (a scan would pay what need not be paid, docs/decisions/0269).
   */
  epcQr: string | null;
  /** When it was issued (fixes the document's dates and bytes). */
  issuedAt: string;
  /** The credit note that cancelled it in full (a withdrawn policy's, docs/decisions/0130), or null. */
  creditNote?: { pid: string; date: string } | null;
}

/**
 * Whether an invoice asks to be paid: not once a credit note cancelled it in full
 * (docs/decisions/0130, 0269). A credited invoice carries no QR code, no payment details and
 * no due date to pay by, wherever it is shown.
 */
export const isPayable = (invoice: Pick<Invoice, "creditNote">): boolean => !invoice.creditNote;

/** The number on documents and in invoice pids. */
export const policyNumber = (policyId: number) => `EK-${policyId}`;

/**
 * The policy id a policy number (EK-…) names, or null for anything else: the one reading of a
 * number a customer gives (`?policy=` on the documents, docs/decisions/0272 and 0309). Up to 15
 * digits, within a bigint.
 */
export const policyIdOf = (number: string): number | null => (/^EK-[1-9]\d{0,14}$/.test(number) ? Number(number.slice(3)) : null);

/** The transfer the invoice's QR code starts: the payee, the total and the reference number in its RF form. */
export function invoiceTransfer(invoice: Pick<Invoice, "pid" | "sum" | "creditorReference" | "payee">) {
  return epcPayload({
    bic: invoice.payee.bic,
    name: invoice.payee.name,
    iban: invoice.payee.iban,
    amountCents: invoice.sum,
    purpose: "INSU",
    reference: invoice.creditorReference,
    note: invoice.pid,
  });
}

interface InvoiceRow {
  pid: string;
  policy_id: number | string;
  invoice_date: string;
  due_date: string;
  sum_cents: number;
  discount_percent: number;
  reference: string;
  lines: InvoiceLine[];
  parties: Partial<InvoiceParties> & Pick<InvoiceParties, "customer">;
  issued_at: Date | string;
  credit_pid: string | null;
  credit_date: string | null;
  start_date: string;
}

const INVOICE_COLUMNS = `i.pid, i.policy_id, i.invoice_date, i.due_date, i.sum_cents, i.discount_percent, i.reference, i.lines, i.parties, i.issued_at,
  cn.pid AS credit_pid, cn.credit_date, p.start_date::text AS start_date`;
const INVOICE_FROM = `invoices i JOIN policies p ON p.id = i.policy_id LEFT JOIN credit_notes cn ON cn.invoice_pid = i.pid`;

interface PolicyRow {
  id: number | string;
  start_date: string;
  death_cover: number | string;
  disability_cover: number | string;
  services: string[];
  estimation: BilledPolicy["estimation"];
}

/** A policy row (the columns billing reads) as billing needs it. */
export function toBilledPolicy(row: Omit<PolicyRow, "id">): BilledPolicy {
  return {
    startDate: row.start_date,
    estimation: row.estimation,
    cover: {
      sumInsuredForDeathCover: Number(row.death_cover),
      sumInsuredForDisabilityCover: Number(row.disability_cover),
      services: row.services.filter(isServiceCode),
    },
  };
}


/** The self-service score periods whose score was saved: what the discount in force on a date is read from. */
export async function savedPeriods(q: Queryable, customerId: number): Promise<Array<SavedPeriod & { score: number | null }>> {
  const rows = await q.query<{ period_start: string; discount_percent: number; saved_at: Date | string; score: number | null }>(
    `SELECT period_start, discount_percent, saved_at, score FROM score_profiles
      WHERE customer_id = $1 AND period_start IS NOT NULL AND discount_percent IS NOT NULL AND saved_at IS NOT NULL ORDER BY period_start`,
    [customerId],
  );
  return rows.map((r) => ({
    periodStart: r.period_start,
    discountPercent: Number(r.discount_percent),
    savedOn: dateOf(r.saved_at),
    score: r.score === null ? null : Number(r.score),
  }));
}

export function invoiceService({
  db,
  clock,
  invoicing = DEMO_INVOICING,
  smoker,
}: {
  db: Db;
  clock: Clock;
  invoicing?: Invoicing;
  /** Whether the saved answers make the customer a smoker: asked only when a renewal year is billed (it decrypts them). */
  smoker: (customerId: number) => Promise<boolean>;
}) {
  /**
   * Issues every invoice due up to today (or up to `until`, when earlier) that is not issued yet,
   * of every policy billed: a cancelled one's up to its last day of cover though its holder has
   * signed a new one since (its invoices dated up to the month's end stay due, docs/decisions/0130, 0302).
   */
  async function issueDue(customerId: number, until: string = today(clock)): Promise<void> {
    // The policies and the dates already issued in one statement: on most reads nothing is due
    // and this is all the issuing costs (docs/decisions/0070).
    const policies = await db.query<PolicyRow & { date_of_birth: string; issued: string[]; end_date: string | null }>(
      `SELECT p.id, p.start_date::text AS start_date, p.death_cover, p.disability_cover, p.services, p.estimation, p.end_date::text AS end_date,
              to_char(c.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
              ARRAY(SELECT i.invoice_date::text FROM invoices i WHERE i.policy_id = p.id) AS issued
       FROM policies p JOIN customers c ON c.id = p.customer_id WHERE p.customer_id = $1 AND p.status = ANY($2)
       ORDER BY p.id`,
      [customerId, BILLED_STATUSES],
    );
    const owed = policies
      .map((policy) => {
        // The earliest of today, `until` and a cancelled policy's last day of cover: nothing dated after its end.
        const last = [today(clock), until, ...(policy.end_date ? [String(policy.end_date).slice(0, 10)] : [])].sort()[0];
        const issued = new Set(policy.issued);
        return { policy, missing: billedDates(policy.start_date, policy.date_of_birth, last).filter((d) => !issued.has(d)) };
      })
      .filter((p) => p.missing.length > 0);
    if (owed.length === 0) return;
    const periods = await savedPeriods(db, customerId);
    const [customer] = await db.query<{ first_name: string; last_name: string; personal_code: string }>(
      `SELECT first_name, last_name, personal_code FROM customers WHERE id = $1`,
      [customerId],
    );
    const parties: InvoiceParties = {
      issuer: invoicing.issuer,
      payee: invoicing.payee,
      customer: { firstName: customer.first_name, lastName: customer.last_name, personalCode: customer.personal_code },
    };
    // The answers are decrypted for the smoker fact only when a renewal year is billed.
    const renewed = owed.some(({ policy, missing }) => missing.some((d) => policyYearOf(policy.start_date, d) > 0));
    const isSmoker = renewed ? await smoker(customerId) : false;
    const issuedAt = clock.now();
    for (const { policy, missing } of owed) {
      const policyId = Number(policy.id);
      const billed = toBilledPolicy(policy);
      const facts: RenewalFacts = { dateOfBirth: policy.date_of_birth, smoker: isSmoker };
      for (const date of missing) {
        const due = dueOn(date, billed, facts, periods);
        // Not renewed (billedDates already stops there).
        if (!due) break;
        const { premium, amount } = due;
        // No conflict target: a racing server's identical row violates (policy_id, invoice_date)
        // and the pid alike, and either must end in "already issued", not an error.
        await db.query(
          `INSERT INTO invoices (pid, policy_id, customer_id, invoice_date, sum_cents, discount_percent, reference, due_date, lines, parties, issued_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
          [
            invoicePid(policyId, date),
            policyId,
            customerId,
            date,
            amount.total,
            amount.discountPercent,
            policyReferenceNumber(policyId),
            addDays(date, invoicing.dueDays),
            JSON.stringify(invoiceLines(premium, amount.discountPercent)),
            JSON.stringify(parties),
            issuedAt,
          ],
        );
      }
    }
  }

  const toInvoice = (r: InvoiceRow): Invoice => {
    const payee = r.parties.payee ?? invoicing.payee;
    const invoice = {
      pid: r.pid,
      date: r.invoice_date,
      period: billingPeriod(r.start_date, r.invoice_date),
      dueDate: r.due_date,
      sum: Number(r.sum_cents),
      currency: "EUR" as const,
      discountPercent: Number(r.discount_percent),
      policyNumber: policyNumber(Number(r.policy_id)),
      referenceNumber: r.reference,
      creditorReference: creditorReference(r.reference),
      lines: r.lines,
      issuer: r.parties.issuer ?? invoicing.issuer,
      payee,
      customer: r.parties.customer,
      issuedAt: new Date(r.issued_at).toISOString(),
      creditNote: r.credit_pid && r.credit_date ? { pid: r.credit_pid, date: String(r.credit_date).slice(0, 10) } : null,
    };
    return { ...invoice, epcQr: isPayable(invoice) ? invoiceTransfer(invoice) : null };
  };

  return {
    issueDue,

    /**
     * The customer's invoices, newest first (issuing what is due first); of one date (an ended
     * contract's and a new one's), the later issued first, the same on every read.
     */
    async list(customerId: number): Promise<Invoice[]> {
      await issueDue(customerId);
      const rows = await db.query<InvoiceRow>(`SELECT ${INVOICE_COLUMNS} FROM ${INVOICE_FROM} WHERE i.customer_id = $1 ORDER BY i.invoice_date DESC, i.id DESC`, [customerId]);
      return rows.map(toInvoice);
    },

    /** One of the customer's own invoices; null for anyone else's. */
    async get(customerId: number, pid: string): Promise<Invoice | null> {
      await issueDue(customerId);
      const rows = await db.query<InvoiceRow>(`SELECT ${INVOICE_COLUMNS} FROM ${INVOICE_FROM} WHERE i.customer_id = $1 AND i.pid = $2`, [customerId, pid]);
      return rows[0] ? toInvoice(rows[0]) : null;
    },
  };
}
