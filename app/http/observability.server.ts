/**
 * What an operator sees (docs/operations.md "Logs and metrics", docs/decisions/0110): one
 * JSON logger (pino) and one metrics registry (prom-client), made once by server.ts and
 * handed to the core (as its Telemetry) and to the Express app.
 *
 * Nothing personal is logged or labelled: a request's line holds its id, method, route id
 * (the Remix route or the Express route pattern, never the path: a path may hold a personal
 * code or a document id), status and duration; never a query, a body, a cookie or a header.
 * Errors are logged by their message only. Labels are route ids, status classes, form names
 * and outcomes: a bounded set whatever the traffic.
 */
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from "pino";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { messageOf, type SignInOutcome, type SigningOutcome, type Telemetry } from "../core/telemetry.js";

export type { Logger } from "pino";

/** How a form save ended: saved, refused with the customer's failures, answered otherwise (a question back, a redirect), or failed (an error). */
export type SaveOutcome = "saved" | "refused" | "answered" | "failed";

/** Request durations: finer around the 250 ms page budget (docs/decisions/0044), up to 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];
/** Statement durations: most are below a millisecond on PostgreSQL, 1–2 ms on PGlite. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;

export class Metrics {
  readonly registry = new Registry();
  private readonly duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its last byte, by route id (the Remix route or the Express route pattern).",
    labelNames: ["route"] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly responses = new Counter({
    name: "http_responses_total",
    help: "Responses by route id and status class (1xx–5xx; a request the client abandoned counts as 4xx).",
    labelNames: ["route", "status_class"] as const,
    registers: [this.registry],
  });
  private readonly signIns = new Counter({
    name: "sign_in_outcomes_total",
    help: "Sign-in completions by outcome (success, the provider's failure, rate_limited, no_sign_in).",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  private readonly saves = new Counter({
    name: "form_saves_total",
    help: "Saves of a step's form, through the pages or the /api, by form and outcome (saved, refused, answered, failed).",
    labelNames: ["form", "outcome"] as const,
    registers: [this.registry],
  });
  private readonly signings = new Counter({
    name: "signings_total",
    help: "Signing completions by outcome (agreement_signed, euw, failed, refused); a replayed one is not counted again.",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  private readonly clientErrors = new Counter({
    name: "client_errors_total",
    help: "Errors browsers met (a component that threw as it rendered or hydrated), by the error's kind.",
    labelNames: ["name"] as const,
    registers: [this.registry],
  });
  private readonly queries = new Histogram({
    name: "db_query_duration_seconds",
    help: "Time of each database statement as the application waits for it.",
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });
  private readonly opsTokenUses = new Counter({
    name: "ops_token_uses_total",
    help: "Requests the operator's doors (/ops, /metrics) let in, by the position in OPS_TOKENS of the token they carried (1 = the first).",
    labelNames: ["position"] as const,
    registers: [this.registry],
  });
  /** The labelled children per route, made once: a request then only observes and counts. */
  private readonly routes = new Map<string, { duration: { observe(v: number): void }; byClass: Array<{ inc(): void }> }>();

  constructor(options: { defaultMetrics?: boolean } = {}) {
    // Event-loop lag, memory, CPU, handles, garbage collection (prom-client's defaults).
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  request(route: string, status: number, seconds: number): void {
    let children = this.routes.get(route);
    if (!children) {
      children = { duration: this.duration.labels(route), byClass: STATUS_CLASSES.map((c) => this.responses.labels(route, c)) };
      this.routes.set(route, children);
    }
    children.duration.observe(seconds);
    children.byClass[Math.min(Math.max(Math.floor(status / 100), 1), 5) - 1].inc();
  }

  save(form: string, outcome: SaveOutcome): void {
    this.saves.labels(form, outcome).inc();
  }

  signIn(outcome: SignInOutcome): void {
    this.signIns.labels(outcome).inc();
  }

  signing(outcome: SigningOutcome): void {
    this.signings.labels(outcome).inc();
  }

  /** Each position of OPS_TOKENS at 0 from the start: an old token's series shows before (and whether) it is used. */
  opsTokens(count: number): void {
    for (let position = 1; position <= count; position++) this.opsTokenUses.inc({ position: String(position) }, 0);
  }

  opsTokenUse(position: number): void {
    this.opsTokenUses.labels(String(position)).inc();
  }

  query(seconds: number): void {
    this.queries.observe(seconds);
  }

  clientError(name: string): void {
    this.clientErrors.labels(name).inc();
  }
}

