/**
 * What makes an invoice payable from a bank (docs/decisions/0030-payable-invoices.md): the
 * Estonian reference number (viitenumber, 7-3-1 check digit) and its ISO 11649 creditor
 * reference form (RF…, docs/decisions/0185), IBAN and BIC checks for the configured payee,
 * and the EPC QR payload (EPC069-12 "SEPA Credit Transfer", version 002) a banking app reads
 * when it scans the code on the invoice.
 */
import { generate as rfReference, validate as isRfReference } from "node-iso11649";

/** The 7-3-1 check digit of a reference number's base (digits only, weights from the right). */
export function referenceCheckDigit(base: string): number {
  if (!/^\d{1,19}$/.test(base)) throw new Error("a reference number base is 1 to 19 digits");
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base[base.length - 1 - i]) * weights[i % 3];
  return (10 - (sum % 10)) % 10;
}

/**
 * The policy's reference number, one per policy and unique: "1" and the policy id padded to
 * five digits (no leading zero, which some banks drop), then the check digit.
 */
export function policyReferenceNumber(policyId: number): string {
  if (!Number.isSafeInteger(policyId) || policyId < 1) throw new Error("policy id");
  const base = `1${String(policyId).padStart(5, "0")}`;
  return `${base}${referenceCheckDigit(base)}`;
}

/** True for a well-formed ISO 11649 creditor reference (spaces allowed), its check digits right. */
export const isCreditorReference = (value: string): boolean => isRfReference(value);

/**
 * The ISO 11649 creditor reference of a reference number: "RF", two check digits (mod 97, as
 * an IBAN's) and the same number, e.g. 539007547034 → RF18539007547034. EPC069-12 expects this
 * form in the QR code's structured reference (docs/decisions/0185); `spaced` writes it in
 * groups of four, as the standard prints it on paper ("RF18 5390 0754 7034").
 */
export function creditorReference(reference: string, { spaced = false } = {}): string {
  // ISO 11649: the reference proper is 1 to 21 letters or digits (RF + 2 + 21 = 25 at most).
  if (!/^[0-9A-Z]{1,21}$/.test(reference)) throw new Error("a creditor reference holds 1 to 21 digits or capital letters");
  const rf = rfReference(reference);
  if (!isCreditorReference(rf)) throw new Error("creditor reference");
  return spaced ? rfReference({ reference, pretty: true }) : rf;
}


/** ISO 13616 IBAN: country, check digits, account; mod 97 of the rearranged number is 1. */
export function isIban(value: string): boolean {
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** "EE382200221020145685" → "EE38 2200 2210 2014 5685", as printed. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

/** ISO 9362 BIC: 8 or 11 characters. */
export const isBic = (value: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);

export interface EpcTransfer {
  bic: string;
  /** The payee's name, at most 70 characters. */
  name: string;
  iban: string;
  /** Cents, 1 to 99 999 999 999. */
  amountCents: number;
  /** An ISO 20022 purpose code (4 letters); INSU is an insurance premium. */
  purpose?: string;
  /** Put in the structured remittance field (an ISO 11649 creditor reference, at most 35 characters). */
  reference: string;
  /** Shown to the payer by the banking app, not sent on (at most 70 characters). */
  note?: string;
}

/**
 * The EPC QR payload: lines separated by LF, UTF-8 (character set 1), no trailing newline.
 * The reference goes to the structured remittance line (10) and the unstructured one (11)
 * stays empty: the two exclude each other. EPC069-12 wants an ISO 11649 creditor reference
 * there: the invoice puts the RF form of its Estonian reference number (decision 0185).
 */
export function epcPayload(t: EpcTransfer): string {
  if (!isBic(t.bic)) throw new Error("BIC");
  if (!isIban(t.iban)) throw new Error("IBAN");
  if (!Number.isInteger(t.amountCents) || t.amountCents < 1 || t.amountCents > 99_999_999_999) throw new Error("amount");
  // An ISO 11649 reference only: an Estonian reference number as it is was the mistake of decision 0030.
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(t.reference) || !isCreditorReference(t.reference)) throw new Error("reference");
  const euros = Math.floor(t.amountCents / 100);
  const cents = t.amountCents % 100;
  return [
    "BCD",
    "002",
    "1",
    "SCT",
    t.bic,
    t.name.slice(0, 70),
    t.iban.replace(/\s+/g, "").toUpperCase(),
    `EUR${euros}.${String(cents).padStart(2, "0")}`,
    t.purpose ?? "",
    t.reference,
    "",
    (t.note ?? "").slice(0, 70),
  ]
    .join("\n")
    .replace(/\n+$/, "");
}
