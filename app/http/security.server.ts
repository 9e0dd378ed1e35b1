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

const nonceOf = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.nonce}'`;

export function securityHeaders(config: Config) {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceOf],
        // The nonce lets the pages answered outside Remix (app/http/error-page.server.ts) style themselves.
        styleSrc: ["'self'", nonceOf],
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
 * strict): a state-changing request whose Origin is not ours (scheme, host and port; ours is
 * PUBLIC_URL's, or the request's own as the trusted proxies tell it) is answered 403.
 */
export function sameOriginOnly(config: Config) {
  const configured = config.publicUrl ? originOf(config.publicUrl) : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    let foreign = false;
    if (origin && origin !== "null") {
      const ours = configured ?? originOf(`${req.protocol}://${req.get("host")}`);
      foreign = originOf(origin) === null || originOf(origin) !== ours;
    } else if (origin === "null" || fetchSite === "cross-site") {
      foreign = true;
    }
    if (!foreign) return next();
    void sendErrorAnswer(req, res, config, { status: 403, code: "error.forbidden_origin" }).catch(next);
  };
}
