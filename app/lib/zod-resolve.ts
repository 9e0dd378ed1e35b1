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
