/**
 * Wording a careful customer checked (issue 23): one Russian term for the wellness score, and
 * units written in the document's language.
 */
import { describe, expect, it } from "vitest";
import { applicationModel, docTranslator, invoiceModel, type DocBlock } from "~/core/documents/index";
import { invoiceLines } from "~/core/invoices";
import { createTranslator } from "~/i18n/translator";
import { issuedInvoice } from "../support/invoice";
import { estimate } from "~/core/pricing";
import { APPLICATION_EDITION } from "~/core/documents/application-editions";
import { formatMoney, type Language } from "~/lib/euro";
import { resources } from "~/i18n/i18next.server";
import type { BeneficiaryValues } from "~/lib/beneficiaries-schema";

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

/** The application of a customer of 36 with a life cover alone, 168 cm and 64,5 kg, naming `beneficiaries`. */
const application = (language: Language, beneficiaries: BeneficiaryValues[] = []) =>
  applicationModel({
    language,
    at: new Date("2026-05-01T08:00:00Z"),
    date: "2026-05-01",
    customer: { firstName: "Юлия", lastName: "Петрова", personalCode: "49005150229", dateOfBirth: "1990-05-15", email: null, phone: null },
    age: 36,
    sumInsuredForDeathCover: 100_000,
    sumInsuredForDisabilityCover: 0,
    services: [],
    questionnaire: { type: "UW_L1", height: 168, weight: 64.5, content: {} },
    beneficiaries,
    estimation: estimate({ age: 36, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 0, services: [], wellnessScore: null, smoker: false }),
    edition: APPLICATION_EDITION,
  });

describe("units in the application document", () => {
  const body = (language: Language) => application(language).blocks.flatMap((b: DocBlock) => (b.kind === "fields" ? b.rows : []));

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

/** The Estonian, English and Russian strings as the pages and documents read them. */
const strings = (language: Language) => Object.entries(resources[language].common as Record<string, string>);
// The account step's source of funds (anti-money-laundering) names dividends as income: not the discount.
const SOURCE_OF_FUNDS = "account.sourceOfFunds.DIVIDENDS";

describe("the wellness discount (decision 0297)", () => {
  // One name per language, the plain word a discount is: never a dividend (a share of profit) nor a bonus.
  const OTHER_NAMES = {
    et: /dividend|boonus|allahindlus|tervisesoodustus/iu,
    en: /dividend|bonus|health discount/iu,
    ru: /дивиденд|бонус|скидк\p{L}* за здоровье/iu,
  } as const;
  const NAME = { et: /heaolusoodustus/iu, en: /wellness discount/iu, ru: /скидк\p{L}* за благополучие/iu } as const;

  it.each(["et", "en", "ru"] as const)("has no other name in %s", (language) => {
    const other = strings(language).filter(([key, text]) => key !== SOURCE_OF_FUNDS && OTHER_NAMES[language].test(text));
    expect(other.map(([key]) => key)).toEqual([]);
  });

  it.each(["et", "en", "ru"] as const)("is named so by every label of it in %s: the package, the offer, the documents, the schedule, the score list", (language) => {
    const t = Object.fromEntries(strings(language));
    const labels = [
      "package.estimate.discount",
      "offer.breakdown.part.healthDividends",
      "doc.premium.discount",
      "doc.invoice.discount",
      "billing_schedule.discount",
      "billing_schedule.periods.caption",
      "self_service.score.discount",
    ];
    for (const key of labels) expect(t[key], key).toMatch(NAME[language]);
  });
});

describe("the wellness discount's percent", () => {
  // The package step wrote "(14 %)", every other screen and document "14%"; the invoice wrote its
  // line "Wellness discount 14%" where the policy and the application wrote "Wellness discount
  // (10%)", so the two documents' discounts read as two things. One notation, one label.
  it.each(["et", "en", "ru"] as const)("is written as its number and % with no space between them in %s", (language) => {
    const spaced = strings(language).filter(([, text]) => /(\}\}|\d)[\s\u00a0\u202f]+%/u.test(text));
    expect(spaced.map(([key]) => key)).toEqual([]);
  });

  it.each(["et", "en", "ru"] as const)("is labelled alike on the package's estimate, the offer's documents and the invoice (%s)", (language) => {
    const name = (labels: string[]) => labels.find((label) => label.startsWith(docTranslator(language)("doc.premium.discount")));
    // A score of 82 is a discount of 14 %.
    const estimation = estimate({ age: 36, sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 0, services: [], wellnessScore: 82, smoker: false });
    expect(estimation.wellnessDiscountPercent).toBe(14);
    const application = applicationModel({
      language,
      at: new Date("2026-05-01T08:00:00Z"),
      date: "2026-05-01",
      customer: { firstName: "Mari", lastName: "Maasikas", personalCode: "49005150229", dateOfBirth: "1990-05-15", email: null, phone: null },
      age: 36,
      sumInsuredForDeathCover: 100_000,
      sumInsuredForDisabilityCover: 0,
      services: [],
      questionnaire: null,
      beneficiaries: [],
      estimation,
      edition: APPLICATION_EDITION,
    });
    const invoice = issuedInvoice({
      policyId: 9,
      date: "2026-12-31",
      discountPercent: 14,
      lines: invoiceLines(estimation, 14),
      customer: { firstName: "Mari", lastName: "Maasikas", personalCode: "49005150229" },
      issuedAt: "2026-12-31T08:00:00.000Z",
    });
    const rows = (blocks: DocBlock[]) => blocks.flatMap((b) => (b.kind === "table" ? b.rows.map((row) => row[0]) : []));
    const onPackage = createTranslator(language, resources[language].common as Record<string, string>)("package.estimate.discount", { percent: 14 });
    expect(name(rows(application.blocks))).toBe(onPackage);
    expect(name(rows(invoiceModel({ language, invoice }).blocks))).toBe(onPackage);
    expect(onPackage).toMatch(/\(14%\)$/u);
  });
});

