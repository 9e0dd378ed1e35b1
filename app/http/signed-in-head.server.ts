/**
 * A HEAD from a signed-in visitor is answered 405, before any route runs
 * (docs/decisions/0312). Express and Remix answer a HEAD by running the GET's work and
 * dropping the body: the data download counted it against its limit and wrote "Download of your
 * data" and a read per sealed health value to the customer's access log, and every document,
 * PDF and page that records its reads did the same, for a read that never happened. Everything a
 * signed-in visitor is served is their own data, never cached (no-store), and browsers ask for it
 * with GET; a HEAD without a session (a monitor, a link checker) is answered as before. `Allow`
 * names what the path takes other than HEAD (refused to this visitor): GET, POST beside it for a
 * page with a form or the demo signing's page, POST alone for /session (it said GET for every
 * path).
 */
import type { Request, RequestHandler } from "express";
import type { Config } from "../core/config.js";
import { sendErrorAnswer } from "./error-page.server.js";
import { readSessionToken } from "./session-cookie.server.js";

const API_PATH = /^\/api(\/|$)/i;

/** A HEAD with a session cookie of ours: refused before any route runs, here for the pages and by the /api's router for its paths. */
export const isSignedInHead = (req: Request, config: Pick<Config, "sessionSecrets">) =>
  req.method === "HEAD" && readSessionToken(req.headers.cookie, config.sessionSecrets) !== null;

export const signedInHeadRefused =
  (
    config: Pick<Config, "productName" | "sessionSecrets">,
    /** The methods the path takes, from the table that serves it (the demo signing's router, the pages' routes: app/http/app.server.ts), null for a path nothing has (its 404 reads nothing). */
    methodsAt: (path: string) => Promise<string[] | null>,
  ): RequestHandler =>
  (req, res, next) => {
    // The /api refuses it itself, with the methods its path takes (app/http/api.server.ts).
    if (!isSignedInHead(req, config) || API_PATH.test(req.path)) return next();
    methodsAt(req.path)
      .then((methods) => {
        if (methods === null) return next();
        res.set("Allow", methods.filter((method) => method !== "HEAD").join(", "));
        return sendErrorAnswer(req, res, config, { status: 405, code: "error.method_not_allowed" });
      })
      .catch(next);
  };
