/**
 * Each translation is written once: the language files spread their modules (app/locales/*.ts)
 * into one object, where a key a later module writes again silently replaces the earlier one's
 * text (the account step's "error.invalid" was shown as the score's "Choose one of the answers
 * offered" everywhere, a nested /api name and a refused consent included).
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { supportedLngs } from "~/i18n/options";
import { resources } from "~/i18n/i18next.server";

const MODULES = readdirSync("app/locales").filter((file) => !["et.ts", "en.ts", "ru.ts", "plurals.ts"].includes(file));

describe("the translation modules", () => {
  it.each(supportedLngs)("write each %s key once, and the language shows what they wrote", async (lng) => {
    const written = new Map<string, string[]>();
    for (const file of MODULES) {
      const strings = ((await import(`~/locales/${file.replace(/\.ts$/, "")}`)) as Record<string, Record<string, string> | undefined>)[lng] ?? {};
      for (const [key, text] of Object.entries(strings)) {
        written.set(key, [...(written.get(key) ?? []), file]);
        expect(resources[lng].common[key as keyof (typeof resources)[typeof lng]["common"]], `${lng} ${key} (${file})`).toBe(text);
      }
    }
    expect([...written].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
