import { describe, expect, it } from "vitest";
import * as locales from "~/locales/questionnaire";
import { factsAfterSave, needsExtendedUnderwriting, readBody } from "~/core/questionnaire";
import { stateAfterSave } from "~/lib/onboarding";
import { smokerFact } from "~/core/pricing";
import { questionnaireSchema, readNumber } from "~/lib/questionnaire-schema";
import {
  DISEASE_GROUPS,
  extraKey,
  infoKey,
  QUESTION_SETS,
  subKey,
  titleKey,
  UW_L1_QUESTIONS,
  UW_L2_QUESTIONS,
} from "~/lib/questionnaire-sets";

const codes = (set: readonly { code: string }[]) => set.map((q) => q.code);
const allNo = (set: readonly { code: string }[]) => Object.fromEntries(set.map((q) => [q.code, false]));

describe("question sets (SPEC.md section 2)", () => {
  it("lists the short and the long set in SPEC.md's order", () => {
    expect(codes(UW_L1_QUESTIONS)).toEqual(["examination", "medicines", "sickLeave", "hospitalization", "treatment", "disability"]);
    expect(codes(UW_L2_QUESTIONS)).toEqual([
      "respiratory", "cardiovascular", "digestive", "kidney", "nervousSystem", "metabolic", "immuneSystem", "tumor", "rheumatic",
      "skin", "genital", "earAndEye", "examinationAdditional", "otherDiseases", "sickLeave", "medicines", "disability", "smoking",
      "alcohol", "drugs",
    ]);
  });

  it("gives every question sub-questions, except alcohol; smoking asks an integer howMany", () => {
    for (const question of [...UW_L1_QUESTIONS, ...UW_L2_QUESTIONS]) {
      if (question.code === "alcohol") expect(question.subs).toEqual([]);
      else expect(question.subs.length, question.code).toBeGreaterThan(0);
    }
    expect(UW_L2_QUESTIONS.find((q) => q.code === "smoking")!.subs).toEqual([{ code: "howMany", kind: "integer" }]);
    const integers = [...UW_L1_QUESTIONS, ...UW_L2_QUESTIONS].flatMap((q) => q.subs.filter((s) => s.kind === "integer").map((s) => s.code));
    expect(integers).toEqual(["howMany"]);
  });

  it("every disease group is a question of the long set", () => {
    for (const group of DISEASE_GROUPS) expect(codes(UW_L2_QUESTIONS)).toContain(group);
  });

  it.each([
    ["et", locales.et],
    ["en", locales.en],
    ["ru", locales.ru],
  ])("translates every title, info text and sub-question in %s", (_lang, bundle) => {
    const strings = bundle as Record<string, string>;
    for (const question of [...UW_L1_QUESTIONS, ...UW_L2_QUESTIONS]) {
      expect(strings[titleKey(question.code)]?.trim(), titleKey(question.code)).toBeTruthy();
      expect(strings[infoKey(question.code)]?.trim(), infoKey(question.code)).toBeTruthy();
    }
    const allSubCodes = new Set([...UW_L1_QUESTIONS, ...UW_L2_QUESTIONS].flatMap((q) => q.subs.map((s) => s.code)));
    for (const sub of allSubCodes) expect(strings[subKey(sub)]?.trim(), subKey(sub)).toBeTruthy();
    for (const key of ["error.bmi_limit", "warn.age_questionnaire_req", "error.how_many", "error.height_range", "error.weight_range", "error.text_characters"]) {
      expect(strings[key]?.trim(), key).toBeTruthy();
    }
  });

  it("has no leftover English in the Estonian and Russian texts", () => {
    for (const key of Object.keys(locales.et) as Array<keyof typeof locales.et>) {
      if (locales.en[key].length > 12) {
        expect(locales.et[key], key).not.toBe(locales.en[key]);
        expect(locales.ru[key], key).not.toBe(locales.en[key]);
      }
    }
  });
});

