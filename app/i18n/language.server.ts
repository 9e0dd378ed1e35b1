/**
 * The customer's language, decided in one place (docs/api.md "Language"): `?lng=`, then the
 * `lng` cookie the pages' language switch sets, then (the /api only) Accept-Language, else
 * Estonian. The /api also still accepts the older `?lang=` of its document paths.
 *
 * Pages leave Accept-Language out: their language is the customer's choice on the switch,
 * Estonian until then (SPEC.md section 1); a program calling the /api states its language in
 * the header.
 */
import { createCookie } from "@remix-run/node";
import type { Request as ExpressRequest } from "express";
import Negotiator from "negotiator";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLng, isLanguage, supportedLngs, type Language } from "./options.js";

/**
 * The chosen language, remembered for a year (SPEC: et default, en, ru). Secure and HttpOnly as
 * every cookie of ours (no script reads it: the server renders the language; docs/decisions/0352).
 */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", secure: true, httpOnly: true, maxAge: 365 * 24 * 60 * 60 });

const pages = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: fallbackLng,
    cookie: languageCookie,
    order: ["searchParams", "cookie"],
  },
});

/**
 * The language Accept-Language prefers among ours, by its weights: `fi-FI,fi;q=0.9,en;q=0.8` is
 * English. remix-i18next's own "header" detection tried only the header's first language the
 * runtime knows (`fi`) and, not speaking it, fell back to Estonian.
 */
const acceptedLanguage = (request: Request): string | null =>
  new Negotiator({ headers: { "accept-language": request.headers.get("Accept-Language") ?? undefined } }).language([...supportedLngs]) ?? null;

const api = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: fallbackLng,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "custom"],
    findLocale: async (request) => acceptedLanguage(request),
  },
});

const narrow = (language: string): Language => (isLanguage(language) ? language : fallbackLng);

/** `?lng=` alone, read as the pages' detection reads it; "" when it names none of ours. */
const queryOnly = new RemixI18Next({ detection: { supportedLanguages: [...supportedLngs], fallbackLanguage: "", order: ["searchParams"] } });

/**
 * The language a query's `lng` asks for, as the page reads it (`EN`, `en-US` are English), or
 * null when it names none of ours: the choice the cookie remembers. Checked as written (`en`
 * only), a page answered in English for `?lng=EN` forgot it, and the next page was Estonian.
 */
export async function requestedLanguage(query: URLSearchParams): Promise<Language | null> {
  const requested = query.get("lng");
  if (requested === null) return null;
  const language = await queryOnly.getLocale(new globalThis.Request(`http://localhost/?${new URLSearchParams({ lng: requested })}`));
  return isLanguage(language) ? language : null;
}

const pageLanguages = new WeakMap<Request, Promise<Language>>();

/**
 * The language of a page request, read once per request: the root loader, the page's loader
 * and the render ask for it on the same Request (docs/decisions/0242).
 */
export function pageLanguage(request: Request): Promise<Language> {
  let language = pageLanguages.get(request);
  if (!language) pageLanguages.set(request, (language = pages.getLocale(request).then(narrow)));
  return language;
}

/** The language of an /api request. */
export async function apiLanguage(req: ExpressRequest): Promise<Language> {
  const url = new URL(req.originalUrl, "http://localhost");
  const legacy = url.searchParams.get("lang");
  if (legacy !== null && !url.searchParams.has("lng")) url.searchParams.set("lng", legacy);
  const headers = new Headers();
  if (req.headers.cookie) headers.set("Cookie", req.headers.cookie);
  const accept = req.headers["accept-language"];
  if (accept) headers.set("Accept-Language", accept);
  return narrow(await api.getLocale(new globalThis.Request(url, { headers })));
}

/**
 * The query of a request's target as the pages read it, leniently: a broken percent-escape
 * stays as it is, and a target URL cannot parse has none.
 */
export function queryOf(target: string): URLSearchParams {
  try {
    return new URL(`http://localhost/${target.replace(/^\/+/, "")}`).searchParams;
  } catch {
    return new URLSearchParams();
  }
}

/**
 * The language of an answer given outside Remix (a request refused before any route runs),
 * by the pages' own rule, so the refusal speaks as the page would have: `?lng=EN`, `?lng=en-US`
 * and `?%6Cng=en` are English there too.
 */
export async function refusalLanguage(req: ExpressRequest): Promise<Language> {
  try {
    const url = new URL(`http://localhost/?${queryOf(req.originalUrl)}`);
    const headers = new Headers();
    if (req.headers.cookie) headers.set("Cookie", req.headers.cookie);
    return await pageLanguage(new globalThis.Request(url, { headers }));
  } catch {
    return fallbackLng;
  }
}
