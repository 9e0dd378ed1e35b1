/**
 * The beneficiaries form's fields and rules that need no zod (app/lib/beneficiaries-schema.ts
 * has the schema): what the page renders with. The schema comes after hydration
 * (docs/decisions/0043).
 */
import { DEFAULT_PHONE_PREFIX } from "./fields";

export const BENEFICIARY_TYPES = ["P", "C"] as const;
export type BeneficiaryType = (typeof BENEFICIARY_TYPES)[number];

/** The privacy notice's section for the people named (GDPR art. 14, docs/decisions/0316): its anchor on /privacy, linked from the form. */
export const BENEFICIARIES_NOTICE_ID = "beneficiaries";

/** More would not fit a sensible share split; the add button disappears at this count. */
export const MAX_BENEFICIARIES = 10;
/** SPEC.md section 9: sharePercent a whole number from 1 to 100, max length 3; the shares total 100. */
export const SHARE_MIN = 1;
export const SHARE_MAX = 100;
export const SHARE_MAX_LENGTH = 3;
const SHARE_TOTAL = 100;

/** A beneficiary as a saved list or a JSON client holds it. */
export interface BeneficiaryValues {
  type: BeneficiaryType;
  firstName: string | null;
  name: string;
  idCode: string;
  sharePercent: number;
  email: string;
  phone: string;
}

/** A new row of the form: a person (SPEC.md section 2: "an add button appends a new person"). */
export const NEW_BENEFICIARY = { type: "P", firstName: "", name: "", idCode: "", sharePercent: "", email: "", phone: DEFAULT_PHONE_PREFIX } as const;

/**
 * SPEC.md section 5 "Numeric fields" and "sharePercent", as the customer types: digits only,
 * a leading 0 collapses to 0, at most 3 digits, and a digit is dropped while the value would
 * exceed 100 ("1000" → "100", "101" → "10").
 */
export function capSharePercent(input: string): string {
  let digits = input.replace(/\D/g, "");
  if (digits.startsWith("0")) digits = "0";
  digits = digits.slice(0, SHARE_MAX_LENGTH);
  while (digits && Number(digits) > SHARE_MAX) digits = digits.slice(0, -1);
  return digits;
}

/** Rule 'total': the shares add up to 100. Only meaningful once every share is a number. */
export const sharesTotal = (shares: number[]) => shares.reduce((sum, share) => sum + share, 0);
export const isShareTotalValid = (shares: number[]) => sharesTotal(shares) === SHARE_TOTAL;

/** A row of the form before parsing: strings (the share as typed). */
export interface BeneficiaryFormRow {
  type: string;
  firstName: string;
  name: string;
  idCode: string;
  sharePercent: string;
  email: string;
  phone: string;
}

/** The fields of a row in screen order (error summary, API error order). */
export const BENEFICIARY_FIELDS = ["type", "firstName", "name", "idCode", "sharePercent", "email", "phone"] as const;