describe("numeric rule (SPEC.md section 5)", () => {
  it("takes a decimal comma, one decimal, collapses a leading zero, at most 9 characters", () => {
    expect(readNumber("80,5", "decimal")).toEqual({ value: 80.5 });
    expect(readNumber("80.5", "decimal")).toEqual({ value: 80.5 });
    expect(readNumber(80.5, "decimal")).toEqual({ value: 80.5 });
    expect(readNumber("80,55", "decimal")).toEqual({ error: "error.decimal" });
    expect(readNumber("8a", "decimal")).toEqual({ error: "error.decimal" });
    expect(readNumber("-80", "decimal")).toEqual({ error: "error.decimal" });
    expect(readNumber("1234567890", "decimal")).toEqual({ error: "error.decimal" });
    expect(readNumber("07", "integer")).toEqual({ value: 0 });
    expect(readNumber("10,5", "integer")).toEqual({ error: "error.integer" });
    expect(readNumber("", "decimal")).toEqual({ error: "error.required" });
    expect(readNumber(undefined, "integer")).toEqual({ error: "error.required" });
  });

  it("checks height and weight ranges, naming the field", () => {
    expect(readBody({ height: "180", weight: "80,5" })).toEqual({ height: 180, weight: 80.5 });
    expect(readBody({ height: "99", weight: "9,9" })).toEqual({
      errors: [
        { code: "error.height_range", context: "height" },
        { code: "error.weight_range", context: "weight" },
      ],
    });
    expect(readBody({ height: "", weight: "x" })).toEqual({
      errors: [
        { code: "error.required", context: "height" },
        { code: "error.decimal", context: "weight" },
      ],
    });
  });
});

