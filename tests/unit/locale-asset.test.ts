/**
 * The translations asset (docs/decisions/0040): one fingerprinted URL per language, cached
 * for a year under its own hash, the current strings (uncached) under an old one.
 */
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { supportedLngs } from "~/i18n/options";
import { resources } from "~/i18n/i18next.server";
import { localeAsset, parseLocaleFile } from "~/i18n/locales-asset.server";
import { loader } from "~/routes/locales.$file";

const get = async (file: string, acceptEncoding?: string) => {
  const headers = acceptEncoding === undefined ? undefined : { "Accept-Encoding": acceptEncoding };
  try {
    return (await loader({ params: { file }, request: new Request(`http://x/locales/${file}`, { headers }), context: {} as never })) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
};

describe("the translations asset", () => {
  it("names each language's strings by their content's hash", () => {
    const urls = supportedLngs.map((lng) => localeAsset(lng).url);
    for (const [i, lng] of supportedLngs.entries()) expect(urls[i]).toMatch(new RegExp(`^/locales/${lng}\\.[0-9a-f]{12}\\.json$`));
    expect(new Set(urls).size).toBe(3);
    expect(localeAsset("et")).toBe(localeAsset("et"));
  });

  it("serves the language's whole bundle, immutable under the current hash", async () => {
    const file = localeAsset("en").url.split("/").pop()!;
    const response = await get(file);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(resources.en.common);
  });

  it("is sent compressed once at its best, brotli or gzip as the browser takes them, once the copies are made (decision 0243)", async () => {
    const asset = localeAsset("ru");
    const file = asset.url.split("/").pop()!;
    const json = Buffer.from(asset.json);
    // Until its copies are made (from the first request on), the answer is plain: the
    // compression middleware compresses it as any other.
    if (!asset.copies) {
      const first = await get(file, "gzip, deflate, br");
      expect(first.headers.get("Content-Encoding")).toBeNull();
      expect(first.headers.get("Vary")).toBe("Accept-Encoding");
    }
    await asset.copies;
    const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
    const br = await get(file, "gzip, deflate, br");
    expect(br.headers.get("Content-Encoding")).toBe("br");
    const brBytes = await bytes(br);
    expect(brotliDecompressSync(brBytes).equals(json)).toBe(true);
    // Smaller than the middleware's brotli (its quality 4) and than gzip at its best.
    expect(brBytes.length).toBeLessThan(brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length);
    const gz = await get(file, "gzip");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    const gzBytes = await bytes(gz);
    expect(gunzipSync(gzBytes).equals(json)).toBe(true);
    expect(brBytes.length).toBeLessThan(gzBytes.length);
    for (const refused of [undefined, "identity", "br;q=0, gzip;q=0", "deflate"]) {
      const plain = await get(file, refused);
      expect(plain.headers.get("Content-Encoding"), refused).toBeNull();
      expect(await plain.json()).toEqual(resources.ru.common);
    }
  });

  it("answers an older release's hash with the current strings, not cached", async () => {
    const response = await get("ru.000000000000.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(await response.json()).toEqual(resources.ru.common);
  });

  it("answers 404 to any other name", async () => {
    for (const file of ["de.0123456789ab.json", "et.json", "et.0123456789ab.js", "../et.0123456789ab.json", "et.0123456789AB.json"]) {
      expect((await get(file)).status, file).toBe(404);
    }
    expect(parseLocaleFile("et.0123456789ab.json")).toEqual({ lng: "et", hash: "0123456789ab" });
  });
});
