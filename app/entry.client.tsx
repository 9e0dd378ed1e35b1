import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { fallbackLng, isLanguage } from "./i18n/options";
import { I18N_RESOURCES_ID, TypedBeforeHydration } from "./components/every-page";
import { TranslationProvider, type Translation } from "./i18n/react";
import { createTranslator } from "./i18n/translator";
import { canEnhance, showWhatIsShownWithoutJavaScript } from "./lib/browser-support";

const lng = isLanguage(document.documentElement.lang) ? document.documentElement.lang : fallbackLng;

/**
 * The page language's translations: a fingerprinted asset the page preloads (in the
 * browser's cache after the first page), not inline in every page (docs/decisions/0040).
 * When it cannot be had, the page is not hydrated: it stays the server's complete HTML,
 * whose forms work without JavaScript, instead of showing keys.
 */
async function translations(): Promise<{ url: string; bundle: Record<string, string> }> {
  const url = document.getElementById(I18N_RESOURCES_ID)?.getAttribute("href");
  if (!url) throw new Error("no translations link");
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (response.ok) return { url, bundle: await response.json() };
      if (attempt > 0) throw new Error(`translations: ${response.status}`);
    } catch (error) {
      if (attempt > 0) throw error;
    }
  }
}

/**
 * With single fetch, RemixBrowser's first render suspends until the server's state (streamed
 * into the page) is decoded. A key press or click while the root is suspended makes React 18
 * throw "Root did not complete" (#345; remix-run/remix#10214). So start that decoding and wait
 * for it before hydrating: until RemixBrowser has its state it runs no hooks, it only throws
 * the decoding promise, which is all this call is for.
 */
async function remixStateDecoded(): Promise<void> {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown.catch(() => undefined);
  }
}

/**
 * Hydrated only in a browser with what the enhanced page calls (app/lib/browser-support.ts):
 * otherwise, and when the translations cannot be had, the page stays the server's, as without
 * JavaScript, its `<noscript>` notes shown.
 */
if (!canEnhance()) showWhatIsShownWithoutJavaScript();
else void Promise.all([
  translations().then(({ url, bundle }): Translation => ({ t: createTranslator(lng, bundle), i18n: { language: lng, resourcesUrl: url } })),
  remixStateDecoded(),
])
  .then(([translation]) => {
    startTransition(() => {
      hydrateRoot(
        document,
        <TranslationProvider value={translation}>
          <StrictMode>
            {/* What was typed before hydration counts (docs/decisions/0330). */}
            <TypedBeforeHydration>
              <RemixBrowser />
            </TypedBeforeHydration>
          </StrictMode>
        </TranslationProvider>,
      );
    });
  })
  // Without translations the server's HTML stays as it is (see translations()).
  .catch(showWhatIsShownWithoutJavaScript);
