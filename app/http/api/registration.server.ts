/** /api paths of the registration step (docs/api.md "Registration"). */
import type { Router } from "express";
import type { ZodIssue } from "zod";
import { accountSchema } from "../../lib/account-schema.js";
import type { ApiDeps, ApiError, ApiHandlers } from "./handlers.server.js";
import { sendErrors } from "./handlers.server.js";
import { publicIntermediary } from "../presenters.server.js";

/** A zod issue as an /api error: our messages are i18n keys; zod's own texts are not. */
function toApiError(issue: ZodIssue): ApiError {
  const code = issue.message.startsWith("error.") ? issue.message : "error.invalid";
  const context = issue.path.join(".");
  return context ? { code, context } : { code };
}

const STATUS_BY_CODE: Record<string, number> = { "error.wrong_state": 409, "error.not_found": 404 };

export function registrationRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/onboarding/registration",
    handle(
      signedIn(async (_req, res, { customer }) => {
        // An empty object before the first save: the client keeps its defaults.
        res.json((await core.registration.get(customer.id)) ?? {});
      }),
    ),
  );

  router.post(
    "/onboarding/registration",
    handle(
      signedIn(async (req, res, { session, customer }) => {
        const body: unknown = req.body;
        if (!body || typeof body !== "object" || Array.isArray(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
        const { submissionKey, ...form } = body as Record<string, unknown>;
        const parsed = accountSchema.safeParse(form);
        if (!parsed.success) return sendErrors(res, 400, parsed.error.issues.map(toApiError));
        const saved = await core.registration.save({
          customer,
          session,
          form: parsed.data,
          submissionKey: typeof submissionKey === "string" ? submissionKey : null,
        });
        if (!saved.ok) {
          const status = Math.max(400, ...saved.failure.map((f) => STATUS_BY_CODE[f.code] ?? 400));
          return sendErrors(res, status, saved.failure);
        }
        res.json({ state: saved.value.state, intermediary: publicIntermediary(saved.value.intermediary), replayed: saved.replayed });
      }),
    ),
  );
}
