import { useTranslation } from "react-i18next";
import { defaultNS } from "~/i18n";

export const I18N_RESOURCES_ID = "i18n-resources";

/*
 * The JSON of each bundle, made once: it is about 30 KB, and serialising it on every page
 * was a measurable part of a page's server time (docs/decisions/0010). The server's bundles
 * never change while the process runs; the key is the bundle object itself.
 */
const serialised = new WeakMap<object, string>();
function jsonOf(bundle: object): string {
  let json = serialised.get(bundle);
  if (json === undefined) {
    json = JSON.stringify(bundle).replace(/</g, "\\u003c");
    serialised.set(bundle, json);
  }
  return json;
}

/** The current language's translations as inert JSON for entry.client (not a script to run). */
export function I18nResources() {
  const { i18n } = useTranslation();
  const bundle = i18n.getResourceBundle(i18n.language, defaultNS) ?? {};
  return <script id={I18N_RESOURCES_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonOf(bundle) }} />;
}
