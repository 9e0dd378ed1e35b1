import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { defaultNS, fallbackLng, isLanguage, type Language } from "./i18n/options";
import { i18next, resources } from "./i18n/i18next.server";
import { localeAsset } from "./i18n/locales-asset.server";
import { NonceProvider } from "./components/nonce";
import { TranslationProvider, type Translation } from "./i18n/react";
import { createTranslator } from "./i18n/translator";
import { withoutReactPadding } from "./http/react-stream";
import { logRequestError } from "./http/observability.server";

const ABORT_DELAY = 5_000;

// Pages render with the browser's own translator (app/i18n/translator.ts) over the language's
// strings, made once per language: the same answers as i18next for every string
// (tests/unit/translator.test.ts), so the markup is the same on both sides, at a fraction of
// i18next's cost per call (docs/decisions/0235). i18next (remix-i18next) still picks the
// language and translates what loaders and actions say.
const translations = new Map<Language, Translation>();
function translationFor(lng: Language): Translation {
  let translation = translations.get(lng);
  if (!translation) {
    translation = { t: createTranslator(lng, resources[lng][defaultNS]), i18n: { language: lng, resourcesUrl: localeAsset(lng).url } };
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
  const lng = await i18next.getLocale(request);
  const translation = translationFor(isLanguage(lng) ? lng : fallbackLng);
  const nonce = loadContext.nonce;
  const callback = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationProvider value={translation}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </TranslationProvider>
      </NonceProvider>,
      {
        nonce,
        [callback]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
          // The page in one piece: none of ours streams deferred data, and one body costs less
          // to pass on, compress and send than React's many small chunks (docs/decisions/0040).
          // React 18.3 pads some chunks with NUL bytes (app/http/react-stream.ts).
          const body = withoutReactPadding();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode })));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logRequestError(loadContext.observability.log, loadContext.requestId, "render_error", error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
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
