/**
 * Security baseline: helmet's headers with a CSP carrying a fresh nonce per response, and
 * state-changing requests from another origin (scheme, host and port) refused.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { Config } from "../core/config.js";
import { sendErrorAnswer } from "./error-page.server.js";
import { servedOrigin } from "./host.server.js";

/** The CSP hash of an empty inline style: it allows that and nothing else. */
const EMPTY_STYLE = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

const nonceOf = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.nonce}'`;

export function securityHeaders(config: Config) {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceOf],
        // The nonce lets the pages answered outside Remix (app/http/error-page.server.ts) and a
        // browser's first page (app/components/stylesheet.tsx) style themselves; the hash is the
        // empty <style> a later page keeps in its place (docs/decisions/0324).
        styleSrc: ["'self'", nonceOf, EMPTY_STYLE],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The signing frame: our demo page, or the Dokobit Documents Gateway when configured.
        frameSrc: config.signing?.provider === "dokobit" ? ["'self'", new URL(config.signing.baseUrl).origin] : ["'self'"],
        frameAncestors: ["'none'"],
        // Starting a Dokobit sign-in posts to us and is redirected to its page (form-action covers the redirect).
        formAction: config.eid.provider === "dokobit" ? ["'self'", new URL(config.eid.baseUrl).origin] : ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    // HTTPS is production's (README.md "Production"); HSTS on plain http would mean nothing.
    strictTransportSecurity: config.env === "production" ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    headers(req, res, next);
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `https://host:port` of a URL, the port always written (so 443 and an omitted port agree). */
function originOf(url: string): string | null {
  try {
    const { protocol, hostname, port } = new URL(url);
    if (protocol !== "http:" && protocol !== "https:") return null;
    return `${protocol}//${hostname}:${port || (protocol === "https:" ? "443" : "80")}`;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery defence in depth (the session cookie is already SameSite
 * strict; docs/decisions/0101). A state-changing request must say it comes from our own
 * pages: by `Origin` (scheme, host and port; ours is PUBLIC_URL's, or the request's own as the
 * trusted proxies tell it: app/http/host.server.ts), or, when a client sends no Origin, by `Sec-Fetch-Site`
 * (`same-origin`, or `none`: the user's own action). Without either it is refused, and
 * `Sec-Fetch-Site: cross-site` or `same-site` refuses even with a matching Origin. A refusal is
 * a translated 403 (or /api's JSON error) before the body is read. /ops is exempt: it takes no
 * cookie, only a bearer token from the loopback interface (app/http/ops.server.ts).
 */
export function sameOriginOnly(config: Config) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || /^\/ops(\/|$)/.test(req.path)) return next();
    const served = servedOrigin(req, config);
    const verdict = originVerdict(req, served === null ? null : originOf(served));
    if (verdict === "ours") return next();
    void sendErrorAnswer(req, res, config, { status: 403, code: verdict === "unknown" ? "error.origin_unknown" : "error.forbidden_origin" }).catch(next);
  };
}

function originVerdict(req: Request, ours: string | null): "ours" | "foreign" | "unknown" {
  const origin = req.get("origin");
  const fetchSite = req.get("sec-fetch-site")?.toLowerCase();
  // A browser's own word that the request comes from another site outweighs any Origin.
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return "foreign";
  if (origin !== undefined) {
    if (origin === "null") return "foreign";
    const theirs = originOf(origin);
    return theirs !== null && theirs === ours ? "ours" : "foreign";
  }
  return fetchSite === undefined ? "unknown" : "ours";
}
