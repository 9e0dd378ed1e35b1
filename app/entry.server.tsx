import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { i18nOptions, isLanguage } from "./i18n/options";
import { i18next, resources } from "./i18n/i18next.server";
import { localeAsset } from "./i18n/locales-asset.server";
import { memoiseSimpleT } from "./i18n/memo.server";
import { NonceProvider } from "./components/nonce";
import { TranslationProvider, type Translate, type Translation } from "./i18n/react";
import { withoutReactPadding } from "./http/react-stream";
import { logRequestError } from "./http/observability.server";

const ABORT_DELAY = 5_000;

// One i18next instance per language, made on first use: rendering only reads it, and the
// resources never change while the process runs (no per-customer state). Components get its
// `t` through app/i18n/react.tsx, as the browser gets the small translator's.
const translations = new Map<string, Promise<Translation>>();
function translationFor(lng: string): Promise<Translation> {
  let translation = translations.get(lng);
  if (!translation) {
    const created = createInstance();
    const resourcesUrl = isLanguage(lng) ? localeAsset(lng).url : undefined;
    translation = created.init({ ...i18nOptions, lng, resources }).then(() => {
      const instance = memoiseSimpleT(created);
      return { t: instance.t as unknown as Translate, i18n: { language: instance.language, resourcesUrl } };
    });
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
  const translation = await translationFor(await i18next.getLocale(request));
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
