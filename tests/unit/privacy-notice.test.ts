/**
 * The privacy notice (GDPR art. 13, docs/decisions/0292) states the app's own facts: the insurer
 * and its data protection officer from the configuration, the limits the automated decisions
 * apply from the constants that apply them, the providers that really receive data, what the app
 * really erases; every item art. 13 asks for in each language; and every page it sends a
 * customer to is one of the app's routes.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { demoInsurer, type Insurer } from "~/core/config";
import { DRAFT_TTL_MS } from "~/core/drafts";
import { docTranslator, type DocBlock, type DocModel } from "~/core/documents/index";
import { PRIVACY_PATHS, privacyNoticeModel, type PrivacyNoticeDocument } from "~/core/documents/privacy-notice";
import { MAX_WELLNESS_DISCOUNT_PERCENT } from "~/core/pricing";
import { BMI_INSURABLE } from "~/core/underwriting";
import { supportedLngs } from "~/i18n/options";
import type { Language } from "~/lib/euro";
import { MAX_AGE, MIN_AGE } from "~/lib/limits";
import { EUW_CIGARETTES_PER_DAY } from "~/lib/questionnaire-sets";
import { BENEFICIARIES_NOTICE_ID } from "~/lib/beneficiaries-fields";

const require = createRequire(import.meta.url);

const notice = (language: Language, change: Partial<PrivacyNoticeDocument> = {}): DocModel =>
  privacyNoticeModel({ language, at: new Date("2026-12-01T10:00:00Z"), date: "2026-12-01", insurer: demoInsurer(), eid: "demo", signing: "demo", integrations: true, ...change });
const text = (model: DocModel) => model.blocks.map((block) => JSON.stringify(block)).join(" ");
/** `n` as a number of its own (not a part of 2026 or 16.5). */
const states = (whole: string, n: number) => new RegExp(`(?<![\\d.,])${n}(?![\\d]|[.,]\\d)`).test(whole);
const links = (model: DocModel) => model.blocks.flatMap((block: DocBlock) => (block.kind === "links" ? block.items.flatMap((item) => item.links) : []));


/** An article of the GDPR as the language cites it: Estonian «art 6 lg 1 p b», the others "6(1)(b)". */
const cited = (language: string, basis: string) => (language === "et" ? basis.replace(/^(\d+)\((\d+)\)\((\w)\)$/, "$1 lg $2 p $3") : basis);

