import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { Language } from "./i18n/options";
import { translatorFor } from "./i18n/i18next.server";
import { pageLanguage } from "./i18n/language.server";
import { localeAsset } from "./i18n/locales-asset.server";
import { NonceProvider } from "./components/nonce";
import { InlineStylesheetProvider } from "./components/stylesheet";
import { NO_PARTS, ServerPartsProvider } from "./components/sent-markup";
import { SessionEndsProvider } from "./components/session-timer";
import { TranslationProvider, type Translation } from "./i18n/react";
import { logRequestError } from "./http/observability.server";
import { pageResponse } from "./http/page-response.server";
import { renderWhole, withHandoffRead } from "./http/page-render.server";
import { sessionEnds } from "./http/session-limits.server";
import { stylesheetToInline } from "./http/stylesheet.server";
import stylesheet from "./styles/app.css";

// Pages render with the browser's own translator (app/i18n/translator.ts) over the language's
// strings, as loaders and actions translate (docs/decisions/0235, 0242): the same answers as
// i18next for every string (tests/unit/translator.test.ts), so the markup is the same on both
// sides, at a fraction of i18next's cost per call.
const translations = new Map<Language, Translation>();
function translationFor(lng: Language): Translation {
  let translation = translations.get(lng);
  if (!translation) {
    translation = { t: translatorFor(lng), i18n: { language: lng, resourcesUrl: localeAsset(lng).url } };
    translations.set(lng, translation);
  }
  return translation;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const translation = translationFor(await pageLanguage(request));
  const nonce = loadContext.nonce;
  // The signed-in customer's session (read once per request, by the root loader first): its ends
  // for the note without JavaScript, which only this render shows.
  const { session, customer } = await loadContext.visitor().catch(() => ({ session: null, customer: null }));
  // The page whole, in one body, for browsers and robots alike (docs/decisions/0040, 0248): the
  // data Remix hands to the browser read first, then the page rendered to one string (0254).
  const { html, whole } = renderWhole(
    <NonceProvider value={nonce}>
      <InlineStylesheetProvider value={stylesheetToInline(request.headers.get("Cookie"), stylesheet)}>
        <TranslationProvider value={translation}>
          <SessionEndsProvider value={session && customer ? sessionEnds(session) : null}>
            <ServerPartsProvider value={loadContext.pageOnly ?? NO_PARTS}>
              <RemixServer context={await withHandoffRead(remixContext)} url={request.url} nonce={nonce} />
            </ServerPartsProvider>
          </SessionEndsProvider>
        </TranslationProvider>
      </InlineStylesheetProvider>
    </NonceProvider>,
  );
  // A part left for the browser to render (it suspended, or failed inside a Suspense boundary).
  if (!whole) {
    responseStatusCode = 500;
    logRequestError(loadContext.observability.log, loadContext.requestId, "render_error", new Error("part of the page left to the browser"));
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
  return pageResponse(Buffer.from(html), { headers: responseHeaders, status: responseStatusCode });
}

/** Errors are logged by message only: request data may hold personal data. */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  // Remix reports its own 4xx responses (an unknown URL, a method a route does not take) here
  // too: a client's mistake, not an unhandled error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The stack (our code's frames) with the message: where a bug is, never the request's data.
  context.observability.log.error(
    { reqId: context.requestId, event: "route_error", error: error instanceof Error ? error.message : "unknown", stack: error instanceof Error ? error.stack : undefined },
    "route_error",
  );
}
