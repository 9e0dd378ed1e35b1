/** The beneficiary change's document and the policy version's title (docs/decisions/0145), in the three languages. */
import { describe, expect, it } from "vitest";
import { storedList } from "~/core/beneficiary-change";
import { beneficiaryChangeModel, changeDocumentLabel, versionTitle } from "~/core/documents/policy-version";

const CUSTOMER = { firstName: "Jaan", lastName: "Tamm", personalCode: "38503020139", dateOfBirth: "1985-03-02", email: "jaan@example.com", phone: "+372 5123 4567" };
const OLD = [{ type: "P" as const, firstName: "Mari", name: "Tamm", idCode: "49005150229", sharePercent: 100, email: "mari@example.com", phone: "+372 5234 5678" }];
const NEW = [{ type: "C" as const, firstName: null, name: "Tamme Kodu OÜ", idCode: "12345678", sharePercent: 100, email: "info@example.com", phone: "+372 600 1234" }];

const model = (language: "et" | "en" | "ru") =>
  beneficiaryChangeModel({ language, at: new Date("2026-11-24T10:00:00Z"), date: "2026-11-24", policyNumber: "EK-7", customer: CUSTOMER, current: OLD, next: NEW });

describe("the beneficiary change document", () => {
  it("states the policy, the new beneficiaries before those so far, and that it takes effect when signed", () => {
    const et = model("et");
    expect(et.title).toBe("Soodustatud isikute muutmise avaldus");
    const headings = et.blocks.filter((b) => b.kind === "heading").map((b) => (b as { text: string }).text);
    expect(headings).toEqual(["Isikuandmed", "Uued soodustatud isikud", "Senised soodustatud isikud"]);
    const text = JSON.stringify(et.blocks);
    expect(text).toContain("EK-7");
    expect(text).toContain("jõustub selle avalduse digitaalse allkirjastamisega");
    expect(text.indexOf("Tamme Kodu OÜ")).toBeLessThan(text.indexOf("49005150229"));
    expect(model("en").title).toBe("Change of beneficiaries");
    expect(model("ru").title).toBe("Заявление об изменении выгодоприобретателей");
  });

  it("names a version's document and the demo signing page's link in each language", () => {
    expect(versionTitle("et", 2)).toBe("Kindlustuspoliis, versioon 2");
    expect(versionTitle("en", 2)).toBe("Insurance policy, version 2");
    expect(versionTitle("ru", 3)).toBe("Страховой полис, версия 3");
    expect(changeDocumentLabel("xx")).toBe(changeDocumentLabel("et"));
  });

  it("stores a list as the onboarding save does: trimmed, a company without a first name, the phone normalised", () => {
    expect(
      storedList([{ type: "C", firstName: "x", name: " Tamme Kodu OÜ ", idCode: " 12345678", sharePercent: 100, email: " info@example.com ", phone: "+372 600 1234 " }]),
    ).toEqual([{ type: "C", firstName: null, name: "Tamme Kodu OÜ", idCode: "12345678", sharePercent: 100, email: "info@example.com", phone: "+372 600 1234" }]);
  });
});
