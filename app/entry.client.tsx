import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultNS, fallbackLng, i18nOptions, isLanguage } from "./i18n";
import { I18N_RESOURCES_ID } from "./components/i18n-resources";

// The server puts the page language's translations into the HTML: no extra request and no
// bundle holding all three languages.
const lng = isLanguage(document.documentElement.lang) ? document.documentElement.lang : fallbackLng;
const bundle = JSON.parse(document.getElementById(I18N_RESOURCES_ID)?.textContent || "{}");

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

void Promise.all([
  i18next.use(initReactI18next).init({ ...i18nOptions, lng, resources: { [lng]: { [defaultNS]: bundle } } }),
  remixStateDecoded(),
])
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
