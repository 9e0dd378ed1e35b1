/** The server's memo of option-free translations (app/i18n/memo.server.ts). */
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions } from "~/i18n/options";
import { resources } from "~/i18n/i18next.server";
import { memoiseSimpleT } from "~/i18n/memo.server";

async function instanceFor(lng: "et" | "en") {
  const instance = createInstance();
  await instance.init({ ...i18nOptions, lng, resources });
  return memoiseSimpleT(instance);
}

describe("memoiseSimpleT", () => {
  it("answers option-free keys as i18next does, through t and a fixed t alike", async () => {
    const plain = createInstance();
    await plain.init({ ...i18nOptions, lng: "en", resources });
    const memo = await instanceFor("en");
    const fixed = memo.getFixedT("en");
    for (const key of Object.keys(resources.en.common).slice(0, 200)) {
      expect(memo.t(key)).toBe(plain.t(key));
      expect(fixed(key)).toBe(plain.t(key));
      expect(fixed(key)).toBe(plain.t(key));
    }
    expect(memo.t("no.such.key")).toBe("no.such.key");
  });

  it("passes calls with options of their own to i18next", async () => {
    const memo = await instanceFor("et");
    const withValues = Object.entries(resources.et.common).find(([, text]) => /\{\{\w+\}\}/.test(text))!;
    const name = /\{\{(\w+)\}\}/.exec(withValues[1])![1];
    const first = memo.t(withValues[0], { [name]: "ÜKS" });
    const second = memo.t(withValues[0], { [name]: "KAKS" });
    expect(first).toContain("ÜKS");
    expect(second).toContain("KAKS");
    expect(memo.t("no.such.key", { defaultValue: "vaikimisi" })).toBe("vaikimisi");
    expect(memo.t("language.en", { lng: "ru" })).toBe(resources.ru.common["language.en"]);
  });
});
