/**
 * Counted nouns in every language (issue 23: "94 баллов"): a string put after a number has
 * the plural forms its language's `Intl.PluralRules` asks for (app/locales/plurals.ts), every
 * call that passes a `count` names such a string, every such string is called with a `count`,
 * and the server (i18next), the browser (app/lib/translator.ts) and the documents
 * (docTranslator) choose the same form.
 */
import { readFileSync } from "node:fs";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { docTranslator } from "~/core/documents/index";
import { supportedLngs } from "~/i18n/options";
import { i18nOptions } from "../support/i18next";
import { sourceFiles } from "../support/source-files";
import { resources } from "~/i18n/i18next.server";
import { createTranslator } from "~/i18n/translator";

const categories = (lng: string) => new Intl.PluralRules(lng).resolvedOptions().pluralCategories;

/**
 * Every key with plural forms in any language, by its name without the suffix: every language
 * has the category "other", so a counted string has an `_other` form ("error.too_few" is a
 * plain key that happens to end like one).
 */
const countedKeys = [
  ...new Set(supportedLngs.flatMap((lng) => Object.keys(resources[lng].common).flatMap((k) => (k.endsWith("_other") ? [k.slice(0, -"_other".length)] : [])))),
];
const counted = new Set(countedKeys);

/** The app's source outside the locales, file by file. */
function sources(): Array<{ file: string; text: string }> {
  return sourceFiles("app", /\.tsx?$/, { skipFolders: ["locales"] }).map((file) => ({ file, text: readFileSync(file, "utf8") }));
}

/**
 * Each `t("key", …)` call with a literal key: the key and the call's own arguments up to its
 * closing parenthesis, without what calls nested in them are given.
 */
function literalCalls(text: string): Array<{ key: string; args: string }> {
  const calls: Array<{ key: string; args: string }> = [];
  for (const match of text.matchAll(/\bt\(\s*"([^"]+)"/g)) {
    let depth = 1;
    let args = "";
    for (let i = match.index + match[0].length; i < text.length && depth > 0; i++) {
      if (text[i] === "(") depth++;
      else if (text[i] === ")") depth--;
      else if (depth === 1) args += text[i];
    }
    calls.push({ key: match[1], args });
  }
  return calls;
}

const calls = sources().flatMap(({ file, text }) => literalCalls(text).map((call) => ({ file, ...call })));

async function i18nextFor(lng: string) {
  const instance = createInstance();
  await instance.init({ ...i18nOptions, lng, resources });
  return instance;
}

