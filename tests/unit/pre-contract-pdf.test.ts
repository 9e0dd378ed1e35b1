/**
 * The pre-contract information's PDF is one A4 page (docs/decisions/0092), as an insurance
 * product information document is, in every language: the public version, and a customer's own
 * on two at its longest (every health service, a wellness score and a cover lowered at later
 * renewals, the most rows the price part has, a long name) since it states the payment, the
 * tax, the law and the solvency report too (docs/decisions/0296).
 */
import { describe, expect, it } from "vitest";
import { demoInsurer } from "~/core/config";
import { contractTerm, premiumByAge } from "~/core/contract-term";
import { conditionsModel, docTranslator, preContractModel, renderPdf, type PreContractDocument } from "~/core/documents/index";
import { estimate, SERVICE_PRICES_CENTS } from "~/core/pricing";
import type { ServiceCode } from "~/lib/limits";
import { pdfText } from "../support/pdf-text";
import { pdfInfo } from "../support/poppler";

const LANGUAGES = ["et", "en", "ru"] as const;
/** Embedding the fonts and reading the text back takes seconds on a busy machine. */
const RENDER_TIMEOUT = 30_000;
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");

function longest(): NonNullable<PreContractDocument["personal"]> {
  const services = Object.keys(SERVICE_PRICES_CENTS) as ServiceCode[];
  // 400 000 is above the maximum from 40 on: the table's later rows are lowered covers.
  const cover = { sumInsuredForDeathCover: 400_000, sumInsuredForDisabilityCover: 100_000, services };
  const current = estimate({ age: 38, ...cover, wellnessScore: 80, smoker: false });
  const ageTable = premiumByAge({ dateOfBirth: "1988-01-01", startDate: "2026-03-11", current, age: 38, cover, wellnessScore: 80, smoker: false });
  expect(ageTable.filter((row) => row.cover?.reduced)).toHaveLength(4);
  return { name: "Maria-Magdaleena Ööbikuvälja-Kuusemäe", sumInsuredForDeathCover: 400_000, sumInsuredForDisabilityCover: 100_000, estimation: current, ageTable };
}

async function render(language: (typeof LANGUAGES)[number], personal: PreContractDocument["personal"]) {
  const model = preContractModel({
    language,
    at: new Date("2026-03-10T10:00:00Z"),
    date: "2026-03-10",
    insurer: demoInsurer(),
    dueDays: 14,
    term: contractTerm("2026-03-11", { by: "signing", on: "2026-03-10" }, null),
    personal,
  });
  const bytes = await renderPdf(model);
  return { model, bytes, info: await pdfInfo(bytes) };
}

describe("the pre-contract information's PDF", () => {
  for (const language of LANGUAGES) {
    for (const version of ["public", "personal"] as const) {
      // The public version is one page; a customer's own, at its longest, runs onto a second since the
      // payment, tax, law and report were added (Solvency II art. 185, docs/decisions/0296).
      it(`is ${version === "public" ? "one A4 page" : "at most two A4 pages"} with every section: ${version} version in ${language}`, async () => {
        const { model, bytes, info } = await render(language, version === "personal" ? longest() : null);
        expect(Number(info.Pages)).toBeLessThanOrEqual(version === "public" ? 1 : 2);
        expect(info["Page size"]).toMatch(/^595\.28 x 841\.89 pts \(A4\)$/);
        // Nothing of the model is left out to make it fit: every heading and the last block's last item are on the page.
        const text = flat(await pdfText(bytes));
        for (const block of model.blocks) if (block.kind === "heading") expect(text).toContain(flat(block.text));
        expect(text).toContain(flat(docTranslator(language)("precontract.complaints.court")));
      }, RENDER_TIMEOUT);
    }
  }

  it("would not fit one page in the standard layout: the compact layout is what makes it fit", async () => {
    const { model } = await render("ru", longest());
    const standard = await pdfInfo(await renderPdf({ ...model, layout: "standard" }));
    expect(Number(standard.Pages)).toBeGreaterThan(1);
  }, RENDER_TIMEOUT);
});

describe("the insurer's addresses", () => {
  it("names INSURER_CONTRACT_EMAIL's address for a withdrawal and a cancellation, the complaints address for complaints", () => {
    const insurer = { ...demoInsurer(), contractEmail: "leping@elukaitse.ee" };
    const at = new Date("2026-03-10T10:00:00Z");
    const text = (blocks: unknown) => JSON.stringify(blocks);
    const precontract = text(preContractModel({ language: "en", at, date: "2026-03-10", insurer, dueDays: 14, term: contractTerm("2026-03-11", { by: "signing", on: "2026-03-10" }, null), personal: null }).blocks);
    expect(precontract).toMatch(/You may withdraw within 30 days [^"]*by writing to leping@elukaitse\.ee/);
    expect(precontract).toContain("kaebused@elukaitse.ee");
    const conditions = text(conditionsModel({ language: "en", at, date: "2026-03-10", insurer, dueDays: 14 }).blocks);
    expect(conditions).toContain("or by writing to leping@elukaitse.ee.");
  });
});
