import { useTranslation } from "react-i18next";

export const I18N_RESOURCES_ID = "i18n-resources";

/** i18next option naming the URL of the language's translations (app/locales-asset.server.ts). */
export interface ResourcesUrlOption {
  resourcesUrl?: string;
}

/**
 * A preload of the page language's translations, which entry.client fetches before
 * hydrating: the server puts the URL on its i18next instance for the language, the browser
 * takes it from this very link, so both render the same element.
 */
export function I18nResources() {
  const { i18n } = useTranslation();
  const href = (i18n.options as ResourcesUrlOption).resourcesUrl;
  return href ? <link id={I18N_RESOURCES_ID} rel="preload" as="fetch" crossOrigin="anonymous" href={href} /> : null;
}
