/** What a bank checks of an invoice's payment details, as the tests check our invoices with it. */
import { referenceCheckDigit } from "~/core/payment";

/** True for a well-formed Estonian reference number: 2–20 digits ending in its 7-3-1 check digit. */
export function isReferenceNumber(value: string): boolean {
  return /^\d{2,20}$/.test(value) && referenceCheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}
