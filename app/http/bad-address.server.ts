/**
 * An address the server cannot read (a broken percent escape such as `/%E0%A4%A`, an escape
 * that is not UTF-8, a control character; app/http/request-checks.ts `checkUrl`) is answered
 * with the product's own page, not a bare one (issue 23 item 9): status 400, the header and
 * footer, the message in the customer's language, with or without JavaScript. So is a request
 * Node's own parser refuses after its first line (headers too large, a malformed header line,
 * contradictory lengths, a header block too slow) or whose `Expect` it cannot meet: with its
 * status (431, 400, 408, 417) and message.
 *
 * A page's GET or HEAD is handed on to Remix under an address of our own, which the catch-all
 * route (app/routes/$.tsx) answers with the problem from the load context (`requestProblem`,
 * set by app/http/app.server.ts from `res.locals`). Remix then never sees the unreadable
 * address. The /api's and /ops's answers stay JSON, and any other method keeps the small page
 * of app/http/error-page.server.ts (no form of ours posts to a broken address).
 */
import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { queryOf } from "../i18n/language.server.js";
import { isJsonPath } from "./error-page.server.js";
import { checkUrl, PROBLEMS, type RequestProblem } from "./request-checks.js";
import { REQUEST_PROBLEM_PATH } from "../lib/request-problem.js";

/** What the catch-all route reads from the load context. */
export interface RequestProblemAnswer {
  status: number;
  statusText: string;
  code: string;
}

/**
 * Requests Node's parser refused, or whose `Expect` it could not meet, handed to the app by
 * app/http/http-server.server.ts with what was wrong. Only the server can put a request here: no
 * header or address of a client's makes one.
 */
const refusedByNode = new WeakMap<IncomingMessage, RequestProblem>();

export const refuseAsNode = (req: IncomingMessage, problem: RequestProblem) => void refusedByNode.set(req, problem);
export const refusedByNodeFor = (req: IncomingMessage): RequestProblem | undefined => refusedByNode.get(req);

/**
 * What is wrong with a request target: `checkUrl`'s escapes and control characters, and a
 * target that is not a path (`*`, or the absolute form `http://host/path` a proxy would be
 * sent), which no page of ours is and which Remix could not make a URL of (it answered 500).
 */
function addressProblem(target: string): RequestProblem | null {
  return target.startsWith("/") ? checkUrl(target) : PROBLEMS.path;
}

/**
 * More than one `Host` (RFC 9112 section 3.2: the server answers 400). Node keeps the first in
 * `headers`; what an address, a redirect or the origin check reads of it must not depend on
 * which of two a proxy before us read.
 */
function hostProblem(raw: readonly string[]): RequestProblem | null {
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === "host" && ++hosts > 1) return PROBLEMS.badRequest;
  return null;
}

/** What is wrong with the request before its body: what Node refused, two hosts, or its address. */
export const requestLineProblem = (req: Request): RequestProblem | null => refusedByNodeFor(req) ?? hostProblem(req.rawHeaders) ?? addressProblem(req.originalUrl);

/** The problem the server found with the page's address (from the load context), or null. */
export function requestProblemOf(context: Record<string, unknown>): RequestProblemAnswer | null {
  const problem = context.requestProblem as Partial<Record<keyof RequestProblemAnswer, unknown>> | undefined;
  return problem && typeof problem.status === "number" && typeof problem.code === "string" && typeof problem.statusText === "string"
    ? { status: problem.status, statusText: problem.statusText, code: problem.code }
    : null;
}

/** Whether a refusal of the request line or headers can be the product's page. */
export const answersWithPage = (req: Request, pages: boolean) => pages && (req.method === "GET" || req.method === "HEAD") && !isJsonPath(req.path);

/**
 * Hands the request on under REQUEST_PROBLEM_PATH. The broken address's `lng` is kept, as the
 * pages read a query (the page's language rule then: `?lng=`, then the cookie, then Estonian).
 */
export function handToPage(req: Request, res: Response, next: NextFunction, problem: RequestProblem): void {
  const answer: RequestProblemAnswer = { status: problem.status, statusText: STATUS_CODES[problem.status] ?? "Bad Request", code: problem.code };
  res.locals.requestProblem = answer;
  const lng = queryOf(req.originalUrl).get("lng");
  req.url = req.originalUrl = `${REQUEST_PROBLEM_PATH}${lng === null ? "" : `?${new URLSearchParams({ lng })}`}`;
  next();
}