describe("the currency (decision 0297)", () => {
  // The euro sign after the amount in every language; the code "EUR" only where a standard needs it
  // (the EPC QR payload, the /api's ISO 4217 field), never in what the customer reads. The package's
  // typed inputs say their unit in words, without an amount ("eurodes", "in euro", "в евро").
  const UNIT_IN_WORDS = ["package.death.typed", "package.disability.typed"];

  it.each(["et", "en", "ru"] as const)("is written € in %s, never EUR, eurot or евро", (language) => {
    const words = strings(language).filter(([key, text]) => !UNIT_IN_WORDS.includes(key) && /(?<!\p{L})(EUR|eurot?|euros?|евро)(?!\p{L})/iu.test(text));
    expect(words.map(([key]) => key)).toEqual([]);
  });

  it.each([
    ["et", "1\u00a0234,56\u00a0€"],
    ["en", "1,234.56\u00a0€"],
    ["ru", "1\u00a0234,56\u00a0€"],
  ] as const)("follows the amount in the one money format (%s)", (language, text) => {
    expect(formatMoney(123456, language)).toBe(text);
  });
});

describe("Estonian addresses the customer as «sina» (decision 0297)", () => {
  const et = strings("et").map(([key, text]) => [key, text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, " ")] as const);
  const words = (pattern: RegExp) => et.filter(([, text]) => pattern.test(text)).map(([key]) => key);

  it("never with «teie», «te», «teid», «teil» or «teile»", () => {
    expect(words(/(?<!\p{L})(teie|te|teid|teil|teile|teilt|teiega|teisse)(?!\p{L})/iu)).toEqual([]);
  });

  it("never in the plural's verb forms («olete», «võite», «valite», «näete»)", () => {
    const plural = /(?<!\p{L})(olete|olite|saate|saite|võite|peate|soovite|näete|valite|kasutate|kinnitate|nimetate|ütlete|logite|liitusite|teate|tahate|leiate|vajate|maksate|sisestate|allkirjastate)(?!\p{L})/iu;
    expect(words(plural)).toEqual([]);
  });

  it("never with the plural imperative «-ge»/«-ke» («Kirjutage», «lugege», «pöörduge»)", () => {
    // The words of the texts that end so and are no imperative of the plural.
    const NOT_IMPERATIVE = new Set(["sulge", "selge", "lühike", "linnuke", "väike", "õige", "kõrge", "kõige", "hetke", "lehekülge", "märke", "juhtmärke", "punkte", "mitte", "kirjavahemärke"]);
    const found = et.flatMap(([key, text]) =>
      (text.match(/\p{L}+(ge|ke)(?!\p{L})/giu) ?? []).filter((word) => !NOT_IMPERATIVE.has(word.toLowerCase())).map((word) => `${key}: ${word}`),
    );
    expect(found).toEqual([]);
  });
});

