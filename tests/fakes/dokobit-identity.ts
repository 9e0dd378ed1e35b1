/**
 * A local fake of the Dokobit Identity Gateway (redirect-based integration), on node:http,
 * listening on 127.0.0.1 with a random port. It speaks the protocol described at the top of
 * app/core/auth/dokobit.ts:
 *
 * - POST /api/authentication/create?access_token=…   (form or JSON body; `return_url` or
 *   `origin_host` required) → {status:"ok", session_token, url, expires_in}
 * - GET  /auth/{session_token}   the hosted sign-in page: a tiny HTML form while the session
 *   is pending (fill in a code and name, or cancel); once the session is finished it
 *   redirects (302) to return_url with `session_token` appended, as Dokobit does.
 * - POST /auth/{session_token}   the form's submit: finishes the session, then 303 to return_url.
 * - GET  /api/authentication/{session_token}/status?access_token=…
 *   pending → {status:"waiting", message, code:1003}; finished → the person (status "ok") or
 *   the refusal ({status:"canceled"|"error"|…, message, code}); unknown token → 404.
 *
 * A missing access token is answered 401, a wrong one 403. Tests finish sessions with
 * `authenticate()` (or `respondRaw()` for malformed answers) and read `requests`.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, startLocalServer } from "./http-server";

export interface FakePerson {
  /** Personal code as Dokobit sends it, e.g. "38503020139". */
  code: string;
  /** Upper case, as in the certificate: "MARI-LIIS". */
  name: string;
  surname: string;
  /** Dokobit's method name: smartid (default), mobile, smartcard, … */
  method?: string;
  /** Lower-case country code, default "ee". */
  country?: string;
}

