/**
 * A whole application on a private database for integration tests: the core, the Express
 * app (the /api router; with `remix` the pages too) listening on a free port, and helpers to
 * call loaders and actions with the same context the server builds.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Server } from "node:http";
import { fixedClock } from "./clock";
import { loadConfig, type Config } from "~/core/config";
import type { EidProvider } from "~/core/auth/provider";
import type { SigningProvider } from "~/core/signing/provider";
import type { Db } from "~/core/db/index";
import { createCore, type Core } from "~/core/index";
import type { RenderPdf } from "~/core/documents/index";
import { createApp } from "~/http/app.server";
import { createHttpServer, type ServerTimeouts } from "~/http/http-server.server";
import { createAppContext, type AppContext } from "~/http/context.server";
import { connectionLostLog, createObservability, type Observability } from "~/http/observability.server";
import { copyTemplateDatabase } from "./database";
import { remixBuild } from "./remix-build";
import { TEST_HEALTH_DATA_KEY } from "./keys";

export interface TestApp {
  core: Core;
  config: Config;
  clock: ReturnType<typeof fixedClock>;
  url: string;
  /** The app's logger and metrics registry (silent unless `log` was given). */
  observability: Observability;
  /** A context for calling a loader or action directly, as the server would build it. */
  context(request: Request, clientAddress?: string): AppContext;
  /** Closes the database while the server keeps running (readiness tests); close() skips it then. */
  closeDatabase(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestApp(
  options: {
    now?: string;
    eid?: EidProvider;
    /** Over the provider the configuration names (a gateway adapter with a short timeout). */
    signing?: SigningProvider;
    /** Over the test defaults; `undefined` removes one (say SESSION_SECRET, to give SESSION_SECRETS). */
    env?: Record<string, string | undefined>;
    /** Serve the pages too (the Remix build). */
    remix?: boolean;
    /** Another app's database (a restart with another configuration); close() leaves it open. */
    db?: Db;
    /** Where the JSON log goes, at LOG_LEVEL (info unless set); without it the log is silent. */
    log?: { write(line: string): void };
    /** prom-client's process metrics (event-loop lag, memory) in the registry too. */
    defaultMetrics?: boolean;
    /** Draws the PDFs (the server's document threads, app/core/documents/workers.ts); in the test's thread unless given. */
    pdf?: RenderPdf;
    /** The server's timeouts over SERVER_TIMEOUTS (a test of the whole-request backstop, which cannot wait 30 s). */
    timeouts?: Partial<ServerTimeouts>;
    /** Where the server listens (as HOST): the loopback interface unless given; `url` stays the loopback one. */
    host?: string;
  } = {},
): Promise<TestApp> {
  const clock = fixedClock(options.now ?? new Date().toISOString());
  const config = loadConfig({
    NODE_ENV: "test",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY,
    PUBLIC_URL: undefined,
    ...options.env,
  });
  const observability = createObservability({
    level: options.log ? (options.env?.LOG_LEVEL ?? "info") as Config["logLevel"] : "silent",
    destination: options.log,
    defaultMetrics: options.defaultMetrics ?? false,
  });
  // A connection the server ended is a line of this app's log (PostgreSQL: app/core/db/pg.ts).
  const db = options.db ?? (await copyTemplateDatabase(connectionLostLog(observability.log)));
  const core = createCore({ db, clock, config, eid: options.eid, signing: options.signing, telemetry: observability.telemetry, pdf: options.pdf });
  const app = createApp({ core, config, build: options.remix ? await remixBuild() : undefined, observability });
  const server: Server = await new Promise((resolve) => {
    // The server the deployment runs (its timeouts and Host handling), on a free port.
    const s = createHttpServer(app, options.timeouts).listen(0, options.host ?? "127.0.0.1", () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let dbClosed: Promise<void> | undefined;
  const closeDatabase = () => (dbClosed ??= options.db ? Promise.resolve() : db.close());
  return {
    core,
    config,
    clock,
    url,
    observability,
    context: (request, clientAddress = "127.0.0.1") =>
      createAppContext({ core, config, cookieHeader: request.headers.get("Cookie"), nonce: "test", clientAddress, observability }),
    closeDatabase,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A response a test never read keeps its connection busy (not idle) for the 65 s keep-alive.
      server.closeAllConnections();
      await closed;
      await closeDatabase();
    },
  };
}

/**
 * A test file's app whose tests move its clock: started once on the moment the file begins, the
 * clock set back to that moment before each test, closed after the file. Read `.app` in a test
 * or a hook, never at the file's top level (it is started in a hook).
 */
export function appOnAClock(): { readonly app: TestApp; readonly now: string } {
  const now = new Date().toISOString();
  let app: TestApp | null = null;
  beforeAll(async () => {
    app = await startTestApp({ now });
  });
  beforeEach(() => app!.clock.set(now));
  afterAll(() => app?.close());
  return {
    get app() {
      if (!app) throw new Error("The app starts in beforeAll: read it in a test or a hook");
      return app;
    },
    now,
  };
}

/** A tiny cookie jar over fetch, as a browser would keep the `session` cookie. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  absorb(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.cookieHeader);
    // A browser names the page's origin on every write; the server refuses a write that names
    // none (docs/decisions/0101). A test that means another origin sets its own.
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", this.base);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await fetch(this.base + path, { ...init, headers, body, redirect: "manual" });
    this.absorb(response);
    return response;
  }

  /**
   * As a browser after its first page: the stylesheet that page prefetches fetched, whose answer's
   * cookie makes every page after it link the file rather than carry it inline (docs/decisions/0324).
   */
  async fetchStylesheet(): Promise<void> {
    const html = await (await this.fetch("/accessibility")).text();
    const href = /<link rel="prefetch" href="([^"]+)"/.exec(html)?.[1];
    if (href && (await this.fetch(href)).status !== 200) throw new Error(`stylesheet ${href}`);
  }

  /** Signs in through /api with the demo provider; returns the completion body. */
  async signIn(personalCode: string, method = "smart-id", query = ""): Promise<{ result: string; authenticationMethod: string | null; redirectTo?: string }> {
    const init = await this.fetch(`/api/auth/init${query}`, { method: "POST" });
    if (!init.ok) throw new Error(`auth/init ${init.status}`);
    const complete = await this.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `${method}:${personalCode}` } });
    return complete.json();
  }
}
