/**
 * The `dokobit` e-ID provider (PRODUCT.md section 2): the Dokobit Identity Gateway, used
 * with its redirect-based integration, so no third-party script runs on our pages.
 *
 * Protocol, as the public material shows it (the API reference itself lives at
 * https://id-sandbox.dokobit.com/api/doc):
 *
 * - Every request carries the API access token as the `access_token` query parameter.
 *   Request bodies are `application/x-www-form-urlencoded`; answers are JSON.
 *   (dokobit/identity-gateway-php-example: redirect/redirect.php, embedded/start.php.)
 * - Create a session: `POST {base}/api/authentication/create?access_token=…` with
 *   `return_url` (required unless the embeddable integration's `origin_host` is given;
 *   optional: `code`, `country_code`, `phone`, `authentication_methods[]`,
 *   `supported_residencies[]`). Answer:
 *   `{"status":"ok","session_token":"…","url":"https://…/auth/{session_token}","expires_in":3600}`.
 *   `url` is Dokobit's hosted sign-in page; the redirect integration sends the customer there.
 *   (Erik Uus's Yii extension XDokobitIdentity::createSession; cubesystems/dokobit
 *   CreateSessionRequestPayload and tests/fixtures/create_session_success.json.)
 * - Coming back: after the sign-in Dokobit sends the customer to `return_url` with the
 *   session token appended as the `session_token` query parameter (the example's
 *   success.php and the Yii XDokobitLoginAction read `$_GET['session_token']`).
 * - The result: `GET {base}/api/authentication/{session_token}/status?access_token=…`.
 *   Done: `{"status":"ok","code":"10101010005","country_code":"lt","name":"DEMO",
 *   "surname":"SMART-ID","authentication_method":"smartid","date_authenticated":"…",
 *   "session_token":"…","certificate":{"subject":{"country":"LT","serial_number":"PNOLT-…"},…}}`.
 *   Not yet done: `{"status":"waiting","message":"Waiting for client authentication","code":1003}`.
 *   Closed or expired: `{"status":"error","message":"Session closed","code":1005}` (seen with
 *   HTTP 200 and 400). Other errors: `{"status":"error","message":"…","error_code":500}`.
 *   Note that in error answers `code` is a numeric error code, not a personal code.
 *   (XDokobitUserIdentity docblock; cubesystems/dokobit tests/fixtures/get_user_info*.json.)
 *
 * Assumptions, where the public material is silent:
 * - A wrong or missing access token is answered with HTTP 401 or 403.
 * - The hosted page's language: the create call has no documented locale field (the
 *   embeddable widget takes a `locale` option), so the locale is added to the hosted page
 *   URL as a `locale` query parameter, which is harmless if ignored.
 * - The JS widget's callback data is not used. The token that comes back to the return URL
 *   (`returnToken`) must equal the session token this server created and stored; the result
 *   is always fetched with the stored one, so a sign-in link carrying somebody else's token
 *   cannot sign the customer in as that person (login CSRF).
 * - Dokobit only sends the customer back once the session is finished, so a `waiting`
 *   answer at that point means the customer came back without finishing: UNAUTHORIZED.
 *   Any other non-`ok` status (`error`, `canceled`, `expired`, …) is UNAUTHORIZED too,
 *   unless the status or message speaks of a locked, blocked, suspended or revoked
 *   certificate or account: LOCKED.
 * - `country_code` is lower case ("ee"); when it is missing, the certificate subject's
 *   country (or its `PNOEE-` serial number) is used. Only Estonian persons with a valid
 *   Estonian personal code sign in (a Lithuanian code passes the Estonian checksum, so the
 *   country matters). A `PNOEE-` prefix on `code` is removed.
 * - Dokobit's method names are mapped to ours: smartid → smart-id, mobile → mobile-id,
 *   smartcard / idcard / id-card → id-card; any other name is passed on in lower case.
 * - Names arrive upper case as in the certificate ("MARI-LIIS ÕUNAPUU"); they are turned
 *   into title case ("Mari-Liis Õunapuu"). A name that already mixes cases is kept as is.
 */
import { isValidPersonalCode } from "../../lib/personal-code.js";
import { EidProviderError, type AuthOutcome, type EidProvider, type EidSession } from "./provider.js";

