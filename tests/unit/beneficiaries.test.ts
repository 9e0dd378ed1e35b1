import { parseWithZod } from "~/lib/form-parse";
import { describe, expect, it } from "vitest";
import { beneficiaryFailures, type BeneficiaryInput } from "~/core/beneficiaries";
import {
  beneficiariesSchema,
  capSharePercent,
  isShareTotalValid,
  MAX_BENEFICIARIES,
  sharesTotal,
} from "~/lib/beneficiaries-schema";
import { fieldPath } from "~/lib/fields";

const PERSON = { type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: "60", email: "mari@example.ee", phone: "+372 5555 1234" };
const COMPANY = { type: "C", firstName: "", name: "Näidis OÜ", idCode: "10123459", sharePercent: "40", email: "info@naidis.ee", phone: "+372 600 1234" };

/** Parses like the browser and the action do (conform over FormData with list names). */
function parseForm(rows: Array<Record<string, string | undefined>>) {
  const data = new FormData();
  rows.forEach((row, index) => {
    for (const [k, v] of Object.entries(row)) if (v !== undefined) data.append(`beneficiaries[${index}].${k}`, v);
  });
  return parseWithZod(data, { schema: beneficiariesSchema });
}

const errorsOf = (rows: Array<Record<string, string | undefined>>) => parseForm(rows).reply().error ?? {};

const asInput = (row: typeof PERSON | typeof COMPANY): BeneficiaryInput => ({ ...row, sharePercent: Number(row.sharePercent) });

describe("share percent as typed (SPEC.md section 5)", () => {
  it("keeps digits only, collapses a leading 0, allows 3 digits and drops a digit above 100", () => {
    const cases: Array<[string, string]> = [
      ["60", "60"],
      ["6a0", "60"],
      ["007", "0"],
      ["100", "100"],
      ["101", "10"],
      ["1000", "100"],
      ["999", "99"],
      ["250", "25"],
      ["", ""],
      ["-5", "5"],
    ];
    for (const [typed, kept] of cases) expect(capSharePercent(typed), typed).toBe(kept);
  });
});

describe("rule 'total'", () => {
  it("holds only when the shares add up to exactly 100", () => {
    expect(sharesTotal([60, 40])).toBe(100);
    expect(isShareTotalValid([60, 40])).toBe(true);
    expect(isShareTotalValid([100])).toBe(true);
    expect(isShareTotalValid([33, 33, 33])).toBe(false);
    expect(isShareTotalValid([60, 50])).toBe(false);
  });

  it("puts error.total on the list when every share is a number but the sum is not 100", () => {
    expect(errorsOf([PERSON, { ...COMPANY, sharePercent: "30" }])).toEqual({ beneficiaries: ["error.total"] });
    expect(errorsOf([{ ...PERSON, sharePercent: "99" }])).toEqual({ beneficiaries: ["error.total"] });
  });

  it("leaves the total alone while a share itself is missing or wrong", () => {
    expect(errorsOf([PERSON, { ...COMPANY, sharePercent: "" }])).toEqual({ "beneficiaries[1].sharePercent": ["error.required"] });
  });
});

