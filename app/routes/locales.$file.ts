/**
 * GET /locales/<lng>.<hash>.json: a language's translations for the browser
 * (app/i18n/locales-asset.server.ts). The current hash is cached for a year and never
 * revalidated; an older hash (a page from the previous release during a rolling deploy)
 * gets the current strings, not cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getT } from "~/i18n/i18next.server";
import { compressedCopy, localeAsset, parseLocaleFile } from "~/i18n/locales-asset.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const file = parseLocaleFile(params.file ?? "");
  if (!file) throw new Response((await getT(request))("error.not_found"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const asset = localeAsset(file.lng);
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": file.hash === asset.hash ? "public, max-age=31536000, immutable" : "no-cache",
    Vary: "Accept-Encoding",
  });
  // Compressed once at its best (the compression middleware leaves an encoded answer as it is).
  const copy = compressedCopy(asset, request.headers.get("Accept-Encoding"));
  if (!copy) return new Response(asset.json, { headers });
  headers.set("Content-Encoding", copy.coding);
  return new Response(copy.bytes, { headers });
}
