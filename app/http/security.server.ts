/**
 * Security baseline: headers with a per-request CSP nonce, and non-GET requests from a
 * foreign origin refused.
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../core/config.js";

export function securityHeaders(config: Config) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      // The nonce lets the pages answered outside Remix (app/http/error-page.server.ts) style themselves.
      `style-src 'self' 'nonce-${nonce}'`,
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      // The signing frame: our demo page, or the Dokobit Documents Gateway when configured.
      config.signing?.provider === "dokobit" ? `frame-src 'self' ${new URL(config.signing.baseUrl).origin}` : "frame-src 'self'",
      "frame-ancestors 'none'",
      // Starting a Dokobit sign-in posts to us and is redirected to its page (form-action covers the redirect).
      config.eid.provider === "dokobit" ? `form-action 'self' ${new URL(config.eid.baseUrl).origin}` : "form-action 'self'",
      "base-uri 'none'",
      "object-src 'none'",
    ];
    res.setHeader("Content-Security-Policy", csp.join("; "));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (config.env === "production") res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery defence in depth (the session cookie is already SameSite
 * strict): a state-changing request whose Origin is not ours is answered 403.
 */
export function sameOriginOnly(config: Config) {
  const configured = config.publicUrl ? new URL(config.publicUrl).host : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    let foreign = false;
    if (origin && origin !== "null") {
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        foreign = true;
      }
      if (host !== null) foreign = host !== (configured ?? req.get("host"));
    } else if (origin === "null" || fetchSite === "cross-site") {
      foreign = true;
    }
    if (!foreign) return next();
    res.status(403);
    if (req.path.startsWith("/api/")) res.json({ errors: [{ code: "error.forbidden_origin" }] });
    else res.type("text/plain").send("Forbidden");
  };
}
