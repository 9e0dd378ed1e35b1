/** /api paths of the beneficiaries step (docs/api.md "Beneficiaries"). */
import type { Request, Response, Router } from "express";
import { BENEFICIARIES_NEXT, type BeneficiaryFailure } from "../../core/beneficiaries.js";
import { beneficiariesSchema, fieldPath } from "../../lib/beneficiaries-schema.js";
import type { ApiDeps, ApiError, ApiHandlers } from "./handlers.server.js";
import { sendErrors } from "./handlers.server.js";
import type { SignedIn } from "../guards.server.js";

const STATUS_BY_CODE: Record<string, number> = { "error.wrong_state": 409, "error.not_found": 404 };

/** Failures as /api errors; the status is the most specific one among them. */
export function sendBeneficiaryFailures(res: Response, failures: BeneficiaryFailure[]): void {
  const status = Math.max(400, ...failures.map((f) => STATUS_BY_CODE[f.code] ?? 400));
  sendErrors(res, status, failures);
}

export function beneficiariesRoutes(router: Router, { core }: ApiDeps, { handle, signedIn }: ApiHandlers): void {
  router.get(
    "/onboarding/beneficiaries",
    handle(
      signedIn(async (_req, res, { customer }) => {
        // An empty list before the first save: the client shows one default person.
        res.json(await core.beneficiaries.list(customer.id));
      }),
    ),
  );

  // SPEC.md section 7 leaves the method open: both save.
  const save = async (req: Request, res: Response, { customer }: SignedIn) => {
    const body: unknown = req.body;
    if (!body || typeof body !== "object" || Array.isArray(body)) return sendErrors(res, 400, [{ code: "error.invalid" }]);
    const { submissionKey, ...form } = body as Record<string, unknown>;
    const parsed = beneficiariesSchema.safeParse(form);
    if (!parsed.success) {
      return sendErrors(
        res,
        400,
        parsed.error.issues.map((issue): ApiError => {
          const code = issue.message.startsWith("error.") ? issue.message : "error.invalid";
          const context = fieldPath(issue.path);
          return context ? { code, context } : { code };
        }),
      );
    }
    const saved = await core.beneficiaries.save({
      customer,
      beneficiaries: parsed.data.beneficiaries,
      submissionKey: typeof submissionKey === "string" ? submissionKey : null,
    });
    if (!saved.ok) return sendBeneficiaryFailures(res, saved.failure);
    res.json({ state: saved.value.state, redirectTo: BENEFICIARIES_NEXT, replayed: saved.replayed });
  };
  router.post("/onboarding/beneficiaries", handle(signedIn(save)));
  router.put("/onboarding/beneficiaries", handle(signedIn(save)));
}
