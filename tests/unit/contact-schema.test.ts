/**
 * The self-service contact and consent forms' schemas (issue 22 items 2 and 4): the e-mail and
 * phone validate exactly as the registration's (the same parts of app/lib/account-schema.ts),
 * and only the optional consents can be changed there (the newsletter, the partner's and the
 * score's). The confirmation's documents per policy status (app/core/signed-documents.ts).
 */
import { describe, expect, it } from "vitest";
import { accountSchema } from "~/lib/account-schema";
import { consentSchema, contactSchema } from "~/lib/contact-schema";
import { signedDocumentKinds } from "~/core/signed-documents";
import { staleContact } from "~/core/contact-changes";

const REGISTRATION = { occupation: "Õpetaja", sourceOfFunds: "WAGE", conditionsAgreement: true, healthDataAgreement: true };

/** The messages per field, as the schema gives them. */
function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

describe("the contact form", () => {
  it.each([
    ["a valid pair", { email: "jaan@example.ee", phone: "+372 5123 4567" }],
    ["a local number", { email: "jaan@example.ee", phone: "5123 4567" }],
    ["00 for +", { email: " jaan@example.ee ", phone: "00358 40 123 4567" }],
    ["a bad e-mail", { email: "jaan@", phone: "+372 5123 4567" }],
    ["too short a phone", { email: "jaan@example.ee", phone: "+3" }],
    ["the bare prefix", { email: "jaan@example.ee", phone: "+372 " }],
    ["nothing", {}],
    ["not text", { email: 5, phone: null }],
    ["too long an e-mail", { email: `${"a".repeat(250)}@example.ee`, phone: "+372 5123 4567" }],
  ])("judges %s exactly as the registration does", (_, input) => {
    const contact = contactSchema.safeParse(input);
    const account = accountSchema.safeParse({ ...REGISTRATION, ...input });
    expect(errorsOf(contact)).toEqual(errorsOf(account));
    if (contact.success && account.success) expect(contact.data).toEqual({ email: account.data.email, phone: account.data.phone });
  });

  it("normalises the phone as the registration does", () => {
    expect(contactSchema.parse({ email: "a@example.ee", phone: "5123 4567" }).phone).toBe("+372 5123 4567");
    expect(contactSchema.parse({ email: "a@example.ee", phone: "0037251234567--" }).phone).toBe("+37251234567");
  });
});

describe("the consent form", () => {
  it("takes the newsletter and the partner, given or not", () => {
    expect(consentSchema.parse({ consent: "newsletter", given: true })).toEqual({ consent: "newsletter", given: true });
    expect(consentSchema.parse({ consent: "partner" })).toEqual({ consent: "partner", given: false });
  });

  it("takes the score's consents: whether one may be given here is the core's rule, not the form's", () => {
    expect(consentSchema.parse({ consent: "activity" })).toEqual({ consent: "activity", given: false });
    expect(consentSchema.parse({ consent: "measurement", given: true })).toEqual({ consent: "measurement", given: true });
  });

  it.each([["healthData"], ["conditions"], [""], [undefined]])("refuses %s", (consent) => {
    expect(errorsOf(consentSchema.safeParse({ consent, given: true }))).toEqual({ consent: ["error.invalid"] });
  });
});

describe("the confirmation's documents", () => {
  it("are all three for a signed or active policy, the application alone under underwriting, none when declined", () => {
    expect(signedDocumentKinds("SIGNED")).toEqual(["policy", "payment-schedule", "application"]);
    expect(signedDocumentKinds("ACTIVE")).toEqual(["policy", "payment-schedule", "application"]);
    expect(signedDocumentKinds("EUW")).toEqual(["application"]);
    expect(signedDocumentKinds("DECLINED")).toEqual([]);
  });
});

describe("a stale contact form (docs/decisions/0271)", () => {
  const shown = { email: "vana@example.ee", phone: "+372 5123 4567" };
  it("is stale only where its customer changed a field that was changed elsewhere too, to something else", () => {
    expect(staleContact(shown, { ...shown, email: "uus@example.ee" }, shown)).toEqual([]);
    expect(staleContact({ ...shown, email: "teine@example.ee" }, { ...shown, phone: "+372 5999 0000" }, shown)).toEqual([]);
    expect(staleContact({ ...shown, email: "teine@example.ee" }, { ...shown, email: "uus@example.ee" }, shown)).toEqual(["email"]);
    expect(staleContact({ ...shown, email: "uus@example.ee" }, { ...shown, email: "uus@example.ee" }, shown)).toEqual([]);
    // A caller that does not say what it showed (an /api client) is never stale.
    expect(staleContact({ ...shown, email: "teine@example.ee" }, { ...shown, email: "uus@example.ee" }, {})).toEqual([]);
  });
});
