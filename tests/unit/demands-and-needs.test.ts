/**
 * The demands-and-needs statement (IDD art. 20(1), docs/decisions/0296): drawn from what the
 * customer chose in the sign-up, on the application they sign, in each language; the contract
 * proposed is those choices, and no advice is given (art. 18).
 */
import { describe, expect, it } from "vitest";
import { LAST_RENEWAL_AGE } from "~/core/contract-term";
import { demandsAndNeeds, type NeedsFacts } from "~/core/demands-and-needs";
import { applicationModel, docTranslator, type DocBlock, type DocModel } from "~/core/documents/index";
import { APPLICATION_EDITION, APPLICATION_EDITION_ADDED, FIRST_APPLICATION_EDITION } from "~/core/documents/application-editions";
import { catalogueService } from "~/core/proposal/catalogue";
import { estimate } from "~/core/pricing";
import type { BeneficiaryValues } from "~/lib/beneficiaries-schema";
import { formatAmount, formatWholeMoney, type Language } from "~/lib/euro";
import type { ServiceCode } from "~/lib/limits";

const LANGUAGES: Language[] = ["et", "en", "ru"];
const person: BeneficiaryValues = { type: "P", firstName: "Jaan", name: "Tamm", idCode: "38503020139", sharePercent: 60, email: "jaan@example.ee", phone: "+372 5555 0000" };
const company: BeneficiaryValues = { type: "C", firstName: null, name: "Näidis OÜ", idCode: "10123456", sharePercent: 40, email: "info@naidis.ee", phone: "+372 600 1234" };

/** Each kind of package a customer can choose: life only, life and disability, with services, one or several beneficiaries. */
const PACKAGES: Array<{ kind: string; age: number; death: number; disability: number; services: ServiceCode[]; beneficiaries: BeneficiaryValues[] }> = [
  { kind: "life only, one beneficiary", age: 25, death: 50_000, disability: 0, services: [], beneficiaries: [{ ...person, sharePercent: 100 }] },
  { kind: "life and disability, a person and a company", age: 40, death: 150_000, disability: 75_000, services: [], beneficiaries: [person, company] },
  { kind: "life, disability and two health services", age: 63, death: 30_000, disability: 20_000, services: ["HEALTH_CHECK", "TELEMED"], beneficiaries: [{ ...company, sharePercent: 100 }] },
];

const textOf = (block: DocBlock): string[] =>
  block.kind === "paragraph" || block.kind === "heading" ? [block.text] : block.kind === "list" ? block.items : block.kind === "fields" ? block.rows.map((r) => `${r.label} ${r.value}`) : [];

/** The statement's section of the application: from its heading to the end. */
function statement(model: DocModel): string[] {
  const at = model.blocks.findIndex((b) => b.kind === "heading" && b.id === "needs");
  expect(at).toBeGreaterThan(0);
  return model.blocks.slice(at).flatMap(textOf);
}

const euro = (cents: number, language: Language) => formatAmount(cents, language);

/** The application of package `p` in `language`, drawn as `edition`. */
function application(p: (typeof PACKAGES)[number], language: Language, edition: number) {
  const estimation = estimate({ age: p.age, sumInsuredForDeathCover: p.death, sumInsuredForDisabilityCover: p.disability, services: p.services, wellnessScore: null, smoker: false });
  const model = applicationModel({
    language,
    at: new Date("2026-05-01T08:00:00Z"),
    date: "2026-05-01",
    customer: { firstName: "Mari", lastName: "Maasikas", personalCode: "49005150229", dateOfBirth: "1990-05-15", email: null, phone: null },
    age: p.age,
    sumInsuredForDeathCover: p.death,
    sumInsuredForDisabilityCover: p.disability,
    services: p.services,
    questionnaire: null,
    beneficiaries: p.beneficiaries,
    estimation,
    edition,
  });
  return { model, estimation };
}

