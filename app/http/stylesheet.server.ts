/**
 * The stylesheet inline on a browser's first visit, linked on every later one (docs/decisions/0324).
 *
 * A linked stylesheet blocks the first paint for a second round trip: on Slow 3G the form
 * showed at 4.4–4.7 s where its HTML was in at 2.1 s. So a browser that has not fetched the
 * build's stylesheet yet gets it inside the page (app/components/stylesheet.tsx) with a prefetch
 * of the file; the file's own answer sets the `css` cookie to its name, and from then that
 * browser's pages link it, from its cache. The cookie holds the file's name only, the same for
 * everyone, and says nothing but which stylesheet this browser was sent.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ServerResponse } from "node:http";
import { parse, serialize } from "cookie";

const STYLESHEET_COOKIE = "css";

/** As long as the file itself is kept (the build's files are immutable for a year). */
const COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: "lax" as const, path: "/", maxAge: 365 * 24 * 60 * 60 };

/** A stylesheet of the build as served, or its brotli or gzip copy (scripts/compress-assets.mjs). */
const BUILD_STYLESHEET = /^([\w-]+\.css)(?:\.br|\.gz)?$/;

/**
 * For the static files' `setHeaders`: a stylesheet's answer remembers its name in the browser,
 * only when the file is there to send (or the browser's copy is confirmed, a 304).
 */
export function rememberStylesheet(res: ServerResponse, filePath: string): void {
  const name = BUILD_STYLESHEET.exec(path.basename(filePath))?.[1];
  if (name) res.appendHeader("Set-Cookie", serialize(STYLESHEET_COOKIE, name, COOKIE_OPTIONS));
}

const texts = new Map<string, string | null>();

/** The stylesheet at `href` (/build/…, under public/) as text to inline, read once; null when it cannot be inlined. */
function stylesheetText(href: string): string | null {
  let text = texts.get(href);
  if (text === undefined) {
    try {
      text = readFileSync(path.resolve("public", `.${href}`), "utf8");
      // Inside <style> the text is raw: one that could close the element is linked instead.
      if (/<\/style/i.test(text)) text = null;
    } catch {
      text = null;
    }
    texts.set(href, text);
  }
  return text;
}

/**
 * The stylesheet's text for this request's page when the browser has not been sent the file at
 * `href` (its `css` cookie names another, or none); null when it has, and the page links it.
 */
export function stylesheetToInline(cookieHeader: string | null, href: string): string | null {
  const sent = cookieHeader ? parse(cookieHeader)[STYLESHEET_COOKIE] : undefined;
  return sent === path.posix.basename(href) ? null : stylesheetText(href);
}