describe("the contract's terms in Russian, one name each", () => {
  // What the contract, the documents and the pages name is a legal term: read under two names it
  // reads as two things. The Russian of each is the one most strings used.
  const ru = strings("ru").map(([key, text]) => [key, text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, " ")] as const);
  const keysSaying = (pattern: RegExp) => ru.filter(([, text]) => pattern.test(text)).map(([key]) => key);

  it.each([
    // The application (document and process): «заявление», never «заявка».
    ["the application", /(?<!\p{L})заявк/iu],
    // The cover: «страховая защита», never «покрытие».
    ["the cover", /(?<!\p{L})(страхов\p{L}*\s+)?покрыти/iu],
    // The credit note: «кредитовый счёт», never «кредитный счёт» (a credit account).
    ["the credit note", /(?<!\p{L})кредитн\p{L}*\s+сч/iu],
    // Disability insurance: «страхование нетрудоспособности», never «…трудоспособности».
    ["disability insurance", /страховани\p{L}*\s+(жизни\s+и\s+)?трудоспособност/iu],
    // The activity tracker: «трекер активности», never «монитор».
    ["the activity tracker", /(?<!\p{L})монитор/iu],
    // The policy year: «страховой год», never «год полиса».
    ["the policy year", /(?<!\p{L})год\p{L}*\s+полиса/iu],
    // A beneficiary is a «физическое лицо» or a «компания», as the form names them.
    ["a beneficiary's type", /(?<!\p{L})(частн\p{L}*\s+лиц|предприяти)/iu],
    // Signing up again is «оформить» as the sign-up is «оформление», never «присоединиться».
    ["signing up", /(?<!\p{L})присоедин/iu],
  ])("names %s one way", (_term, other) => {
    expect(keysSaying(other)).toEqual([]);
  });

  it("names the account step as its indicator does, wherever a text points to it", () => {
    const t = Object.fromEntries(ru);
    const step = t["steps.account"];
    expect(step).toBe("Учётная запись");
    const pointing = ru.filter(([, text]) => /на шаге «|шаг\p{L}* учётной записи|шаг\p{L}* «/iu.test(text));
    expect(pointing.length).toBeGreaterThanOrEqual(5);
    for (const [key, text] of pointing) expect(text, key).toContain(`«${step}»`);
  });
});

describe("a percentage", () => {
  // Written one way on every screen and document: the number, then "%" with no space ("16%"), as
  // the offer, the documents and the score list write it; "16 %" on the package's estimate and
  // the quote beside "(−16%)" on the offer read as two formats (and English never spaces it).
  it.each(["et", "en", "ru"] as const)("has no space before its sign in %s", (language) => {
    const spaced = strings(language).filter(([, text]) => /(\d|\}\})[\s\u00a0]+%/u.test(text));
    expect(spaced.map(([key]) => key)).toEqual([]);
  });
});

describe("the contract in English", () => {
  // The insurance contract is "the contract" in the conditions, the pre-contract information, the
  // policy and self-service; the offer and the confirmation called the same thing "the agreement".
  it("is called the contract, never the agreement", () => {
    expect(strings("en").filter(([, text]) => /(?<!\p{L})agreements?(?!\p{L})/iu.test(text)).map(([key]) => key)).toEqual([]);
  });
});

