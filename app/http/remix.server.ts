/**
 * The Remix handler, as @remix-run/express's own but for three things: a page form's body is
 * the one app/http/request-limits.server.ts already read and checked (the request stream is
 * spent by then), every answer without a Cache-Control of its own gets `no-store` (pages
 * and `.data` alike: they carry personal data), and a page's body, whole already, goes to
 * the socket as it is (app/http/page-response.server.ts, docs/decisions/0248). It also names
 * the route a request is logged and counted under (app/http/observability.server.ts): the
 * deepest matching route's id.
 */
import { Readable } from "node:stream";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler as createRemixHandler, createReadableStreamFromReadable, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { checkedBody } from "./request-limits.server.js";
import { pageBodyOf } from "./page-response.server.js";
import { metUnavailable, RETRY_AFTER, unavailableAnswered } from "./unavailable.server.js";
import { languageCookie, queryOf, requestedLanguage } from "../i18n/language.server.js";

/**
 * The request's headers, but Host is the host it is served under and X-Forwarded-Host is gone:
 * Remix compares an action's Origin with them (throwing, hence an empty 500, on a mismatch),
 * and the same-origin check has already compared Origin with that host (docs/decisions/0101).
 */
function remixHeaders(req: ExpressRequest, origin: string): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined || key === "host" || key === "x-forwarded-host") continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  headers.set("host", new URL(origin).host);
  return headers;
}