export interface Observability {
  log: Logger;
  metrics: Metrics;
  /** The core's reports (app/core/telemetry.ts) into the same logger and registry. */
  telemetry: Telemetry;
  /** A browser's error (`clientErrorReport`): one per process, its lines capped. */
  clientError: ReturnType<typeof clientErrorReport>;
}

/**
 * An e-mail address, and a run of 6 or more digits (single spaces or dashes between them, a
 * leading +): a personal code, a phone number as typed or as digits. A lowercase hex token of
 * 16 or more characters (a signing's token in a gateway's path, a hash) is matched first and
 * kept whole: its digits are not a person's, and one holding six digits in a row would
 * otherwise lose them (docs/decisions/0318). A date as Estonian text writes it (`02.03.1985`,
 * `2.3.85`, `02/03/1985`: a date of birth, as an ISO date is a run of digits) goes too; a
 * fourth group (an IPv4 address) or a group before it keeps it whole.
 */
const PERSONAL_SHAPES: [RegExp, (match: string) => string][] = [
  [/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g, () => "[e-mail]"],
  [/(?<![\d.\/])\d{1,2}([./])\d{1,2}\1(?:\d{4}|\d{2})(?![\d.\/]?\d)/g, () => "[number]"],
  [/\b(?=[0-9a-f]*[a-f])[0-9a-f]{16,}\b|\+?\d(?:[ -]?\d){5,}/g, (match) => (/[a-f]/.test(match) ? match : "[number]")],
];

/**
 * An error's words as a log line may hold them: an error's message is ours, but it may quote
 * what someone else said (a provider's refusal quoting the signer it was sent, a driver's
 * message quoting a parameter), so codes, phone numbers and e-mail addresses go, whoever wrote
 * the message (docs/decisions/0318). A stack's frames (`at …`, our code's places) stay whole.
 */
export function withoutPersonalData(text: string): string {
  return text
    .split("\n")
    .map((line) => (/^\s+at /.test(line) ? line : PERSONAL_SHAPES.reduce((out, [shape, mark]) => out.replace(shape, mark), line)))
    .join("\n");
}

const scrubbed = (value: unknown) => (typeof value === "string" ? withoutPersonalData(value) : value);

