/** Field-level rules shared by every form (SPEC.md section 5). Messages are i18n keys. */
import { z } from "zod";

/** A plus, digits, then digits, spaces or hyphens. */
export const PHONE_PATTERN = /^\+\d[\d\s-]*$/;

/** SPEC.md: input normalised to a leading '+' followed by digits, spaces and hyphens. */
export function normalisePhone(input: string): string {
  const kept = input.replace(/[^\d\s+-]/g, "").replace(/(?!^)\+/g, "");
  const trimmed = kept.trimStart();
  return trimmed.startsWith("+") ? trimmed : trimmed ? `+${trimmed}` : "";
}

/** SPEC.md: on blur trailing non-digits are removed. */
export function trimPhoneEnd(input: string): string {
  return input.replace(/\D+$/, "");
}

export const phoneSchema = z
  .string()
  .transform((v) => trimPhoneEnd(normalisePhone(v)))
  .refine((v) => v === "" || PHONE_PATTERN.test(v), "error.phone")
  .transform((v) => v || undefined);

/** The field path conform and the /api use: `beneficiaries[1].idCode`, `content.smoking`. */
export function fieldPath(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((name, segment) => (typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment), "");
}
