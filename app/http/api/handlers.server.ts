/**
 * What every /api module shares: the one error shape ({ errors: [{ code, context?, params? }] },
 * docs/api.md), the dependencies, and the wrappers each handler goes through. Its own module
 * so that app/http/api.server.ts and the modules under app/http/api/ never import each other.
 */
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../../core/config.js";
import type { Core } from "../../core/index.js";
import { createAppContext, type AppContext } from "../context.server.js";
import type { SignedIn } from "../guards.server.js";

export interface ApiError {
  code: string;
  context?: string;
  params?: Record<string, string | number>;
}

export function sendErrors(res: Response, status: number, errors: ApiError[]): void {
  res.status(status).json({ errors });
}

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
      const ctx = createAppContext({ core, config, cookieHeader: req.headers.cookie, clientAddress: req.ip });
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
