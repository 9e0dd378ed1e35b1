/**
 * The policy's versions in its document, and the beneficiary change a policyholder signs
 * (issue 22 item 3, docs/decisions/0145): blocks of the one block model (./index.ts), so the
 * PDF and the web page say the same. The texts come from app/locales/beneficiary-change.ts.
 */
import type { BeneficiaryValues } from "../../lib/beneficiaries-fields.js";
import { formatDate, isLanguage, type Language } from "../../lib/euro.js";
import { createTranslator } from "../../i18n/translator.js";
import * as changeTexts from "../../locales/beneficiary-change.js";
import { dateOf } from "../clock.js";
import { beneficiaries, builder, personal, type Builder, type DocModel, type DocumentCustomer } from "./index.js";

/** Which version of the policy a document shows (numbers from 1, the policy as signed). */
export interface PolicyVersionFacts {
  version: number;
  /** When it came into force: the policy's signing, or its change's. */
  from: Date;
  /** When the next version replaced it; null for the version in force. */
  until: Date | null;
  /** The SHA-256 of the signed change that made it; null for version 1. */
  changeSha256: string | null;
}

const translator = (language: Language) => createTranslator(language, changeTexts[language]);
const tallinnDate = (at: Date) => formatDate(dateOf(at));

/** The version's lines in the policy document (after its number and dates). */
export function versionFields({ add }: Builder, language: Language, v: PolicyVersionFacts) {
  const t = translator(language);
  const value = v.until
    ? t("doc.policy.version.replaced", { version: v.version, from: tallinnDate(v.from), until: tallinnDate(v.until), next: v.version + 1 })
    : t("doc.policy.version.current", { version: v.version, from: tallinnDate(v.from) });
  add.field(t("doc.policy.version"), value);
  if (v.changeSha256) add.field(t("doc.policy.version.change"), v.changeSha256);
}

/** The demo signing page's link to the change document (a language the page may not know reads Estonian). */
export const changeDocumentLabel = (language: string) => translator(isLanguage(language) ? language : "et")("beneficiary_change.signing.document");

/** The title of a policy version's document ("Insurance policy, version 2"). */
export const versionTitle = (language: Language, version: number) => translator(language)("doc.policy.version.title", { version });

export interface BeneficiaryChangeDocument {
  language: Language;
  at: Date;
  date: string;
  policyNumber: string;
  customer: DocumentCustomer;
  current: BeneficiaryValues[];
  next: BeneficiaryValues[];
}

/** The statement the policyholder e-signs: the policy, who they are, the beneficiaries so far and the new ones. */
export function beneficiaryChangeModel(d: BeneficiaryChangeDocument): DocModel {
  const b = builder(d.language, "doc.policy.title", d.at);
  const { t, add } = b;
  const tc = translator(d.language);
  add.title(tc("doc.change.title"), d.date);
  add.field(t("doc.policy.number"), d.policyNumber);
  personal(b, d.customer);
  add.paragraph(tc("doc.change.statement", { policy: d.policyNumber }));
  beneficiaries(b, d.next, tc("doc.change.new"));
  beneficiaries(b, d.current, tc("doc.change.current"));
  return b.modelTitled(tc("doc.change.title"));
}
