import { useTranslation } from "~/i18n/react";

export const I18N_RESOURCES_ID = "i18n-resources";

/**
 * A preload of the page language's translations, which entry.client fetches before
 * hydrating: the server's translation for the language carries the URL (entry.server), the
 * browser takes it from this very link, so both render the same element.
 */
export function I18nResources() {
  const { i18n } = useTranslation();
  const href = i18n.resourcesUrl;
  return href ? <link id={I18N_RESOURCES_ID} rel="preload" as="fetch" crossOrigin="anonymous" href={href} /> : null;
}
