/** Small helpers every page loader uses. */
import type { TranslationKey } from "../locales/et.js";
import { getT } from "../i18n/i18next.server.js";
import type { PageParts } from "../components/sent-markup.js";
import type { AppContext } from "./context.server.js";

/** `registration | Elukaitse` (SPEC.md section 1). */
export async function pageTitle(request: Request, context: AppContext, key: TranslationKey, values?: Record<string, string | number>): Promise<string> {
  const t = await getT(request);
  return `${t(key, values)} | ${context.config.productName}`;
}

/**
 * A part of the page for its loader's data: on a request for the whole page it is left for the
 * server's render alone and the data holds null (the browser keeps the markup it was sent, app/components/sent-markup.tsx);
 * on a client navigation's data request the browser renders it from the data (docs/decisions/0299, 0309).
 */
export function pagePart<K extends keyof PageParts>(context: AppContext, part: K, value: NonNullable<PageParts[K]>): PageParts[K] {
  if (!context.pageOnly) return value;
  Object.assign(context.pageOnly, { [part]: value });
  return null;
}

/**
 * A page's document headers (a route's `headers`): the `Retry-After` its loader or action set on
 * a limit's 429. Remix passes a loader's or an action's headers to the document only through
 * this function (cookies apart), so without it the 429 went out without saying when to retry.
 */
export function limitHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
