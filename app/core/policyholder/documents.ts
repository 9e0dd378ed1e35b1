/**
 * The self-service documents: the policy, the payment schedule and invoices, in the
 * customer's language. The application statement is the document the customer signed
 * (policies.signed_document), served as it was signed.
 */
import { formatCents, formatDate, formatEuro } from "../../lib/policyholder-format.js";
import * as texts from "../../locales/self-service.js";
import { addMonths } from "../clock.js";
import type { InvoiceAmount } from "../invoices.js";
import type { InvoicedEstimation } from "../invoices.js";
import { invoiceAmount } from "../invoices.js";
import { textPdf } from "./text-pdf.js";

type Key = keyof typeof texts.et;

/** The plain text renderer has no Cyrillic glyphs: Russian documents come in Estonian until the font-embedding renderer is merged. */
function translator(lang: string) {
  const table = lang === "en" ? texts.en : texts.et;
  const code = lang === "en" ? "en" : "et";
  const t = (key: Key, values: Record<string, string | number> = {}) => table[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  const money = (cents: number) => t("self_service.amount", { amount: formatCents(cents, code) });
  return { t, money, code };
}

export interface PolicyFacts {
  policyId: number;
  holder: { name: string; personalCode: string };
  startDate: string;
  deathCover: number;
  disabilityCover: number;
  serviceNames: string[];
  estimation: InvoicedEstimation & { premiumTotal: number };
  beneficiaries: Array<{ type: "P" | "C"; firstName: string | null; name: string; idCode: string; sharePercent: number }>;
}

export function renderPolicy(facts: PolicyFacts, lang: string): Buffer {
  const { t, money, code } = translator(lang);
  return textPdf(t("document.policy.title"), [
    t("document.policy_number", { id: facts.policyId }),
    t("document.insured", { name: facts.holder.name, code: facts.holder.personalCode }),
    t("document.start", { date: formatDate(facts.startDate) }),
    "",
    t("document.death", { amount: t("self_service.amount", { amount: formatEuro(facts.deathCover, code) }) }),
    t("document.disability", { amount: t("self_service.amount", { amount: formatEuro(facts.disabilityCover, code) }) }),
    t("document.services", { list: facts.serviceNames.length ? facts.serviceNames.join(", ") : t("document.none") }),
    t("document.monthly", { amount: money(facts.estimation.premiumTotal) }),
    "",
    t("document.beneficiaries"),
    ...facts.beneficiaries.map((b) => `  ${[b.firstName, b.name].filter(Boolean).join(" ")}, ${b.idCode}, ${b.sharePercent}%`),
  ]);
}

/** PRODUCT.md section 5: 12 monthly payments from the policy start date. */
export function paymentSchedule(startDate: string, monthly: number): Array<{ date: string; amount: number }> {
  return Array.from({ length: 12 }, (_, k) => ({ date: addMonths(startDate, k), amount: monthly }));
}

export function renderPaymentSchedule(facts: PolicyFacts, lang: string): Buffer {
  const { t, money } = translator(lang);
  return textPdf(t("document.payment_schedule.title"), [
    t("document.policy_number", { id: facts.policyId }),
    t("document.insured", { name: facts.holder.name, code: facts.holder.personalCode }),
    "",
    ...paymentSchedule(facts.startDate, facts.estimation.premiumTotal).map((p, i) =>
      t("document.schedule.row", { n: i + 1, date: formatDate(p.date), amount: money(p.amount) }),
    ),
  ]);
}

export interface InvoiceFacts {
  pid: string;
  date: string;
  policyId: number;
  holder: { name: string; personalCode: string };
  amount: InvoiceAmount;
}

/** Invoices are payable within 14 days. */
export const INVOICE_PAYMENT_DAYS = 14;

export function renderInvoice(facts: InvoiceFacts, lang: string, dueDate: string): Buffer {
  const { t, money } = translator(lang);
  const a = facts.amount;
  return textPdf(t("document.invoice.title", { pid: facts.pid }), [
    t("document.invoice.date", { date: formatDate(facts.date) }),
    t("document.invoice.due", { date: formatDate(dueDate) }),
    t("document.policy_number", { id: facts.policyId }),
    t("document.insured", { name: facts.holder.name, code: facts.holder.personalCode }),
    "",
    t("document.invoice.risk", { amount: money(a.risk) }),
    t("document.invoice.services", { amount: money(a.services) }),
    t("document.invoice.fee", { amount: money(a.membershipFee) }),
    t("document.invoice.discount", { percent: a.discountPercent, amount: money(a.discount) }),
    t("document.invoice.total", { amount: money(a.total) }),
  ]);
}

export { invoiceAmount };
