/**
 * The zod half of the forms' conform adapter (app/lib/form-parse.ts): conform's default
 * coercion read off a `zod/v4/mini` schema, and the schema's verdict in conform's shape. Apart
 * from conform, so that the browser loads it with the schemas after hydration without
 * splitting the chunks every page shares (docs/decisions/0043).
 *
 * The coercion is conform's default, read off the schema: an empty text is no value, a
 * ticked checkbox ("on") is true for a boolean, a number field's text is a number, one value
 * for a list is a list of one.
 */
import { safeParse } from "zod/v4/mini";
import type { $ZodType } from "zod/v4/core";
import { fieldPath } from "./fields";

export interface Def {
  type: string;
  innerType?: $ZodType;
  in?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  options?: $ZodType[];
}

export const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** The form's values (strings and lists of them) as `schema` expects them. */
export function coerceFormValue(schema: $ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
      return coerceFormValue(def.innerType!, value);
    case "pipe":
      return coerceFormValue(def.in!, value);
    case "lazy":
      return coerceFormValue((schema._zod as unknown as { innerType: $ZodType }).innerType, value);
    case "object": {
      if (value === "" || value === undefined) return undefined;
      if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
      const result: Record<string, unknown> = { ...value };
      for (const [key, field] of Object.entries(def.shape!)) {
        const coerced = coerceFormValue(field, result[key]);
        if (coerced === undefined) delete result[key];
        else result[key] = coerced;
      }
      return result;
    }
    case "array":
      if (value === undefined || value === "") return [];
      return (Array.isArray(value) ? value : [value]).map((item) => coerceFormValue(def.element!, item));
    case "union":
      return value === "" ? undefined : value;
    case "boolean":
      return value === "" ? undefined : value === "on" ? true : value;
    case "number":
      return typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value;
    case "unknown":
    case "any":
    case "record":
      return value;
    default:
      // string, enum, literal and the rest: an empty text is no value.
      return value === "" ? undefined : value;
  }
}

/** Conform's `resolve` for `schema`: the value, or our messages (i18n keys) by field. */
export function zodResolve<Output>(schema: $ZodType<Output>) {
  return (value: unknown): { value: Output } | { error: Record<string, string[]> } => {
    const result = safeParse(schema, coerceFormValue(schema, value));
    if (result.success) return { value: result.data };
    const error: Record<string, string[]> = {};
    for (const issue of result.error.issues) (error[fieldPath(issue.path)] ??= []).push(issue.message);
    return { error };
  };
}

/** The kinds of value a form's field holds one of. */
const SCALARS: ReadonlySet<string> = new Set(["string", "enum", "boolean", "number", "literal"]);

/**
 * Whether a field that holds one value (a text, a choice, a tick) was sent more than once
 * (`idCode=…&idCode=…`). No page of ours sends that: conform would take the values as a list,
 * which the field's rule calls missing ("required") and the page could not show again. The
 * server refuses it (app/lib/form-parse.ts); the browser's forms say it at the form's top
 * (app/components/step-form.tsx).
 */
export function repeated(schema: $ZodType, value: unknown): boolean {
  const def = unwrap(schema);
  if (def.type === "object") return isRecord(value) && Object.entries(def.shape!).some(([key, field]) => repeated(field, value[key]));
  if (def.type === "array") return Array.isArray(value) && value.some((item) => repeated(def.element!, item));
  return SCALARS.has(def.type) && Array.isArray(value);
}

/** The schema's definition under its wrappers (optional, default, pipe's input...). */
export function unwrap(schema: $ZodType): Def {
  const def = defOf(schema);
  const inner = def.type === "pipe" ? def.in : def.type === "lazy" ? (schema._zod as unknown as { innerType: $ZodType }).innerType : def.innerType;
  return inner && def.type !== "array" && def.type !== "object" ? unwrap(inner) : def;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Errors of `hidden` fields (the inputs a page posts that the customer neither sees nor can
 * correct, the ending's reason) as one form message, `error.form_changed`: the page changed
 * outside the browser's form (docs/decisions/0338). The server's reply and the browser's own
 * verdict both say it so.
 */
export function hiddenAsFormMessage(error: Record<string, string[] | null>, hidden: readonly string[]): Record<string, string[] | null> {
  const changed = hidden.filter((name) => error[name]?.length);
  if (!changed.length) return error;
  const rest: Record<string, string[] | null> = { ...error };
  for (const name of changed) delete rest[name];
  return { ...rest, "": [...(rest[""] ?? []), "error.form_changed"] };
}

/**
 * The browser's verdict on a submit (app/components/step-form.tsx), worded as the server's: a
 * field of one value sent more than once (which the server refuses, and which the field's rule
 * would call missing) and an error of a hidden input (which no field shows) are messages at the
 * form's top, which the error summary shows and takes focus for (docs/decisions/0338).
 * Otherwise the schema's. Here, in the module loaded after the page, not in every form's chunk.
 */
export function browserVerdict(schema: $ZodType, hidden: readonly string[] = []) {
  const resolve = zodResolve(schema);
  return (value: unknown) => {
    if (repeated(schema, value)) return { error: { "": ["error.repeated_field"] } };
    const verdict = resolve(value);
    return "error" in verdict ? { error: hiddenAsFormMessage(verdict.error, hidden) } : verdict;
  };
}