describe("questionnaire schema", () => {
  const issues = (result: ReturnType<ReturnType<typeof questionnaireSchema>["safeParse"]>) =>
    result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);

  it("accepts the short set all no, from JSON and from the form's strings", () => {
    const json = questionnaireSchema("UW_L1").safeParse({ height: 180, weight: 80.5, content: allNo(UW_L1_QUESTIONS) });
    expect(json.success && json.data).toEqual({ height: 180, weight: 80.5, content: allNo(UW_L1_QUESTIONS) });
    const form = questionnaireSchema("UW_L1").safeParse({
      height: "180",
      weight: "80,5",
      content: Object.fromEntries(UW_L1_QUESTIONS.map((q) => [q.code, "no"])),
    });
    expect(form.success && form.data).toEqual({ height: 180, weight: 80.5, content: allNo(UW_L1_QUESTIONS) });
  });

  it("requires every question of the set and reports all errors at once", () => {
    const result = questionnaireSchema("UW_L1").safeParse({ height: "", content: { examination: "maybe" } });
    expect(issues(result)).toEqual([
      ["height", "error.required"],
      ["weight", "error.required"],
      ...UW_L1_QUESTIONS.map((q) => [`content.${q.code}`, "error.required"]),
    ]);
  });

  it("requires the sub-answers of a yes, and only of a yes", () => {
    const content = { ...allNo(UW_L1_QUESTIONS), hospitalization: true, hospitalizationExtra: { disease: "  " }, examinationExtra: { reason: "" } };
    expect(issues(questionnaireSchema("UW_L1").safeParse({ height: 180, weight: 80, content }))).toEqual([
      ["content.hospitalizationExtra.disease", "error.required"],
      ["content.hospitalizationExtra.whenDiagnosed", "error.required"],
    ]);
  });

  it("keeps the trimmed sub-answers of a yes and drops what was typed under a no", () => {
    const content = {
      ...allNo(UW_L1_QUESTIONS),
      hospitalization: "yes",
      hospitalizationExtra: { disease: " Pimesoolepõletik ", whenDiagnosed: "03.2021", extra: "ignored" },
      examinationExtra: { reason: "typed, then answered no" },
    };
    const result = questionnaireSchema("UW_L1").safeParse({ height: 180, weight: 80, content });
    expect(result.success && result.data.content).toEqual({
      ...allNo(UW_L1_QUESTIONS),
      hospitalization: true,
      hospitalizationExtra: { disease: "Pimesoolepõletik", whenDiagnosed: "03.2021" },
    });
  });

  it("takes the ranges' own ends and refuses just outside them: height 100–250 cm, weight 10–350 kg", () => {
    expect(readBody({ height: "100", weight: "10" })).toEqual({ height: 100, weight: 10 });
    expect(readBody({ height: "250", weight: "350" })).toEqual({ height: 250, weight: 350 });
    expect(readBody({ height: "250,1", weight: "350,1" })).toEqual({
      errors: [
        { code: "error.height_range", context: "height" },
        { code: "error.weight_range", context: "weight" },
      ],
    });
    // The questionnaire's own form reads them by the same ranges.
    const body = (height: string, weight: string) => issues(questionnaireSchema("UW_L1").safeParse({ height, weight, content: allNo(UW_L1_QUESTIONS) }));
    expect(body("100", "10")).toEqual([]);
    expect(body("250", "350")).toEqual([]);
    expect(body("99,9", "9,9")).toEqual([
      ["height", "error.height_range"],
      ["weight", "error.weight_range"],
    ]);
    expect(body("250,1", "350,1")).toEqual([
      ["height", "error.height_range"],
      ["weight", "error.weight_range"],
    ]);
  });

  it("takes 1 and 200 cigarettes a day and a sub-answer of exactly 1000 characters", () => {
    const base = { ...allNo(UW_L2_QUESTIONS), smoking: true };
    const parse = (howMany: unknown) => questionnaireSchema("UW_L2").safeParse({ height: 180, weight: 80, content: { ...base, smokingExtra: { howMany } } });
    expect(issues(parse("1"))).toEqual([]);
    expect(issues(parse("200"))).toEqual([]);
    const content = { ...allNo(UW_L1_QUESTIONS), treatment: true, treatmentExtra: { disease: "x".repeat(1000), treatmentAndDuration: "x" } };
    expect(issues(questionnaireSchema("UW_L1").safeParse({ height: 180, weight: 80, content }))).toEqual([]);
  });

  it("reads smoking's howMany as an integer from 1 to 200; alcohol has no sub-questions", () => {
    const base = { ...allNo(UW_L2_QUESTIONS), smoking: true, alcohol: true };
    const parse = (howMany: unknown) => questionnaireSchema("UW_L2").safeParse({ height: 180, weight: 80, content: { ...base, smokingExtra: { howMany } } });
    const ok = parse("15");
    expect(ok.success && ok.data.content).toMatchObject({ smoking: true, smokingExtra: { howMany: 15 }, alcohol: true });
    expect(ok.success && ok.data.content.alcoholExtra).toBeUndefined();
    expect(issues(parse(10))).toEqual([]);
    expect(issues(parse("2,5"))).toEqual([["content.smokingExtra.howMany", "error.integer"]]);
    expect(issues(parse("0"))).toEqual([["content.smokingExtra.howMany", "error.how_many"]]);
    expect(issues(parse("201"))).toEqual([["content.smokingExtra.howMany", "error.how_many"]]);
    expect(issues(parse(""))).toEqual([["content.smokingExtra.howMany", "error.required"]]);
  });

  it("rejects over-long text and non-text sub-answers", () => {
    const content = { ...allNo(UW_L1_QUESTIONS), treatment: true, treatmentExtra: { disease: "x".repeat(1001), treatmentAndDuration: 5 } };
    expect(issues(questionnaireSchema("UW_L1").safeParse({ height: 180, weight: 80, content }))).toEqual([
      ["content.treatmentExtra.disease", "error.too_long"],
      ["content.treatmentExtra.treatmentAndDuration", "error.invalid"],
    ]);
  });

  it("refuses a character the application cannot print (an emoji, an ideograph, a bidirectional override); takes the texts people type", () => {
    // The application signed prints each answer: the font drew an empty box for 头, and U+202E drew the rest of the line reversed.
    const parse = (disease: string) =>
      questionnaireSchema("UW_L1").safeParse({ height: 180, weight: 80, content: { ...allNo(UW_L1_QUESTIONS), treatment: true, treatmentExtra: { disease, treatmentAndDuration: "2 kuud" } } });
    for (const text of ["Astma 😀", "头痛", "Peavalu \u202etagurpidi\u202c", "Migreen\u200b"]) expect(issues(parse(text)), text).toEqual([["content.treatmentExtra.disease", "error.text_characters"]]);
    for (const text of [
      "Kõrgvererõhktõbi, 2× päevas 5 mg; BMI ≥ 30 (2021–2024) → ravi „Enap“ ½ tabletti, 37,5 °C, 10 µg, № 3",
      "Гипертония: «Эналаприл» 5 мг — с 2021 г.",
      "Esimene rida\r\nTeine rida\tlõpp",
      "Jose\u0301 ה׳ 50% & (a/b) @ #1 * ! ? € $ _ = < > [ ] { } | ~ ^ ` § ©",
    ])
      expect(issues(parse(text)), text).toEqual([]);
  });

  it("ignores height and weight once the body-mass figures were submitted", () => {
    const result = questionnaireSchema("UW_L1", { body: { height: 170, weight: 60 } }).safeParse({ height: "x", content: allNo(UW_L1_QUESTIONS) });
    expect(result.success && [result.data.height, result.data.weight]).toEqual([170, 60]);
  });

  it("the long set asks the long set's questions", () => {
    expect(issues(questionnaireSchema("UW_L2").safeParse({ height: 180, weight: 80, content: allNo(UW_L1_QUESTIONS) }))).toEqual(
      UW_L2_QUESTIONS.filter((q) => !codes(UW_L1_QUESTIONS).includes(q.code)).map((q) => [`content.${q.code}`, "error.required"]),
    );
  });
});

