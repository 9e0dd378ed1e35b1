import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { createInstance, type i18n as I18n, type InitOptions } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions, isLanguage } from "./i18n";
import { i18next, resources } from "./i18next.server";
import { localeAsset } from "./locales-asset.server";
import { memoiseSimpleT } from "./i18n-memo.server";
import { NonceProvider } from "./components/nonce";
import type { ResourcesUrlOption } from "./components/i18n-resources";
import { withoutReactPadding } from "./http/react-stream";

const ABORT_DELAY = 5_000;

// One i18next instance per language, made on first use: rendering only reads it, and the
// resources never change while the process runs (no per-customer state).
const instances = new Map<string, Promise<I18n>>();
function i18nFor(lng: string): Promise<I18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const created = createInstance();
    const options: InitOptions & ResourcesUrlOption = { ...i18nOptions, lng, resources, resourcesUrl: isLanguage(lng) ? localeAsset(lng).url : undefined };
    instance = created.use(initReactI18next).init(options).then(() => memoiseSimpleT(created));
    instances.set(lng, instance);
  }
  return instance;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const instance = await i18nFor(await i18next.getLocale(request));
  const nonce = loadContext.nonce;
  const callback = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
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
          if (shellRendered) console.error("render error:", error instanceof Error ? error.message : error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Errors are logged by message only: request data may hold personal data. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Remix reports its own 4xx responses (an unknown URL, a method a route does not take) here
  // too: a client's mistake, not an unhandled error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error("unhandled route error:", error instanceof Error ? (error.stack ?? error.message) : "unknown");
}
