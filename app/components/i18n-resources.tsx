import { useTranslation } from "react-i18next";
import { defaultNS } from "~/i18n";

export const I18N_RESOURCES_ID = "i18n-resources";

/** The current language's translations as inert JSON for entry.client (not a script to run). */
export function I18nResources() {
  const { i18n } = useTranslation();
  const bundle = i18n.getResourceBundle(i18n.language, defaultNS) ?? {};
  return (
    <script
      id={I18N_RESOURCES_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(bundle).replace(/</g, "\\u003c") }}
    />
  );
}
