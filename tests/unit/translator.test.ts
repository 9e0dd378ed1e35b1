/**
 * The translator pages, loaders, actions and the /api translate with (app/i18n/translator.ts)
 * against i18next, the library our strings are written for: a difference would show a string
 * otherwise than its translators wrote it (docs/decisions/0042, 0235, 0242).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { supportedLngs } from "~/i18n/options";
import { i18nOptions } from "../support/i18next";
import { sourceFiles } from "../support/source-files";
import { resources } from "~/i18n/i18next.server";
import { Trans, TranslationProvider, useTranslation } from "~/i18n/react";
import { createTranslator } from "~/i18n/translator";

async function i18nextFor(lng: string, bundles: Record<string, { common: Record<string, string> }> = resources) {
  const instance = createInstance();
  await instance.init({ ...i18nOptions, lng, resources: bundles });
  return instance;
}

const allKeys = [...new Set(supportedLngs.flatMap((lng) => Object.keys(resources[lng].common)))];
const placeholders = (text: string) => [...text.matchAll(/\{\{([^{}]+)\}\}/g)].map((m) => m[1].trim());

describe("the browser's translator", () => {
  it.each(supportedLngs)("gives every %s string as i18next does, with and without values", async (lng) => {
    const i18next = await i18nextFor(lng);
    const t = createTranslator(lng, resources[lng].common);
    for (const key of allKeys) {
      expect(t(key), key).toBe(i18next.t(key));
      const names = placeholders(i18next.t(key));
      const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? `v-${name}` : i * 7]));
      expect(t(key, values), key).toBe(i18next.t(key, values));
      expect(t(key, {}), key).toBe(i18next.t(key, {}));
    }
    expect(t("no.such.key")).toBe(i18next.t("no.such.key"));
  });

  it("uses only what it supports: no nesting, no formats", () => {
    for (const lng of supportedLngs) {
      for (const [key, text] of Object.entries(resources[lng].common)) {
        expect(text, `${lng} ${key}`).not.toMatch(/\$t\(/);
        for (const name of placeholders(text)) expect(name, `${lng} ${key}`).toMatch(/^[\w.]+$/);
      }
    }
  });

  it("chooses plurals and contexts as i18next does", async () => {
    const strings = {
      "items_one": "{{count}} item",
      "items_other": "{{count}} items",
      "items_zero": "no items",
      "ru_one": "{{count}} штука",
      "ru_few": "{{count}} штуки",
      "ru_many": "{{count}} штук",
      "ru_other": "{{count}} штуки",
      "greet": "Hello",
      "greet_formal": "Good day, {{name}}",
      "greet_formal_one": "Good day to you",
      "greet_formal_other": "Good day to all {{count}}",
    };
    for (const lng of ["en", "ru"]) {
      const i18next = await i18nextFor(lng, { [lng]: { common: strings } });
      const t = createTranslator(lng, strings);
      for (const count of [0, 1, 2, 3, 5, 11, 21, 22, 1.5]) {
        for (const key of ["items", "ru", "greet"]) expect(t(key, { count }), `${lng} ${key} ${count}`).toBe(i18next.t(key, { count }));
        expect(t("greet", { context: "formal", count })).toBe(i18next.t("greet", { context: "formal", count }));
      }
      for (const context of ["formal", "casual", ""]) expect(t("greet", { context, name: "Mari" })).toBe(i18next.t("greet", { context, name: "Mari" }));
      expect(t("greet_formal", { name: null })).toBe(i18next.t("greet_formal", { name: null }));
      expect(t("greet_formal", { name: 0 })).toBe(i18next.t("greet_formal", { name: 0 }));
      expect(t("absent", { defaultValue: "fallback {{x}}", x: 1 })).toBe(i18next.t("absent", { defaultValue: "fallback {{x}}", x: 1 }));
    }
  });

  it("fills a string's placeholders anew on every call (each string is cut at them once)", () => {
    const t = createTranslator("en", { "hello": "Hello, {{name}}! {{name}} has {{count}} {{-what}}." });
    expect(t("hello", { name: "Mari", count: 2, what: "cats" })).toBe("Hello, Mari! Mari has 2 cats.");
    expect(t("hello", { name: "Jaan", count: 0, what: null })).toBe("Hello, Jaan! Jaan has 0 .");
    expect(t("hello", { name: "Jaan" })).toBe("Hello, Jaan! Jaan has {{count}} {{-what}}.");
    expect(t("absent", { defaultValue: "one {{x}}", x: 1 })).toBe("one 1");
    expect(t("absent", { defaultValue: "two {{x}}", x: 2 })).toBe("two 2");
  });
});

describe("Trans", () => {
  const render = (node: ReturnType<typeof createElement>, lng: "et" | "en" = "en") =>
    renderToStaticMarkup(createElement(TranslationProvider, { value: { t: createTranslator(lng, resources[lng].common), i18n: { language: lng } } }, node));

  it("puts the components in the translation's tags with the tag's interpolated text", () => {
    const html = render(
      createElement(Trans, { i18nKey: "account.revoke", values: { email: "privacy@example.ee" }, components: { mail: createElement("a", { href: "mailto:privacy@example.ee" }, "ignored") } }),
    );
    expect(html).toBe('You can withdraw a consent at any time by writing to <a href="mailto:privacy@example.ee">privacy@example.ee</a>.');
    const two = render(
      createElement(Trans, { i18nKey: "account.conditionsAgreement", components: { conditions: createElement("a", { href: "/c" }), privacy: createElement("a", { href: "/p" }) } }),
      "et",
    );
    expect(two).toBe('Olen tutvunud <a href="/c">kindlustustingimustega</a> ja nõustun nendega ning olen tutvunud <a href="/p">privaatsusteatega</a>.');
  });

  it("gives the hook's language and t", () => {
    function Probe() {
      const { t, i18n } = useTranslation();
      return createElement("p", null, `${i18n.language}: ${t("account.wlAgreement", { name: "X" })}`);
    }
    expect(render(createElement(Probe))).toBe(`<p>en: ${createTranslator("en", resources.en.common)("account.wlAgreement", { name: "X" })}</p>`);
  });
});

describe("the browser bundle", () => {
  // i18next and react-i18next would put about 19 KB back on every first visit.
  it("imports neither i18next nor react-i18next outside server modules", () => {
    const offenders = sourceFiles(path.resolve("app"), /\.tsx?$/).filter((file) => {
      if (/\.server\.tsx?$/.test(file) || file.includes("/core/") || file.includes("/http/")) return false;
      return /from "(react-)?i18next"/.test(readFileSync(file, "utf8"));
    });
    expect(offenders.map((file) => path.relative(process.cwd(), file))).toEqual([]);
  });
});
