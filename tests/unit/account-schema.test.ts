import { parseWithZod } from "~/lib/form-parse";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { contactFailures, registrationFailures, type RegistrationInput } from "~/core/registration";
import { accountSchema } from "~/lib/account-schema";
import { offerSchema } from "~/lib/offer-schema";
import { phoneIssue } from "~/lib/fields";

const VALID = {
  email: "mari.maasikas@example.ee",
  phone: "+372 5123 4567",
  occupation: "Raamatupidaja",
  sourceOfFunds: "WAGE",
  conditionsAgreement: "on",
  healthDataAgreement: "on",
};

/** Parses like the browser and the action do (conform over FormData). */
function parseForm(entries: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return parseWithZod(data, { schema: accountSchema });
}

const errorsOf = (entries: Record<string, string>) => parseForm(entries).reply().error ?? {};

describe("account form: phone (SPEC.md section 5)", () => {
  it("normalises to a leading + with digits, spaces and hyphens, and drops trailing non-digits", () => {
    const cases: Array<[string, string]> = [
      ["372 5123 4567", "+372 5123 4567"],
      ["+372 (512) 34-567", "+372 512 34-567"],
      ["+372 5123 4567 -", "+372 5123 4567"],
      ["  +3725123+4567", "+37251234567"],
    ];
    for (const [typed, stored] of cases) {
      const submission = parseForm({ ...VALID, phone: typed });
      expect(submission.status, typed).toBe("success");
      expect(submission.status === "success" && submission.value.phone).toBe(stored);
    }
  });

  it("treats an empty field or the bare +372 prefix as missing", () => {
    expect(errorsOf({ ...VALID, phone: "" }).phone).toEqual(["error.required"]);
    expect(errorsOf({ ...VALID, phone: "+372 " }).phone).toEqual(["error.required"]);
    expect(phoneIssue("+372")).toBe("error.required");
  });

  it("rejects numbers the pattern or the digit count refuses", () => {
    expect(phoneIssue("abc")).toBe("error.phone");
    expect(phoneIssue("+3")).toBe("error.phone");
    expect(phoneIssue("+372 555")).toBe("error.phone");
    expect(phoneIssue("+1234567890123456")).toBe("error.phone");
    expect(phoneIssue("+372 5555 1234")).toBeNull();
  });
});

describe("account form: required rules", () => {
  it("accepts a complete form with the defaults for what is optional", () => {
    const submission = parseForm(VALID);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      email: VALID.email,
      phone: VALID.phone,
      occupation: VALID.occupation,
      sourceOfFunds: "WAGE",
      conditionsAgreement: true,
      healthDataAgreement: true,
      newsletterAgreement: false,
      wlAgreement: false,
    });
  });

  it("reports every missing field at once, with i18n keys", () => {
    expect(errorsOf({})).toEqual({
      email: ["error.required"],
      phone: ["error.required"],
      occupation: ["error.required"],
      conditionsAgreement: ["error.required"],
      healthDataAgreement: ["error.required"],
    });
  });

  it("checks the email's form and the lengths", () => {
    expect(errorsOf({ ...VALID, email: "mari@" }).email).toEqual(["error.email"]);
    expect(errorsOf({ ...VALID, occupation: "x".repeat(201) }).occupation).toEqual(["error.too_long"]);
    expect(errorsOf({ ...VALID, supportCode: "C".repeat(41) }).supportCode).toEqual(["error.too_long"]);
    expect(errorsOf({ ...VALID, occupation: "   " }).occupation).toEqual(["error.required"]);
  });

  it("takes each text at its longest and refuses one character more (text 200, e-mail 254, support code 40)", () => {
    // 243 + "@example.ee" (11) = 254 characters.
    const email = (length: number) => `${"a".repeat(length - 11)}@example.ee`;
    const lengths = {
      email: [email(254), email(255)],
      occupation: ["x".repeat(200), "x".repeat(201)],
      sourceOfFundsOther: ["x".repeat(200), "x".repeat(201)],
      wlPartner: ["x".repeat(200), "x".repeat(201)],
      supportCode: ["C".repeat(40), "C".repeat(41)],
    };
    for (const [field, [longest, tooLong]] of Object.entries(lengths)) {
      const entries = { ...VALID, sourceOfFunds: "OTHER", sourceOfFundsOther: "Stipendium" };
      expect(parseForm({ ...entries, [field]: longest }).status, field).toBe("success");
      expect(errorsOf({ ...entries, [field]: tooLong }), field).toEqual({ [field]: ["error.too_long"] });
    }
  });

  it("takes the offer's support code at 40 characters and refuses 41", () => {
    const consents = { applicationConsent: "on", insuranceConditionsConsent: "on", insurerDataSharingConsent: "on" };
    const offer = (supportCode: string) => {
      const data = new FormData();
      for (const [k, v] of Object.entries({ ...consents, supportCode })) data.append(k, v);
      return parseWithZod(data, { schema: offerSchema });
    };
    expect(offer("C".repeat(40)).status).toBe("success");
    expect(offer("C".repeat(41)).reply().error).toEqual({ supportCode: ["error.too_long"] });
  });

  it("defaults the source of funds to WAGE and refuses values outside the list", () => {
    const { sourceOfFunds: _omitted, ...withoutSource } = VALID;
    const submission = parseForm(withoutSource);
    expect(submission.status === "success" && submission.value.sourceOfFunds).toBe("WAGE");
    expect(errorsOf({ ...VALID, sourceOfFunds: "LOTTERY" }).sourceOfFunds).toEqual(["error.invalid"]);
  });
});