export interface DokobitIdentityOptions {
  /** The gateway's origin, e.g. https://id-sandbox.dokobit.com (sandbox) or https://id.dokobit.com. */
  baseUrl: string;
  accessToken: string;
  fetch?: typeof fetch;
  /** Per request, including reading the answer. Default 10 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{1,256}$/;
const LOCK_PATTERN = /\b(lock(ed)?|block(ed)?|suspend(ed)?|revoked)\b/i;
const METHODS: Record<string, string> = {
  smartid: "smart-id",
  "smart-id": "smart-id",
  mobile: "mobile-id",
  mobileid: "mobile-id",
  "mobile-id": "mobile-id",
  smartcard: "id-card",
  idcard: "id-card",
  "id-card": "id-card",
};

type Json = Record<string, unknown>;

export function dokobitIdentityProvider(options: DokobitIdentityOptions): EidProvider {
  const { accessToken } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);

  function redact(text: string): string {
    let out = text.replace(/access_token=[^&\s"']*/gi, "access_token=[redacted]");
    if (accessToken) out = out.split(accessToken).join("[redacted]");
    return out.replace(/\d{6,}/g, "[redacted]");
  }

  function fail(message: string, cause?: unknown): never {
    throw new EidProviderError(`Dokobit Identity Gateway: ${redact(message)}`, cause ? { cause: safeCause(cause) } : undefined);
  }

  function safeCause(err: unknown): Error {
    const e = err instanceof Error ? err : new Error(String(err));
    const code = errorCode(e);
    const out = new Error(redact(`${e.message}${code ? ` (${code})` : ""}`));
    out.name = e.name;
    return out;
  }

  function apiUrl(path: string): URL {
    const url = new URL(path, base);
    url.searchParams.set("access_token", accessToken);
    return url;
  }

  async function call(path: string, init: RequestInit): Promise<{ httpStatus: number; body: unknown }> {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(apiUrl(path), { ...init, signal, headers: { Accept: "application/json", ...init.headers } });
      text = await response.text();
    } catch (err) {
      if (signal.aborted || isTimeout(err)) fail(`no answer within ${timeoutMs} ms`, err);
      const code = errorCode(err);
      fail(`could not be reached${code ? ` (${code})` : ""}`, err);
    }
    if (response.status === 401 || response.status === 403) {
      fail(`the access token was refused (HTTP ${response.status})`);
    }
    let body: unknown;
    try {
      body = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      fail(`unexpected answer (HTTP ${response.status}, not JSON)`);
    }
    return { httpStatus: response.status, body };
  }

  return {
    name: "dokobit",
    provesIdentity: true,

    async start({ returnUrl, locale }): Promise<EidSession> {
      if (!isHttpUrl(returnUrl)) fail("returnUrl must be an absolute http(s) URL");
      const { httpStatus, body } = await call("api/authentication/create", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ return_url: returnUrl }).toString(),
      });
      if (!isObject(body)) fail(`unexpected answer to session creation (HTTP ${httpStatus})`);
      if (body.status !== "ok" || httpStatus < 200 || httpStatus >= 300) {
        fail(`session creation refused (HTTP ${httpStatus}${describeError(body)})`);
      }
      const sessionToken = body.session_token;
      const url = body.url;
      if (typeof sessionToken !== "string" || !TOKEN_PATTERN.test(sessionToken)) {
        fail("unexpected answer to session creation (no session_token)");
      }
      if (typeof url !== "string" || !isHttpUrl(url)) fail("unexpected answer to session creation (no url)");
      const widgetUrl = new URL(url);
      if (/^[a-z]{2}$/i.test(locale)) widgetUrl.searchParams.set("locale", locale.toLowerCase());
      return { sessionToken, widgetUrl: widgetUrl.toString() };
    },

    returnTokenFrom(query: URLSearchParams): string | null {
      const token = query.get("session_token")?.trim();
      return token && TOKEN_PATTERN.test(token) ? token : null;
    },

    async complete({ sessionToken, returnToken }): Promise<AuthOutcome> {
      if (!sessionToken || !TOKEN_PATTERN.test(sessionToken) || !sameToken(sessionToken, returnToken)) {
        return { result: "UNAUTHORIZED", authenticationMethod: null };
      }
      const { httpStatus, body } = await call(`api/authentication/${encodeURIComponent(sessionToken)}/status`, {
        method: "GET",
      });
      if (httpStatus >= 500) fail(`the status request failed (HTTP ${httpStatus}${describeError(body)})`);
      if (!isObject(body) || typeof body.status !== "string") fail(`unexpected status answer (HTTP ${httpStatus})`);

      const method = typeof body.authentication_method === "string" ? methodName(body.authentication_method) : null;
      const status = body.status.toLowerCase();

      // The person, when the gateway names them (a failed check of their own certificate or PIN).
      const named = typeof body.code === "string" ? body.code.trim().replace(/^PNOEE-/i, "") : "";
      const failedFor = isValidPersonalCode(named) ? { personalCode: named } : {};

      if (status !== "ok") {
        if (![200, 400, 404, 410].includes(httpStatus)) fail(`unexpected status answer (HTTP ${httpStatus})`);
        const text = `${status} ${typeof body.message === "string" ? body.message : ""}`;
        return { result: LOCK_PATTERN.test(text) ? "LOCKED" : "UNAUTHORIZED", authenticationMethod: method, ...failedFor };
      }
      if (httpStatus < 200 || httpStatus >= 300) fail(`unexpected status answer (HTTP ${httpStatus})`);

      const { code, name, surname } = body;
      if (code !== undefined && code !== null && typeof code !== "string") fail("unexpected status answer (code)");
      if (typeof name !== "string" || typeof surname !== "string" || !name.trim() || !surname.trim()) {
        fail("unexpected status answer (name)");
      }
      if (method === null) fail("unexpected status answer (authentication_method)");

      const personalCode = (code ?? "").trim().replace(/^PNOEE-/i, "");
      if (countryOf(body) !== "EE" || !isValidPersonalCode(personalCode)) {
        return { result: "UNAUTHORIZED", authenticationMethod: method };
      }
      return {
        result: "SUCCESS",
        authenticationMethod: method,
        identity: { personalCode, firstName: properName(name), lastName: properName(surname) },
      };
    },
  };
}

