/** The access log's codes (docs/decisions/0135): what each audit row is shown as, and the paging query. */
import { describe, expect, it } from "vitest";
import { describeAccess } from "~/core/my-data";
import { ACCESS_WHATS, ACCESS_WHOS, formatDateTime, parseAccessLogQuery } from "~/lib/my-data";
import { et } from "~/locales/my-data";

const row = (actor: string, subject: string, reason: string | null = null) =>
  describeAccess({ id: 1, customerId: 12, actor, subject, at: "2026-11-24T15:31:41.000Z", reason });
const shown = (actor: string, subject: string, reason: string | null = null) => {
  const { what, format, reference, who, reason: r } = row(actor, subject, reason);
  return { what, format, reference, who, reason: r };
};

describe("describeAccess", () => {
  it.each([
    ["customer:12", "questionnaire", { what: "questionnaire", who: "you" }],
    ["system:pricing", "questionnaire", { what: "questionnaire", who: "underwriting" }],
    ["customer:12", "score:31", { what: "score", who: "you" }],
    ["customer:12", "measurement:4", { what: "measurement", who: "you" }],
    ["customer:12", "activity:12", { what: "activity", who: "you" }],
    ["customer:12", "draft:account", { what: "draft", who: "you" }],
    ["customer:12", "policy-document:3", { what: "application", format: "pdf", who: "you" }],
    ["system:signing", "signing-document:9", { what: "application", format: "pdf", who: "signing" }],
    // A signed change of the beneficiaries, kept with its policy version or at its signing: not the application.
    ["customer:12", "policy-version-document:2", { what: "beneficiary-change", format: "pdf", who: "you" }],
    ["system:signing", "change-signing-document:10", { what: "beneficiary-change", format: "pdf", who: "signing" }],
    ["customer:12", "document:policy:web", { what: "policy", format: "web", who: "you" }],
    ["customer:12", "document:payment-schedule:pdf", { what: "payment-schedule", format: "pdf", who: "you" }],
    ["customer:12", "document:invoice:pdf:EK-3-202611", { what: "invoice", format: "pdf", reference: "EK-3-202611", who: "you" }],
    ["customer:12", "my-data:export", { what: "data-export", who: "you" }],
    ["seed", "questionnaire", { what: "questionnaire", who: "system" }],
    // Another customer's actor is never "you".
    ["customer:13", "questionnaire", { what: "questionnaire", who: "system" }],
    // Unknown or malformed subjects are "other", never their raw text.
    ["customer:12", "document:passport:pdf", { what: "other", who: "you" }],
    ["customer:12", "document:policy:docx", { what: "other", who: "you" }],
    ["customer:12", "<script>", { what: "other", who: "you" }],
  ] as const)("%s %s", (actor, subject, expected) => {
    expect(shown(actor, subject)).toEqual({ what: expected.what, format: "format" in expected ? expected.format : null, reference: "reference" in expected ? expected.reference : null, who: expected.who, reason: null });
  });

  it("an operator's row carries the reason they gave; nobody else's does", () => {
    expect(shown("operator", "euw:list", "Checking the case (UW-1)")).toMatchObject({ what: "underwriting-list", who: "operator", reason: "Checking the case (UW-1)" });
    expect(shown("operator", "euw:accept", "Accepted (UW-1)")).toMatchObject({ what: "underwriting-decision", who: "operator" });
    expect(shown("operator", "euw:refused", "Accepted (UW-1)")).toMatchObject({ what: "underwriting-lookup", who: "operator" });
    expect(shown("operator", "policy:activate", "Monthly run")).toMatchObject({ what: "policy-activation", who: "operator" });
    expect(shown("operator:reseal", "questionnaires:12")).toMatchObject({ what: "key-rotation", who: "operator", reason: null });
    expect(shown("customer:12", "questionnaire", "ignored")).toMatchObject({ reason: null });
  });

  it("gives the time as ISO 8601", () => {
    expect(row("customer:12", "questionnaire").at).toBe("2026-11-24T15:31:41.000Z");
  });
});

describe("the translations", () => {
  it("name every what and who", () => {
    for (const what of ACCESS_WHATS) expect(et).toHaveProperty([`my_data.what.${what}`]);
    for (const who of ACCESS_WHOS) expect(et).toHaveProperty([`my_data.who.${who}`]);
  });
});

describe("parseAccessLogQuery", () => {
  const parse = (query: string) => parseAccessLogQuery(new URLSearchParams(query));
  it("defaults to the first page of 20", () => expect(parse("")).toEqual({ page: 1, pageSize: 20 }));
  it("reads whole numbers in range", () => expect(parse("page=3&pageSize=100")).toEqual({ page: 3, pageSize: 100 }));
  it.each(["page=0", "page=-1", "page=1.5", "page=1e2", "page= 1", "page=", "page=abc", "pageSize=101", "pageSize=0", "page=1&page=2", "page=9999999"])("refuses %s", (q) =>
    expect(parse(q)).toBeNull(),
  );
});

describe("formatDateTime", () => {
  it("is Tallinn's wall time, winter and summer", () => {
    expect(formatDateTime("2026-11-24T15:31:41.000Z")).toBe("24.11.2026 17:31");
    expect(formatDateTime("2026-07-01T21:05:00.000Z")).toBe("02.07.2026 00:05");
  });
});
