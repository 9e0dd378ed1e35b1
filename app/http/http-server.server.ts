/**
 * The Node HTTP server around the Express app, with its timeouts set deliberately
 * (docs/decisions/0103): a client that drips its headers or its body holds a connection for
 * seconds, not the minutes of Node's defaults. Used by server.ts and the integration tests, so
 * the tests run against the same server the deployment does.
 */
import { createServer, IncomingMessage, ServerResponse, type RequestListener, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { refuseAsNode } from "./bad-address.server.js";
import { isJsonPath } from "./error-page.server.js";
import { PROBLEMS, type RequestProblem } from "./request-checks.js";

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

/** The server's timeouts, in milliseconds (SERVER_TIMEOUTS' names). */
export type ServerTimeouts = { [K in keyof typeof SERVER_TIMEOUTS]: number };

/**
 * A request answered before its body has all arrived (refused by its origin, its type, its
 * address, a static file's or a route's answer to a body nobody reads) has its connection
 * closed after the answer. Node's own way, keeping the connection, reads and discards the rest
 * of the body: a declared gigabyte was taken in whole, at the cost of the event loop every other
 * request shares, and for up to the request timeout. A body the limit middleware read in full
 * (every form and /api body it accepts) leaves the connection kept alive as before.
 */
function closeWhenBodyUnread(app: RequestListener): RequestListener {
  return (req, res) => {
    const declared = req.headers["content-length"];
    if (req.headers["transfer-encoding"] !== undefined || (declared !== undefined && declared !== "0")) {
      const writeHead = res.writeHead;
      // Node's implicit headers (a write or an end without writeHead) go through writeHead too.
      res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
        if (!req.complete) this.shouldKeepAlive = false;
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }
    return app(req, res);
  };
}

/**
 * `timeouts` over SERVER_TIMEOUTS only for a test that cannot wait for the real one (the 30 s
 * backstop, tests/integration/slow-clients.test.ts); the deployment never passes it.
 */
export function createHttpServer(listener: RequestListener, timeouts: Partial<ServerTimeouts> = {}): Server {
  const limits: ServerTimeouts = { ...SERVER_TIMEOUTS, ...timeouts };
  const app = closeWhenBodyUnread(listener);
  const server = createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
      // A request without Host reaches the app, which answers it in the customer's language
      // (app/http/host.server.ts), instead of Node's empty 400.
      requireHostHeader: false,
    },
    app,
  );
  server.keepAliveTimeout = limits.keepAliveMs;
  trackAnswers(server);
  server.on("clientError", answerClientError(app));
  // Node would answer `100 Continue` before the app has looked at the request: the app sends it
  // when it starts reading the body (app/http/request-limits.server.ts), so a request refused
  // by its headers (its origin, its type, its declared size) never has its body sent.
  server.on("checkContinue", app);
  // An `Expect` other than 100-continue: Node's bare 417, in the customer's language instead.
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    refuseAsNode(req, PROBLEMS.expectation);
    app(req, res);
  });
  return server;
}

/** What Node's parser refuses after a request's first line, by its error code; anything else is a malformed request. */
const PARSER_PROBLEMS: Record<string, RequestProblem> = {
  HPE_HEADER_OVERFLOW: PROBLEMS.headersTooLarge,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: PROBLEMS.tooLarge,
  ERR_HTTP_REQUEST_TIMEOUT: PROBLEMS.timeout,
};
/** The first line of a request Node could read: its target. */
const REQUEST_LINE = /^[A-Z]+ (\S+) HTTP\/1\.[01]$/;
/** The start of a first line the header limit cut (an address over 16 KB): its target so far. */
const CUT_REQUEST_LINE = /^[A-Z]+ (\/\S*)/;
/** A header's name (an HTTP token) and a value of printable ASCII alone. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\x20-\x7e]*$/;
const isBlank = (c: string) => c === " " || c === "\t";

/**
 * A header line of the refused request as name and value, kept only when it is plain printable
 * ASCII. Read without one regex over the whole line: `[ \t]*([\x20-\x7e]*?)[ \t]*$` backtracked
 * over a run of spaces in cubic time, so one 3 KB header line of spaces ending in a byte over
 * 127, beside a malformed line, held the process for seconds (16 KB of them for minutes).
 */
function headerLine(line: string): [name: string, value: string] | null {
  const colon = line.indexOf(":");
  if (colon <= 0 || !HEADER_NAME.test(line.slice(0, colon))) return null;
  let start = colon + 1;
  let end = line.length;
  while (start < end && isBlank(line[start]!)) start++;
  while (end > start && isBlank(line[end - 1]!)) end--;
  const value = line.slice(start, end);
  return HEADER_VALUE.test(value) ? [line.slice(0, colon), value] : null;
}
/** The headers the product's page reads: the host, and the cookie that holds the language. */
const KEPT_HEADERS = new Set(["host", "cookie"]);

/**
 * A request body Node's parser refuses (a broken chunk size, a chunk without its line end, too
 * long a chunk extension), or Node's whole-request backstop cuts (`requestTimeout`), while the
 * request's handler reads it: the handler's reading fails with that problem (`requestProblem`:
 * 413 for the extension's size, 408 for the backstop, else a malformed body), so the customer
 * gets the answer app/http/request-limits.server.ts gives one, in their language, and the
 * connection closes after it (the parser cannot go on). False when nothing reads the body yet.
 */
