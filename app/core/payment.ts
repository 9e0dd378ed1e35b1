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


/**
 * The length of an IBAN in each country a SEPA credit transfer reaches (the ISO 13616 registry;
 * EPC409-09, the SEPA schemes' countries: the EU, the EEA, Andorra, Switzerland, the United
 * Kingdom, Monaco, San Marino, the Vatican, and Albania, Moldova, Montenegro and North Macedonia,
 * which joined in 2025). An EPC QR code starts a SEPA credit transfer: an account elsewhere
 * cannot be paid by it.
 */
const SEPA_IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AL: 28, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22,
  GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19,
  MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/**
 * An ISO 13616 IBAN of an account in SEPA: the country's length, check digits right (mod 97 of
 * the rearranged number is 1). The mod 97 alone takes an account digits short or long.
 */
export function isIban(value: string): boolean {
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) || SEPA_IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
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
  /** The payee's name, 1 to 70 characters. */
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

/** EPC069-12 section 3.3: the whole payload in at most this many bytes (UTF-8). */
const EPC_MAX_BYTES = 331;

/**
 * Text a field of the payload can hold: at most `max` characters, no control character or line
 * separator. The fields are lines: a line break inside one moves every field after it.
 */
const isEpcText = (value: string, max: number) => [...value].length <= max && !/[\p{Cc}\u2028\u2029]/u.test(value);

/**
 * The EPC QR payload: lines separated by LF, UTF-8 (character set 1), no trailing newline, at
 * most 331 bytes. The reference goes to the structured remittance line (10) and the
 * unstructured one (11) stays empty: the two exclude each other. EPC069-12 wants an ISO 11649
 * creditor reference there: the invoice puts the RF form of its Estonian reference number
 * (decision 0185). Whatever a field cannot hold is refused, never cut or let through: the
 * configuration refuses a payee's name that would be (isPayeeName), so no invoice meets it.
 */
export function epcPayload(t: EpcTransfer): string {
  if (!isBic(t.bic)) throw new Error("BIC");
  if (!isIban(t.iban)) throw new Error("IBAN");
  if (t.name.length === 0 || !isEpcText(t.name, 70)) throw new Error("name");
  if (!isEpcText(t.note ?? "", 70)) throw new Error("note");
  if (!Number.isInteger(t.amountCents) || t.amountCents < 1 || t.amountCents > 99_999_999_999) throw new Error("amount");
  // An ISO 11649 reference only: an Estonian reference number as it is was the mistake of decision 0030.
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(t.reference) || !isCreditorReference(t.reference)) throw new Error("reference");
  const euros = Math.floor(t.amountCents / 100);
  const cents = t.amountCents % 100;
  const payload = [
    "BCD",
    "002",
    "1",
    "SCT",
    t.bic,
    t.name,
    t.iban.replace(/\s+/g, "").toUpperCase(),
    `EUR${euros}.${String(cents).padStart(2, "0")}`,
    t.purpose ?? "",
    t.reference,
    "",
    t.note ?? "",
  ]
    .join("\n")
    .replace(/\n+$/, "");
  if (Buffer.byteLength(payload, "utf8") > EPC_MAX_BYTES) throw new Error("an EPC QR payload is at most 331 bytes");
  return payload;
}

/**
 * The largest transfer an invoice's QR code can hold besides the payee's name: the longest
 * BIC, SEPA IBAN (Malta's) and amount, a creditor reference and a note of their most.
 */
const LARGEST_TRANSFER: Omit<EpcTransfer, "name"> = {
  bic: "HABAEE2XXXX",
  iban: "MT84MALT011000012345MTLCAST001S",
  amountCents: 99_999_999_999,
  purpose: "INSU",
  reference: creditorReference("9".repeat(21)),
  note: "9".repeat(70),
};

/**
 * Whether `name` can be the payee's on every invoice's QR code: the largest transfer an invoice
 * makes still fits with it. The configuration refuses any other at start, so issuing never
 * meets a name the QR code cannot hold.
 */
export function isPayeeName(name: string): boolean {
  try {
    epcPayload({ ...LARGEST_TRANSFER, name });
    return true;
  } catch {
    return false;
  }
}
