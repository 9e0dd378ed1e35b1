/**
 * Coming back from a provider's own page (docs/decisions/0351). Dokobit's sign-in page and a
 * withdrawal's e-ID confirmation send the customer back to us with a navigation from their own
 * site. The session cookie is SameSite Strict (SPEC.md section 3): the browser sends it with no
 * request of that navigation, not even after our redirect, and not one it has just been given.
 * A customer signed in at /login/return landed on /login again, and a withdrawal's return could
 * not tell its session (no notice on the page after it).
 *
 * Such an arrival (`Sec-Fetch-Site: cross-site`) is answered with a page that loads the same
 * address again at once: `<meta http-equiv="refresh" content="0">` (WCAG technique G110, an
 * instant client-side redirect; no script, so also without JavaScript), with a link for a
 * browser that does not follow it. That load is our own page's, same-origin, and carries every
 * cookie. A browser that sends no Sec-Fetch-Site goes on as before; the repeat is marked, so a
 * second cross-site arrival of one return is never bounced again.
 */
import type { RequestHandler } from "express";
import type { Config } from "../core/config.js";
import { getT } from "../i18n/i18next.server.js";
import { refusalLanguage } from "../i18n/language.server.js";
import { escapeHtml, smallPage } from "./error-page.server.js";
import { SIGN_IN_RETURN_PATH } from "./sign-in-cookie.server.js";
import { WITHDRAWAL_RETURN_PATH } from "./withdrawal-cookie.server.js";

/** Where a provider's page sends the customer back. */
const RETURN_PATHS = new Set([SIGN_IN_RETURN_PATH, WITHDRAWAL_RETURN_PATH]);

/** The repeat's mark in its query (the providers' own parameters are left as they came). */
const REPEATED = "same_site";

export function sameSiteReturn(config: Pick<Config, "productName">): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" || !RETURN_PATHS.has(req.path) || req.get("sec-fetch-site")?.toLowerCase() !== "cross-site" || REPEATED in req.query) return next();
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    const again = `${req.path}${query ? `${query}&` : "?"}${REPEATED}=1`;
    const lang = await refusalLanguage(req);
    const t = await getT(lang);
    res
      .status(200)
      // Nothing of it is kept: the provider's one-time token is in its address.
      .set({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" })
      .type("html")
      .send(
        smallPage(res, config, {
          lang,
          title: t("return.title"),
          head: `<meta http-equiv="refresh" content="0; url=${escapeHtml(again)}">`,
          body: `<p><a href="${escapeHtml(again)}">${escapeHtml(t("return.continue"))}</a></p>`,
        }),
      );
  };
}
