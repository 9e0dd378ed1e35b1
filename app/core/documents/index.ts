/**
 * The documents the core issues as real PDFs in the customer's language (PRODUCT.md section
 * 10): the application (what is signed), the payment schedule, the policy (after signing)
 * and the monthly invoice. Renderers take plain data (no database), so self-service and
 * the offer both use them, and the same data and date give the same bytes.
 *
 * Each document is first built as a list of blocks (title, headings, label–value rows,
 * tables, the payment QR code): the PDF is drawn from them, and so is the accessible HTML
 * version beside each PDF link (docs/decisions/0031-accessible-documents.md), so the two
 * can never show different figures.
 */
import { createHash } from "node:crypto";
import type { BeneficiaryValues } from "../../lib/beneficiaries-schema.js";
import { formatDate, formatDecimal, formatMoney, formatWholeEuro, formatWholeMoney, type Language } from "../../lib/euro.js";
import { DONUT_PARTS } from "../../lib/donut.js";
import type { Estimation } from "../pricing.js";
import { discountShown } from "../../lib/pricing.js";
import { catalogueService } from "../proposal/catalogue.js";
import type { ScheduledPayment } from "../payment-schedule.js";
import { contractTerm, RENEWAL_NOTICE_DAYS, WITHDRAWAL_DAYS, type AgeTableRow, type ContractTerm } from "../contract-term.js";
import { renewalTerm, withdrawalTerm } from "../../lib/contract-term.js";
import type { DrawnFor } from "./turns.js";
import { MAX_AGE, MIN_AGE, packageLimits } from "../../lib/limits.js";
import { estimate, MAX_WELLNESS_DISCOUNT_PERCENT, MEMBERSHIP_FEE_CENTS, SERVICE_PRICES_CENTS, SMOKER_FACTOR } from "../pricing.js";
import type { Insurer } from "../config.js";
import { isPayable, type Invoice } from "../invoices.js";
import { creditorReference, formatIban } from "../payment.js";
import { dateOf } from "../clock.js";
import { tallinnDateTime } from "../../lib/tallinn-time.js";
import { APPLICATION_EFFECTS } from "../../lib/withdrawal-fields.js";
import { beneficiaryName, demandsAndNeeds, type DemandsAndNeeds } from "../demands-and-needs.js";
import { docTranslator, PdfWriter, qrSvgPath, type DocKey, type Layout } from "./pdf.js";
import { editionHas } from "./application-editions.js";
import { versionFields, type PolicyVersionFacts } from "./policy-version.js";
import type { DocBlock, DocLink, HtmlDocModel } from "../../lib/document-blocks.js";

export type { DocBlock, HtmlDocModel } from "../../lib/document-blocks.js";

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
  /** The edition it is drawn as (./application-editions.ts): the current one, or a signed policy's. */
  edition: number;
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
  /** How the premium changes with age (docs/decisions/0090); null when it cannot be told. */
  ageTable?: AgeTableRow[] | null;
  /** Ended by its holder: how and when, and no renewals (docs/decisions/0269, 0342). */
  ending?: PolicyDocument["ending"];
}

export interface PolicyDocument {
  language: Language;
  at: Date;
  date: string;
  policyNumber: string;
  /** EXPIRED: its last policy year is over, not renewed for the age (docs/decisions/0282). */
  status: "SIGNED" | "EUW" | "ACTIVE" | "DECLINED" | "WITHDRAWN" | "CANCELLED" | "EXPIRED";
  signedAt: Date;
  /** The underwriter's acceptance: the contract was concluded then (docs/decisions/0273); null when on signing. */
  acceptedAt: Date | null;
  startDate: string;
  documentSha256: string;
  customer: DocumentCustomer;
  sumInsuredForDeathCover: number;
  sumInsuredForDisabilityCover: number;
  services: string[];
  beneficiaries: BeneficiaryValues[];
  estimation: Estimation;
  /** Which version of the policy this is, once its beneficiaries have changed (docs/decisions/0145). */
  version?: PolicyVersionFacts;
  /**
   * How the contract ended by its holder (a Tallinn date; a cancellation's last day of cover):
   * the term says that instead of renewals and rights that no longer apply (docs/decisions/0342).
   */
  ending?: { kind: "withdrawal" | "cancellation"; on: string; endDate: string | null };
}

export interface InvoiceDocument {
  language: Language;
  invoice: Invoice;
}