describe("account form: OTHER needs its explanation", () => {
  it("requires sourceOfFundsOther only when the source is OTHER", () => {
    expect(errorsOf({ ...VALID, sourceOfFunds: "OTHER" })).toEqual({ sourceOfFundsOther: ["error.required"] });
    expect(errorsOf({ ...VALID, sourceOfFunds: "OTHER", sourceOfFundsOther: "Laen" })).toEqual({});
    expect(errorsOf({ ...VALID, sourceOfFunds: "GIFT" })).toEqual({});
  });

  it("reports the OTHER rule together with the other errors", () => {
    expect(errorsOf({ sourceOfFunds: "OTHER" }).sourceOfFundsOther).toEqual(["error.required"]);
  });
});

describe("account form: consents", () => {
  it("requires the conditions and health-data consents", () => {
    const { conditionsAgreement: _c, healthDataAgreement: _h, ...withoutConsents } = VALID;
    expect(errorsOf(withoutConsents)).toEqual({ conditionsAgreement: ["error.required"], healthDataAgreement: ["error.required"] });
  });

  it("leaves the newsletter and partner consents optional (unticked is false)", () => {
    const submission = parseForm({ ...VALID, newsletterAgreement: "on", wlAgreement: "on", wlPartner: "Spordiklubi" });
    expect(submission.status === "success" && submission.value).toMatchObject({ newsletterAgreement: true, wlAgreement: true, wlPartner: "Spordiklubi" });
  });

  it("takes JSON booleans through the same schema (/api), and refuses other types", () => {
    const json = { ...VALID, conditionsAgreement: true, healthDataAgreement: true, newsletterAgreement: true };
    expect(accountSchema.safeParse(json).success).toBe(true);
    const wrong = accountSchema.safeParse({ ...json, healthDataAgreement: "yes" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["healthDataAgreement", "error.invalid"]]);
  });
});

describe("the core's own invariants (registrationFailures)", () => {
  const input: RegistrationInput = {
    email: "mari@example.ee",
    phone: "+372 5123 4567",
    occupation: "Arst",
    sourceOfFunds: "WAGE",
    conditionsAgreement: true,
    healthDataAgreement: true,
    newsletterAgreement: false,
    wlAgreement: false,
  };

  it("passes a valid registration", () => {
    expect(registrationFailures(input)).toEqual([]);
  });

  it("re-checks required fields, consents, OTHER and the phone pattern with the field as context", () => {
    expect(
      registrationFailures({
        ...input,
        email: " ",
        phone: "372 51",
        occupation: "",
        sourceOfFunds: "OTHER",
        sourceOfFundsOther: null,
        conditionsAgreement: false,
        healthDataAgreement: false,
      }),
    ).toEqual([
      { code: "error.required", context: "email" },
      { code: "error.phone", context: "phone" },
      { code: "error.required", context: "occupation" },
      { code: "error.required", context: "sourceOfFundsOther" },
      { code: "error.required", context: "conditionsAgreement" },
      { code: "error.required", context: "healthDataAgreement" },
    ]);
    expect(registrationFailures({ ...input, sourceOfFunds: "LOTTERY" })).toEqual([{ code: "error.invalid", context: "sourceOfFunds" }]);
    expect(registrationFailures({ ...input, phone: "+372" })).toEqual([{ code: "error.required", context: "phone" }]);
  });
});

describe("the e-mail and phone rules: one for the forms, the /api and the core", () => {
  const formErrors = (email: string, phone: string) => {
    const error = errorsOf({ ...VALID, email, phone });
    return { email: error.email ?? [], phone: error.phone ?? [] };
  };
  const coreErrors = (email: string, phone: string) => {
    const failures = contactFailures({ email, phone });
    const of = (field: string) => failures.filter((f) => f.context === field).map((f) => f.code);
    return { email: of("email"), phone: of("phone") };
  };

  it("refuses what the form refuses and takes what it takes", () => {
    // The core once had a looser e-mail rule of its own and a phone rule that did not normalise.
    for (const [email, phone] of [
      ["mari@example.e", "+372 5123 4567"],
      ["mari..maasikas@example.ee", "5123 4567"],
      ["<mari>@example.ee", "00372 5123 4567"],
      ["mari@example.ee", "372 5123"],
    ])
      expect(coreErrors(email, phone), `${email} ${phone}`).toEqual(formErrors(email, phone));
    const emails = fc.oneof(fc.emailAddress(), fc.string(), fc.constantFrom("a@b.c", "a..b@c.ee", "ä@ö.ee", " a@b.ee "));
    const phones = fc.oneof(fc.string(), fc.stringMatching(/^[+0-9 ()-]{0,20}$/), fc.constantFrom("+372", "+372 ", "5123 4567"));
    fc.assert(
      fc.property(emails, phones, (email, phone) => {
        expect(coreErrors(email, phone)).toEqual(formErrors(email, phone));
      }),
      { numRuns: 300 },
    );
  });
});