describe("the beneficiaries form schema", () => {
  it("accepts a person and a company sharing 60/40", () => {
    const submission = parseForm([PERSON, COMPANY]);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.beneficiaries).toEqual([
      { ...PERSON, sharePercent: 60 },
      { ...COMPANY, sharePercent: 40 },
    ]);
  });

  it("shows every error at once: fields of several rows, duplicates and the total", () => {
    expect(
      errorsOf([
        { ...PERSON, email: "nope", sharePercent: "50" },
        { ...PERSON, phone: "+372 55", sharePercent: "20" },
      ]),
    ).toEqual({
      "beneficiaries[0].email": ["error.email"],
      "beneficiaries[1].idCode": ["error.duplicate"],
      "beneficiaries[1].phone": ["error.phone"],
      beneficiaries: ["error.total"],
    });
  });

  it("requires every field of a person", () => {
    expect(errorsOf([{ type: "P" }])).toEqual({
      "beneficiaries[0].firstName": ["error.required"],
      "beneficiaries[0].name": ["error.required"],
      "beneficiaries[0].idCode": ["error.required"],
      "beneficiaries[0].sharePercent": ["error.required"],
      "beneficiaries[0].email": ["error.required"],
      "beneficiaries[0].phone": ["error.required"],
    });
  });

  it("does not ask a company for a first name", () => {
    const errors = errorsOf([{ type: "C" }]);
    expect(errors["beneficiaries[0].firstName"]).toBeUndefined();
    expect(errors["beneficiaries[0].name"]).toEqual(["error.required"]);
  });

  it("takes a company's firstName as null, as the /api answers it; a person's null is a missing name", () => {
    // As /api's JSON reaches the schema (no form in between).
    const issues = (row: Record<string, unknown>) => {
      const result = beneficiariesSchema.safeParse({ beneficiaries: [{ ...row, sharePercent: 100 }] });
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(issues({ ...COMPANY, firstName: null })).toEqual([]);
    expect(issues({ ...PERSON, firstName: null })).toEqual(["beneficiaries.0.firstName: error.required"]);
    expect(issues({ ...PERSON, firstName: 5 })).toEqual(["beneficiaries.0.firstName: error.invalid"]);
  });

  it("requires a type, and only P or C", () => {
    expect(errorsOf([{ ...PERSON, type: undefined, sharePercent: "100" }])).toEqual({ "beneficiaries[0].type": ["error.required"] });
    expect(errorsOf([{ ...PERSON, type: "X", sharePercent: "100" }])).toEqual({ "beneficiaries[0].type": ["error.invalid"] });
  });

  it("checks a person's code with its checksum", () => {
    expect(errorsOf([{ ...PERSON, sharePercent: "100", idCode: "49005150228" }])).toEqual({ "beneficiaries[0].idCode": ["error.idCode"] });
    expect(errorsOf([{ ...PERSON, sharePercent: "100", idCode: "4900515022" }])).toEqual({ "beneficiaries[0].idCode": ["error.idCode"] });
    // Letters and hyphens are no personal code, cut to eleven characters or not (issue 23 item 9).
    for (const idCode of ["49a001-01234", "49a001-0123", "490051-50229", "4900515022a", "490051502290"]) {
      expect(errorsOf([{ ...PERSON, sharePercent: "100", idCode }]), idCode).toEqual({ "beneficiaries[0].idCode": ["error.idCode"] });
    }
    for (const valid of ["30303039914", "60001019906", "38503020139"]) {
      expect(parseForm([{ ...PERSON, sharePercent: "100", idCode: valid }]).status, valid).toBe("success");
    }
  });

  it("wants a company's registry code as exactly 8 digits", () => {
    const company = { ...COMPANY, sharePercent: "100" };
    expect(errorsOf([{ ...company, idCode: "1012345" }])).toEqual({ "beneficiaries[0].idCode": ["error.registryCode"] });
    expect(errorsOf([{ ...company, idCode: "101234597" }])).toEqual({ "beneficiaries[0].idCode": ["error.registryCode"] });
    expect(errorsOf([{ ...company, idCode: "1012345a" }])).toEqual({ "beneficiaries[0].idCode": ["error.registryCode"] });
    // A personal code is not a registry code, and the other way round.
    expect(errorsOf([{ ...company, idCode: "49005150229" }])).toEqual({ "beneficiaries[0].idCode": ["error.registryCode"] });
    expect(errorsOf([{ ...PERSON, sharePercent: "100", idCode: "10123459" }])).toEqual({ "beneficiaries[0].idCode": ["error.idCode"] });
  });

  it("wants a registry code's eighth digit its check digit: a code with another was never given (a typo)", () => {
    const company = { ...COMPANY, sharePercent: "100" };
    const typos = (code: string, positions: number[]) =>
      positions.flatMap((at) => [..."0123456789"].map((digit) => code.slice(0, at) + digit + code.slice(at + 1))).filter((typo) => typo !== code);
    // Swedbank's, the hint's example, the demo's; LHV Pank's (its first sum 10: the second weights) and one whose both sums are 10 (0).
    for (const valid of ["10060701", "10123459", "12345678", "10539549", "10000640"]) {
      expect(parseForm([{ ...company, idCode: valid }]).status, valid).toBe("success");
      for (const typo of typos(valid, [7])) expect(errorsOf([{ ...company, idCode: typo }]), typo).toEqual({ "beneficiaries[0].idCode": ["error.registryCode"] });
    }
    // Where the first weights decide, every one-digit typo anywhere is caught, and two neighbours swapped.
    for (const valid of ["10060701", "10123459", "12345678"]) {
      for (const typo of typos(valid, [0, 1, 2, 3, 4, 5, 6])) expect(errorsOf([{ ...company, idCode: typo }]), typo).toEqual({ "beneficiaries[0].idCode": ["error.registryCode"] });
    }
    expect(errorsOf([{ ...company, idCode: "10067001" }])).toEqual({ "beneficiaries[0].idCode": ["error.registryCode"] });
  });

  it("takes a share as a whole number from 1 to 100", () => {
    for (const bad of ["0", "101", "12.5", "abc", "1000", "-1"]) {
      expect(errorsOf([{ ...PERSON, sharePercent: bad }]), bad).toEqual({ "beneficiaries[0].sharePercent": ["error.sharePercent"] });
    }
    const json = beneficiariesSchema.safeParse({ beneficiaries: [{ ...PERSON, sharePercent: 99.5 }] });
    expect(json.success).toBe(false);
    expect(json.error?.issues.map((i) => [fieldPath(i.path), i.message])).toEqual([["beneficiaries[0].sharePercent", "error.sharePercent"]]);
  });

  it("takes a share of 1 %, the smallest", () => {
    expect(parseForm([{ ...PERSON, sharePercent: "99" }, { ...COMPANY, sharePercent: "1" }]).status).toBe("success");
    expect(beneficiariesSchema.safeParse({ beneficiaries: [{ ...PERSON, sharePercent: 99 }, { ...COMPANY, sharePercent: 1 }] }).success).toBe(true);
    expect(beneficiariesSchema.safeParse({ beneficiaries: [{ ...PERSON, sharePercent: 100 }, { ...COMPANY, sharePercent: 0 }] }).error?.issues.map((i) => [fieldPath(i.path), i.message])).toEqual([
      ["beneficiaries[1].sharePercent", "error.sharePercent"],
    ]);
  });

  it("takes names and an e-mail address at their longest and refuses one character more", () => {
    const email = (length: number) => `${"a".repeat(length - 11)}@example.ee`;
    const lengths = { firstName: ["Ä".repeat(200), "Ä".repeat(201)], name: ["Ä".repeat(200), "Ä".repeat(201)], email: [email(254), email(255)] };
    for (const [field, [longest, tooLong]] of Object.entries(lengths)) {
      expect(parseForm([{ ...PERSON, sharePercent: "100", [field]: longest }]).status, field).toBe("success");
      expect(errorsOf([{ ...PERSON, sharePercent: "100", [field]: tooLong }]), field).toEqual({ [`beneficiaries[0].${field}`]: ["error.too_long"] });
    }
  });

  it("applies the phone rules of the account form", () => {
    const submission = parseForm([{ ...PERSON, sharePercent: "100", phone: "372 5555-1234 -" }]);
    expect(submission.status === "success" && submission.value.beneficiaries[0].phone).toBe("+372 5555-1234");
    expect(errorsOf([{ ...PERSON, sharePercent: "100", phone: "+372 " }])).toEqual({ "beneficiaries[0].phone": ["error.required"] });
    expect(errorsOf([{ ...PERSON, sharePercent: "100", phone: "+372 55" }])).toEqual({ "beneficiaries[0].phone": ["error.phone"] });
  });

  it("wants an email address in the right shape", () => {
    expect(errorsOf([{ ...PERSON, sharePercent: "100", email: "mari.example.ee" }])).toEqual({ "beneficiaries[0].email": ["error.email"] });
    expect(errorsOf([{ ...PERSON, sharePercent: "100", email: `${"a".repeat(250)}@x.ee` }])).toEqual({ "beneficiaries[0].email": ["error.too_long"] });
  });

  it("refuses the same person twice", () => {
    expect(errorsOf([PERSON, { ...PERSON, sharePercent: "40" }])).toEqual({ "beneficiaries[1].idCode": ["error.duplicate"] });
  });

  it("needs at least one beneficiary and at most the maximum", () => {
    expect(beneficiariesSchema.safeParse({ beneficiaries: [] }).error?.issues.map((i) => [fieldPath(i.path), i.message])).toEqual([
      ["beneficiaries", "error.required"],
    ]);
    const many = Array.from({ length: MAX_BENEFICIARIES + 1 }, () => ({ ...PERSON, sharePercent: 1 }));
    expect(beneficiariesSchema.safeParse({ beneficiaries: many }).error?.issues.map((i) => i.message)).toContain("error.too_many");
  });

  it("names fields the way conform and the /api do", () => {
    expect(fieldPath(["beneficiaries", 1, "idCode"])).toBe("beneficiaries[1].idCode");
    expect(fieldPath(["beneficiaries"])).toBe("beneficiaries");
  });
});

