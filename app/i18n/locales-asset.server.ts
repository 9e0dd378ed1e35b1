/**
 * The page language's translations as an immutable, fingerprinted asset
 * (`/locales/et.<hash>.json`) instead of inline in every page (docs/decisions/0040): the
 * browser fetches a language once per release and every later page is that much lighter.
 * The hash is of the content, so every app server of one release names the same URL.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";
import { defaultNS, isLanguage, type Language } from "./options";
import { resources } from "./i18next.server";

export interface LocaleAsset {
  url: string;
  hash: string;
  json: string;
  /** Its brotli and gzip copies, once made (compressedCopy). */
  copies?: Promise<Record<ContentCoding, Uint8Array<ArrayBuffer>>>;
  made?: Record<ContentCoding, Uint8Array<ArrayBuffer>>;
}

type ContentCoding = "br" | "gzip";
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

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

// @types/negotiator 0.6.4 leaves out the list of preferred codings that negotiator 0.6.4 takes
// (the compression middleware passes it too): without it a browser's "gzip, deflate, br" picks gzip.
type PickCoding = (available: string[], preferred: string[]) => string | undefined;

/**
 * The asset's JSON as the request accepts it best, brotli at its highest quality or gzip at
 * level 9 (docs/decisions/0243), or null: identity, or the copies not made yet. They are made
 * once per language, off the main thread, from the first request on; until then the
 * compression middleware compresses the answer as it does any other.
 */
export function compressedCopy(asset: LocaleAsset, acceptEncoding: string | null): { coding: ContentCoding; bytes: Uint8Array<ArrayBuffer> } | null {
  if (!asset.copies) {
    const bytes = Buffer.from(asset.json);
    asset.copies = Promise.all([
      brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]).then(([br, gz]) => (asset.made = { br: new Uint8Array(br), gzip: new Uint8Array(gz) }));
    // Never fails on a string; were it to, the middleware goes on compressing the answers.
    asset.copies.catch(() => undefined);
  }
  if (!asset.made) return null;
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? undefined } });
  const coding = (negotiator.encoding.bind(negotiator) as PickCoding)(["br", "gzip", "identity"], ["br", "gzip"]);
  return coding === "br" || coding === "gzip" ? { coding, bytes: asset.made[coding] } : null;
}
