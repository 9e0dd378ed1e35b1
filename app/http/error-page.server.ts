/**
 * Answers given outside Remix (a request refused before any route runs, an error no route
 * caught): JSON in docs/api.md's error shape for /api and /ops, otherwise a small page in the
 * customer's language. Never a stack trace or a file path.
 */
import type { Request, Response } from "express";
import type { Config } from "../core/config.js";
import { getT } from "../i18n/i18next.server.js";
import { refusalLanguage } from "../i18n/language.server.js";

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Whether the path belongs to a JSON door. */
export const isJsonPath = (path: string) => /^\/(api|ops)(\/|$)/.test(path);

/** What a client's error of a middleware says, by its status (any other 4xx: error.bad_request). */
const CLIENT_ERROR_CODES: Record<number, string> = {
  404: "error.not_found",
  412: "error.precondition_failed",
  416: "error.range_not_satisfiable",
};

/**
 * A client's error a middleware passed on as an HTTP error (status 400–499, as `http-errors`
 * makes them): serve-static's 416 for a range past a file's end, its 412 for a failed
 * `If-Match`. Its status and headers (416's `Content-Range` with the file's size) are the
 * answer's, the message the customer's; anything else is ours to answer as a technical error.
 */
export function clientErrorOf(error: unknown): { status: number; code: string; headers: Record<string, string> } | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode, headers } = error as { status?: unknown; statusCode?: unknown; headers?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  if (typeof code !== "number" || !Number.isInteger(code) || code < 400 || code > 499) return null;
  const kept: Record<string, string> = {};
  if (typeof headers === "object" && headers !== null) for (const [name, value] of Object.entries(headers)) if (typeof value === "string") kept[name] = value;
  return { status: code, code: CLIENT_ERROR_CODES[code] ?? "error.bad_request", headers: kept };
}

export async function sendErrorAnswer(
  req: Request,
  res: Response,
  config: Pick<Config, "productName">,
  answer: { status: number; code: string; params?: Record<string, string | number>; hint?: "back" },
): Promise<void> {
  res.status(answer.status).set("Cache-Control", "no-store");
  if (isJsonPath(req.path)) {
    res.json({ errors: [{ code: answer.code, ...(answer.params ? { params: answer.params } : {}) }] });
    return;
  }
  const lang = await refusalLanguage(req);
  const t = await getT(lang);
  const title = t("error.request.title");
  res.type("html").send(
    smallPage(res, config, {
      lang,
      title,
      body: `<p role="alert">${escapeHtml(t(answer.code, answer.params))}</p>
${answer.hint === "back" ? `<p>${escapeHtml(t("error.request.back"))}</p>` : ""}
<p><a href="/">${escapeHtml(t("error.request.home"))}</a></p>`,
    }),
  );
}

/**
 * A page of the server's own, outside Remix: the language, the title, the heading, `body`'s
 * HTML (escaped by the caller) and `head`'s, in the app's plain style under the request's nonce.
 */
export function smallPage(res: Response, config: Pick<Config, "productName">, page: { lang: string; title: string; body: string; head?: string }): string {
  const nonce = typeof res.locals.nonce === "string" ? res.locals.nonce : "";
  return `<!doctype html>
<html lang="${page.lang}" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${page.head ?? ""}
<title>${escapeHtml(`${page.title} | ${config.productName}`)}</title>
<style nonce="${escapeHtml(nonce)}">body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem;line-height:1.5;color:#1a1a1a}a{color:#005724}</style>
</head><body><main><h1>${escapeHtml(page.title)}</h1>
${page.body}</main></body></html>`;
}