/** The Fetch request Remix sees: the URL under the origin the request is served under (app/http/host.server.ts). */
function remixRequest(req: ExpressRequest, res: ExpressResponse, origin: string): Request {
  const url = new URL(`${origin}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: remixHeaders(req, origin), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = checkedBody(req);
    init.body = createReadableStreamFromReadable(body ? Readable.from([body]) : req);
    init.duplex = "half";
  }
  // Abort loaders and actions once the answer can no longer be written.
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

const trees = new WeakMap<ServerBuild, AgnosticRouteObject[]>();

/** The build's routes as the nested table the router matches (as Remix's own createRoutes), once per build. */
function routeTree(build: ServerBuild): AgnosticRouteObject[] {
  let tree = trees.get(build);
  if (!tree) {
    const routes = Object.values(build.routes);
    const children = (parentId: string | undefined): AgnosticRouteObject[] =>
      routes
        .filter((r) => r.parentId === parentId)
        .map((r) =>
          r.index ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: children(r.id) },
        );
    tree = children(undefined);
    trees.set(build, tree);
  }
  return tree;
}

/**
 * The id of the route that answers `pathname` (a page or its `.data`): bounded by the build,
 * whatever the path. The match is the patched, memoised one of docs/decisions/0070 and 0238:
 * the table is ranked once per build, each path's regexp compiled once, and the later matches
 * of the same path (Remix's own, four a request) answer from this one.
 */
/** The route of every address no other route takes (app/routes/$.tsx). */
const NOT_FOUND_ROUTE = "routes/$";

/**
 * Methods Node's parser reads but the Fetch API refuses to make a Request of (`'TRACE' HTTP
 * method is unsupported.`): a page's route never sees one; it is refused as a method the
 * address does not take, or, where no page is, as the unknown address it is.
 */
const UNCARRIED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

function routeIdOf(build: ServerBuild, pathname: string): string {
  if (pathname === "/__manifest") return "(remix manifest)";
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
  const matches = matchRoutes(routeTree(build), path);
  return matches ? matches[matches.length - 1].route.id! : "(unmatched)";
}

/**
 * The methods a route answers, when `method` is not one of them and the route would answer it
 * with Remix's own words (docs/decisions/0336); otherwise null. A resource route (no page: a
 * download, a return from the e-ID provider, a locale file, /session) answers GET and HEAD with
 * its loader and POST with its action: for any other method Remix sent
 * `{"message":"Unexpected Server Error"}` in English (or, for `.data`, its message naming the
 * route's file). OPTIONS no route answers, nor a page without an action a post (docs/decisions/0339):
 * its error page was drawn without the root's data. A page with an action takes every other
 * method to it, as Remix does.
 */
function refusedMethod(build: ServerBuild, routeId: string, method: string): string[] | null {
  const route = build.routes[routeId];
  if (!route) return null;
  const { module } = route;
  const allow = routeMethods(module);
  // No route takes a method the Fetch API cannot carry: `new Request` threw for it (a 500).
  if (UNCARRIED_METHODS.has(method)) return allow;
  // A page without an action refuses a post as a resource route does: Remix drew its error
  // page without the root's data (a title without the product's name, an empty footer).
  if (module.default) return method === "OPTIONS" || !(module.action || method === "GET" || method === "HEAD") ? allow : null;
  return allow.includes(method) ? null : allow;
}

/** What a route takes: a page GET and HEAD, and POST when it has an action (its form posts to the page, or for an index page its own address with ?index); a resource route GET and HEAD with its loader, POST with its action. */
function routeMethods(module: ServerBuild["routes"][string]["module"]): string[] {
  if (module.default) return module.action ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
  return [...(module.loader ? ["GET", "HEAD"] : []), ...(module.action ? ["POST"] : [])];
}

/** The methods the page or resource route at `pathname` takes; null where no route is (app/routes/$.tsx answers 404 whatever the method). */
export async function methodsAt(build: ServerBuild | (() => Promise<ServerBuild>), pathname: string): Promise<string[] | null> {
  const served = typeof build === "function" ? await build() : build;
  const route = served.routes[routeIdOf(served, pathname)];
  return route && route.id !== NOT_FOUND_ROUTE ? routeMethods(route.module) : null;
}

export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext(req: ExpressRequest, res: ExpressResponse): AppLoadContext;
  /** The origin the request is served under (app/http/host.server.ts; requests without one were answered before). */
  originOf(req: ExpressRequest): string | null;
  /** Answers a method the route does not take (405, `Allow` already set): the server's translated page. */
  refuseMethod(req: ExpressRequest, res: ExpressResponse): Promise<void>;
}) {
  // Every loader and action answers a database that is unavailable with 503 (app/http/unavailable.server.ts).
  const handle = createRemixHandler(
    typeof options.build === "function" ? async () => unavailableAnswered(await (options.build as () => Promise<ServerBuild>)()) : unavailableAnswered(options.build),
    options.mode,
  );
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const origin = options.originOf(req);
      if (origin === null) throw new Error("a request without a host reached the Remix handler");
      const build = typeof options.build === "function" ? await options.build() : options.build;
      res.locals.route = routeIdOf(build, req.path);
      if (UNCARRIED_METHODS.has(req.method) && (res.locals.route === NOT_FOUND_ROUTE || !build.routes[res.locals.route])) {
        return next(Object.assign(new Error("no page at this address"), { status: 404 }));
      }
      const allow = refusedMethod(build, res.locals.route, req.method);
      if (allow) {
        res.set("Allow", allow.join(", "));
        return await options.refuseMethod(req, res);
      }
      const context = options.getLoadContext(req, res);
      const response = await handle(remixRequest(req, res, origin), context);
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      // A redirect answers `?lng=` before the root loader's answer could remember it (decision
      // 0051): the page it leads to (the sign-in, the tab a bare path opens) is then in the
      // language asked for, not in the one remembered before.
      if (response.status >= 300 && response.status < 400) {
        const requested = await requestedLanguage(queryOf(req.originalUrl));
        if (requested !== null && !/(^|,\s*)lng=/.test(response.headers.get("Set-Cookie") ?? "")) {
          res.append("Set-Cookie", await languageCookie.serialize(requested));
        }
      }
      // Remix hands a thrown answer's headers to the document only through a route's `headers`.
      if (metUnavailable(context) && response.status === 503 && !response.headers.has("Retry-After")) res.set(RETRY_AFTER);
      if (!response.headers.has("Cache-Control")) res.setHeader("Cache-Control", "no-store");
      const page = pageBodyOf(response);
      if (page) res.end(page);
      else if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
