/**
 * The health service catalogue as self-service shows it (SPEC.md section 3 "Service":
 * code, name, description, link, linkText, loginLink, loginLinkText), per language.
 *
 * ADAPTER: the package branch owns the catalogue. Until it is merged this file holds the
 * entries itself; afterwards `serviceCatalogue` becomes a one-line re-export of that module.
 */
import { SERVICE_CODES, type ServiceCode } from "../limits.js";

export type CatalogueLanguage = "et" | "en" | "ru";

export interface CatalogueService {
  code: ServiceCode;
  name: string;
  description: string;
  link: string;
  linkText: string;
  loginLink: string;
  loginLinkText: string;
}

const LINKS: Record<ServiceCode, { link: string; loginLink: string }> = {
  HEALTH_CHECK: { link: "https://tervisekontroll.example.ee", loginLink: "https://tervisekontroll.example.ee/login" },
  MENTAL: { link: "https://vaimnetervis.example.ee", loginLink: "https://vaimnetervis.example.ee/login" },
  PHYSIO: { link: "https://fysio.example.ee", loginLink: "https://fysio.example.ee/login" },
  TELEMED: { link: "https://arstiliin.example.ee", loginLink: "https://arstiliin.example.ee/login" },
};

const TEXTS: Record<CatalogueLanguage, Record<ServiceCode, Pick<CatalogueService, "name" | "description" | "linkText" | "loginLinkText">>> = {
  et: {
    HEALTH_CHECK: { name: "Iga-aastane tervisekontroll", description: "Üks põhjalik tervisekontroll aastas partnerkliinikus.", linkText: "Partnerkliiniku koduleht", loginLinkText: "Broneeri aeg" },
    MENTAL: { name: "Vaimse tervise nõustamine", description: "Psühholoogi nõustamine veebis või kohapeal.", linkText: "Nõustamiskeskuse koduleht", loginLinkText: "Logi nõustamiskeskusesse" },
    PHYSIO: { name: "Füsioteraapia", description: "Füsioterapeudi vastuvõtud ja harjutuskavad.", linkText: "Füsioteraapiakeskuse koduleht", loginLinkText: "Logi füsioteraapiakeskusesse" },
    TELEMED: { name: "Ööpäevaringne arstiliin", description: "Arsti nõuanne telefonis või videokõnes igal ajal.", linkText: "Arstiliini koduleht", loginLinkText: "Logi arstiliini" },
  },
  en: {
    HEALTH_CHECK: { name: "Annual health check", description: "One thorough health check a year at a partner clinic.", linkText: "Partner clinic website", loginLinkText: "Book a time" },
    MENTAL: { name: "Mental health counselling", description: "Counselling with a psychologist online or in person.", linkText: "Counselling centre website", loginLinkText: "Log in to the counselling centre" },
    PHYSIO: { name: "Physiotherapy", description: "Physiotherapist appointments and exercise plans.", linkText: "Physiotherapy centre website", loginLinkText: "Log in to the physiotherapy centre" },
    TELEMED: { name: "24/7 doctor line", description: "A doctor's advice by phone or video call at any time.", linkText: "Doctor line website", loginLinkText: "Log in to the doctor line" },
  },
  ru: {
    HEALTH_CHECK: { name: "Ежегодный медосмотр", description: "Один подробный медосмотр в год в клинике-партнёре.", linkText: "Сайт клиники-партнёра", loginLinkText: "Записаться на приём" },
    MENTAL: { name: "Консультации по психическому здоровью", description: "Консультации психолога онлайн или очно.", linkText: "Сайт консультационного центра", loginLinkText: "Войти в консультационный центр" },
    PHYSIO: { name: "Физиотерапия", description: "Приёмы физиотерапевта и планы упражнений.", linkText: "Сайт центра физиотерапии", loginLinkText: "Войти в центр физиотерапии" },
    TELEMED: { name: "Круглосуточная линия врача", description: "Совет врача по телефону или видеосвязи в любое время.", linkText: "Сайт линии врача", loginLinkText: "Войти на линию врача" },
  },
};

export type ServiceTexts = Omit<CatalogueService, "code">;

/*
 * The package branch's catalogue has this shape (app/core/proposal/catalogue.ts,
 * SERVICE_CATALOGUE); once merged, the constant below is replaced by importing that one.
 */
const SERVICE_CATALOGUE: ReadonlyArray<{ code: ServiceCode; texts: Record<CatalogueLanguage, ServiceTexts> }> = SERVICE_CODES.map((code) => ({
  code,
  texts: {
    et: { ...TEXTS.et[code], ...LINKS[code] },
    en: { ...TEXTS.en[code], ...LINKS[code] },
    ru: { ...TEXTS.ru[code], ...LINKS[code] },
  },
}));

/** Every service with its texts in `lang` (Estonian for an unknown language). */
export function serviceCatalogue(lang: string): CatalogueService[] {
  const language: CatalogueLanguage = lang === "en" || lang === "ru" ? lang : "et";
  return SERVICE_CATALOGUE.map((service) => ({ code: service.code, ...service.texts[language] }));
}
