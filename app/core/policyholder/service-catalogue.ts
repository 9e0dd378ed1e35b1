/**
 * The health services as self-service shows them (SPEC.md section 3 "Service": code, name,
 * description, link, linkText, loginLink, loginLinkText) in one language, from the package
 * step's catalogue (app/core/proposal/catalogue.ts), which holds every language's texts.
 */
import { isLanguage } from "../../i18n/options.js";
import type { ServiceCode } from "../../lib/limits.js";
import { SERVICE_CATALOGUE, type ServiceTexts } from "../proposal/catalogue.js";

export interface CatalogueService extends ServiceTexts {
  code: ServiceCode;
}

/** Every service with its texts in `lang` (Estonian for an unknown language). */
export function serviceCatalogue(lang: string): CatalogueService[] {
  const language = isLanguage(lang) ? lang : "et";
  return SERVICE_CATALOGUE.map((service) => ({ code: service.code, ...service.texts[language] }));
}
