/**
 * Field-level rules shared by every form (SPEC.md section 5). Messages are i18n keys. No zod
 * here: the login page, whose browser bundle has no zod (docs/decisions/0003), uses these.
 */

/** SPEC.md section 3: the phone field starts with this when the customer has no number yet. */
export const DEFAULT_PHONE_PREFIX = "+372 ";

/** A plus, digits, then digits, spaces or hyphens. */
const PHONE_PATTERN = /^\+\d[\d\s-]*$/;

/** Estonia's country calling code: a number typed without one is Estonian (docs/decisions/0062). */
const ESTONIAN_COUNTRY_CODE = "+372";

/** What the customer may type into a phone field: digits, spaces, hyphens, one leading '+'. */
export function cleanPhoneTyping(input: string): string {
  return input
    .replace(/[^\d\s+-]/g, "")
    .trimStart()
    .replace(/(?!^)\+/g, "");
}

/**
 * SPEC.md: input normalised to a leading '+' followed by digits, spaces and hyphens. A number
 * never goes without its country code: "00…" is "+…", "372…" is "+372…", and any other number
 * typed without '+' is a local Estonian one and gets "+372 " (the field's hint says so).
 */
export function normalisePhone(input: string): string {
  const trimmed = cleanPhoneTyping(input);
  if (trimmed === "" || trimmed.startsWith("+")) return trimmed;
  if (!/\d/.test(trimmed)) return "";
  if (!/^\d/.test(trimmed)) return `+${trimmed}`;
  if (trimmed.startsWith("00")) return `+${trimmed.slice(2)}`;
  if (trimmed.startsWith(ESTONIAN_COUNTRY_CODE.slice(1))) return `+${trimmed}`;
  return `${ESTONIAN_COUNTRY_CODE} ${trimmed}`;
}

/**
 * SPEC.md: on blur trailing non-digits are removed: the text up to its last digit. Anchored at
 * the start, so the engine tries once and backs off the greedy run in linear time; `/\D+$/`
 * retried from every non-digit, quadratic in a run of them (one posted phone of 100 000 spaces
 * between two digits held the server for seconds, decision 0399).
 */
export function trimPhoneEnd(input: string): string {
  return /^[^]*\d/.exec(input)?.[0] ?? "";
}

/** A phone number as every form, the /api and the core store it: normalised, trailing non-digits dropped. */
export const phoneAsStored = (input: string): string => trimPhoneEnd(normalisePhone(input));

const digitCount = (value: string) => value.replace(/\D/g, "").length;

/** How many digits a phone number has (E.164: at most 15), which the pattern alone would not catch ("+3"). */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

/**
 * The phone as stored: normalised (a leading '+', then digits, spaces, hyphens) with trailing
 * non-digits dropped. Nothing but a plus, or the bare default prefix, counts as empty; letters
 * are a number's wrong format, and a number has PHONE_DIGITS.
 */
export function phoneIssue(raw: string): "error.required" | "error.phone" | null {
  const value = phoneAsStored(raw);
  if (!/[^\s+]/.test(raw) || value === DEFAULT_PHONE_PREFIX.trim()) return "error.required";
  const digits = digitCount(value);
  if (!PHONE_PATTERN.test(value) || digits < PHONE_DIGITS.min || digits > PHONE_DIGITS.max) return "error.phone";
  return null;
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