export interface FakeRefusal {
  /** "canceled", "error", "expired", … anything but "ok". */
  status: string;
  message?: string;
  /** HTTP status of the status answer; default 200. */
  httpStatus?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeDokobitIdentity {
  /** Base URL, e.g. http://127.0.0.1:43123 (no trailing slash). */
  url: string;
  accessToken: string;
  close(): Promise<void>;
  /** Finishes a session: the customer signed in as `person`, or was refused. */
  authenticate(sessionToken: string, outcome: FakePerson | FakeRefusal): void;
  /** Makes the status endpoint answer this session with exactly `body` (a string is sent as is). */
  respondRaw(sessionToken: string, body: unknown, httpStatus?: number): void;
  /** Where Dokobit sends the customer back for this session: return_url + session_token. */
  returnUrlFor(sessionToken: string): string;
  /** The last session created, or undefined. */
  lastSessionToken(): string | undefined;
  /** Every request received, in order (api and hosted-page alike). */
  requests: FakeRequest[];
}

type Outcome =
  | { kind: "person"; person: FakePerson; at: Date }
  | { kind: "refusal"; refusal: FakeRefusal }
  | { kind: "raw"; body: unknown; httpStatus: number };

interface FakeSession {
  token: string;
  returnUrl: string | null;
  createdAt: Date;
  outcome: Outcome | null;
}

export async function startFakeDokobitIdentity(options: { accessToken?: string } = {}): Promise<FakeDokobitIdentity> {
  const accessToken = options.accessToken ?? "fake-dokobit-access-token";
  const sessions = new Map<string, FakeSession>();
  const requests: FakeRequest[] = [];
  let last: string | undefined;
  let baseUrl = "";

  function json(res: ServerResponse, status: number, body: unknown): void {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "Content-Type": typeof body === "string" ? "text/plain" : "application/json" });
    res.end(text);
  }

  function checkToken(query: URLSearchParams, res: ServerResponse): boolean {
    const given = query.get("access_token");
    if (!given) {
      json(res, 401, { status: "error", message: "Access token is required", error_code: 401 });
      return false;
    }
    if (given !== accessToken) {
      json(res, 403, { status: "error", message: "Access denied", error_code: 403 });
      return false;
    }
    return true;
  }

  function statusBody(session: FakeSession): { httpStatus: number; body: unknown } {
    const outcome = session.outcome;
    if (!outcome) return { httpStatus: 200, body: { status: "waiting", message: "Waiting for client authentication", code: 1003 } };
    if (outcome.kind === "raw") return { httpStatus: outcome.httpStatus, body: outcome.body };
    if (outcome.kind === "refusal") {
      const { status, message, httpStatus } = outcome.refusal;
      const text = message ?? (status === "error" ? "Session closed" : `Authentication ${status}`);
      return { httpStatus: httpStatus ?? 200, body: { status, message: text, code: status === "error" ? 1005 : 1006 } };
    }
    const { person, at } = outcome;
    const country = (person.country ?? "ee").toLowerCase();
    const serial = `PNO${country.toUpperCase()}-${person.code}`;
    const validFrom = new Date(at.getTime() - 365 * 86_400_000);
    const validTo = new Date(at.getTime() + 4 * 365 * 86_400_000);
    return {
      httpStatus: 200,
      body: {
        status: "ok",
        code: person.code,
        country_code: country,
        name: person.name,
        surname: person.surname,
        authentication_method: person.method ?? "smartid",
        date_authenticated: at.toISOString(),
        session_token: session.token,
        certificate: {
          name: `/C=${country.toUpperCase()}/CN=${person.surname},${person.name}/SN=${person.surname}/GN=${person.name}/serialNumber=${serial}`,
          subject: {
            country: country.toUpperCase(),
            common_name: `${person.surname},${person.name}`,
            surname: person.surname,
            name: person.name,
            serial_number: serial,
          },
          issuer: { country: "EE", organisation: "AS Sertifitseerimiskeskus", common_name: "TEST of EID-SK 2016" },
          valid_from: validFrom.toISOString(),
          valid_to: validTo.toISOString(),
          value: Buffer.from("fake certificate").toString("base64"),
        },
      },
    };
  }

  function returnUrlFor(sessionToken: string): string {
    const session = sessions.get(sessionToken);
    if (!session?.returnUrl) throw new Error("fake Dokobit: no such session, or it has no return_url");
    const url = new URL(session.returnUrl);
    url.searchParams.set("session_token", session.token);
    return url.toString();
  }

  function sessionOrThrow(sessionToken: string): FakeSession {
    const session = sessions.get(sessionToken);
    if (!session) throw new Error("fake Dokobit: no such session");
    return session;
  }

  function hostedPage(session: FakeSession): string {
    const action = `/auth/${encodeURIComponent(session.token)}`;
    return `<!doctype html>
<html lang="et"><head><meta charset="utf-8"><title>Dokobit (fake)</title></head>
<body>
<h1>Dokobit Identity Gateway (fake)</h1>
<form method="post" action="${escapeHtml(action)}">
  <label>Isikukood <input name="code" value="38503020139"></label>
  <label>Eesnimi <input name="name" value="JAAN"></label>
  <label>Perenimi <input name="surname" value="TAMM"></label>
  <label>Meetod <select name="method"><option>smartid</option><option>mobile</option><option>smartcard</option></select></label>
  <button name="action" value="authenticate">Autendi</button>
  <button name="action" value="cancel">Katkesta</button>
</form>
</body></html>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const raw = await readBody(req, 1_000_000);
    const body = parseBody(raw, req.headers["content-type"]);
    requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });

    if (url.pathname === "/api/authentication/create") {
      if (method !== "POST") return json(res, 405, { status: "error", message: "Method not allowed", error_code: 405 });
      if (!checkToken(url.searchParams, res)) return;
      if (!isRecord(body)) return json(res, 400, { status: "error", message: "Invalid request body", error_code: 400 });
      const returnUrl = typeof body.return_url === "string" ? body.return_url : "";
      const originHost = typeof body.origin_host === "string" ? body.origin_host : "";
      if (!returnUrl && !originHost) {
        return json(res, 400, { status: "error", message: "return_url or origin_host is required", error_code: 400 });
      }
      if (returnUrl && !isHttpUrl(returnUrl)) {
        return json(res, 400, { status: "error", message: "return_url is not a valid URL", error_code: 400 });
      }
      const token = randomBytes(32).toString("hex");
      sessions.set(token, { token, returnUrl: returnUrl || null, createdAt: new Date(), outcome: null });
      last = token;
      return json(res, 200, { status: "ok", session_token: token, url: `${baseUrl}/auth/${token}`, expires_in: 3600 });
    }

    const status = /^\/api\/authentication\/([^/]+)\/status$/.exec(url.pathname);
    if (status) {
      if (method !== "GET") return json(res, 405, { status: "error", message: "Method not allowed", error_code: 405 });
      if (!checkToken(url.searchParams, res)) return;
      const session = sessions.get(decodeURIComponent(status[1]));
      if (!session) return json(res, 404, { status: "error", message: "Session not found", code: 1004 });
      const answer = statusBody(session);
      return json(res, answer.httpStatus, answer.body);
    }

    const page = /^\/auth\/([^/]+)$/.exec(url.pathname);
    if (page) {
      const session = sessions.get(decodeURIComponent(page[1]));
      if (!session) {
        res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
        return void res.end("<!doctype html><title>Not found</title><p>Session not found</p>");
      }
      if (method === "POST" && !session.outcome) {
        const form = isRecord(body) ? body : {};
        if (form.action === "cancel") {
          session.outcome = { kind: "refusal", refusal: { status: "canceled", message: "Authentication canceled by user" } };
        } else {
          const person: FakePerson = {
            code: String(form.code ?? ""),
            name: String(form.name ?? ""),
            surname: String(form.surname ?? ""),
            method: typeof form.method === "string" ? form.method : undefined,
          };
          session.outcome = { kind: "person", person, at: new Date() };
        }
      }
      if (session.outcome && session.returnUrl) {
        res.writeHead(method === "POST" ? 303 : 302, { Location: returnUrlFor(session.token) });
        return void res.end();
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return void res.end(hostedPage(session));
    }

    json(res, 404, { status: "error", message: "Not found", error_code: 404 });
  }

  const server = await startLocalServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { status: "error", message: "Fake failure", error_code: 500 });
      else res.end();
    });
  });
  baseUrl = server.url;

  return {
    url: baseUrl,
    accessToken,
    requests,
    lastSessionToken: () => last,
    returnUrlFor,
    authenticate(sessionToken, outcome) {
      const session = sessionOrThrow(sessionToken);
      session.outcome =
        "code" in outcome
          ? { kind: "person", person: outcome, at: new Date() }
          : { kind: "refusal", refusal: outcome };
    },
    respondRaw(sessionToken, body, httpStatus = 200) {
      sessionOrThrow(sessionToken).outcome = { kind: "raw", body, httpStatus };
    },
    close: server.close,
  };
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (!raw) return {};
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json") {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(raw));
  return raw;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