describe("the privacy notice", () => {
  it("names the controller and the data protection officer from the configuration", () => {
    const insurer: Insurer = { name: "Kindlustus AS", registryCode: "10060701", address: "Tartu mnt 1, 10145 Tallinn", licence: "4.1-1/12", complaintsEmail: "k@insurer.example", contractEmail: "k@insurer.example", dpoEmail: "dpo@insurer.example", sfcrUrl: "https://insurer.example/sfcr", taxInfoUrl: "https://insurer.example/tax" };
    for (const language of supportedLngs) {
      const t = docTranslator(language);
      const model = notice(language, { insurer });
      expect(model.blocks).toContainEqual({
        kind: "fields",
        rows: [
          { label: t("privacy.controller"), value: t("privacy.controller.value", { name: "Kindlustus AS", code: "10060701", address: "Tartu mnt 1, 10145 Tallinn" }) },
          { label: t("privacy.dpo"), value: "dpo@insurer.example" },
        ],
      });
      // Erasure, restriction, objection and a person's review are asked of the officer.
      expect(links(model)).toContainEqual({ text: "dpo@insurer.example", href: "mailto:dpo@insurer.example" });
      expect(text(model)).not.toContain("elukaitse");
    }
  });

  it("sends the rectification of data the app does not correct itself to the officer, in every language (docs/decisions/0310)", () => {
    const asks = { et: /parandamine/, en: /Rectification/, ru: /Исправление/ } as const;
    for (const language of supportedLngs) {
      const t = docTranslator(language);
      expect(t("privacy.rights.other"), language).toMatch(asks[language]);
      expect(links(notice(language))).toContainEqual({ text: t("privacy.link.contact"), href: "/self-service/user/contact" });
    }
  });

  it("states the limits the automated decisions apply and what the app erases, from their constants", () => {
    for (const language of supportedLngs) {
      const whole = text(notice(language));
      for (const n of [MIN_AGE, MAX_AGE, BMI_INSURABLE.min, BMI_INSURABLE.below, MAX_WELLNESS_DISCOUNT_PERCENT, EUW_CIGARETTES_PER_DAY, DRAFT_TTL_MS / 86_400_000]) {
        expect(states(whole, n), `${language} ${n}`).toBe(true);
      }
    }
  });

  it("lists as recipients the providers the configuration really sends data to", () => {
    for (const language of supportedLngs) {
      const t = docTranslator(language);
      const demo = text(notice(language));
      expect(demo).toContain(t("privacy.recipients.demo"));
      expect(demo).not.toContain("Dokobit");
      const real = text(notice(language, { eid: "dokobit", signing: "dokobit" }));
      expect(real).toContain(t("privacy.recipients.eid"));
      expect(real).toContain(t("privacy.recipients.signing"));
      expect(real).not.toContain(t("privacy.recipients.demo"));
      // The tag manager only with consent, and the health-service partners get nothing.
      expect(real).toContain(t("privacy.recipients.analytics"));
      expect(real).toContain(t("privacy.recipients.services"));
      // Without the integrations the measurement and the tracker are not processed.
      expect(text(notice(language, { integrations: false }))).not.toContain(t("privacy.purposes.measurement"));
    }
  });

  it("has every item GDPR art. 13 asks for, in each language", () => {
    const sections = [
      "privacy.controller.heading", // 13(1)(a)-(b): the controller and the data protection officer
      "privacy.purposes.heading", // 13(1)(c): purposes and legal bases
      "privacy.recipients.heading", // 13(1)(e)
      "privacy.transfers.heading", // 13(1)(f)
      "privacy.retention.heading", // 13(2)(a)
      "privacy.rights.heading", // 13(2)(b)-(d)
      "privacy.required.heading", // 13(2)(e)
      "privacy.automated.heading", // 13(2)(f)
      "privacy.beneficiaries.heading", // art. 14 for the people named as beneficiaries (decision 0316)
    ] as const;
    const texts = supportedLngs.map((language) => ({ language, model: notice(language), t: docTranslator(language) }));
    for (const { language, model, t } of texts) {
      expect(model.title).toBe(t("privacy.title"));
      expect(model.blocks.filter((b) => b.kind === "heading").map((b) => (b as { text: string }).text), language).toEqual(sections.map((key) => t(key)));
      const whole = text(model);
      // The legal bases per purpose (art. 6 and 9) and the automated decisions' (art. 22).
      for (const basis of ["6(1)(b)", "9(2)(a)", "6(1)(c)", "6(1)(a)", "6(1)(f)", "22(2)(a)"]) expect(whole, `${language} ${basis}`).toContain(cited(language, basis));
      // The supervisory authority by its own name and address.
      expect(whole).toContain("https://www.aki.ee");
      // The rights: access, portability, rectification, withdrawing consent, erasure, restriction, objection, complaint.
      for (const key of ["access", "portability", "rectification", "consent", "health", "other", "complaint"] as const) expect(whole).toContain(t(`privacy.rights.${key}`));
    }
    // Each language its own words, not a copy of another's.
    for (const key of sections) expect(new Set(texts.map(({ t }) => t(key))).size, key).toBe(3);
  });

  it("tells the people named as beneficiaries what GDPR art. 14 asks, in a section of its own (decision 0316)", () => {
    const insurer: Insurer = { ...demoInsurer(), dpoEmail: "dpo@insurer.example" };
    for (const language of supportedLngs) {
      const t = docTranslator(language);
      const model = notice(language, { insurer });
      const at = model.blocks.findIndex((block) => block.kind === "heading" && block.id === BENEFICIARIES_NOTICE_ID);
      // The anchor the beneficiaries' form links, on the section's own heading, the notice's last.
      expect(model.blocks[at], language).toEqual({ kind: "heading", text: t("privacy.beneficiaries.heading"), id: "beneficiaries" });
      const section = model.blocks.slice(at + 1);
      expect(section.some((block) => block.kind === "heading"), language).toBe(false);
      const whole = text({ ...model, blocks: section });
      // 14(2)(f) the source and 14(1)(d) the categories; 14(1)(c) the purposes and bases; 14(2)(a)
      // the retention, as the contract's (the section's heading named, not a period of its own);
      // 14(2)(g) no automated decision; how they are told (14(5)(b)).
      for (const key of ["source", "purpose", "retention", "told"] as const) expect(whole, `${language} ${key}`).toContain(t(`privacy.beneficiaries.${key}`, { section: t("privacy.retention.heading") }));
      expect(whole).toContain(t("privacy.retention.heading"));
      for (const basis of ["6(1)(f)", "6(1)(c)"]) expect(whole, `${language} ${basis}`).toContain(cited(language, basis));
      // 14(1)(b) and 14(2)(c)-(e): the rights through the configuration's officer, the complaint.
      expect(links({ ...model, blocks: section })).toEqual([
        { text: "dpo@insurer.example", href: "mailto:dpo@insurer.example" },
        { text: "www.aki.ee", href: "https://www.aki.ee" },
      ]);
      // 14(1)(e): the signing provider only when the configuration sends the signed documents to it.
      expect(whole).toContain(t("privacy.beneficiaries.recipients"));
      expect(whole).not.toContain("Dokobit");
      expect(text(notice(language, { signing: "dokobit" }))).toContain(t("privacy.beneficiaries.recipients.signing"));
    }
    // Each language its own words.
    for (const key of ["heading", "source", "purpose", "recipients", "recipients.signing", "retention", "told", "rights"] as const) {
      expect(new Set(supportedLngs.map((language) => docTranslator(language)(`privacy.beneficiaries.${key}`))).size, key).toBe(3);
    }
  });

  it("sends a customer only to pages the app has", () => {
    const { UNSAFE_flatRoutes: flatRoutes } = require("@remix-run/dev") as { UNSAFE_flatRoutes: (dir: string) => Record<string, { id: string; path?: string; parentId?: string }> };
    const { matchPath } = require("@remix-run/router") as { matchPath: (pattern: { path: string; end: boolean }, pathname: string) => unknown };
    const manifest = flatRoutes("app");
    const fullPath = (id: string): string => {
      const route = manifest[id];
      const parent = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
      return [parent, route.path ?? ""].filter(Boolean).join("/");
    };
    // Every route but the splat, which answers any address with a 404.
    const paths = Object.keys(manifest)
      .filter((id) => id !== "routes/$")
      .map((id) => `/${fullPath(id)}`);
    const inApp = links(notice("et")).filter((link) => link.href.startsWith("/"));
    // Every right's page is linked (some from more than one right).
    expect([...new Set(inApp.map((link) => link.href))].sort()).toEqual([...new Set(Object.values(PRIVACY_PATHS))].sort());
    for (const { href } of inApp) expect(paths.some((path) => matchPath({ path, end: true }, href) !== null), href).toBe(true);
    // The test itself: an address the app does not have is found missing.
    expect(paths.some((path) => matchPath({ path, end: true }, "/self-service/nowhere") !== null)).toBe(false);
  });
});
