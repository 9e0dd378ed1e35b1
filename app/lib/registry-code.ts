/**
 * A registry code of the Estonian commercial register (registrikood): 8 digits, the eighth its
 * check digit, worked out as a personal code's (mod 11, weights 1–7, then 3–9). A code whose
 * check digit is wrong was never given: a typo. Isomorphic: a company beneficiary's code
 * (the form's schema, the /api) and the insurer's own (the invoicing configuration, decision
 * 0286) are asked the same.
 */
import { checksumDigit } from "./personal-code";

export const isRegistryCode = (code: string) => /^\d{8}$/.test(code) && checksumDigit(code.slice(0, 7)) === Number(code[7]);