export interface DocModel {
  language: Language;
  /** The title in the PDF's metadata and the HTML page's h1. */
  title: string;
  /** Fixes the PDF's dates, and so its bytes. */
  createdAt: Date;
  footer: string;
  /** How the PDF is laid out (the web page is the same either way): `compact` fits one A4 page in two columns. */
  layout?: Layout;
  /** The product's name on the PDF's brand line and in its metadata (PRODUCT_NAME; set by the core's drawing). */
  brand?: string;
  blocks: DocBlock[];
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The file name a document is served under, per language: ASCII only. */
export function documentFileName(
  kind: "application" | "payment-schedule" | "policy" | "invoice" | "credit-note" | "pre-contract" | "conditions" | "privacy" | "ending" | "beneficiary-change",
  language: Language,
  id?: string,
): string {
  const names: Record<typeof kind, Record<Language, string>> = {
    privacy: { et: "privaatsusteade", en: "privacy-notice", ru: "uvedomlenie-o-konfidentsialnosti" },
    conditions: { et: "kindlustustingimused", en: "insurance-conditions", ru: "usloviya-strakhovaniya" },
    ending: { et: "lepingu-lopetamise-kinnitus", en: "ending-confirmation", ru: "podtverzhdenie-prekrashcheniya" },
    "pre-contract": { et: "lepingueelne-teave", en: "pre-contract-information", ru: "preddogovornaya-informatsiya" },
    application: { et: "taotlus", en: "application", ru: "zayavlenie" },
    "payment-schedule": { et: "maksegraafik", en: "payment-schedule", ru: "grafik-platezhei" },
    policy: { et: "poliis", en: "policy", ru: "polis" },
    invoice: { et: "arve", en: "invoice", ru: "schet" },
    "credit-note": { et: "kreeditarve", en: "credit-note", ru: "kreditovyi-schet" },
    "beneficiary-change": { et: "soodustatud-isikute-muutmine", en: "beneficiary-change", ru: "izmenenie-vygodopriobretatelei" },
  };
  return `${names[kind][language]}${id ? `-${id.replace(/[^A-Za-z0-9-]/g, "")}` : ""}.pdf`;
}

/**
 * Where the running footer names the insurer: the core's PDF drawing (app/core/index.ts) puts the
 * configured insurer's name there (INVOICE_ISSUER_NAME), never a fixed one.
 */
const INSURER_MARK = "{{insurer}}";

/** `model` with its footer naming `insurer` in INSURER_MARK's place, and with `brand` on its brand line when given. */
export const namingInsurer = (model: DocModel, insurer: string, brand?: string): DocModel => ({
  ...model,
  footer: model.footer.replaceAll(INSURER_MARK, () => insurer),
  ...(brand ? { brand } : {}),
});

/** A document being built: its translator and blocks, with one method per kind of block. */
export function builder(language: Language, titleKey: DocKey, createdAt: Date) {
  const t = docTranslator(language);
  const blocks: DocBlock[] = [];
  const money = (cents: number) => formatMoney(cents, language);
  /** A cover's whole euro, as the package step and the quote write it ("100 000 €", docs/decisions/0350). */
  const euro = formatWholeMoney;
  const add = {
    title: (text: string, date: string) => blocks.push({ kind: "title", text, subtitle: t("doc.generated", { date: formatDate(date) }) }),
    heading: (text: string, id?: string) => blocks.push(id ? { kind: "heading", text, id } : { kind: "heading", text }),
    paragraph: (text: string, small = false) => blocks.push(small ? { kind: "paragraph", text, small } : { kind: "paragraph", text }),
    list: (items: string[]) => blocks.push({ kind: "list", items }),
    links: (items: Array<{ text: string; links: DocLink[] }>) => blocks.push({ kind: "links", items }),
    /** Consecutive rows join one list of fields. */
    field: (label: string, value: string) => {
      const last = blocks[blocks.length - 1];
      if (last?.kind === "fields") last.rows.push({ label, value });
      else blocks.push({ kind: "fields", rows: [{ label, value }] });
    },
    table: (table: Omit<Extract<DocBlock, { kind: "table" }>, "kind">) => blocks.push({ kind: "table", ...table }),
    qr: (payload: string, caption: string) => blocks.push({ kind: "qr", payload, caption }),
  };
  const model = (title: string): DocModel => ({
    language,
    title,
    createdAt,
    footer: `${t("doc.insurer", { insurer: INSURER_MARK })} · ${t("doc.page", { n: "{{n}}", total: "{{total}}" })}`,
    blocks,
  });
  return { t, money, euro, add, model: () => model(t(titleKey)), modelTitled: model };
}

export type Builder = ReturnType<typeof builder>;

export function htmlModel(model: DocModel): HtmlDocModel {
  return {
    language: model.language,
    title: model.title,
    blocks: model.blocks.map((block) => {
      if (block.kind !== "qr") return block;
      const { size, d } = qrSvgPath(block.payload);
      return { kind: "qr", caption: block.caption, size, path: d };
    }),
  };
}

/** A link as the PDF prints it: its text, and the path after it when it is one of the app's pages. */
const pdfLink = (link: DocLink) => (link.href.startsWith("/") ? `${link.text} (${link.href})` : link.text);

/**
 * Draws a document's PDF: `renderPdf` in this thread, or a document thread's (app/core/documents/workers.ts),
 * for the customer `drawnFor` (their documents take turns with other customers', ./turns.ts) or for everyone (`null`).
 */
export type RenderPdf = (model: DocModel, drawnFor: DrawnFor) => Promise<Uint8Array>;

export async function renderPdf(model: DocModel): Promise<Uint8Array> {
  const w = await PdfWriter.create({ title: model.title, language: model.language, createdAt: model.createdAt, footer: model.footer, layout: model.layout, brand: model.brand });
  // An Estonian name in an English or Russian text (`<et>…</et>`) is drawn as a part in Estonian (app/core/documents/pdf.ts).
  for (const block of model.blocks) {
    switch (block.kind) {
      case "title":
        w.title(block.text, block.subtitle);
        break;
      case "heading":
        w.heading(block.text);
        break;
      case "paragraph":
        w.paragraph(block.text, undefined, { small: block.small });
        break;
      case "list":
        w.list(block.items);
        break;
      case "links":
        w.list(block.items.map((item) => [item.text, ...item.links.map(pdfLink)].join(" ")));
        break;
      case "fields":
        w.fields(block.rows);
        break;
      case "table":
        w.table(block.columns, block.rows, { header: block.header, boldLast: block.total });
        break;
      case "qr":
        w.qr(block.payload, block.caption);
        break;
    }
  }
  return w.save();
}

/** The package's texts in `language` (app/core/proposal/catalogue.ts), the code for an unknown one. */
const serviceTexts = (language: Language, code: string) => catalogueService(code)?.texts[language] ?? { name: code, description: "" };

export function personal({ t, add }: Builder, c: DocumentCustomer, age?: number) {
  add.heading(t("doc.personal.heading"));
  add.field(t("doc.name"), `${c.firstName} ${c.lastName}`);
  add.field(t("doc.personalCode"), c.personalCode);
  add.field(t("doc.dateOfBirth"), formatDate(c.dateOfBirth));
  if (age !== undefined) add.field(t("doc.age"), String(age));
  if (c.email) add.field(t("doc.email"), c.email);
  if (c.phone) add.field(t("doc.phone"), c.phone);
}

function covers({ t, add, euro }: Builder, language: Language, death: number, disability: number, services: string[]) {
  add.heading(t("doc.covers.heading"));
  add.field(t("doc.deathCover"), euro(death));
  add.field(t("doc.disabilityCover"), euro(disability));
  add.heading(t("doc.services.heading"));
  if (services.length === 0) add.paragraph(t("doc.none"));
  for (const code of services) {
    const { name, description } = serviceTexts(language, code);
    add.paragraph(`${name}: ${description}`);
  }
}

export function beneficiaries({ t, add }: Builder, list: BeneficiaryValues[], heading = t("doc.beneficiaries.heading")) {
  add.heading(heading);
  if (list.length === 0) return add.paragraph(t("doc.none"));
  add.table({
    columns: [{ width: 0.3 }, { width: 0.2 }, { width: 0.1, align: "right" }, { width: 0.4 }],
    // A person or a company: the code is a personal code or a registry code.
    header: [t("doc.beneficiaries.name"), t("doc.beneficiaries.code"), t("doc.share"), t("doc.email_and_phone")],
    rows: list.map((b) => [
      `${beneficiaryName(b)} (${t(`doc.beneficiary.${b.type}`)})`,
      b.idCode,
      `${b.sharePercent}%`,
      `${b.email}, ${b.phone}`,
    ]),
  });
}

function premium({ t, add, money }: Builder, language: Language, e: Estimation) {
  add.heading(t("doc.premium.heading"));
  const servicesTotal = e.services.reduce((s, x) => s + x.premium, 0);
  const rows: string[][] = [];
  for (const part of DONUT_PARTS) {
    if (part === "healthDividends") continue;
    const cents =
      part === "life" ? e.premiumForDeathCover : part === "disability" ? e.premiumForDisabilityCover : part === "services" ? servicesTotal : e.membershipFee;
    rows.push([t(`offer.breakdown.part.${part}` as DocKey), money(cents)]);
    if (part === "services") for (const s of e.services) rows.push([`  · ${serviceTexts(language, s.serviceCode).name}`, money(s.premium)]);
  }
  if (discountShown(e.wellnessDiscount)) rows.push([`${t("doc.premium.discount")} (${e.wellnessDiscountPercent}%)`, `−${money(e.wellnessDiscount)}`]);
  rows.push([t("doc.premium.total"), money(e.premiumTotal)]);
  add.table({ columns: [{ width: 0.6 }, { width: 0.4, align: "right" }], rows, total: true });
  if (e.wellnessScore !== null) add.paragraph(t("doc.premium.wellness", { score: e.wellnessScore, percent: e.wellnessDiscountPercent }), true);
}

/**
 * The signed application's web page once its health answers are erased (the consent withdrawn,
 * docs/decisions/0303): the page cannot be drawn again from them; it says so beside the PDF signed.
 */
export function erasedApplicationModel(language: Language, at: Date, date: string): DocModel {
  const b = builder(language, "doc.application.title", at);
  b.add.title(b.t("doc.application.title"), date);
  b.add.paragraph(b.t("doc.application.erased"));
  return b.model();
}

export function applicationModel(d: ApplicationDocument): DocModel {
  const b = builder(d.language, "doc.application.title", d.at);
  const { t, add } = b;
  add.title(t("doc.application.title"), d.date);
  personal(b, d.customer, d.age);
  covers(b, d.language, d.sumInsuredForDeathCover, d.sumInsuredForDisabilityCover, d.services);
  add.heading(t("doc.questionnaire.heading"));
  if (d.questionnaire) {
    const q = d.questionnaire;
    add.field(t("doc.questionnaire.type"), t(`doc.questionnaire.${q.type}`));
    // The units in the document's language: "168 см", "64,5 кг" in Russian.
    if (q.height) add.field(t("doc.height"), t("unit.cm", { value: formatDecimal(q.height, d.language) }));
    if (q.weight) add.field(t("doc.weight"), t("unit.kg", { value: formatDecimal(q.weight, d.language) }));
    const yes = Object.entries(q.content)
      .filter(([key, value]) => value === true && !key.endsWith("Extra"))
      .map(([key]) => {
        const label = (t as (k: string) => string)(`doc.q.${key}`) || key;
        const extra = q.content[`${key}Extra`] as Record<string, unknown> | undefined;
        if (key === "smoking" && extra?.howMany !== undefined) return `${label}: ${t("doc.smoking.howMany", { n: String(extra.howMany), count: Number(extra.howMany) })}`;
        const details = extra ? Object.values(extra).filter((v) => typeof v === "string" && v.trim()).join("; ") : "";
        return details ? `${label}: ${details}` : label;
      });
    if (yes.length === 0) add.paragraph(t("doc.allNo"));
    else {
      add.paragraph(`${t("doc.yesAnswers")}:`);
      add.list(yes);
    }
  } else add.paragraph(t("doc.none"));
  beneficiaries(b, d.beneficiaries);
  premium(b, d.language, d.estimation);
  if (editionHas(d.edition, "needs")) needsSection(b, d.language, demandsAndNeeds({ ...d, premiumCents: d.estimation.premiumTotal }));
  return b.model();
}

/** The demands-and-needs statement (IDD art. 20(1), docs/decisions/0296): the customer's choices, the contract consistent with them, no advice. */
function needsSection({ t, add, money, euro }: Builder, language: Language, n: DemandsAndNeeds) {
  add.heading(t("needs.heading"), "needs");
  add.paragraph(t("needs.intro"));
  add.list([
    t("needs.death", { amount: euro(n.death.sumInsured), beneficiaries: n.death.beneficiaries.map((x) => `${x.name} ${x.sharePercent}%`).join(", ") }),
    n.disability === null ? t("needs.disability.none") : t("needs.disability", { amount: euro(n.disability) }),
    n.services.length === 0 ? t("needs.services.none") : t("needs.services", { services: n.services.map((code) => serviceTexts(language, code).name).join(", ") }),
    t("needs.term", { age: n.term.age, until: n.term.untilAge }),
    t("needs.premium", { amount: money(n.premiumCents) }),
  ]);
  add.paragraph(t("needs.consistent"));
  add.paragraph(t("needs.advice"));
}

export function paymentScheduleModel(d: ScheduleDocument): DocModel {
  const b = builder(d.language, "doc.schedule.title", d.at);
  const { t, add, money } = b;
  add.title(t("doc.schedule.title"), d.date);
  add.field(t("doc.name"), `${d.customer.firstName} ${d.customer.lastName}`);
  add.field(t("doc.personalCode"), d.customer.personalCode);
  add.paragraph(t("doc.schedule.start", { date: formatDate(d.startDate) }));
  if (d.provisional) add.paragraph(t("doc.schedule.beforeSigning"), true);
  // Ended: the schedule stays as signed, below how the contract ended and what is still due.
  if (d.ending) {
    endedTerm(b, d.ending);
    add.paragraph(t(`doc.schedule.ended.${d.ending.kind}`, { end: formatDate(d.ending.endDate ?? d.ending.on) }));
  }
  const total = d.payments.reduce((s, p) => s + p.sumCents, 0);
  add.table({
    // The number's column holds the total row's label too ("Всего за 12 месяцев"): wide enough for it on one line.
    columns: [{ width: 0.32 }, { width: 0.28 }, { width: 0.4, align: "right" }],
    header: [t("doc.schedule.number"), t("doc.schedule.date"), t("doc.schedule.sum")],
    rows: [...d.payments.map((p) => [String(p.number), formatDate(p.date), money(p.sumCents)]), [t("doc.schedule.total", { months: d.payments.length }), "", money(total)]],
    total: true,
  });
  if (d.ageTable && !d.ending) ageTable(b, d.ageTable, { signed: !d.provisional });
  return b.model();
}

export function policyModel(d: PolicyDocument): DocModel {
  const b = builder(d.language, "doc.policy.title", d.at);
  const { t, add } = b;
  add.title(t("doc.policy.title"), d.date);
  add.field(t("doc.policy.number"), d.policyNumber);
  add.field(t("doc.policy.status"), t(`doc.policy.status.${d.status}`));
  add.field(t("doc.policy.signed"), formatDate(dateOf(d.signedAt)));
  if (d.acceptedAt) add.field(t("doc.policy.accepted"), formatDate(dateOf(d.acceptedAt)));
  add.field(t("doc.policy.start"), formatDate(d.startDate));
  if (d.version) versionFields(b, d.language, d.version);
  personal(b, d.customer);
  covers(b, d.language, d.sumInsuredForDeathCover, d.sumInsuredForDisabilityCover, d.services);
  beneficiaries(b, d.beneficiaries);
  premium(b, d.language, d.estimation);
  const conclusion = d.acceptedAt ? { by: "acceptance" as const, on: dateOf(d.acceptedAt) } : { by: "signing" as const, on: dateOf(d.signedAt) };
  if (d.ending) endedTerm(b, d.ending);
  else term(b, contractTerm(d.startDate, conclusion, d.customer.dateOfBirth));
  add.heading(t("doc.policy.hash"));
  add.paragraph(d.documentSha256, true);
  return b.model();
}

/**
 * The invoice: who issues it and to whom, its dates, the payment details (payee, bank
 * account, reference number), the lines and the total, and the EPC QR code that fills the
 * same transfer in a banking app.
 */
export function invoiceModel({ language, invoice: i }: InvoiceDocument): DocModel {
  const b = builder(language, "doc.invoice.title", new Date(i.issuedAt));
  const { t, add } = b;
  const payable = isPayable(i);
  add.title(`${t("doc.invoice.title")} ${i.pid}`, i.date);
  // Issued as it was; a credit note since then says it need not be paid (docs/decisions/0130).
  if (i.creditNote) add.paragraph(t("doc.invoice.credited", { pid: i.creditNote.pid, date: formatDate(i.creditNote.date) }));
  add.field(t("doc.invoice.issuer"), `${i.issuer.name}, ${t("doc.invoice.registryCode")} ${i.issuer.registryCode}, ${i.issuer.address}`);
  add.field(t("doc.invoice.customer"), `${i.customer.firstName} ${i.customer.lastName}, ${i.customer.personalCode}`);
  add.field(t("doc.invoice.pid"), i.pid);
  add.field(t("doc.invoice.date"), formatDate(i.date));
  if (payable) add.field(t("doc.invoice.due"), formatDate(i.dueDate));
  billed(b, i);
  add.heading(t("doc.invoice.lines"));
  invoiceLines(b, language, i, 1, t(payable ? "doc.invoice.total" : "doc.invoice.total_credited"));
  // A credited invoice asks for nothing: no payment details, no due date, no QR code a banking
  // app would pay it by (docs/decisions/0269). The credit note carries the details of a refund.
  if (!payable || !i.epcQr) return b.modelTitled(`${t("doc.invoice.title")} ${i.pid}`);
  paymentDetails(b, i, i.sum);
  add.field(t("doc.invoice.due"), formatDate(i.dueDate));
  add.qr(i.epcQr, t("doc.invoice.qr"));
  return b.modelTitled(`${t("doc.invoice.title")} ${i.pid}`);
}

/** What an invoice bills (the Accounting Act's "what and for which period"): the policy and the month of cover (docs/decisions/0287). */
function billed({ t, add }: Builder, i: Invoice) {
  add.field(t("doc.invoice.policy"), i.policyNumber);
  add.field(t("doc.invoice.period"), `${formatDate(i.period.from)}–${formatDate(i.period.to)}`);
}

/** The invoice's lines and total as a table; `sign` −1 for a credit note (the same lines, credited). */
function invoiceLines({ t, add, money }: Builder, language: Language, i: Invoice, sign: 1 | -1, totalLabel: string) {
  const label = (line: Invoice["lines"][number]) => {
    switch (line.kind) {
      case "death":
        return t("offer.breakdown.part.life");
      case "disability":
        return t("offer.breakdown.part.disability");
      case "membership":
        return t("offer.breakdown.part.membershipFee");
      case "service":
        return serviceTexts(language, line.code).name;
      case "discount":
        return t("doc.invoice.discount", { percent: line.percent });
    }
  };
  add.table({
    columns: [{ width: 0.6 }, { width: 0.4, align: "right" }],
    header: [t("doc.invoice.line"), t("doc.invoice.sum")],
    rows: [...i.lines.map((line) => [label(line), money(sign * line.cents)]), [totalLabel, money(sign * i.sum)]],
    total: true,
  });
}

/** The payment details an invoice states (payee, bank account, reference number), for `cents`. */
function paymentDetails({ t, add, money }: Builder, i: Invoice, cents: number) {
  add.heading(t("doc.invoice.payment"));
  add.field(t("doc.invoice.payee"), i.payee.name);
  add.field(t("doc.invoice.iban"), formatIban(i.payee.iban));
  add.field(t("doc.invoice.bic"), i.payee.bic);
  add.field(t("doc.invoice.reference"), i.referenceNumber);
  // The same number as the QR code carries it (ISO 11649), printed in groups of four (docs/decisions/0185).
  add.field(t("doc.invoice.creditorReference"), creditorReference(i.referenceNumber, { spaced: true }));
  add.field(t("doc.invoice.amount"), money(cents));
}

export interface CreditNoteDocument {
  language: Language;
  /** The invoice it credits in full (as it was issued) and the credit note's number and date. */
  invoice: Invoice;
  creditNote: { pid: string; date: string; issuedAt: string };
}

/**
 * A credit note (docs/decisions/0130): the credited invoice's parties, lines and payment
 * details, every amount negative, and what happens to the money. No QR code: nothing is to be
 * paid.
 */
export function creditNoteModel({ language, invoice: i, creditNote: c }: CreditNoteDocument): DocModel {
  const b = builder(language, "doc.credit.title", new Date(c.issuedAt));
  const { t, add } = b;
  add.title(`${t("doc.credit.title")} ${c.pid}`, c.date);
  // "Issued by", not the invoice's "Arve väljastaja" / "Счёт выставил" (docs/decisions/0269).
  add.field(t("doc.issuer"), `${i.issuer.name}, ${t("doc.invoice.registryCode")} ${i.issuer.registryCode}, ${i.issuer.address}`);
  add.field(t("doc.invoice.customer"), `${i.customer.firstName} ${i.customer.lastName}, ${i.customer.personalCode}`);
  add.field(t("doc.credit.pid"), c.pid);
  add.field(t("doc.invoice.date"), formatDate(c.date));
  add.field(t("doc.credit.invoice"), `${i.pid} (${formatDate(i.date)})`);
  billed(b, i);
  add.field(t("doc.credit.reason"), t("doc.credit.reason.value"));
  add.heading(t("doc.credit.lines"));
  invoiceLines(b, language, i, -1, t("doc.credit.total"));
  paymentDetails(b, i, -i.sum);
  add.paragraph(t("doc.credit.refund"));
  return b.modelTitled(`${t("doc.credit.title")} ${c.pid}`);
}

export interface EndingDocument {
  language: Language;
  insurer: Pick<Insurer, "name" | "registryCode" | "address">;
  customer: Pick<DocumentCustomer, "firstName" | "lastName" | "personalCode">;
  policyNumber: string;
  /** `application`: withdrawn under underwriting, before any contract (docs/decisions/0295). */
  kind: "withdrawal" | "cancellation" | "application";
  /** Null for a policy ended before the reason was recorded. */
  reason: "wish" | "health-data" | null;
  /** When the withdrawal or cancellation was received: the customer sent it (ISO, docs/decisions/0279). */
  receivedAt: string;
  /** When the e-ID confirmed who sent it and the policy ended: with Dokobit's page, minutes later (ISO). */
  confirmedAt: string;
  /** Cancellation: the last day of cover. */
  endDate: string | null;
  /** Withdrawal: the credit notes issued, with the cents each credits. */
  creditNotes: { pid: string; sum: number }[];
}

const applicationEffects = (t: Builder["t"]) => APPLICATION_EFFECTS.map((key) => t(key));

/**
 * The acknowledgement of a withdrawal or cancellation on a durable medium (docs/decisions/0259,
 * Directive 2011/83/EU art. 11a(3)): what was received, when (date and time), from whom, for
 * which contract, and what follows from it.
 */
export function endingModel(d: EndingDocument): DocModel {
  const b = builder(d.language, `doc.ending.title.${d.kind}`, new Date(d.receivedAt));
  const { t, add, money } = b;
  const { date, time } = tallinnDateTime(d.receivedAt);
  add.title(t(`doc.ending.title.${d.kind}`), dateOf(d.receivedAt));
  add.paragraph(t(`doc.ending.text.${d.kind}`, { date, time, policy: d.policyNumber }));
  add.field(t("doc.issuer"), `${d.insurer.name}, ${t("doc.invoice.registryCode")} ${d.insurer.registryCode}, ${d.insurer.address}`);
  add.field(t("doc.invoice.customer"), `${d.customer.firstName} ${d.customer.lastName}, ${d.customer.personalCode}`);
  add.field(t("doc.invoice.policy"), d.policyNumber);
  add.field(t("doc.ending.received"), t("doc.ending.received.value", { date, time }));
  add.field(t("doc.ending.how"), t("doc.ending.how.value", tallinnDateTime(d.confirmedAt)));
  if (d.reason) add.field(t("doc.ending.reason"), t(`doc.ending.reason.${d.reason}`));
  if (d.creditNotes.length > 0) add.field(t("doc.ending.credit_notes"), d.creditNotes.map((c) => `${c.pid} (${money(-c.sum)})`).join(", "));
  add.heading(t("withdrawal.effects.heading"));
  const credited = d.creditNotes.reduce((sum, c) => sum + c.sum, 0);
  add.list([
    ...(d.kind === "application"
      ? applicationEffects(t)
      : d.kind === "withdrawal"
        ? [
            t("withdrawal.effect.withdrawal.ends"),
            t("withdrawal.effect.withdrawal.invoices"),
            d.creditNotes.length > 0 ? t("withdrawal.effect.withdrawal.credit", { count: d.creditNotes.length, amount: money(credited) }) : t("withdrawal.effect.withdrawal.no_credit"),
          ]
        : [t("withdrawal.effect.cancellation.ends", { date: formatDate(d.endDate ?? "") }), t("withdrawal.effect.cancellation.invoices")]),
    ...(d.reason === "health-data" ? [t("doc.ending.consent")] : []),
    t("withdrawal.effect.again"),
  ]);
  add.paragraph(t(d.kind === "application" ? "doc.ending.keep.application" : "doc.ending.keep"));
  return b.modelTitled(`${t(`doc.ending.title.${d.kind}`)} ${d.policyNumber}`);
}

/**
 * The contract's term and renewal (docs/decisions/0090), as the offer shows them, with the last
 * day of cover for the policyholder's age where they are known (docs/decisions/0282).
 */
function term({ t, add }: Builder, c: ContractTerm) {
  add.heading(t("term.heading"));
  add.field(t("term.period"), t("term.period.value", { start: formatDate(c.startDate), end: formatDate(c.endDate) }));
  const renewal = renewalTerm(c);
  add.field(t("term.renewal"), t(renewal.key, renewal.values));
  if (c.lastDay) add.field(t("term.lastDay"), t("term.lastDay.value", { date: formatDate(c.lastDay) }));
  add.field(t("term.premium"), t("term.premium.value"));
  // No renewal, nothing to tell before it.
  if (renewal.key === "term.renewal.value") add.field(t("term.notice"), t("term.notice.value", { count: c.noticeDays, date: formatDate(c.noticeBy) }));
  add.field(t("term.cancel"), t("term.cancel.value"));
  const withdrawal = withdrawalTerm(c);
  add.field(t("term.withdrawal"), t(withdrawal.key, withdrawal.values));
}

/** An ended contract's term: how and when it ended, and the cover's last day (none after a withdrawal). */
function endedTerm({ t, add }: Builder, ending: NonNullable<PolicyDocument["ending"]>) {
  add.heading(t("term.ended.heading"));
  const date = formatDate(ending.on);
  add.field(
    t("term.ended"),
    ending.kind === "withdrawal" ? t("term.ended.withdrawal", { date }) : t("term.ended.cancellation", { date, end: formatDate(ending.endDate ?? ending.on) }),
  );
}

/** The cover a row of the age table states: the same, lowered (with the amounts), or not renewed. */
function ageTableCover(t: Builder["t"], euro: Builder["euro"], row: AgeTableRow): string {
  if (!row.cover) return t("ageTable.ended");
  if (!row.cover.reduced) return t("ageTable.cover.same");
  return t("ageTable.cover.reduced", { death: euro(row.cover.sumInsuredForDeathCover), disability: euro(row.cover.sumInsuredForDisabilityCover) });
}

/**
 * How the premium changes with age: this policy year and the next five (docs/decisions/0090).
 * `brief` (the one-page pre-contract information): the age, from when, the cover in short and
 * the premium, without the policy year. `signed` (a signed contract's schedule, drawn on any
 * later day): its rows are priced with the signing day's discount, and it says so; "today's"
 * is only true before signing, where a later score period cannot yet have changed it.
 */
function ageTable({ t, add, money, euro }: Builder, rows: AgeTableRow[], { brief = false, signed = false } = {}) {
  add.heading(t("ageTable.heading"));
  add.paragraph(t(signed ? "ageTable.intro.signed" : "ageTable.intro", { percent: rows[0]?.estimation?.wellnessDiscountPercent ?? 0 }), true);
  if (brief) {
    const cover = (row: AgeTableRow) =>
      row.cover?.reduced
        ? t("ageTable.cover.lowered", {
            // As the offer and the full table write them, in the document's language (decision 0297).
            death: euro(row.cover.sumInsuredForDeathCover),
            disability: euro(row.cover.sumInsuredForDisabilityCover),
          })
        : ageTableCover(t, euro, row);
    return add.table({
      columns: [{ width: 0.18, align: "right" }, { width: 0.24 }, { width: 0.29 }, { width: 0.29, align: "right" }],
      header: [t("ageTable.age"), t("ageTable.from"), t("ageTable.cover"), t("ageTable.monthly")],
      rows: rows.map((row) => [String(row.age), formatDate(row.from), cover(row), row.estimation ? money(row.estimation.premiumTotal) : "—"]),
    });
  }
  add.table({
    columns: [{ width: 0.12, align: "right" }, { width: 0.18 }, { width: 0.1, align: "right" }, { width: 0.38 }, { width: 0.22, align: "right" }],
    header: [t("ageTable.year"), t("ageTable.from"), t("ageTable.age"), t("ageTable.cover"), t("ageTable.monthly")],
    rows: rows.map((row) => [
      String(row.policyYear),
      formatDate(row.from),
      String(row.age),
      ageTableCover(t, euro, row),
      row.estimation ? money(row.estimation.premiumTotal) : "—",
    ]),
  });
}

/** Whose price the pre-contract information states: the customer's own package, or none (the public version). */
export interface PreContractDocument {
  language: Language;
  at: Date;
  date: string;
  insurer: Insurer;
  /** Days an invoice is due in (the invoicing's configuration). */
  dueDays: number;
  /** The contract's term if signed today. */
  term: ContractTerm;
  personal: {
    name: string;
    sumInsuredForDeathCover: number;
    sumInsuredForDisabilityCover: number;
    estimation: Estimation;
    ageTable: AgeTableRow[];
  } | null;
}

/** The public version's price examples: the package step's default covers, no services, no discount. */
const PRICE_EXAMPLE_AGES = [25, 35, 45, 55, MAX_AGE] as const;

/**
 * The pre-contract information (the Insurance Distribution Directive's): the insurer and its
 * supervision, what is insured and what is not, the term and renewal, the price (the
 * customer's own when known), the right to withdraw, how to complain.
 */
export function preContractModel(d: PreContractDocument): DocModel {
  const b = builder(d.language, "precontract.title", d.at);
  const { t, add, money, euro } = b;
  add.title(t("precontract.title"), d.date);
  add.paragraph(d.personal ? t("precontract.personal", { name: d.personal.name }) : t("precontract.public"), true);
  insurerSection(b, d.insurer);
  insuredSection(b, d.language);
  excludedSection(b);

  term(b, d.term);
  add.paragraph(t("term.datesIfToday"), true);

  add.heading(t("precontract.price.heading"));
  if (d.personal) {
    add.paragraph(t("precontract.price.yours"));
    add.field(t("doc.deathCover"), euro(d.personal.sumInsuredForDeathCover));
    add.field(t("doc.disabilityCover"), euro(d.personal.sumInsuredForDisabilityCover));
    premium(b, d.language, d.personal.estimation);
    ageTable(b, d.personal.ageTable, { brief: true });
  } else {
    const oldest = packageLimits(MAX_AGE)!;
    const { def: death } = oldest.sumLimitsForDeathCover;
    const { def: disability } = oldest.sumLimitsForDisabilityCover;
    add.paragraph(t("precontract.price.public", { death: euro(death), disability: euro(disability) }));
    add.table({
      columns: [{ width: 0.5 }, { width: 0.5, align: "right" }],
      header: [t("ageTable.age"), t("ageTable.monthly")],
      rows: PRICE_EXAMPLE_AGES.map((age) => [
        String(age),
        money(estimate({ age, sumInsuredForDeathCover: death, sumInsuredForDisabilityCover: disability, services: [], wellnessScore: null, smoker: false }).premiumTotal),
      ]),
    });
  }
  priceFactors(b, d.language, true);
  // Solvency II art. 185(3)(d), (j) (docs/decisions/0296): how premiums are paid and for how long, and the tax.
  add.field(t("precontract.payment"), `${t("precontract.payment.value", { count: d.dueDays })} ${t("precontract.tax.value", { url: d.insurer.taxInfoUrl })}`);
  // Solvency II art. 185(2)(d): where the insurer's solvency and financial condition report is.
  // The law (art. 185(3)(l)): the conditions' section states it with the court and the language.
  add.field(t("precontract.law"), t("precontract.law.value", { section: t("conditions.law.heading") }));
  add.field(t("precontract.sfcr"), t("precontract.sfcr.value", { url: d.insurer.sfcrUrl }));

  add.heading(t("precontract.withdrawal.heading"));
  add.paragraph(withdrawalText(b, d.insurer));

  complaintsSection(b, d.insurer);
  // One A4 page, as an insurance product information document is (docs/decisions/0092).
  return { ...b.model(), layout: "compact" };
}

/*
 * The sections the pre-contract information and the insurance conditions share: each fact is
 * drawn from one text and one constant, so the two documents cannot state it differently.
 */

function insurerSection({ t, add }: Builder, insurer: Insurer) {
  add.heading(t("precontract.insurer.heading"));
  add.field(t("precontract.insurer.name"), insurer.name);
  add.field(t("precontract.insurer.registryCode"), insurer.registryCode);
  add.field(t("precontract.insurer.address"), insurer.address);
  add.field(t("precontract.insurer.licence"), insurer.licence);
  add.field(t("precontract.insurer.supervisor"), t("precontract.insurer.supervisor.value"));
  // Directive (EU) 2016/97 (IDD) art. 18(b)(ii): whether the insurer advises on what it sells.
  add.field(t("precontract.insurer.advice"), t("precontract.insurer.advice.value"));
}

function insuredSection({ t, add, money, euro }: Builder, language: Language) {
  add.heading(t("precontract.insured.heading"));
  add.paragraph(t("precontract.insured.death"));
  add.paragraph(t("precontract.insured.disability"));
  const youngest = packageLimits(MIN_AGE)!;
  add.paragraph(
    t("precontract.insured.limits", {
      deathMin: euro(youngest.sumLimitsForDeathCover.min),
      deathMax: euro(youngest.sumLimitsForDeathCover.max),
      disabilityMin: euro(youngest.sumLimitsForDisabilityCover.min),
      disabilityMax: euro(youngest.sumLimitsForDisabilityCover.max),
    }),
  );
  add.paragraph(
    t("precontract.insured.services", {
      services: Object.entries(SERVICE_PRICES_CENTS)
        .map(([code, cents]) => `${serviceTexts(language, code).name} ${money(cents)}`)
        .join("; "),
    }),
  );
}

const EXCLUSIONS = ["suicide", "undisclosed", "before", "intent", "war"] as const;

function excludedSection({ t, add }: Builder) {
  add.heading(t("precontract.excluded.heading"));
  add.list(EXCLUSIONS.map((k) => t(`precontract.excluded.${k}`)));
}

/** The smoker's factor, the largest wellness discount and the membership fee. */
function priceFactors({ t, add, money }: Builder, language: Language, small = false) {
  add.paragraph(t("precontract.price.discount", { smoker: formatDecimal(SMOKER_FACTOR, language), percent: MAX_WELLNESS_DISCOUNT_PERCENT, fee: money(MEMBERSHIP_FEE_CENTS) }), small);
}

const withdrawalText = ({ t }: Builder, insurer: Insurer) => t("precontract.withdrawal.text", { count: WITHDRAWAL_DAYS, email: insurer.contractEmail });

function complaintsSection({ t, add }: Builder, insurer: Insurer) {
  add.heading(t("precontract.complaints.heading"), "complaints");
  add.list([
    t("precontract.complaints.insurer", { email: insurer.complaintsEmail }),
    t("precontract.complaints.conciliation"),
    t("precontract.complaints.supervisor"),
    t("precontract.complaints.court"),
  ]);
}

export interface ConditionsDocument {
  language: Language;
  at: Date;
  date: string;
  insurer: Insurer;
  /** Days an invoice is due in (the invoicing's configuration). */
  dueDays: number;
}

/**
 * The insurance conditions (docs/decisions/0283): the terms every contract is concluded on, as a
 * web page and a PDF from these blocks. What the pre-contract information also states comes from
 * the same sections; the term, the ending and the renewal from the rules the contract applies.
 */
export function conditionsModel(d: ConditionsDocument): DocModel {
  const b = builder(d.language, "conditions.title", d.at);
  const { t, add } = b;
  add.title(t("conditions.title"), d.date);
  insurerSection(b, d.insurer);
  add.heading(t("conditions.eligible.heading"));
  add.paragraph(t("conditions.eligible.text"));
  insuredSection(b, d.language);
  excludedSection(b);
  add.heading(t("doc.beneficiaries.heading"));
  add.paragraph(t("conditions.beneficiaries.text"));

  add.heading(t("conditions.premium.heading"));
  add.paragraph(t("conditions.premium.factors"));
  priceFactors(b, d.language);
  add.paragraph(t("conditions.premium.invoice", { count: d.dueDays }));

  add.heading(t("term.heading"));
  add.field(t("term.period"), t("conditions.term.period"));
  add.field(t("term.renewal"), t("conditions.term.renewal"));
  add.field(t("term.premium"), t("term.premium.value"));
  add.field(t("term.notice"), t("conditions.term.notice", { count: RENEWAL_NOTICE_DAYS }));
  add.field(t("term.cancel"), `${t("term.cancel.value")} ${t("conditions.term.cancel.how", { email: d.insurer.contractEmail })}`);

  add.heading(t("precontract.withdrawal.heading"));
  add.paragraph(withdrawalText(b, d.insurer));
  add.paragraph(t("conditions.concluded"));

  complaintsSection(b, d.insurer);
  // Directive 2002/65/EC art. 3(1)(3)(f)–(g): the law that governs the contract, the court, the languages.
  add.heading(t("conditions.law.heading"));
  add.paragraph(t("conditions.law.text"));
  return b.model();
}

/** A signed application drawn outside the core (the demo's seeded policyholders'), naming `insurer`. */
export const renderApplication = (d: ApplicationDocument, insurer: string) => renderPdf(namingInsurer(applicationModel(d), insurer));