/** The day the core checks a list on (its clock's today). */
const DAY = "2026-12-07";

describe("the core's own check of a list", () => {

  it("passes a valid list", () => {
    expect(beneficiaryFailures([asInput(PERSON), asInput(COMPANY)], DAY)).toEqual([]);
  });

  it("finds each broken field with its context", () => {
    expect(
      beneficiaryFailures([
        { ...asInput(PERSON), firstName: " ", idCode: "49005150228" },
        { ...asInput(COMPANY), idCode: "123", email: "nope", phone: "555", sharePercent: 0 },
      ], DAY),
    ).toEqual([
      { code: "error.required", context: "beneficiaries[0].firstName" },
      { code: "error.idCode", context: "beneficiaries[0].idCode" },
      { code: "error.registryCode", context: "beneficiaries[1].idCode" },
      { code: "error.sharePercent", context: "beneficiaries[1].sharePercent" },
      { code: "error.email", context: "beneficiaries[1].email" },
      { code: "error.phone", context: "beneficiaries[1].phone" },
    ]);
  });

  it("refuses letters and hyphens in a personal code, whatever door it came through", () => {
    for (const idCode of ["49a001-01234", "49a001-0123"]) {
      expect(beneficiaryFailures([{ ...asInput(PERSON), sharePercent: 100, idCode }], DAY)).toEqual([{ code: "error.idCode", context: "beneficiaries[0].idCode" }]);
    }
  });

  it("checks the total once the rows are right", () => {
    expect(beneficiaryFailures([asInput(PERSON), { ...asInput(COMPANY), sharePercent: 30 }], DAY)).toEqual([{ code: "error.total", context: "beneficiaries" }]);
  });

  it("refuses an empty list, too many rows, unknown types and duplicates", () => {
    expect(beneficiaryFailures([], DAY)).toEqual([{ code: "error.required", context: "beneficiaries" }]);
    expect(beneficiaryFailures(Array.from({ length: MAX_BENEFICIARIES + 1 }, () => asInput(PERSON)), DAY)).toEqual([
      { code: "error.too_many", context: "beneficiaries" },
    ]);
    expect(beneficiaryFailures([{ ...asInput(PERSON), type: "X", sharePercent: 100 }], DAY)).toContainEqual({
      code: "error.invalid",
      context: "beneficiaries[0].type",
    });
    expect(beneficiaryFailures([asInput(PERSON), { ...asInput(PERSON), sharePercent: 40 }], DAY)).toEqual([
      { code: "error.duplicate", context: "beneficiaries[1].idCode" },
    ]);
  });

  it("refuses a personal code of someone not born yet: a birth date after today", () => {
    for (const idCode of ["62612310056", "53001010012"]) {
      expect(beneficiaryFailures([{ ...asInput(PERSON), sharePercent: 100, idCode }], DAY)).toEqual([{ code: "error.idCode", context: "beneficiaries[0].idCode" }]);
    }
    // Born today is born.
    expect(beneficiaryFailures([{ ...asInput(PERSON), sharePercent: 100, idCode: "62612070014" }], "2026-12-07")).toEqual([]);
  });
});

describe("beneficiaries translations", () => {
  it("have the same keys in all three languages, none empty", async () => {
    const locales = await import("~/locales/beneficiaries");
    const keys = Object.keys(locales.et).sort();
    for (const bundle of [locales.en, locales.ru] as Array<Record<string, string>>) {
      expect(Object.keys(bundle).sort()).toEqual(keys);
      for (const value of Object.values(bundle)) expect(value.trim()).not.toBe("");
    }
  });

});