describe("signing in and out in English", () => {
  // "Sign in" on the login page, so "Sign out" on the button that ends it: the header said "Log out".
  it("says sign in and sign out, never log in or log out", () => {
    expect(strings("en").filter(([, text]) => /(?<!\p{L})log(?:ged|ging|s)?[\s-]?(?:in|out)(?!\p{L})/iu.test(text)).map(([key]) => key)).toEqual([]);
  });
});

describe("the signed application in Estonian", () => {
  // The document signed at sign-up is the «kindlustustaotlus» (its title) or «taotlus»; «avaldus» is
  // the statement of a change of beneficiaries only. Three texts about a withdrawn contract's health
  // data called the signed application «allkirjastatud avaldus».
  // The insurance tab's and the data log's link to it keep SPEC.md's "application statement"
  // («Avalduse kinnitus»): which name the link takes is the product's (decision 0348, left for a human).
  const LINK_NAMES = ["self_service.documents.application", "my_data.what.application"];

  it("is a «taotlus», an «avaldus» only when it changes the beneficiaries", () => {
    const other = strings("et").filter(([key, text]) => /avaldus/iu.test(text) && !/^(beneficiary_change|doc\.change)\./.test(key) && !LINK_NAMES.includes(key));
    expect(other.map(([key]) => key)).toEqual([]);
  });
});

describe("the documents' table of beneficiaries", () => {
  // A company is named with its registry code: the table's header said "Isikukood" / "Personal
  // identification code" / "Личный код" above "12345678" of "Tamme Kodu OÜ (Ettevõte)".
  const header = (language: Language) => {
    const model = application(language, [
      { type: "P", firstName: "Jaan", name: "Tamm", idCode: "38503020139", sharePercent: 60, email: "jaan@example.com", phone: "+372 5123 4567" },
      { type: "C", firstName: null, name: "Tamme Kodu OÜ", idCode: "12345678", sharePercent: 40, email: "info@example.com", phone: "+372 600 1234" },
    ]);
    const table = model.blocks.find((b: DocBlock) => b.kind === "table" && b.rows.some((row) => row.includes("12345678")));
    return table?.kind === "table" ? table.header : undefined;
  };

  it.each([
    ["et", "Nimi", "Isiku- või registrikood"],
    ["en", "Name", "Personal or registry code"],
    ["ru", "Имя или название", "Личный или регистрационный код"],
  ] as const)("heads the code column with both codes in %s, a person's and a company's", (language, name, code) => {
    expect(header(language)?.slice(0, 2)).toEqual([name, code]);
  });
});