describe("counted nouns", () => {
  it("are found (the checks below check something)", () => {
    expect(countedKeys.length).toBeGreaterThanOrEqual(12);
    expect(calls.length).toBeGreaterThan(500);
  });

  it.each(supportedLngs)("have in %s every plural form its rules ask for, and nothing unsuffixed beside them", (lng) => {
    const strings = resources[lng].common as Record<string, string>;
    for (const key of counted) {
      for (const category of categories(lng)) expect(strings[`${key}_${category}`], `${lng} ${key}_${category}`).toEqual(expect.any(String));
      expect(strings[key], `${lng} ${key} is counted: only its suffixed forms are used`).toBeUndefined();
    }
  });

  it("are each called by their name, but those whose name is made at run time", () => {
    // The sign-in limit (an error code), the activity phrases (app/lib/score-model.ts activityCounts)
    // and the term's right to withdraw (app/lib/contract-term.ts withdrawalTerm, its unit test gives each a count).
    const named = new Set([
      "error.rate_limited",
      "score.activity.period",
      "score.activity.days",
      "term.withdrawal.value",
      "term.withdrawal.accepted",
      "term.withdrawal.onAcceptance",
    ]);
    for (const key of counted) if (!named.has(key)) expect(calls.some((call) => call.key === key), `${key} is never called`).toBe(true);
  });

  it("are the only strings called with a count, and always with one", () => {
    for (const { file, key, args } of calls) {
      const withCount = /\bcount\s*:/.test(args);
      if (withCount) expect(counted.has(key), `${file}: t("${key}") is given a count but has no plural forms`).toBe(true);
      if (counted.has(key)) expect(withCount, `${file}: t("${key}") has plural forms but is given no count`).toBe(true);
    }
  });

  it("in Russian take the form of 1, 2, 5, 21 and 94, on the server and in the browser alike", async () => {
    const expected: Array<[key: string, options: Record<string, unknown>, text: string]> = [
      ["score.saved_score", { count: 1, discount: 5 }, "Сохранённая оценка благополучия: 1 балл, скидка 5%."],
      ["score.saved_score", { count: 2, discount: 5 }, "Сохранённая оценка благополучия: 2 балла, скидка 5%."],
      ["score.saved_score", { count: 5, discount: 5 }, "Сохранённая оценка благополучия: 5 баллов, скидка 5%."],
      ["score.saved_score", { count: 21, discount: 5 }, "Сохранённая оценка благополучия: 21 балл, скидка 5%."],
      ["score.saved_score", { count: 94, discount: 19 }, "Сохранённая оценка благополучия: 94 балла, скидка 19%."],
      ["self_service.score.points", { count: 1 }, "1 балл"],
      ["self_service.score.points", { count: 94 }, "94 балла"],
      ["self_service.score.points", { count: 85 }, "85 баллов"],
      ["offer.age.value", { count: 21 }, "21 год"],
      ["offer.age.value", { count: 24 }, "24 года"],
      ["offer.age.value", { count: 35 }, "35 лет"],
      ["offer.age.value", { count: 11 }, "11 лет"],
      ["score.activity.days", { count: 1 }, "1 день"],
      ["score.activity.days", { count: 2 }, "2 дня"],
      ["score.activity.days", { count: 5 }, "5 дней"],
      ["score.activity.days", { count: 21 }, "21 день"],
      ["score.activity.period", { count: 30 }, "последние 30 дней"],
      ["score.activity.period", { count: 21 }, "последний 21 день"],
      ["error.rate_limited", { minutes: 1, count: 1 }, "Слишком много неудачных попыток входа. Попробуйте снова через 1 минуту."],
      ["error.rate_limited", { minutes: 15, count: 15 }, "Слишком много неудачных попыток входа. Попробуйте снова через 15 минут."],
      ["error.quote_rate_limited", { seconds: 22, count: 22 }, "Слишком много запросов цены. Попробуйте снова через 22 секунды."],
    ];
    const server = await i18nextFor("ru");
    const browser = createTranslator("ru", resources.ru.common);
    for (const [key, options, text] of expected) {
      expect(server.t(key, options), `${key} ${JSON.stringify(options)}`).toBe(text);
      expect(browser(key, options), `${key} ${JSON.stringify(options)}`).toBe(text);
    }
  });

  it("in Estonian and English take the singular for one only", async () => {
    const cases: Array<[lng: string, key: string, count: number, text: string]> = [
      ["et", "score.saved_score", 1, "Salvestatud heaoluskoor: 1 punkt, soodustus 0%."],
      ["et", "score.saved_score", 94, "Salvestatud heaoluskoor: 94 punkti, soodustus 0%."],
      ["en", "score.saved_score", 1, "Saved wellness score: 1 point, discount 0%."],
      ["en", "score.saved_score", 21, "Saved wellness score: 21 points, discount 0%."],
      ["et", "offer.age.value", 21, "21 aastat"],
      ["en", "offer.age.value", 1, "1 year"],
      ["en", "score.activity.days", 1, "1 day"],
      ["en", "score.activity.days", 21, "21 days"],
    ];
    for (const [lng, key, count, text] of cases) {
      const options = { count, discount: 0 };
      expect((await i18nextFor(lng)).t(key, options), `${lng} ${key} ${count}`).toBe(text);
      expect(createTranslator(lng, resources[lng as "et"].common)(key, options), `${lng} ${key} ${count}`).toBe(text);
    }
  });

  it("in the documents take the same forms", () => {
    const ru = docTranslator("ru");
    expect(ru("doc.smoking.howMany", { n: "21", count: 21 })).toBe("21 сигарета в день");
    expect(ru("doc.smoking.howMany", { n: "3", count: 3 })).toBe("3 сигареты в день");
    expect(ru("doc.smoking.howMany", { n: "10", count: 10 })).toBe("10 сигарет в день");
    expect(ru("term.withdrawal.value", { count: 30, date: "01.06.2026" })).toBe("В течение 30 дней после подписания (до 01.06.2026) без объяснения причин.");
    expect(ru("term.withdrawal.value", { count: 21, date: "01.06.2026" })).toBe("В течение 21 дня после подписания (до 01.06.2026) без объяснения причин.");
    expect(ru("term.notice.value", { count: 30, date: "01.06.2026" })).toContain("(за 30 дней)");
    expect(docTranslator("en")("term.notice.value", { count: 1, date: "01.06.2026" })).toContain("(1 day before)");
    expect(docTranslator("et")("doc.smoking.howMany", { n: "1", count: 1 })).toBe("1 sigaret päevas");
  });
});

describe("an uncounted slider value", () => {
  // The score's slider texts stay uncounted (decision 0186: the score page's JavaScript budget),
  // so each puts its noun before the number ("päevi nädalas: 1", "дней в неделю: 1"). English put
  // the number first and read "1 days a week" at one active day.
  // The nouns a slider counts (days, hours): a number right before one would need its plural form.
  const NOUNS: Record<string, string> = { et: "(päev|tund)", en: "(day|hour)", ru: "(д[ен]|час)" };
  const valueTexts = (lng: (typeof supportedLngs)[number]) => Object.keys(resources[lng].common).filter((key) => key.endsWith(".valuetext"));

  it.each(supportedLngs)("reads right at every value of its slider, 0 and 1 too, in %s", (lng) => {
    const t = createTranslator(lng, resources[lng].common);
    expect(valueTexts(lng).length).toBeGreaterThanOrEqual(3);
    for (const key of valueTexts(lng)) {
      for (const value of ["1", "21", "0", "2", "5", "11"]) {
        const text = t(key, { value });
        expect(text, `${lng} ${key} ${value}`).not.toMatch(new RegExp(`(^|\\s)${value}\\s+${NOUNS[lng]}`, "iu"));
      }
    }
  });
});