function bodyRefused(res: ServerResponse, error: Error & { code?: string }): boolean {
  const req = res.req;
  if (!req || req.complete || req.listenerCount("error") === 0) return false;
  res.shouldKeepAlive = false;
  const requestProblem = PARSER_PROBLEMS[error.code ?? ""] ?? PROBLEMS.malformed;
  req.emit("error", Object.assign(new Error("the request body could not be read"), { requestProblem }));
  return true;
}

/**
 * A request Node's own parser refuses never reaches Express, and Node would answer a bare 400,
 * 408 or 431 (issue 23 item 9). The app answers a request of our own making on the same
 * connection instead: GET (or HEAD) of an unreadable address, with the readable `lng=` of the
 * refused one, and its host and cookie when those are plain. One refused in its first line (a
 * raw space, control byte or non-ASCII byte in the address, an unknown HTTP version) gets what
 * app/http/bad-address gives an address Express cannot read: the product's 400 page in the
 * customer's language. One refused after it (headers over 16 KB, a malformed header line,
 * contradictory lengths, a header block too slow) gets the same page with its own status and
 * message, or /api's JSON when its address is the /api's, read from the packet Node refused;
 * an address alone over the limit is refused as too long an address (400 error.invalid_path).
 * One whose first line came in an earlier packet (headers sent slowly in pieces), or a header
 * block too slow (Node's timeout names no packet), is answered as a page, the address unknown
 * (docs/api.md "Errors"). The connection closes after the answer. A connection already
 * answering is closed.
 */
function answerClientError(app: RequestListener) {
  const answered = new WeakSet<Duplex>();
  return (error: Error & { code?: string; bytesParsed?: number; rawPacket?: Buffer }, socket: Duplex) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    const busy = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (busy && error.code !== "ECONNRESET" && socket.writable && !busy.headersSent && bodyRefused(busy, error)) return;
    if (error.code === "ECONNRESET" || !socket.writable || busy) {
      socket.destroy();
      return;
    }
    const packet = error.rawPacket?.toString("latin1") ?? "";
    const lineEnd = packet.indexOf("\n");
    const inFirstLine = error.code !== undefined && error.code.startsWith("HPE_") && !PARSER_PROBLEMS[error.code] && lineEnd !== -1 && (error.bytesParsed ?? 0) <= lineEnd;
    const [firstLine, ...headerLines] = packet.split(/\r?\n/);
    // An address longer than the headers' limit, as far as this packet holds it (the request's
    // start in one packet): too long an address, as a shorter one over REQUEST_LIMITS is.
    const cut = error.code === "HPE_HEADER_OVERFLOW" && lineEnd === -1 ? CUT_REQUEST_LINE.exec(packet)?.[1] : undefined;
    // Refused after its first line: that line is read as Node read it, when this packet holds it.
    const target = inFirstLine ? undefined : (cut ?? REQUEST_LINE.exec(firstLine!)?.[1]);
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      if (line === "") break;
      const [name, value] = headerLine(line) ?? [];
      if (name && KEPT_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value!;
    }
    const lng = /[?&]lng=(et|en|ru)(?:[&\s]|$)/.exec(firstLine!)?.[1];
    const req = new IncomingMessage(socket as never);
    req.method = firstLine!.startsWith("HEAD ") ? "HEAD" : "GET";
    req.url = `${target && isJsonPath(target) ? "/api" : ""}/%${lng ? `?lng=${lng}` : ""}`;
    if (!inFirstLine) refuseAsNode(req, cut ? PROBLEMS.path : (PARSER_PROBLEMS[error.code ?? ""] ?? PROBLEMS.badRequest));
    req.httpVersion = "1.1";
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.headers = headers;
    req.rawHeaders = Object.entries(headers).flat();
    req.complete = true;
    req.push(null);
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as never);
    res.on("finish", () => {
      res.detachSocket(socket as never);
      socket.end();
    });
    app(req, res);
  };
}

/**
 * How long the requests under way at a stop (SIGTERM, SIGINT) may take to finish: a slow form
 * body (10 s at most to arrive), a PDF being drawn, a signing's completion. Under the 10 s a
 * container's stop waits before it kills (Docker's default), so the database is closed by us,
 * not by a kill.
 */
export const STOP_GRACE_MS = 8_000;

const answering = new WeakMap<Server, { responses: Set<ServerResponse>; stopping: boolean }>();

/** The answers under way, and each answer's connection closed after it once the server stops. */
function trackAnswers(server: Server): void {
  const state = { responses: new Set<ServerResponse>(), stopping: false };
  answering.set(server, state);
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    state.responses.add(res);
    if (state.stopping) res.shouldKeepAlive = false;
    res.on("close", () => {
      state.responses.delete(res);
      if (state.stopping) server.closeIdleConnections();
    });
  });
}

/**
 * Stops serving: no new connection is accepted (a new one is refused, a load balancer tries
 * another instance), idle kept-alive ones are closed, each request under way is answered and
 * its connection closed after the answer. What still runs after `graceMs` is cut. Resolves with
 * how many answers were cut, once every connection is closed.
 */
export function stopServing(server: Server, graceMs = STOP_GRACE_MS): Promise<{ cut: number }> {
  const state = answering.get(server) ?? { responses: new Set<ServerResponse>(), stopping: false };
  state.stopping = true;
  for (const res of state.responses) if (!res.headersSent) res.shouldKeepAlive = false;
  return new Promise((resolve) => {
    let cut = 0;
    const timer = setTimeout(() => {
      cut = state.responses.size;
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve({ cut });
    });
    server.closeIdleConnections();
  });
}