describe("the contract's terms in Estonian, one name each", () => {
  // What the contract, the documents and the pages name is a legal term: read under two names it
  // reads as two things. The Estonian of each is the word of the law (Võlaõigusseadus) or the one
  // most strings used.
  const et = strings("et").map(([key, text]) => [key, text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, " ")] as const);
  const keysSaying = (pattern: RegExp) => et.filter(([, text]) => pattern.test(text)).map(([key]) => key);

  it.each([
    // The policy year is the «kindlustusaasta», never «poliisiaasta» or «lepinguaasta».
    ["the policy year", /(poliisi|lepingu)aasta/iu],
    // The customer's cancelling is «üles öelda» / «ülesütlemine» (VÕS § 195, 537); «lõpetama» is
    // the ending of either kind (withdrawal or cancellation) only, never what renewal waits for.
    ["cancelling before the renewal", /lepingut (ei )?lõpeta(?!\p{L})|võid lepingu (enne seda )?lõpetada|^Lõpetamine$|Lõpetada saab/iu],
    // The sums insured are «kindlustussummad», never «kaitsesummad».
    ["the sums insured", /kaitsesumm/iu],
    // Withdrawing or taking back an application needs no reason: «põhjust esitamata», the wording
    // of the pre-contract information and the policy, never «põhjust andmata».
    ["no reason needed", /põhjust andmata/iu],
    // The source of funds is «raha päritolu» as the account step asks it.
    ["the source of funds", /vahendite päritolu/iu],
    // The lowered cover is «vähendatud», as the table's other row says.
    ["the lowered cover", /alandatud/iu],
  ])("names %s one way", (_term, other) => {
    expect(keysSaying(other)).toEqual([]);
  });

  it("links to cancelling by the name of its page («Lepingu ülesütlemine»)", () => {
    const t = Object.fromEntries(strings("et"));
    expect(t["privacy.link.cancel"]).toBe(t["withdrawal.heading.cancellation"]);
    expect(t["term.cancel"]).toBe("Ülesütlemine");
  });

  it("says an age with its «-aastane» («65-aastane või vanem», never «65 või vanem»)", () => {
    expect(strings("et").filter(([, text]) => /(\d|\}\})\s+või\s+vanem(?!\s+kui)/iu.test(text)).map(([key]) => key)).toEqual([]);
  });

  it("writes an amount of nothing as an amount («0 € või 5 000 € kuni …», as the package does)", () => {
    for (const language of ["et", "en", "ru"] as const) expect(Object.fromEntries(strings(language))["precontract.insured.limits"], language).toMatch(/ 0\s€ /u);
  });

  it("names the authorities and the laws as they are called", () => {
    const t = Object.fromEntries(strings("et"));
    // The conciliation body is the one at the Eesti Kindlustusseltside Liit (the Liit is not the
    // body); the consumer disputes committee by its name («tarbijavaidluste komisjon»).
    expect(t["precontract.complaints.conciliation"]).toMatch(/Eesti Kindlustusseltside Liidu juures tegutsev\p{L}* lepitusorgan/u);
    expect(t["precontract.complaints.conciliation"]).toContain("tarbijavaidluste komisjoni");
    // The anti-money-laundering law by its name.
    expect(t["account.occupation.info"]).toContain("rahapesu ja terrorismi rahastamise tõkestamise seaduse");
    // The GDPR is named before its abbreviation, and its articles cited the Estonian way
    // («art 6 lg 1 p b», as «art 17 lg 3 p e» already was), never «art 6(1)(b)».
    expect(t["privacy.purposes.contract"]).toContain("isikuandmete kaitse üldmääruse (IKÜM) art 6 lg 1 p b");
    expect(keysSaying(/art\s+\d+\(\d/u)).toEqual([]);
  });

  it("quotes with „…“, never „…” (the English closing mark)", () => {
    expect(keysSaying(/”/u)).toEqual([]);
    for (const [key, text] of et) expect((text.match(/„/gu) ?? []).length, key).toBe((text.match(/“/gu) ?? []).length);
  });

  it("writes compounds together («demoteenus», as «demokeskkond»)", () => {
    expect(keysSaying(/(?<!\p{L})demo-\p{L}/iu)).toEqual([]);
  });

  it("tells when a cancelled contract's cover ends in one sentence that cannot be misread", () => {
    // «kehtib kalendrikuu lõpus jooksva arveldusperioodi lõpuni» read as "the cover holds at the
    // month's end": the cover holds to the end of the billing period running at the end of the
    // calendar month in which the contract is cancelled.
    expect(keysSaying(/kuu lõpus jooksva arveldusperioodi/iu)).toEqual([]);
    const t = Object.fromEntries(strings("et"));
    for (const key of ["withdrawal.section.cancellation", "withdrawal.summary.cancellation"]) expect(t[key], key).toMatch(/arveldusperioodi lõpuni, mis on käimas ülesütlemise kalendrikuu lõpus/u);
  });
});

describe("the sums insured", () => {
  // The offer's summary said «Elukindlustuse kaitse» / "Life protection" beside the application it
  // signs, which says «Surmajuhtumi kindlustussumma» / "Sum insured on death" of the same amount;
  // self-service's English said "Life insurance sum". One label for each sum, where it is shown.
  it.each(["et", "en", "ru"] as const)("are labelled as the documents label them on the offer and in self-service (%s)", (language) => {
    const t = Object.fromEntries(strings(language));
    for (const key of ["offer.deathCover", "self_service.insurance.death"]) expect(t[key], key).toBe(t["doc.deathCover"]);
    for (const key of ["offer.disabilityCover", "self_service.insurance.disability"]) expect(t[key], key).toBe(t["doc.disabilityCover"]);
  });
});

