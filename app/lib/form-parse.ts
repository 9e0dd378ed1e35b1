/**
 * A form post through its zod schema, for conform (browser) and the actions (server): what
 * `@conform-to/zod`'s `parseWithZod` does, for the schemas of `zod/v4/mini`. Conform's own
 * zod 4 adapter builds its coercion with the full zod 4 API, which would put most of zod back
 * into every form page (docs/decisions/0042-first-visit-javascript.md).
 *
 * The coercion is conform's default, read off the schema: an empty text is no value, a
 * ticked checkbox ("on") is true for a boolean, a number field's text is a number, one value
 * for a list is a list of one.
 */
import { parse, type Submission } from "@conform-to/react";
import { safeParse } from "zod/v4/mini";
import type { $ZodType } from "zod/v4/core";
import { fieldPath } from "./fields";

interface Def {
  type: string;
  innerType?: $ZodType;
  in?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  options?: $ZodType[];
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

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

/** Conform's submission of `payload` parsed by `schema`; errors are our messages (i18n keys). */
export function parseWithZod<Output>(payload: FormData | URLSearchParams, options: { schema: $ZodType<Output> }): Submission<Output, string[]> {
  return parse<Output, string[]>(payload, {
    resolve(value) {
      const result = safeParse(options.schema, coerceFormValue(options.schema, value));
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) (error[fieldPath(issue.path)] ??= []).push(issue.message);
      return { error };
    },
  });
}