describe("the demands-and-needs statement", () => {
  it("is the facts the customer gave, nothing more: the disability cover none when zero, the term to the first age a contract does not renew at", () => {
    const facts: NeedsFacts = { age: 40, sumInsuredForDeathCover: 150_000, sumInsuredForDisabilityCover: 0, services: ["TELEMED"], beneficiaries: [person, company], premiumCents: 2_345 };
    expect(demandsAndNeeds(facts)).toEqual({
      death: { sumInsured: 150_000, beneficiaries: [{ name: "Jaan Tamm", sharePercent: 60 }, { name: "Näidis OÜ", sharePercent: 40 }] },
      disability: null,
      services: ["TELEMED"],
      term: { age: 40, untilAge: LAST_RENEWAL_AGE + 1 },
      premiumCents: 2_345,
    });
    expect(demandsAndNeeds({ ...facts, sumInsuredForDisabilityCover: 10_000 }).disability).toBe(10_000);
  });

  for (const p of PACKAGES) {
    for (const language of LANGUAGES) {
      it(`is on the application, consistent with its figures: ${p.kind}, in ${language}`, () => {
        const { model, estimation } = application(p, language, APPLICATION_EDITION);
        const t = docTranslator(language);
        const text = statement(model).join("\n");
        expect(text).toContain(t("needs.heading"));
        // The life cover and each beneficiary named with their share.
        expect(text).toContain(formatWholeMoney(p.death));
        for (const b of p.beneficiaries) expect(text).toContain(`${b.type === "P" ? `${b.firstName} ` : ""}${b.name} ${b.sharePercent}%`);
        // The disability cover, or that none was chosen.
        if (p.disability > 0) expect(text).toContain(formatWholeMoney(p.disability));
        else expect(text).toContain(t("needs.disability.none"));
        // The services by their names, or none.
        if (p.services.length === 0) expect(text).toContain(t("needs.services.none"));
        for (const code of p.services) expect(text).toContain(catalogueService(code)!.texts[language].name);
        // The age, the first age not renewed at, the monthly premium the application's price states.
        expect(text).toContain(t("needs.term", { age: p.age, until: LAST_RENEWAL_AGE + 1 }));
        expect(text).toContain(String(LAST_RENEWAL_AGE + 1));
        expect(text).toContain(euro(estimation.premiumTotal, language));
        // The contract is the choices, and no advice is given.
        expect(text).toContain(t("needs.consistent"));
        expect(text).toContain(t("needs.advice"));
      });
    }
  }

  // A policy signed before decision 0296 signed an application without it; its web version is
  // drawn as that edition (docs/decisions/0300): the same document up to the statement, no more.
  for (const language of LANGUAGES) {
    it(`is not on an application drawn as an edition before it, in ${language}`, () => {
      expect(APPLICATION_EDITION_ADDED.needs).toBeGreaterThan(FIRST_APPLICATION_EDITION);
      const current = application(PACKAGES[1]!, language, APPLICATION_EDITION).model.blocks;
      const first = application(PACKAGES[1]!, language, FIRST_APPLICATION_EDITION).model.blocks;
      const at = current.findIndex((b) => b.kind === "heading" && b.id === "needs");
      expect(at).toBeGreaterThan(0);
      expect(first).toEqual(current.slice(0, at));
      expect(first.flatMap(textOf).join("\n")).not.toContain(docTranslator(language)("needs.advice"));
    });
  }

  it("says no advice is given, in each language, in words a customer reads", () => {
    expect(docTranslator("et")("needs.advice")).toMatch(/ega anna isiklikku soovitust/);
    expect(docTranslator("en")("needs.advice")).toMatch(/no personal recommendation/);
    expect(docTranslator("ru")("needs.advice")).toMatch(/не даём личных рекомендаций/);
    // Estonian addresses the customer as "sina".
    for (const key of ["needs.intro", "needs.death", "needs.advice"] as const) expect(docTranslator("et")(key)).not.toMatch(/\b(teie|Teie|te)\b/);
  });
});
