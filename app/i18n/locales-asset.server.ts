/**
 * The page language's translations as an immutable, fingerprinted asset
 * (`/locales/et.<hash>.json`) instead of inline in every page (docs/decisions/0040): the
 * browser fetches a language once per release and every later page is that much lighter.
 * The hash is of the content, so every app server of one release names the same URL.
 */
import { createHash } from "node:crypto";
import { defaultNS, isLanguage, type Language } from "./options";
import { resources } from "./i18next.server";

export interface LocaleAsset {
  url: string;
  hash: string;
  json: string;
}

const assets = new Map<Language, LocaleAsset>();

export function localeAsset(lng: Language): LocaleAsset {
  let asset = assets.get(lng);
  if (!asset) {
    const json = JSON.stringify(resources[lng][defaultNS]);
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 12);
    asset = { url: `/locales/${lng}.${hash}.json`, hash, json };
    assets.set(lng, asset);
  }
  return asset;
}

/** `et.0123456789ab.json` → the language and hash it names, or null. */
export function parseLocaleFile(file: string): { lng: Language; hash: string } | null {
  const match = /^([a-z]{2})\.([0-9a-f]{12})\.json$/.exec(file);
  return match && isLanguage(match[1]) ? { lng: match[1], hash: match[2] } : null;
}
