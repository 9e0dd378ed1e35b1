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
import { zodResolve } from "./zod-resolve";

/** Conform's submission of `payload` parsed by `schema`; errors are our messages (i18n keys). */
export function parseWithZod<Output>(payload: FormData | URLSearchParams, options: { schema: $ZodType<Output> }): Submission<Output, string[]> {
  return parse<Output, string[]>(payload, { resolve: zodResolve(options.schema) });
}
