/**
 * A form post through its zod schema, for the actions and the /api (the browser's forms do the
 * same in app/components/step-form.tsx, with zod loaded after hydration): what
 * `@conform-to/zod`'s `parseWithZod` does, for the schemas of `zod/v4/mini`. Conform's own
 * zod 4 adapter builds its coercion with the full zod 4 API, which would put most of zod back
 * into every form page (docs/decisions/0042-first-visit-javascript.md).
 *
 * The coercion and the verdict are in app/lib/zod-resolve.ts.
 */
import { parse, type Submission } from "@conform-to/react";
import type { $ZodType } from "zod/v4/core";
import { isRecord, repeated, unwrap, zodResolve } from "./zod-resolve";

/**
 * Conform's submission of `payload` parsed by `schema`; errors are our messages (i18n keys).
 * A form no page of ours sends, which the page could not show again, is refused: a 400 the
 * route's error page words in the customer's language (as the server's own refusals).
 */
export function parseWithZod<Output>(
  payload: FormData | URLSearchParams,
  options: {
    schema: $ZodType<Output>;
    /** A field of one value sent more than once is the field's error, not a refusal (the quote's query: its field says so). */
    repeatedIsInvalid?: boolean;
  },
): Submission<Output, string[]> {
  const submission = parse<Output, string[]>(payload, { resolve: zodResolve(options.schema) });
  const code = rowsMisshaped(options.schema, submission.payload)
    ? submission.status === undefined
      ? "error.invalid_intent"
      : "error.invalid_field"
    : !options.repeatedIsInvalid && repeated(options.schema, submission.payload)
      ? "error.repeated_field"
      : null;
  if (code) throw new Response(JSON.stringify({ code }), { status: 400, statusText: "Bad Request", headers: { "Content-Type": "application/json" } });
  return submission;
}

/**
 * Whether a list of rows (a list of objects in `schema`: the beneficiaries) holds anything but
 * a list in the form's `value`. No form of ours sends that: its rows are posted as
 * `beneficiaries[0].name`. Conform takes `beneficiaries=x`, or an update intent giving the list
 * a text, a number or an object, as the list's value, and throws when the page shows its rows
 * (docs/decisions/0335).
 */
function rowsMisshaped(schema: $ZodType, value: unknown): boolean {
  const def = unwrap(schema);
  if (def.type === "object") return isRecord(value) && Object.entries(def.shape!).some(([key, field]) => rowsMisshaped(field, value[key]));
  if (def.type !== "array" || value === undefined) return false;
  if (!Array.isArray(value)) return unwrap(def.element!).type === "object";
  return value.some((item) => rowsMisshaped(def.element!, item));
}
