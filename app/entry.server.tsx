import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import type { Language } from "./i18n/options";
import { translatorFor } from "./i18n/i18next.server";
import { pageLanguage } from "./i18n/language.server";
import { localeAsset } from "./i18n/locales-asset.server";
import { NonceProvider } from "./components/nonce";
import { TranslationProvider, type Translation } from "./i18n/react";
import { pageCollector } from "./http/react-stream";
import { logRequestError } from "./http/observability.server";
import { pageResponse } from "./http/page-response.server";

const ABORT_DELAY = 5_000;

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

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // React's own deadline for a render that never completes; cleared once the page is whole,
    // so a finished render is not kept for its 5 seconds (nor ended again when it fires).
    const deadline = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationProvider value={translation}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </TranslationProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        // The page in one piece, once all of it is rendered, to browsers and robots alike
        // (Remix's default waits only for robots): none of ours streams deferred data, and one
        // body costs less to pass on, compress and send than React's many small chunks
        // (docs/decisions/0040). Piped at the shell, the data Remix hands to the browser would
        // be left for a Suspense boundary to fill later, with React's script that swaps it in:
        // about 310 B gzip on every page (docs/decisions/0248). React 18.3 pads some chunks
        // with NUL bytes (app/http/react-stream.ts).
        onAllReady() {
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
          pipe(
            pageCollector((body) => {
              clearTimeout(deadline);
              resolve(pageResponse(body, { headers: responseHeaders, status: responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logRequestError(loadContext.observability.log, loadContext.requestId, "render_error", error);
        },
      },
    );
  });
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