describe("the score's count of answers in Estonian", () => {
  // «Vastatud 1 küsimust 12-st» put the one answer in the plural's partitive («1 küsimus» it is):
  // the count is written as a label and its numbers, as Russian already did, right for any number;
  // the total after "kokku", not a slash (heard "kaldkriips").
  it.each(["score.progress", "score.confirm.count"])("agrees with one answer as with many (%s)", (key) => {
    const t = createTranslator("et", resources.et.common as Record<string, string>);
    for (const answered of [0, 1, 2, 12]) expect(t(key as never, { answered, total: 12 })).toBe(`Vastatud küsimusi: ${answered}, kokku 12.`);
  });
});

describe("Estonian punctuation and case inside a sentence", () => {
  const t = Object.fromEntries(strings("et"));

  it("sets a dash off with the en dash «–», never the em dash «—»", () => {
    expect(strings("et").filter(([, text]) => /—/u.test(text)).map(([key]) => key)).toEqual([]);
  });

  it.each(["et", "en", "ru"] as const)("writes a beneficiary's kind after the name in lower case, «Mari Tamm (eraisik)» (%s)", (language) => {
    const own = Object.fromEntries(strings(language));
    for (const key of ["doc.beneficiary.P", "doc.beneficiary.C"]) expect(own[key], key).toBe(own[key].toLowerCase());
    expect(t["doc.beneficiary.P"]).toBe("eraisik");
  });
});

describe("a count heard in Estonian", () => {
  const et = resources.et.common as Record<string, string>;
  const en = resources.en.common as Record<string, string>;
  // "{{n}} of {{total}}" in English: where a screen reader read the Estonian "2 / 6" as "two slash six".
  const counts = Object.keys(en).filter((key) => /\{\{\w+\}\} of \{\{\w+\}\}/.test(en[key]));

  it("says the total in words, never with a slash between the numbers", () => {
    expect(counts.length).toBeGreaterThanOrEqual(4);
    expect(counts.filter((key) => /\{\{\w+\}\}\s*\/\s*\{\{\w+\}\}/.test(et[key])).map((key) => `${key}: ${et[key]}`)).toEqual([]);
  });
});

describe("a range heard in Estonian", () => {
  const et = resources.et.common as Record<string, string>;
  const en = resources.en.common as Record<string, string>;
  // English says "from 1 to 100"; the Estonian "1–100" was heard "üks sada" (the dash is not
  // spoken at the default punctuation level): a range says "kuni", as the package's already did.
  const ranges = Object.keys(en).filter((key) => /(\b\d[\d ]*|\{\{\w+\}\}) to (\d|\{\{\w+\}\})/.test(en[key]));

  it("says «kuni» between its ends, never a dash", () => {
    expect(ranges.length).toBeGreaterThanOrEqual(10);
    expect(ranges.filter((key) => /(\d|\}\})\s*[–-]\s*(\d|\{\{)/.test(et[key])).map((key) => `${key}: ${et[key]}`)).toEqual([]);
  });
});

describe("a slider's name", () => {
  // The role is said after the name ("…, slider"): a name ending in "liugur" was heard
  // "Elukindlustuse kaitse liugur, slider", the role twice in two words.
  const ROLE = { et: /liugur/i, en: /slider/i, ru: /ползун/i } as const;
  const NAMES = ["package.death.range", "package.disability.range", "score.slider.range"];

  it.each(["et", "en", "ru"] as const)("does not say the role in %s", (language) => {
    const strings = resources[language].common as Record<string, string>;
    for (const key of NAMES) expect(strings[key], key).toBeTypeOf("string");
    expect(NAMES.filter((key) => ROLE[language].test(strings[key])).map((key) => `${key}: ${strings[key]}`)).toEqual([]);
  });
});
