/**
 * The health service packages (PRODUCT.md section 4): code, monthly price and, per language,
 * what the package screen shows (name, description) and what self-service adds (the
 * partner's page and the partner's login page, with their link texts).
 */
import type { Language } from "../../i18n/options.js";
import { SERVICE_CODES, type ServiceCode } from "../../lib/limits.js";
import { SERVICE_PRICES_CENTS } from "../pricing.js";

export interface ServiceTexts {
  name: string;
  description: string;
  link: string;
  linkText: string;
  loginLink: string;
  loginLinkText: string;
}

export interface CatalogueService {
  code: ServiceCode;
  monthlyPriceCents: number;
  texts: Record<Language, ServiceTexts>;
}

/** What the package screen and GET /api/onboarding/services show: SPEC.md section 3 "Service". */
export interface ServiceSummary {
  code: ServiceCode;
  name: string;
  description: string;
  monthlyPriceCents: number;
}

const TEXTS: Record<ServiceCode, Record<Language, ServiceTexts>> = {
  HEALTH_CHECK: {
    et: {
      name: "Iga-aastane tervisekontroll",
      description: "Üks põhjalik tervisekontroll aastas partnerkliinikus: vereanalüüsid, vererõhk ja arsti vastuvõtt.",
      link: "https://tervisekontroll.example.ee/",
      linkText: "Broneeri tervisekontroll",
      loginLink: "https://tervisekontroll.example.ee/login",
      loginLinkText: "Logi sisse partnerkliiniku keskkonda",
    },
    en: {
      name: "Annual health check",
      description: "One thorough health check a year at a partner clinic: blood tests, blood pressure and a doctor's appointment.",
      link: "https://tervisekontroll.example.ee/en/",
      linkText: "Book a health check",
      loginLink: "https://tervisekontroll.example.ee/en/login",
      loginLinkText: "Log in to the partner clinic",
    },
    ru: {
      name: "Ежегодный медосмотр",
      description: "Один подробный медосмотр в год в клинике-партнёре: анализы крови, давление и приём врача.",
      link: "https://tervisekontroll.example.ee/ru/",
      linkText: "Записаться на медосмотр",
      loginLink: "https://tervisekontroll.example.ee/ru/login",
      loginLinkText: "Войти в личный кабинет клиники-партнёра",
    },
  },
  MENTAL: {
    et: {
      name: "Vaimse tervise nõustamine",
      description: "Kuni kuus vestlust aastas psühholoogi või nõustajaga, kohapeal või videokõnes.",
      link: "https://vaimnetervis.example.ee/",
      linkText: "Vali nõustaja",
      loginLink: "https://vaimnetervis.example.ee/login",
      loginLinkText: "Logi sisse nõustamiskeskkonda",
    },
    en: {
      name: "Mental-health counselling",
      description: "Up to six sessions a year with a psychologist or counsellor, in person or by video call.",
      link: "https://vaimnetervis.example.ee/en/",
      linkText: "Choose a counsellor",
      loginLink: "https://vaimnetervis.example.ee/en/login",
      loginLinkText: "Log in to the counselling service",
    },
    ru: {
      name: "Консультации по психическому здоровью",
      description: "До шести встреч в год с психологом или консультантом, очно или по видеосвязи.",
      link: "https://vaimnetervis.example.ee/ru/",
      linkText: "Выбрать консультанта",
      loginLink: "https://vaimnetervis.example.ee/ru/login",
      loginLinkText: "Войти в личный кабинет службы консультаций",
    },
  },
  PHYSIO: {
    et: {
      name: "Füsioteraapia",
      description: "Kuni kümme füsioterapeudi vastuvõttu aastas selja-, kaela- ja liigesevaevuste korral.",
      link: "https://fysio.example.ee/",
      linkText: "Broneeri füsioterapeut",
      loginLink: "https://fysio.example.ee/login",
      loginLinkText: "Logi sisse füsioteraapia keskkonda",
    },
    en: {
      name: "Physiotherapy",
      description: "Up to ten physiotherapist appointments a year for back, neck and joint complaints.",
      link: "https://fysio.example.ee/en/",
      linkText: "Book a physiotherapist",
      loginLink: "https://fysio.example.ee/en/login",
      loginLinkText: "Log in to the physiotherapy service",
    },
    ru: {
      name: "Физиотерапия",
      description: "До десяти приёмов у физиотерапевта в год при болях в спине, шее и суставах.",
      link: "https://fysio.example.ee/ru/",
      linkText: "Записаться к физиотерапевту",
      loginLink: "https://fysio.example.ee/ru/login",
      loginLinkText: "Войти в личный кабинет службы физиотерапии",
    },
  },
  TELEMED: {
    et: {
      name: "Ööpäevaringne arstiliin",
      description: "Arsti nõuanne telefoni või videokõne teel igal ajal, ka nädalavahetustel ja pühade ajal.",
      link: "https://arstiliin.example.ee/",
      linkText: "Helista arstiliinile",
      loginLink: "https://arstiliin.example.ee/login",
      loginLinkText: "Logi sisse arstiliini keskkonda",
    },
    en: {
      name: "24/7 doctor line",
      description: "A doctor's advice by phone or video call at any time, weekends and holidays included.",
      link: "https://arstiliin.example.ee/en/",
      linkText: "Call the doctor line",
      loginLink: "https://arstiliin.example.ee/en/login",
      loginLinkText: "Log in to the doctor line",
    },
    ru: {
      name: "Круглосуточная линия врача",
      description: "Совет врача по телефону или видеосвязи в любое время, в том числе в выходные и праздники.",
      link: "https://arstiliin.example.ee/ru/",
      linkText: "Позвонить на линию врача",
      loginLink: "https://arstiliin.example.ee/ru/login",
      loginLinkText: "Войти в личный кабинет линии врача",
    },
  },
};

/** Every package, in the order the screens list them. */
export const SERVICE_CATALOGUE: readonly CatalogueService[] = SERVICE_CODES.map((code) => ({
  code,
  monthlyPriceCents: SERVICE_PRICES_CENTS[code],
  texts: TEXTS[code],
}));

export function catalogueService(code: string): CatalogueService | undefined {
  return SERVICE_CATALOGUE.find((s) => s.code === code);
}

/** The packages as the package screen lists them, in `language`. */
export function serviceSummaries(language: Language): ServiceSummary[] {
  return SERVICE_CATALOGUE.map((s) => ({
    code: s.code,
    name: s.texts[language].name,
    description: s.texts[language].description,
    monthlyPriceCents: s.monthlyPriceCents,
  }));
}
