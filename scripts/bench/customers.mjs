// Customers made over HTTP through the /api contract (docs/api.md), as the screens' own use
// cases would leave them: the bench measures pages in the states customers meet them.
import { Agent, fetch } from "undici";
import { importApp } from "./util.mjs";

// The walk through the onboarding table every client shares (tests/support/walk.ts): no step
// order is written here, so a step added to the table is walked and benched as well.
const walk = await importApp("tests/support/walk.ts");
export const { STEPS } = await importApp("app/lib/onboarding.ts");

const SESSION_COOKIE = "session";
/** The cookies a customer's browser keeps and sends back (others the bench has no use for). */
const KEPT_COOKIES = new Set([SESSION_COOKIE, "sign_in", "css"]);
/** The file a browser's first page prefetches: the stylesheet it also has inline (docs/decisions/0324). */
export const PREFETCHED = /<link rel="prefetch" href="([^"]+)"/;

let counter = 0;
/**
 * A valid Estonian personal code nobody else in this bench run has: born 1980–1995 (of
 * eligible age), serial 500–999 (the demo persons' serials are below 100 or born elsewhen).
 */
export function freshPersonalCode(offset = 0) {
  const k = offset + counter++;
  const year = 1980 + (k % 16);
  const month = 1 + (Math.floor(k / 16) % 12);
  const day = 1 + (Math.floor(k / 192) % 28);
  const serial = 500 + (Math.floor(k / 5376) % 500);
  const sex = k % 2 ? 3 : 4;
  const ten = `${sex}${String(year % 100).padStart(2, "0")}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}${serial}`;
  const check = (weights) => [...ten].reduce((sum, d, i) => sum + Number(d) * weights[i], 0) % 11;
  let c = check([1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
  if (c === 10) c = check([3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 10;
  return ten + c;
}

/** The connections a browser keeps to one origin at most (HTTP/1.1). */
const BROWSER_CONNECTIONS = 6;

/**
 * One browser's worth of HTTP: its own connections, the session and sign-in cookies, and the
 * time of every request. Its own connections as a customer's browser has them: sharing one
 * pool, the bench's customers sent most requests over the few connections opened first, and a
 * server process (Node's cluster hands out connections, not requests) got twice the other's
 * requests (docs/decisions/0232).
 */
export class Client {
  constructor(base, onTiming) {
    this.base = base;
    this.cookies = new Map();
    this.onTiming = onTiming;
    this.connections = new Agent({ connections: BROWSER_CONNECTIONS });
  }

  /** The browser closed: its connections go. */
  close() {
    return this.connections.close();
  }

  /** The session cookie as `session=…` (what the signed-in customer's browser sends), or "". */
  get cookie() {
    const value = this.cookies.get(SESSION_COOKIE);
    return value ? `${SESSION_COOKIE}=${value}` : "";
  }

  async request(method, pathname, { json, form, accept } = {}, attempt = 0) {
    const headers = { Origin: this.base };
    if (this.cookies.size) headers.Cookie = this.cookieHeader;
    if (json !== undefined) headers["Content-Type"] = "application/json";
    if (form !== undefined) headers["Content-Type"] = "application/x-www-form-urlencoded";
    if (accept) headers.Accept = accept;
    const started = performance.now();
    let response;
    let body;
    try {
      response = await fetch(this.base + pathname, {
        method,
        headers,
        body: json !== undefined ? JSON.stringify(json) : form !== undefined ? new URLSearchParams(form).toString() : undefined,
        redirect: "manual",
        dispatcher: this.connections,
      });
      body = await response.text();
    } catch (error) {
      const cause = error.cause ? ` (${error.cause.code ?? ""} ${error.cause.message ?? error.cause})` : "";
      // A kept-alive connection the server closed just as this GET went out: a browser sends
      // such an idempotent request again, once; the retry is counted, not hidden.
      if (method === "GET" && attempt === 0 && /UND_ERR_SOCKET|ECONNRESET|other side closed/.test(cause)) {
        this.onTiming?.({ method, pathname, ms: performance.now() - started, status: -1 });
        return this.request(method, pathname, { json, form, accept }, 1);
      }
      this.onTiming?.({ method, pathname, ms: performance.now() - started, status: 0 });
      throw new Error(`${method} ${pathname}: ${error.message}${cause}`);
    }
    this.onTiming?.({ method, pathname, ms: performance.now() - started, status: response.status });
    // The session, the sign-in under way between auth/init and auth/complete (docs/decisions/0120),
    // and which stylesheet the browser has (docs/decisions/0324).
    for (const set of response.headers.getSetCookie()) {
      const [name, value] = set.split(";")[0].split(/=(.*)/s);
      if (!KEPT_COOKIES.has(name)) continue;
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    if (response.status >= 400) throw new Error(`${method} ${pathname}: ${response.status} ${body.slice(0, 200)}`);
    return { status: response.status, body, location: response.headers.get("location") };
  }

  async api(method, pathname, json) {
    const { body, status } = await this.request(method, pathname, { json });
    return status === 204 || !body ? null : JSON.parse(body);
  }

  /** Every cookie the browser holds, as its requests send them. */
  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /**
   * A page as the browser loads it: 200 and its HTML. A page that inlined the stylesheet (the
   * browser's first) names the file to prefetch, and the browser fetches it, as Chromium does:
   * its answer's cookie makes the pages after it link the file (docs/decisions/0324).
   */
  async page(pathname) {
    const { status, body, location } = await this.request("GET", pathname, { accept: "text/html" });
    if (status !== 200) throw new Error(`GET ${pathname}: ${status} to ${location}`);
    const prefetch = PREFETCHED.exec(body)?.[1];
    if (prefetch) await this.request("GET", prefetch, { accept: "text/css" });
    return body;
  }
}

export async function signIn(client, code = freshPersonalCode()) {
  await client.api("POST", "/api/auth/init");
  const done = await client.api("POST", "/api/auth/complete", { returnToken: `smart-id:${code}` });
  if (done.result !== "SUCCESS") throw new Error(`sign-in of ${code}: ${JSON.stringify(done)}`);
  return code;
}

/** The bench's client as the walk's door to the /api. */
const door = (client) => ({
  get: (path) => client.api("GET", path),
  post: (path, json) => client.api("POST", path, json),
  postForm: async (path, fields) => void (await client.request("POST", path, { form: fields, accept: "application/json" })),
});

/** The bench's answers: a short score, everything else the walk's defaults. */
const ANSWERS = {
  registration: { ...walk.REGISTRATION, email: "bench@example.com", occupation: "Tester" },
  scoreAnswers: { smoking: { value: false }, steps: { value: 9000, manual: true }, sleepHours: { value: 8 } },
};

/** Saves `step` through its /api with the walk's valid answers (the customer may save it). */
export const saveStep = (client, step) => walk.saveStep(door(client), step, ANSWERS);

/** The demo signing desk signs, then the completion (the offer's consents saved before). */
export const signOffer = (client) => walk.signOnDemoDesk(door(client));

/** A new customer walked through the steps before `step` (by their /api), signed in on `client`. */
export async function customerAt(base, step) {
  const client = new Client(base);
  await signIn(client);
  await walk.walkTo(door(client), step, ANSWERS);
  return client;
}

/** A demo person signed in (README.md: Jaan Tamm the policyholder, Ants Vanamees too old). */
export async function demoPerson(base, code) {
  const client = new Client(base);
  await signIn(client, code);
  return client;
}
