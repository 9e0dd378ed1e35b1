/**
 * Calling Remix loaders and actions directly, with the context the server would build, and
 * reading what they answer: a thrown or returned Response (redirects), a `data()` result
 * (DataWithResponseInit under single fetch) or plain data.
 */
import { expect } from "vitest";
import type { OnboardingState } from "~/lib/onboarding";
import { SESSION_COOKIE, sessionCookie } from "~/http/session-cookie.server";
import type { TestApp } from "./app";
import { freshPersonalCode } from "./personal-codes";

export const BASE = "http://localhost";

export interface CallOptions {
  /** A Cookie header value, e.g. "session=…". */
  cookie?: string;
  /** Form fields: the request becomes a POST with a form body. */
  form?: Record<string, string>;
  method?: string;
  /** The caller's address, as req.ip would give it (default 127.0.0.1). */
  address?: string;
  params?: Record<string, string>;
}

/** Arguments for a loader or action, as Remix passes them. */
export function routeArgs(app: TestApp, path: string, options: CallOptions = {}) {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: FormData | undefined;
  if (options.form) {
    body = new FormData();
    for (const [k, v] of Object.entries(options.form)) body.set(k, v);
  }
  const request = new Request(BASE + path, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  return { request, params: options.params ?? {}, context: app.context(request, options.address) };
}

export interface Outcome<T = unknown> {
  /** How the answer came: a thrown Response, a returned Response, data() or plain data. */
  kind: "thrown" | "response" | "data";
  status: number;
  headers: Headers;
  data: T | undefined;
  location: string | null;
  setCookies: string[];
}

function isDataWithResponseInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function fromResponse(response: Response, kind: "thrown" | "response"): Outcome {
  return {
    kind,
    status: response.status,
    headers: response.headers,
    data: undefined,
    location: response.headers.get("Location"),
    setCookies: response.headers.getSetCookie(),
  };
}

/** Runs a loader or action and normalises what it answers (or throws, when it is a Response). */
export async function run<T = unknown>(fn: () => Promise<unknown> | unknown): Promise<Outcome<T>> {
  let value: unknown;
  try {
    value = await fn();
  } catch (error) {
    if (error instanceof Response) return fromResponse(error, "thrown") as Outcome<T>;
    throw error;
  }
  if (value instanceof Response) return fromResponse(value, "response") as Outcome<T>;
  if (isDataWithResponseInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      kind: "data",
      status: value.init?.status ?? 200,
      headers,
      data: value.data as T,
      location: null,
      setCookies: headers.getSetCookie(),
    };
  }
  return { kind: "data", status: 200, headers: new Headers(), data: value as T, location: null, setCookies: [] };
}

/** Asserts a redirect (302) to `location` and returns the outcome. */
export function expectRedirect(outcome: Outcome, location: string): Outcome {
  expect({ status: outcome.status, location: outcome.location }).toEqual({ status: 302, location });
  return outcome;
}

/** The `session` cookie among Set-Cookie headers: its value (empty when cleared) and attributes. */
export function sessionSetCookie(setCookies: string[]): { value: string; header: string } | null {
  const header = setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!header) return null;
  return { value: header.slice(SESSION_COOKIE.length + 1).split(";")[0], header };
}

/** The session token inside a `session` cookie value (the part before the last '.'). */
export function tokenOf(cookieValue: string): string {
  return cookieValue.slice(0, cookieValue.lastIndexOf("."));
}

/** "session=…" for a Cookie header, from a Set-Cookie list that must contain one. */
export function cookieFrom(setCookies: string[]): string {
  const found = sessionSetCookie(setCookies);
  expect(found?.value, "a session cookie was set").toBeTruthy();
  return `${SESSION_COOKIE}=${found!.value}`;
}

/**
 * A signed-in customer without going through sign-in: a fresh customer (or the given
 * code), optionally put in `state`, and a session cookie for them.
 */
export async function signedInCustomer(app: TestApp, options: { state?: OnboardingState; personalCode?: string } = {}) {
  const personalCode = options.personalCode ?? freshPersonalCode({ age: 35 });
  const customer = await app.core.customers.findOrCreate({ personalCode, firstName: "Test", lastName: "Kasutaja" });
  if (options.state) await app.core.db.query(`UPDATE customers SET state = $1 WHERE personal_code = $2`, [options.state, personalCode]);
  const session = await app.core.sessions.create({ customerId: customer.id });
  const value = sessionCookie(session.token, app.config.sessionSecrets).split(";")[0];
  return { personalCode, customer, token: session.token, cookie: value };
}
