/**
 * A database that is unavailable (app/core/db/index.ts `DatabaseUnavailable`: gone, silent,
 * starting, out of connections or disk) is answered as what it is, wherever a request met it:
 * 503 with `Retry-After` and the translated "service unavailable", never the 500 of a bug.
 * Pages (a loader's or an action's read, whatever the route), a form's save, the /api and
 * what no route caught share these pieces; one log line a request says what happened.
 */
import type { ServerBuild } from "@remix-run/node";
import type { Logger } from "pino";
import { messageOf } from "../core/telemetry.js";
import { getT } from "../i18n/i18next.server.js";
import { isDatabaseUnavailable } from "../core/db/index.js";

export { isDatabaseUnavailable };

/** How long a client is told to wait: an outage of the database passes in seconds (a restart, a failover) or takes minutes. */
const RETRY_AFTER_SECONDS = 30;
export const UNAVAILABLE_CODE = "error.unavailable";
export const RETRY_AFTER = { "Retry-After": String(RETRY_AFTER_SECONDS) };

/** The requests (by their load context) that met the database unavailable: their answer says when to retry. */
const metIt = new WeakSet<object>();
export const markUnavailable = (context: object) => void metIt.add(context);
export const metUnavailable = (context: object) => metIt.has(context);

/** The one line a request that met the database unavailable writes: what, and where to look. */
export function logUnavailable(log: Logger, requestId: string | undefined, error: unknown): void {
  log.error(
    { reqId: requestId, event: "database_unavailable", error: messageOf(error) },
    "the database is unavailable: answered 503 with Retry-After; check the database (/readyz says when it answers again)",
  );
}

type Handler = (args: { request: Request; context: unknown; params: unknown }) => unknown;
interface LoggingContext {
  requestId?: string;
  observability?: { log: Logger };
}

/**
 * A loader or an action that answers the database unavailable with 503: a page's error
 * boundary shows `error.unavailable` in the page's language (its data's `code`, as a refused
 * request's), a resource route (a download) a line of text in it.
 */
function answered(fn: Handler, resource: boolean): Handler {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const context = args.context as LoggingContext & object;
      markUnavailable(context);
      if (context.observability) logUnavailable(context.observability.log, context.requestId, error);
      const init = { status: 503, statusText: "Service Unavailable", headers: { ...RETRY_AFTER, "Cache-Control": "no-store" } };
      if (resource) {
        const t = await getT(args.request);
        throw new Response(t(UNAVAILABLE_CODE), { ...init, headers: { ...init.headers, "Content-Type": "text/plain; charset=utf-8" } });
      }
      throw new Response(JSON.stringify({ code: UNAVAILABLE_CODE }), { ...init, headers: { ...init.headers, "Content-Type": "application/json" } });
    }
  };
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** `build` with every route's loader and action answering a database unavailable with 503 (once per build). */
export function unavailableAnswered(build: ServerBuild): ServerBuild {
  let answering = wrapped.get(build);
  if (!answering) {
    const routes: ServerBuild["routes"] = {};
    for (const [id, route] of Object.entries(build.routes)) {
      const module: Record<string, unknown> = { ...route.module };
      const resource = !module.default;
      for (const name of ["loader", "action"] as const) if (typeof module[name] === "function") module[name] = answered(module[name] as Handler, resource);
      routes[id] = { ...route, module: module as unknown as typeof route.module };
    }
    answering = { ...build, routes };
    wrapped.set(build, answering);
  }
  return answering;
}
