/**
 * A page's answer: its body is whole before Remix gets it (app/http/page-render.server.ts, decision
 * 0040), so it is handed to the socket as it is (app/http/remix.server.ts) instead of through
 * a Fetch body stream made for it and read back chunk by chunk (docs/decisions/0248). The
 * Response carries the status and headers; its `body` is null, and the bytes travel beside
 * it. A HEAD, for which Remix makes a new Response from the headers, has none.
 *
 * A registered symbol, not a module-level WeakMap: entry.server.tsx is bundled into the Remix
 * build and remix.server.ts into the server's, each with its own copy of this module.
 */
const PAGE_BODY = Symbol.for("insurance.page-body");
type PageResponse = Response & { [PAGE_BODY]?: Uint8Array };

export function pageResponse(body: Uint8Array, init: ResponseInit): Response {
  const response: PageResponse = new Response(null, init);
  Object.defineProperty(response, PAGE_BODY, { value: body });
  return response;
}

/** The page's body, when `response` was made by pageResponse. */
export function pageBodyOf(response: Response): Uint8Array | undefined {
  return (response as PageResponse)[PAGE_BODY];
}
