/**
 * GET /locales/<lng>.<hash>.json: a language's translations for the browser
 * (app/i18n/locales-asset.server.ts). The current hash is cached for a year and never
 * revalidated; an older hash (a page from the previous release during a rolling deploy)
 * gets the current strings, not cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeAsset, parseLocaleFile } from "~/i18n/locales-asset.server";

export function loader({ params }: LoaderFunctionArgs) {
  const file = parseLocaleFile(params.file ?? "");
  if (!file) throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const asset = localeAsset(file.lng);
  return new Response(asset.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": file.hash === asset.hash ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
