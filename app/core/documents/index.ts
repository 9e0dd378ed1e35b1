/**
 * The documents the core issues as real PDFs in the customer's language (PRODUCT.md section
 * 10): the application (what is signed), the payment schedule, the policy (after signing)
 * and the monthly invoice. Renderers take plain data (no database), so self-service and
 * the offer both use them, and the same data and date give the same bytes.
 */
import { createHash } from "node:crypto";
import type { BeneficiaryValues } from "../../lib/beneficiaries-schema.js";
import { formatAmount, formatDate, type Language } from "../../lib/euro.js";
import { DONUT_PARTS } from "../../lib/donut.js";
import type { Estimation } from "../pricing.js";
import { catalogueService } from "../proposal/catalogue.js";
import type { ScheduledPayment } from "../payment-schedule.js";
import { docTranslator, PdfWriter, type DocKey } from "./pdf.js";

export { docTranslator } from "./pdf.js";

export interface DocumentCustomer {
  firstName: string;
  lastName: string;
  personalCode: string;
  dateOfBirth: string;
  email: string | null;
  phone: string | null;
}

export interface ApplicationDocument {
  language: Language;
  /** When the document is generated (fixes its dates and bytes). */
  at: Date;
  /** The Tallinn calendar date of `at`. */
  date: string;
  customer: DocumentCustomer;
  age: number;
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: string[];
  questionnaire: { type: "UW_L1" | "UW_L2"; height: number | null; weight: number | null; content: Record<string, unknown> } | null;
  beneficiaries: BeneficiaryValues[];
  estimation: Estimation;
}

export interface ScheduleDocument {
  language: Language;
  at: Date;
  date: string;
  customer: DocumentCustomer;
  startDate: string;
  /** True before signing: the start is assumed to be tomorrow. */
  provisional: boolean;
  payments: ScheduledPayment[];
}

export interface PolicyDocument {
  language: Language;
  at: Date;
  date: string;
  policyNumber: string;
  status: "SIGNED" | "EUW" | "ACTIVE" | "DECLINED";
  signedAt: Date;
  startDate: string;
  documentSha256: string;
  customer: DocumentCustomer;
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: string[];
  beneficiaries: BeneficiaryValues[];
  estimation: Estimation;
}