/**
 * "MARI-LIIS ÕUNAPUU" → "Mari-Liis Õunapuu": lower case, then a capital at the start and after
 * a space, hyphen or apostrophe. Names that already mix upper and lower case are only trimmed.
 */
export function properName(raw: string): string {
  const name = raw.normalize("NFC").trim().replace(/\s+/g, " ");
  if (/\p{Lu}/u.test(name) && /\p{Ll}/u.test(name)) return name;
  let out = "";
  let capitalNext = true;
  for (const ch of name.toLocaleLowerCase("et")) {
    out += capitalNext ? ch.toLocaleUpperCase("et") : ch;
    capitalNext = /[\s\-‐‑–'’]/u.test(ch);
  }
  return out;
}

function methodName(raw: string): string {
  const key = raw.trim().toLowerCase();
  return METHODS[key] ?? METHODS[key.replace(/[\s_]/g, "")] ?? key;
}

function countryOf(body: Json): string | null {
  if (typeof body.country_code === "string" && body.country_code.trim()) return body.country_code.trim().toUpperCase();
  const subject = isObject(body.certificate) && isObject(body.certificate.subject) ? body.certificate.subject : null;
  if (subject && typeof subject.country === "string" && subject.country.trim()) return subject.country.trim().toUpperCase();
  const serial = subject && typeof subject.serial_number === "string" ? subject.serial_number : "";
  const match = /^PNO([A-Z]{2})-/i.exec(serial);
  return match ? match[1].toUpperCase() : null;
}

function describeError(body: unknown): string {
  if (!isObject(body)) return "";
  const code = body.error_code ?? (typeof body.code === "number" ? body.code : undefined);
  const message = typeof body.message === "string" ? body.message.slice(0, 200) : "";
  return `${typeof code === "number" ? `, error ${code}` : ""}${message ? `: ${message}` : ""}`;
}

function sameToken(expected: string, given: string): boolean {
  if (typeof given !== "string" || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
}

function errorCode(err: unknown): string | undefined {
  const pick = (e: unknown): string | undefined =>
    isObject(e) && typeof e.code === "string" && /^[A-Z0-9_]+$/.test(e.code) ? e.code : undefined;
  return pick(err) ?? (err instanceof Error ? pick(err.cause) : undefined);
}