export function createObservability(options: { level: LevelWithSilent; destination?: DestinationStream; defaultMetrics?: boolean }): Observability {
  const log = pino(
    {
      level: options.level,
      // Every line's error and stack, whoever logs them (telemetry.failure, logRequestError, a route's error).
      serializers: { error: scrubbed, stack: scrubbed },
      // Only what the line itself says: no hostname (the collector adds its own), the pid for WORKERS > 1.
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination,
  );
  const metrics = new Metrics({ defaultMetrics: options.defaultMetrics });
  const telemetry: Telemetry = {
    signIn: (outcome) => metrics.signIn(outcome),
    signing: (outcome) => metrics.signing(outcome),
    query: (seconds) => metrics.query(seconds),
    failure: (event, error) => log.error({ event, error: messageOf(error) }, event),
  };
  return { log, metrics, telemetry, clientError: clientErrorReport({ log, metrics }) };
}

/**
 * What a PostgreSQL pool does with an idle connection the server ended (a restart, a failover,
 * an administrator; app/core/db/pg.ts): one JSON line, `database_connection_lost`, the driver's
 * words as `error` (redacted as every error's, docs/decisions/0318). The pool opens another on
 * the next statement; a request that meets a database still down is answered 503 and logged
 * as `database_unavailable` (docs/decisions/0372). Every pool is given it: the servers', the
 * start's, the operator's command's and the tests'.
 */
export const connectionLostLog =
  (log: Logger) =>
  (message: string): void =>
    log.warn({ event: "database_connection_lost", error: message }, "an idle database connection was ended by the server; the next statement opens another");

/** At most this many browsers' errors are logged a minute by a process; every one is counted. */
export const CLIENT_ERROR_LINES_A_MINUTE = 30;

/**
 * An error a browser met (app/lib/client-error.ts, docs/decisions/0386): counted
 * by its kind, and one `client_error` line at warn with the route's id and the message's first
 * words, redacted as every error's (anyone may send one: nothing of it is believed beyond its
 * shape). The lines are capped per process and minute, so a flood fills no disk.
 */
export function clientErrorReport({ log, metrics }: Pick<Observability, "log" | "metrics">, now: () => number = Date.now) {
  let minute = -1;
  let lines = 0;
  return (report: { route: string; name: string; message: string }): void => {
    metrics.clientError(report.name);
    const thisMinute = Math.floor(now() / 60_000);
    if (thisMinute !== minute) [minute, lines] = [thisMinute, 0];
    if (++lines > CLIENT_ERROR_LINES_A_MINUTE) return;
    log.warn({ event: "client_error", route: report.route, name: report.name, error: withoutPersonalData(report.message) }, "a browser met an error: its error page said so");
  };
}

let quiet: Observability | undefined;
/** A silent logger and a registry nobody reads: for a context built outside a server (tests calling a loader). */
export const quietObservability = (): Observability => (quiet ??= createObservability({ level: "silent", defaultMetrics: false }));

/** A proxy's request id we keep: short, and nothing a log line could be broken with. */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

declare module "express-serve-static-core" {
  interface Locals {
    /** This request's id: the trusted proxy's X-Request-Id, or one made here (observeRequests). */
    requestId?: string;
    /** What the request is counted and logged under: the Remix route id, set by app/http/remix.server.ts. */
    route?: string;
  }
}

/**
 * First middleware: the request id (the proxy's `X-Request-Id` when `TRUST_PROXY` names one
 * and it is well-formed and holds no personal data, else a new UUID), echoed in the response; when the answer is done
 * (or the client gave up: logged as status 499, counted as 4xx), one log line and the metrics.
 */
export function observeRequests({ log, metrics }: Observability, trustProxy: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    const given = trustProxy > 0 ? req.headers["x-request-id"] : undefined;
    // One that holds what looks like personal data (a personal code, an e-mail address: a proxy
    // may pass on what a client sent) is not kept: the log would carry it.
    const id = typeof given === "string" && REQUEST_ID.test(given) && withoutPersonalData(given) === given ? given : randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    res.once("close", () => {
      const seconds = (performance.now() - started) / 1000;
      const route = res.locals.route ?? (req.route ? `${req.baseUrl}${String(req.route.path)}` : "(none)");
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.request(route, status, seconds);
      log[status >= 500 ? "error" : "info"]({ reqId: id, method: req.method, route, status, ms: Math.round(seconds * 10_000) / 10 }, "request");
    });
    next();
  };
}

/** Names what `handler` serves (static files) under `route`; when it passes the request on, the name goes too. */
export const labelled =
  (route: string, handler: (req: Request, res: Response, next: NextFunction) => void) =>
  (req: Request, res: Response, next: NextFunction): void => {
    res.locals.route = route;
    handler(req, res, (error?: unknown) => {
      res.locals.route = undefined;
      next(error);
    });
  };

/** Logs an error inside a request by its message only, with the request's id. */
export function logRequestError(log: Logger, requestId: string | undefined, event: string, error: unknown): void {
  log.error({ reqId: requestId, event, error: messageOf(error) }, event);
}