export interface InvoiceDocument {
  language: Language;
  at: Date;
  pid: string;
  date: string;
  sumCents: number;
  discountPercent?: number;
  policyNumber: string;
  customer: DocumentCustomer;
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The file name a document is served under, per language: ASCII only. */
export function documentFileName(kind: "application" | "payment-schedule" | "policy" | "invoice", language: Language, id?: string): string {
  const names: Record<typeof kind, Record<Language, string>> = {
    application: { et: "taotlus", en: "application", ru: "zayavlenie" },
    "payment-schedule": { et: "maksegraafik", en: "payment-schedule", ru: "grafik-platezhei" },
    policy: { et: "poliis", en: "policy", ru: "polis" },
    invoice: { et: "arve", en: "invoice", ru: "schet" },
  };
  return `${names[kind][language]}${id ? `-${id.replace(/[^A-Za-z0-9-]/g, "")}` : ""}.pdf`;
}

function start(language: Language, titleKey: DocKey, at: Date, date: string) {
  const t = docTranslator(language);
  const footer = `${t("doc.insurer")} · ${t("doc.page", { n: "{{n}}", total: "{{total}}" })}`;
  return { t, writer: PdfWriter.create({ title: t(titleKey), language, createdAt: at, footer }), subtitle: t("doc.generated", { date: formatDate(date) }) };
}

/** The package's texts in `language` (app/core/proposal/catalogue.ts), the code for an unknown one. */
const serviceTexts = (language: Language, code: string) => catalogueService(code)?.texts[language] ?? { name: code, description: "" };

function personal(w: PdfWriter, t: ReturnType<typeof docTranslator>, c: DocumentCustomer, age?: number) {
  w.heading(t("doc.personal.heading"));
  w.field(t("doc.name"), `${c.firstName} ${c.lastName}`);
  w.field(t("doc.personalCode"), c.personalCode);
  w.field(t("doc.dateOfBirth"), formatDate(c.dateOfBirth));
  if (age !== undefined) w.field(t("doc.age"), String(age));
  if (c.email) w.field(t("doc.email"), c.email);
  if (c.phone) w.field(t("doc.phone"), c.phone);
}

function covers(w: PdfWriter, t: ReturnType<typeof docTranslator>, language: Language, death: number, disability: number, services: string[]) {
  const euro = (whole: number) => `${formatAmount(whole * 100, language)} ${t("offer.currency")}`;
  w.heading(t("doc.covers.heading"));
  w.field(t("doc.deathCover"), euro(death));
  w.field(t("doc.disabilityCover"), euro(disability));
  w.heading(t("doc.services.heading"));
  if (services.length === 0) w.paragraph(t("doc.none"));
  for (const code of services) {
    const { name, description } = serviceTexts(language, code);
    w.paragraph(`${name}: ${description}`);
  }
}

function beneficiaries(w: PdfWriter, t: ReturnType<typeof docTranslator>, list: BeneficiaryValues[]) {
  w.heading(t("doc.beneficiaries.heading"));
  if (list.length === 0) return w.paragraph(t("doc.none"));
  w.table(
    [{ width: 0.3 }, { width: 0.2 }, { width: 0.1, align: "right" }, { width: 0.4 }],
    list.map((b) => [
      `${b.type === "P" && b.firstName ? `${b.firstName} ` : ""}${b.name} (${t(`doc.beneficiary.${b.type}`)})`,
      b.idCode,
      `${b.sharePercent}%`,
      `${b.email}, ${b.phone}`,
    ]),
    { header: [t("doc.name"), t("doc.personalCode"), t("doc.share"), `${t("doc.email")}, ${t("doc.phone")}`] },
  );
}

function premium(w: PdfWriter, t: ReturnType<typeof docTranslator>, language: Language, e: Estimation) {
  const money = (cents: number) => `${formatAmount(cents, language)} ${t("offer.currency")}`;
  w.heading(t("doc.premium.heading"));
  const servicesTotal = e.services.reduce((s, x) => s + x.premium, 0);
  const rows: string[][] = [];
  for (const part of DONUT_PARTS) {
    if (part === "healthDividends") continue;
    const cents =
      part === "life" ? e.premiumForDeathCover : part === "disability" ? e.premiumForDisabilityCover : part === "services" ? servicesTotal : e.membershipFee;
    rows.push([t(`offer.breakdown.part.${part}` as DocKey), money(cents)]);
    if (part === "services") for (const s of e.services) rows.push([`  · ${serviceTexts(language, s.serviceCode).name}`, money(s.premium)]);
  }
  if (e.wellnessDiscount > 0) rows.push([`${t("doc.premium.discount")} (${e.wellnessDiscountPercent}%)`, `−${money(e.wellnessDiscount)}`]);
  rows.push([t("doc.premium.total"), money(e.premiumTotal)]);
  w.table([{ width: 0.6 }, { width: 0.4, align: "right" }], rows, { boldLast: true });
  if (e.wellnessScore !== null) w.paragraph(t("doc.premium.wellness", { score: e.wellnessScore, percent: e.wellnessDiscountPercent }), 9);
}

export async function renderApplication(d: ApplicationDocument): Promise<Uint8Array> {
  const { t, writer, subtitle } = start(d.language, "doc.application.title", d.at, d.date);
  const w = await writer;
  w.title(t("doc.application.title"), subtitle);
  personal(w, t, d.customer, d.age);
  covers(w, t, d.language, d.sumInsuredForDeathCover, d.sumInsuredForDisabilityCover, d.services);
  w.heading(t("doc.questionnaire.heading"));
  if (d.questionnaire) {
    const q = d.questionnaire;
    w.field(t("doc.questionnaire.type"), t(`doc.questionnaire.${q.type}`));
    if (q.height) w.field(t("doc.height"), `${q.height} cm`);
    if (q.weight) w.field(t("doc.weight"), `${String(q.weight).replace(".", d.language === "en" ? "." : ",")} kg`);
    const yes = Object.entries(q.content)
      .filter(([key, value]) => value === true && !key.endsWith("Extra"))
      .map(([key]) => {
        const label = (t as (k: string) => string)(`doc.q.${key}`) || key;
        const extra = q.content[`${key}Extra`] as Record<string, unknown> | undefined;
        if (key === "smoking" && extra?.howMany !== undefined) return `${label}: ${t("doc.smoking.howMany", { n: String(extra.howMany) })}`;
        const details = extra ? Object.values(extra).filter((v) => typeof v === "string" && v.trim()).join("; ") : "";
        return details ? `${label}: ${details}` : label;
      });
    if (yes.length === 0) w.paragraph(t("doc.allNo"));
    else {
      w.paragraph(`${t("doc.yesAnswers")}:`);
      for (const line of yes) w.paragraph(`• ${line}`);
    }
  } else w.paragraph(t("doc.none"));
  beneficiaries(w, t, d.beneficiaries);
  premium(w, t, d.language, d.estimation);
  return w.save();
}

export async function renderPaymentSchedule(d: ScheduleDocument): Promise<Uint8Array> {
  const { t, writer, subtitle } = start(d.language, "doc.schedule.title", d.at, d.date);
  const w = await writer;
  const money = (cents: number) => `${formatAmount(cents, d.language)} ${t("offer.currency")}`;
  w.title(t("doc.schedule.title"), subtitle);
  w.field(t("doc.name"), `${d.customer.firstName} ${d.customer.lastName}`);
  w.field(t("doc.personalCode"), d.customer.personalCode);
  w.paragraph(t("doc.schedule.start", { date: formatDate(d.startDate) }));
  if (d.provisional) w.paragraph(t("doc.schedule.beforeSigning"), 9);
  const total = d.payments.reduce((s, p) => s + p.sumCents, 0);
  w.table(
    [{ width: 0.15 }, { width: 0.45 }, { width: 0.4, align: "right" }],
    [...d.payments.map((p) => [String(p.number), formatDate(p.date), money(p.sumCents)]), [t("doc.schedule.total"), "", money(total)]],
    { header: [t("doc.schedule.number"), t("doc.schedule.date"), t("doc.schedule.sum")], boldLast: true },
  );
  return w.save();
}

export async function renderPolicy(d: PolicyDocument): Promise<Uint8Array> {
  const { t, writer, subtitle } = start(d.language, "doc.policy.title", d.at, d.date);
  const w = await writer;
  w.title(t("doc.policy.title"), subtitle);
  w.field(t("doc.policy.number"), d.policyNumber);
  w.field(t("doc.policy.status"), t(`doc.policy.status.${d.status}`));
  w.field(t("doc.policy.signed"), formatDate(d.signedAt.toISOString()));
  w.field(t("doc.policy.start"), formatDate(d.startDate));
  personal(w, t, d.customer);
  covers(w, t, d.language, d.sumInsuredForDeathCover, d.sumInsuredForDisabilityCover, d.services);
  beneficiaries(w, t, d.beneficiaries);
  premium(w, t, d.language, d.estimation);
  w.heading(t("doc.policy.hash"));
  w.paragraph(d.documentSha256, 8);
  return w.save();
}

export async function renderInvoice(d: InvoiceDocument): Promise<Uint8Array> {
  const { t, writer, subtitle } = start(d.language, "doc.invoice.title", d.at, d.date);
  const w = await writer;
  w.title(`${t("doc.invoice.title")} ${d.pid}`, subtitle);
  w.field(t("doc.invoice.pid"), d.pid);
  w.field(t("doc.invoice.date"), formatDate(d.date));
  w.field(t("doc.invoice.policy"), d.policyNumber);
  w.field(t("doc.invoice.customer"), `${d.customer.firstName} ${d.customer.lastName}, ${d.customer.personalCode}`);
  if (d.discountPercent) w.field(t("doc.premium.discount"), t("doc.invoice.discount", { percent: d.discountPercent }));
  w.table([{ width: 0.45 }, { width: 0.55, align: "right" }], [[t("doc.invoice.sum"), `${formatAmount(d.sumCents, d.language)} ${t("offer.currency")}`]], {
    boldLast: true,
  });
  return w.save();
}
