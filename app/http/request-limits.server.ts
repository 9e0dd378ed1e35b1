/**
 * Limits before work (ARCHITECTURE.md): every request's URL, and every body's type, size and
 * shape, are checked here before /api, the demo signing pages or Remix parse anything. A body
 * is read with a byte limit (raw-body: the read stops at the limit, nothing more is buffered),
 * parsed once, checked (app/http/request-checks.ts), and handed on: JSON and the demo
 * signing form as `req.body`, a page form's bytes to the Remix handler (app/http/remix.server.ts).
 */
import getRawBody from "raw-body";
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../core/config.js";
import { sendErrorAnswer, isJsonPath } from "./error-page.server.js";
import { answersWithPage, handToPage, requestLineProblem } from "./bad-address.server.js";
import {
  checkFormFields,
  checkJson,
  parseUrlencoded,
  PROBLEMS,
  bodyLimit,
  type RequestProblem,
} from "./request-checks.js";

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A body must have arrived within this from when its reading began (docs/decisions/0103): 64 KiB
 * in 10 s is 52 kbit/s, slower than any mobile network a customer fills a form on; a client
 * that drips its body is answered 408 and its connection closed, instead of holding it for
 * Node's 300 s.
 */
export const REQUEST_BODY_READ_MS = 10_000;

class BodyTimeout extends Error {}

/**
 * raw-body's read, given up after `ms` (the connection is closed with the answer, so the rest is
 * never read). A client that announced its body with `Expect: 100-continue` is told to send it
 * now, unless its declared size is already refused (app/http/http-server.server.ts).
 */
function readBody(req: Request, res: Response, options: { limit: number; length: string | undefined }, ms: number): Promise<Buffer> {
  if (/^100-continue$/i.test(req.headers.expect ?? "") && !(Number(options.length) > options.limit)) res.writeContinue();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyTimeout()), ms);
  });
  return Promise.race([getRawBody(req, options), timeout]).finally(() => clearTimeout(timer));
}
const bodies = new WeakMap<Request, Buffer>();

/** The bytes of a page form this middleware read (and checked), for the Remix handler. */
export const checkedBody = (req: Request): Buffer | undefined => bodies.get(req);

type Kind = "json" | "form" | "urlencoded";
const kindOf = (path: string): Kind => (isJsonPath(path) ? "json" : path.startsWith("/sign/demo/") ? "urlencoded" : "form");

const utf8 = new TextDecoder("utf-8", { fatal: true });
function text(buffer: Buffer): string | null {
  try {
    return utf8.decode(buffer);
  } catch {
    return null;
  }
}

/** The media types each kind of path takes, in UTF-8 (a form or JSON in another charset is not ours). */
function mediaTypeProblem(req: Request, kind: Kind): RequestProblem | null {
  const accepted = kind === "json" ? req.is("application/json") : kind === "urlencoded" ? req.is("urlencoded") : req.is(["urlencoded", "multipart"]);
  if (!accepted) return PROBLEMS.mediaType;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.get("content-type") ?? "")?.[1];
  return charset && !/^utf-?8$/i.test(charset) ? PROBLEMS.mediaType : null;
}

async function formEntries(req: Request, buffer: Buffer): Promise<Array<[string, string]> | null> {
  if (req.is("urlencoded")) {
    const body = text(buffer);
    return body === null ? null : parseUrlencoded(body);
  }
  let form: FormData;
  try {
    // undici's multipart parser (the one Remix's request.formData() uses).
    form = await new Response(new Uint8Array(buffer), { headers: { "Content-Type": req.get("content-type")! } }).formData();
  } catch {
    return null;
  }
  const entries: Array<[string, string]> = [];
  for (const [name, value] of form) {
    // No form of ours uploads a file.
    if (typeof value !== "string") return null;
    entries.push([name, value]);
  }
  return entries;
}

/** `pages`: the Remix pages are served, so an unreadable address of a page gets the product's page (app/http/bad-address.server.ts). */
export function requestLimits(config: Pick<Config, "productName">, options: { pages?: boolean } = {}) {
  const refuse = (req: Request, res: Response, problem: RequestProblem) => {
    // The rest of an oversized or dripping body is not read: the connection closes after the answer.
    if (problem.status === 413 || problem.status === 408) res.setHeader("Connection", "close");
    return sendErrorAnswer(req, res, config, { ...problem, hint: problem.status === 413 || problem.status === 408 || problem.code === PROBLEMS.path.code ? undefined : "back" });
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const urlProblem = requestLineProblem(req);
      if (urlProblem && answersWithPage(req, options.pages ?? false)) return handToPage(req, res, next, urlProblem);
      if (urlProblem) return await refuse(req, res, urlProblem);
      if (BODYLESS.has(req.method)) return next();
      const kind = kindOf(req.path);
      const declared = req.headers["content-length"];
      const hasBody = req.headers["transfer-encoding"] !== undefined || (declared !== undefined && declared !== "0");
      // A page's action reads a form, even an empty one: a post without a form's type is not ours.
      if (kind !== "json" && !hasBody && !req.get("content-type")) return await refuse(req, res, PROBLEMS.mediaType);
      if (!hasBody && kind === "json") {
        req.body = {};
        return next();
      }
      const typeProblem = mediaTypeProblem(req, kind);
      if (typeProblem) return await refuse(req, res, typeProblem);

      const limit = bodyLimit(kind === "json" ? "json" : "form", req.path);
      let buffer: Buffer;
      try {
        buffer = await readBody(req, res, { limit, length: declared }, REQUEST_BODY_READ_MS);
      } catch (error) {
        if (error instanceof BodyTimeout) return await refuse(req, res, PROBLEMS.timeout);
        // Node's parser or its whole-request backstop refused the body as it came (app/http/http-server.server.ts).
        const { type, requestProblem } = error as { type?: string; requestProblem?: RequestProblem };
        return await refuse(req, res, requestProblem ?? (type === "entity.too.large" ? PROBLEMS.tooLarge : PROBLEMS.malformed));
      }

      if (kind === "json") {
        const body = text(buffer);
        let value: unknown;
        try {
          // As express.json's strict mode: an object or an array (an empty body is no body).
          value = body === null ? undefined : body.trim() === "" ? {} : JSON.parse(body);
        } catch {
          value = undefined;
        }
        if (typeof value !== "object" || value === null) return await refuse(req, res, PROBLEMS.invalidJson);
        const problem = checkJson(value);
        if (problem) return await refuse(req, res, problem);
        req.body = value;
        return next();
      }

      const entries = await formEntries(req, buffer);
      if (!entries) return await refuse(req, res, PROBLEMS.malformed);
      const problem = checkFormFields(entries);
      if (problem) return await refuse(req, res, problem);
      if (kind === "urlencoded") req.body = Object.fromEntries(entries);
      else bodies.set(req, buffer);
      next();
    } catch (error) {
      next(error);
    }
  };
}
