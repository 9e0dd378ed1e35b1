/**
 * Every kind of document the core draws, as a test builds its model: the PDF's structure
 * (tests/unit/tagged-pdf.test.ts) and the web page's tables (tests/unit/document-view.test.ts)
 * are checked on the same documents.
 */
import { demoInsurer } from "~/core/config";
import { contractTerm, premiumByAge } from "~/core/contract-term";
import {
  conditionsModel,
  creditNoteModel,
  applicationModel,
  endingModel,
  invoiceModel,
  paymentScheduleModel,
  policyModel,
  preContractModel,
  type DocModel,
  type DocumentCustomer,
} from "~/core/documents/index";
import { estimate } from "~/core/pricing";
import { APPLICATION_EDITION } from "~/core/documents/application-editions";
import type { ServiceCode } from "~/lib/limits";
import type { BeneficiaryValues } from "~/lib/beneficiaries-schema";
import type { Language } from "~/lib/euro";
import { issuedInvoice } from "./invoice";

const customer: DocumentCustomer = {
  firstName: "Mari-Liis",
  lastName: "Õunapuu-Šmidt",
  personalCode: "49005150229",
  dateOfBirth: "1990-05-15",
  email: "mari@example.ee",
  phone: "+372 5555 1234",
};
const cover = { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 50_000, services: ["HEALTH_CHECK", "TELEMED"] as ServiceCode[] };
const estimation = estimate({ age: 36, ...cover, wellnessScore: 80, smoker: false });
const beneficiaries: BeneficiaryValues[] = [
  { type: "P" as const, firstName: "Jaan", name: "Tamm", idCode: "38503020139", sharePercent: 60, email: "jaan@example.ee", phone: "+372 5555 0000" },
  { type: "C" as const, firstName: null, name: "Näidis OÜ", idCode: "10123459", sharePercent: 40, email: "info@naidis.ee", phone: "+372 600 1234" },
];
const at = new Date("2026-05-01T08:00:00Z");
/** How the premium changes with age from 36: the payment schedule's and the customer's pre-contract information's table. */
const ageTable = premiumByAge({ dateOfBirth: customer.dateOfBirth, startDate: "2026-05-02", current: estimation, age: 36, cover, wellnessScore: 80, smoker: false });

/** The invoice every invoice-based document shows: a death cover, the membership fee and a discount; billed to `billed`. */
export const documentInvoice = (billed = { firstName: customer.firstName, lastName: customer.lastName, personalCode: customer.personalCode }) =>
  issuedInvoice({
    policyId: 42,
    date: "2026-05-01",
    discountPercent: 10,
    lines: [
      { kind: "death", cents: 1800 },
      { kind: "membership", cents: 725 },
      { kind: "discount", percent: 10, cents: -180 },
    ],
    customer: billed,
    issuedAt: at.toISOString(),
  });

/** Every kind of document, with each kind of block it can hold. */
export const DOCUMENTS: Record<string, (language: Language) => DocModel> = {
  application: (language) =>
    applicationModel({
      language,
      at,
      date: "2026-05-01",
      customer,
      age: 36,
      ...cover,
      questionnaire: {
        type: "UW_L2",
        height: 170,
        weight: 65.5,
        content: { examination: true, examinationExtra: { details: "2025 vereanalüüs" }, medicines: false, hospitalization: true },
      },
      beneficiaries,
      estimation,
      edition: APPLICATION_EDITION,
    }),
  "payment schedule": (language) =>
    paymentScheduleModel({
      language,
      at,
      date: "2026-05-01",
      customer,
      startDate: "2026-05-02",
      provisional: true,
      payments: Array.from({ length: 12 }, (_, n) => ({ number: n + 1, date: `2026-${String(((n + 4) % 12) + 1).padStart(2, "0")}-02`, sumCents: estimation.premiumTotal })),
      ageTable,
    }),
  "payment schedule, cancelled": (language) =>
    paymentScheduleModel({
      language,
      at,
      date: "2026-11-20",
      customer,
      startDate: "2026-05-02",
      provisional: false,
      payments: Array.from({ length: 12 }, (_, n) => ({ number: n + 1, date: `2026-${String(((n + 4) % 12) + 1).padStart(2, "0")}-02`, sumCents: estimation.premiumTotal })),
      ageTable,
      ending: { kind: "cancellation", on: "2026-11-20", endDate: "2026-12-01" },
    }),
  policy: (language) =>
    policyModel({
      language,
      at,
      date: "2026-05-01",
      policyNumber: "EK-42",
      status: "ACTIVE",
      signedAt: at,
      acceptedAt: null,
      startDate: "2026-05-02",
      documentSha256: "a".repeat(64),
      customer,
      ...cover,
      beneficiaries,
      estimation,
    }),
  invoice: (language) => invoiceModel({ language, invoice: documentInvoice() }),
  "credit note": (language) => creditNoteModel({ language, invoice: documentInvoice(), creditNote: { pid: "K-EK-42-1", date: "2026-05-10", issuedAt: at.toISOString() } }),
  "pre-contract information": (language) =>
    preContractModel({ language, at, date: "2026-05-01", insurer: demoInsurer(), dueDays: 14, term: contractTerm("2026-05-02", { by: "signing", on: "2026-05-01" }, null), personal: null }),
  "pre-contract information of a customer": (language) =>
    preContractModel({
      language,
      at,
      date: "2026-05-01",
      insurer: demoInsurer(),
      dueDays: 14,
      term: contractTerm("2026-05-02", { by: "signing", on: "2026-05-01" }, customer.dateOfBirth),
      personal: {
        name: `${customer.firstName} ${customer.lastName}`,
        ...cover,
        estimation,
        ageTable,
      },
    }),
  "insurance conditions": (language) => conditionsModel({ language, at, date: "2026-05-01", insurer: demoInsurer(), dueDays: 14 }),
  "confirmation of a withdrawal": (language) =>
    endingModel({
      language,
      insurer: demoInsurer(),
      customer,
      policyNumber: "EK-42",
      kind: "withdrawal",
      reason: "health-data",
      receivedAt: at.toISOString(),
      confirmedAt: at.toISOString(),
      endDate: null,
      creditNotes: [{ pid: "KR-42-202605", sum: 2_437 }],
    }),
};
