/**
 * Wording a careful customer checked (issue 23): one Russian term for the wellness score, and
 * units written in the document's language.
 */
import { describe, expect, it } from "vitest";
import { applicationModel, type DocBlock } from "~/core/documents/index";
import { estimate } from "~/core/pricing";
import type { Language } from "~/lib/euro";
import { resources } from "~/i18n/i18next.server";

describe("the wellness score in Russian", () => {
  const ru = Object.entries(resources.ru.common as Record<string, string>);

  it("is called one thing: «оценка благополучия», never «индекс благополучия»", () => {
    expect(ru.filter(([, text]) => /индекс\p{L}*\s+благополучия/iu.test(text)).map(([key]) => key)).toEqual([]);
    expect(ru.filter(([, text]) => /оценк\p{L}*\s+благополучия/iu.test(text)).length).toBeGreaterThanOrEqual(10);
    // The self-service list (its tab, title and headings) says what the onboarding step says.
    const strings = resources.ru.common as Record<string, string>;
    expect(strings["self_service.tab.score"]).toBe(strings["heading.score"]);
    expect(strings["title.self_service.score"]).toBe(strings["title.score"]);
    expect(strings["self_service.score.score"]).toBe("Оценка");
  });

  it("keeps «индекс» for the body-mass index only", () => {
    for (const [key, text] of ru) if (/индекс/iu.test(text)) expect(text, key).toMatch(/индекс\p{L}* массы тела/iu);
  });
});

describe("units in the application document", () => {
  const body = (language: Language) => {
    const model = applicationModel({
      language,
      at: new Date("2026-05-01T08:00:00Z"),
      date: "2026-05-01",
      customer: { firstName: "Юлия", lastName: "Петрова", personalCode: "49005150229", dateOfBirth: "1990-05-15", email: null, phone: null },
      age: 36,
      sumInsuredForDeathCover: 100_000,
      sumInsuredForDisabilityCover: 0,
      services: [],
      questionnaire: { type: "UW_L1", height: 168, weight: 64.5, content: {} },
      beneficiaries: [],
      estimation: estimate({ age: 36, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 0, services: [], wellnessScore: null, smoker: false }),
    });
    return model.blocks.flatMap((b: DocBlock) => (b.kind === "fields" ? b.rows : []));
  };

  it.each([
    ["ru", "Рост", "168 см", "Вес", "64,5 кг"],
    ["et", "Pikkus", "168 cm", "Kaal", "64,5 kg"],
    ["en", "Height", "168 cm", "Weight", "64.5 kg"],
  ] as const)("are written in %s", (language, heightLabel, height, weightLabel, weight) => {
    const rows = body(language);
    expect(rows).toContainEqual({ label: heightLabel, value: height });
    expect(rows).toContainEqual({ label: weightLabel, value: weight });
  });

  it("have no Latin letters in Russian", () => {
    for (const row of body("ru").filter((r) => r.label === "Рост" || r.label === "Вес")) expect(row.value).not.toMatch(/[a-z]/i);
  });
});
