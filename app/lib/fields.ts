/**
 * Field-level rules shared by every form (SPEC.md section 5). Messages are i18n keys. No zod
 * here: the login page, whose browser bundle has no zod (docs/decisions/0003), uses these.
 */

/** SPEC.md section 3: the phone field starts with this when the customer has no number yet. */
export const DEFAULT_PHONE_PREFIX = "+372 ";

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

/** The field path conform and the /api use: `beneficiaries[1].idCode`, `content.smoking`. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((name, segment) => (typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${String(segment)}` : String(segment)), "");
}

/**
 * Adds one of our issues (an i18n key, on `path` below the value checked) inside a zod check
 * or transform. It lets the other rules still run, so the customer sees every error at once.
 */
export function addIssue(ctx: { value: unknown; issues: unknown[] }, message: string, path?: (string | number)[]): void {
  ctx.issues.push({ code: "custom", message, input: ctx.value, continue: true, ...(path ? { path } : {}) });
}
