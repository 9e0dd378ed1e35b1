/**
 * Which origin a request is served under (docs/decisions/0101). With PUBLIC_URL, always its
 * origin, whatever Host or X-Forwarded-Host says: a proxy may rewrite Host to the upstream's
 * name, and a client may write any. Without it, the request's own (Host, or X-Forwarded-Host
 * from a trusted proxy, as Express reads it); a request that names no usable host is answered
 * with a translated 400 instead of reaching a route. Remix and the same-origin check both use
 * this one origin, so Remix's own Host-against-Origin check can never disagree with ours.
 */
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../core/config.js";
import { sendErrorAnswer } from "./error-page.server.js";
import { refusedByNodeFor } from "./bad-address.server.js";

/** A DNS name or an IP literal, and an optional port: what a URL can be made of. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The host the request names, as Express reads it: X-Forwarded-Host only from a trusted proxy. */
function requestHost(req: Request): string | undefined {
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  const forwarded = req.get("x-forwarded-host");
  const host = forwarded && trust(req.socket.remoteAddress, 0) ? forwarded.split(",")[0].trim() : req.get("host");
  return host || undefined;
}

/** `scheme://host[:port]` the request is served under, or null when it names no usable host. */
export function servedOrigin(req: Request, config: Pick<Config, "publicUrl">): string | null {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const host = requestHost(req);
  if (!host || !HOST.test(host)) return null;
  // A trusted proxy's X-Forwarded-Proto may carry the client's word first: any other scheme
  // makes no origin of ours (`gopher://…` has the origin "null", which Remix could not serve).
  if (req.protocol !== "http" && req.protocol !== "https") return null;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/** Refuses, in the customer's language, a request that names no host we could serve it under. */
export function knownHost(config: Config) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (servedOrigin(req, config) !== null) return next();
    // A request Node's parser refused whose Host it never read (app/http/http-server.server.ts) is answered for what it was refused.
    void sendErrorAnswer(req, res, config, refusedByNodeFor(req) ?? { status: 400, code: "error.host_unknown" }).catch(next);
  };
}
