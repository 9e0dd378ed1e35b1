/**
 * What every /api module shares: the one error shape ({ errors: [{ code, context?, params? }] },
 * docs/api.md), the dependencies, and the wrappers each handler goes through. Its own module
 * so that app/http/api.server.ts and the modules under app/http/api/ never import each other.
 */
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../../core/config.js";
import type { Core } from "../../core/index.js";
import type { SigningCompletion } from "../../core/signing/attempts.js";
import { issueFailures, type Failure, type Outcome } from "../../core/outcome.js";
import { createAppContext, type AppContext } from "../context.server.js";
import type { SignedIn } from "../guards.server.js";
import { quietObservability, type Observability } from "../observability.server.js";
import { discardDraft } from "../drafts.server.js";
import { attemptSave, failureStatus, isTechnical, submissionKeyOf } from "../save.server.js";
import { RETRY_AFTER, UNAVAILABLE_CODE } from "../unavailable.server.js";

declare module "express-serve-static-core" {
  interface Locals {
    /** The /api request's context (`handle`), for what the shared save does after it. */
    appContext?: AppContext;
  }
}

export interface ApiError {
  code: string;
  context?: string;
  params?: Record<string, string | number>;
}

export function sendErrors(res: Response, status: number, errors: ApiError[]): void {
  res.status(status).json({ errors });
}

/** The core's failures as /api errors, with the most specific status among them. */
export function sendFailures(res: Response, failures: Failure[]): void {
  sendErrors(res, failureStatus(failures), failures);
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The policy a document request names (`?policy=EK-3`, docs/decisions/0272 and 0309): undefined
 * when none is named (the latest policy's document), the value as given otherwise; a policy named
 * twice, or as anything but one string, is "" (no policy: not found).
 */
export const namedPolicy = (req: Request): string | undefined => {
  const { policy } = req.query;
  return policy === undefined ? undefined : typeof policy === "string" ? policy : "";
};

/**
 * A signing completion's body (POST …/sign/complete): the provider's errors as one string and
 * the signing the frame showed, each absent or null when not given; null with the 400 sent.
 */
export function signingCompletionOf(req: Request, res: Response): SigningCompletion | null {
  const body: Record<string, unknown> = isRecord(req.body) ? req.body : {};
  const wrong = (["errors", "signingToken"] as const).find((field) => body[field] !== undefined && body[field] !== null && typeof body[field] !== "string");
  if (wrong) return sendErrors(res, 400, [{ code: "error.invalid", context: wrong }]), null;
  return { errors: body.errors as string | null | undefined, signingToken: body.signingToken as string | null | undefined };
}

interface FormSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/**
 * A JSON body checked by its form's schema (the one the page uses), the submission key set aside:
 * the body and the form, or null with the 400 already sent.
 */
export function parseBody<T>(req: Request, res: Response, schema: FormSchema<T>): { body: Record<string, unknown>; form: T } | null {
  const body: unknown = req.body;
  if (!isRecord(body)) {
    sendErrors(res, 400, [{ code: "error.invalid" }]);
    return null;
  }
  const { submissionKey: _key, ...form } = body;
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    sendErrors(res, 400, issueFailures(parsed.error.issues));
    return null;
  }
  return { body, form: parsed.data };
}

/**
 * The /api side of the one form mechanism (app/http/form.server.ts is the pages' side): the
 * core use case with the body's `submissionKey` → 200 with `answer(value, replayed)`, or the failures
 * (400/404/409), or 500 error.technical for an unexpected error (logged by its message only).
 */
export async function sendSave<T>(
  res: Response,
  input: {
    name: string;
    body: Record<string, unknown>;
    save: (submissionKey: string | null) => Promise<Outcome<T, Failure[]> & { replayed?: boolean }>;
    /** The 200 answer; `replayed` when the key had already been used (the first save's outcome). */
    answer: (value: T, replayed: boolean) => unknown;
  },
): Promise<void> {
  const saved = await attemptSave(observedBy(res), input.name, () => input.save(submissionKeyOf(input.body)));
  if (isTechnical(saved)) {
    if (!saved.unavailable) return sendErrors(res, 500, [{ code: "error.technical" }]);
    res.set(RETRY_AFTER);
    return sendErrors(res, 503, [{ code: UNAVAILABLE_CODE }]);
  }
  if (!saved.ok) return sendFailures(res, saved.failure);
  // As a page's save does: the form's draft, if one was kept, shows no more over what was saved.
  if (res.locals.appContext) await discardDraft(res.locals.appContext, input.name);
  res.json(input.answer(saved.value, saved.replayed === true));
}

/** The request's id and the app's logger and metrics (createApp keeps them in app.locals). */
const observedBy = (res: Response): { requestId: string; observability: Observability } => ({
  requestId: res.locals.requestId ?? "",
  observability: (res.app.locals.observability as Observability | undefined) ?? quietObservability(),
});

export type Handler = (req: Request, res: Response, ctx: AppContext) => Promise<void>;

export interface ApiDeps {
  core: Core;
  config: Config;
}

/** The wrappers every /api handler goes through. */
export function apiHandlers({ core, config }: ApiDeps) {
  const handle =
    (fn: Handler) =>
    (req: Request, res: Response, next: NextFunction): void => {
      res.setHeader("Cache-Control", "no-store");
      const ctx = createAppContext({
        core,
        config,
        cookieHeader: req.headers.cookie,
        clientAddress: req.ip,
        requestId: res.locals.requestId,
        observability: observedBy(res).observability,
      });
      res.locals.appContext = ctx;
      fn(req, res, ctx).catch(next);
    };

  /** Handlers behind this answer 401 without a signed-in customer. */
  const signedIn =
    (fn: (req: Request, res: Response, who: SignedIn, ctx: AppContext) => Promise<void>): Handler =>
    async (req, res, ctx) => {
      const { session, customer } = await ctx.visitor();
      if (!session || !customer) return sendErrors(res, 401, [{ code: "error.unauthenticated" }]);
      await fn(req, res, { session, customer }, ctx);
    };
  return { handle, signedIn };
}

export type ApiHandlers = ReturnType<typeof apiHandlers>;
