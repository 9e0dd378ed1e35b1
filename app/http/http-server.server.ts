/**
 * The Node HTTP server around the Express app, with its timeouts set deliberately
 * (docs/decisions/0103): a client that drips its headers or its body holds a connection for
 * seconds, not the minutes of Node's defaults. Used by server.ts and the integration tests, so
 * the tests run against the same server the deployment does.
 */
import { createServer, type RequestListener, type Server } from "node:http";

export const SERVER_TIMEOUTS = {
  /** The whole header block must arrive within this (Node: 60 s). An expired one is answered 408 and closed. */
  headersMs: 10_000,
  /**
   * The whole request, body included (Node: 300 s): the backstop for a body nobody reads. The
   * body limit middleware stops reading a page form or /api body sooner (REQUEST_BODY_READ_MS).
   */
  requestMs: 30_000,
  /**
   * An idle kept-alive connection is closed after this (Node: 5 s). Longer than the idle
   * timeout of the proxy in front (60 s for the common ones), so the proxy never sends a
   * request on a connection the app is just closing (docs/operations.md "In front of the app").
   */
  keepAliveMs: 65_000,
  /** How often Node checks the header and request timeouts (Node: 30 s, which would let a 10 s timeout run 40 s). */
  checkIntervalMs: 1_000,
} as const;

export function createHttpServer(app: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: SERVER_TIMEOUTS.headersMs,
      requestTimeout: SERVER_TIMEOUTS.requestMs,
      connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs,
      // A request without Host reaches the app, which answers it in the customer's language
      // (app/http/host.server.ts), instead of Node's empty 400.
      requireHostHeader: false,
    },
    app,
  );
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveMs;
  return server;
}