describe("extended underwriting (PRODUCT.md section 3)", () => {
  const l1 = (yes: Record<string, unknown> = {}) => ({ type: "UW_L1" as const, content: { ...allNo(QUESTION_SETS.UW_L1), ...yes } as never });
  const l2 = (yes: Record<string, unknown> = {}) => ({ type: "UW_L2" as const, content: { ...allNo(QUESTION_SETS.UW_L2), ...yes } as never });

  it("short set: a yes on hospitalization, treatment or disability; not on the others", () => {
    expect(needsExtendedUnderwriting(l1())).toBe(false);
    for (const q of ["hospitalization", "treatment", "disability"]) expect(needsExtendedUnderwriting(l1({ [q]: true })), q).toBe(true);
    for (const q of ["examination", "medicines", "sickLeave"]) expect(needsExtendedUnderwriting(l1({ [q]: true })), q).toBe(false);
  });

  it("long set: any disease group, disability or drugs; smoking only above 20 a day", () => {
    expect(needsExtendedUnderwriting(l2())).toBe(false);
    for (const q of [...DISEASE_GROUPS, "disability", "drugs"]) expect(needsExtendedUnderwriting(l2({ [q]: true })), q).toBe(true);
    for (const q of ["examinationAdditional", "sickLeave", "medicines", "alcohol"]) expect(needsExtendedUnderwriting(l2({ [q]: true })), q).toBe(false);
    expect(needsExtendedUnderwriting(l2({ smoking: true, [extraKey("smoking")]: { howMany: 20 } }))).toBe(false);
    expect(needsExtendedUnderwriting(l2({ smoking: true, [extraKey("smoking")]: { howMany: 21 } }))).toBe(true);
    expect(needsExtendedUnderwriting(l2({ smoking: false, [extraKey("smoking")]: { howMany: 40 } }))).toBe(false);
  });

  it("a smoker is a yes on the long set's smoking question", () => {
    expect(smokerFact(l2({ smoking: true, smokingExtra: { howMany: 5 } }))).toBe(true);
    expect(smokerFact(l2())).toBe(false);
    expect(smokerFact(l1({ smoking: true }))).toBe(false);
    expect(smokerFact(null)).toBe(false);
  });
});

describe("state after a save (forward only)", () => {
  it.each([
    ["SERVICE_SELECTED", false, "QUESTIONNAIRE_COMPLETE"],
    ["QUESTIONNAIRE_REQ_CHANGE", false, "QUESTIONNAIRE_COMPLETE"],
    ["QUESTIONNAIRE_REQ_CHANGE", true, "BENEFICIARIES_DEFINED"],
    ["QUESTIONNAIRE_COMPLETE", true, "QUESTIONNAIRE_COMPLETE"],
    ["BENEFICIARIES_DEFINED", true, "BENEFICIARIES_DEFINED"],
  ] as const)("%s (beneficiaries saved: %s) → %s", (from, beneficiaries, to) => {
    expect(stateAfterSave("questionnaire", from, factsAfterSave(beneficiaries))).toBe(to);
  });
});
