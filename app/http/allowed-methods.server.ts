/**
 * What a path takes, read from the table that serves it, for `Allow` (docs/decisions/0336,
 * 0367): one reading of an Express router's routes, used by the /api, the demo signing pages, the
 * operator's door (app/http/ops.server.ts) and the signed-in HEAD's refusal
 * (app/http/signed-in-head.server.ts); the pages' own is the Remix route table's (`methodsAt`,
 * app/http/remix.server.ts).
 */
import type express from "express";

/**
 * The methods the router's routes take at `path` (relative to where the router is mounted; GET
 * with its HEAD), sorted; none for a path it does not have.
 */
export function routerMethods(router: express.Router, path: string): string[] {
  const methods = new Set<string>();
  for (const layer of router.stack) {
    const route = layer.route as { methods?: Record<string, boolean> } | undefined;
    if (!route?.methods || !layer.regexp.test(path)) continue;
    for (const [method, takes] of Object.entries(route.methods)) if (takes && method !== "_all") methods.add(method.toUpperCase());
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}

/**
 * What `Allow` says where a HEAD is refused: the methods the router's routes take at `path`, HEAD
 * left out. Express answers a HEAD by running the GET's handler and dropping the body, so a door
 * whose GET records a read refuses it (docs/decisions/0312, 0385): the /api to a signed-in
 * visitor, the operator's door to everyone.
 */
export const methodsBesidesHead = (router: express.Router, path: string): string[] => routerMethods(router, path).filter((method) => method !== "HEAD");
