import { parseWithZod } from "~/lib/form-parse";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanPhoneTyping, normalisePhone, phoneIssue, trimPhoneEnd } from "~/lib/fields";
import { loginSchema, phoneSchema } from "~/lib/login-schema";
import { safeRedirect } from "~/lib/safe-redirect";

const errorsOf = (submission: { reply(): { error?: unknown } }) => submission.reply().error;

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};

describe("phone (SPEC.md section 5)", () => {
  it("normalises to a leading + followed by digits, spaces and hyphens", () => {
    expect(normalisePhone("372 5555 1234")).toBe("+372 5555 1234");
    expect(normalisePhone("+372 (555) 1234")).toBe("+372 555 1234");
    expect(normalisePhone("+372+555")).toBe("+372555");
    expect(normalisePhone("abc")).toBe("");
    expect(normalisePhone("+372 ")).toBe("+372 ");
  });

  it("keeps or adds the country code: 00 is +, 372 is +372, any other number typed without + is Estonian", () => {
    expect(normalisePhone("5123456")).toBe("+372 5123456");
    expect(normalisePhone("5123 4567")).toBe("+372 5123 4567");
    expect(normalisePhone("  6001234")).toBe("+372 6001234");
    expect(normalisePhone("0037251234567")).toBe("+37251234567");
    expect(normalisePhone("3725123 4567")).toBe("+3725123 4567");
    expect(normalisePhone("+358 40 123 4567")).toBe("+358 40 123 4567");
    expect(normalisePhone("-5555")).toBe("+-5555");
    expect(cleanPhoneTyping("51a2+3")).toBe("5123");
    expect(cleanPhoneTyping(" +372 5")).toBe("+372 5");
  });

  it("drops trailing non-digits on blur", () => {
    expect(trimPhoneEnd("+372 5555-")).toBe("+372 5555");
    expect(trimPhoneEnd("+372 ")).toBe("+372");
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("1", "9", " ", "-", "+", "a", "\u00e4") }), (typed) => {
        expect(trimPhoneEnd(typed)).toBe(typed.replace(/\D+$/, ""));
      }),
      { seed: 20261207 },
    );
  });

  it("reads a posted phone in time linear in its length: 100 000 spaces between two digits within a second", () => {
    // The login form's Mobile-ID phone (anonymous), the /api sign-in's return token, every
    // contact field: each went through /\D+$/, quadratic in a run of non-digits (7 s at 99 000).
    for (const filler of [" ", "-", " -"]) {
      const typed = `1${filler.repeat(100_000 / filler.length)}1`;
      const started = performance.now();
      expect(phoneIssue(typed)).toBe("error.phone");
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it("validates the pattern after normalising", () => {
    expect(phoneSchema.safeParse("+372 5555-1234").data).toBe("+372 5555-1234");
    // Without a country code: a local Estonian number (never "+5555…", another country's code).
    expect(phoneSchema.safeParse("5555 1234").data).toBe("+372 5555 1234");
    expect(phoneSchema.safeParse("+ 372 5555").success).toBe(false);
    expect(phoneSchema.safeParse("-5555").success).toBe(false);
    // Nothing but a prefix left after normalising counts as empty.
    expect(phoneSchema.safeParse("+").data).toBeUndefined();
    expect(phoneSchema.safeParse("+372 ").data).toBeUndefined();
    expect(phoneSchema.safeParse("").data).toBeUndefined();
  });

  it("says what is wrong with a number it cannot be, as every form does (7 to 15 digits, no letters)", () => {
    for (const typed of ["abc", "+1", "+372 12", `+${"1".repeat(16)}`, "+372 5555 1234 5678 9012"]) {
      expect(phoneSchema.safeParse(typed).error?.issues.map((i) => i.message), typed).toEqual(["error.phone"]);
    }
    expect(errorsOf(parseWithZod(form({ method: "mobile-id", idCode: "38503020139", phone: "abc" }), { schema: loginSchema }))).toEqual({ phone: ["error.phone"] });
    expect(phoneSchema.safeParse("+1 234 567").data).toBe("+1 234 567");
  });
});

describe("demo sign-in form schema", () => {
  it("accepts a valid code for Smart-ID", () => {
    const result = parseWithZod(form({ method: "smart-id", idCode: " 38503020139 " }), { schema: loginSchema });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toMatchObject({ method: "smart-id", idCode: "38503020139" });
  });

  it("reports missing and invalid fields with i18n keys", () => {
    const result = parseWithZod(form({ idCode: "38503020138" }), { schema: loginSchema });
    expect(errorsOf(result)).toEqual({ method: ["error.required"], idCode: ["error.idCode"] });
    const empty = parseWithZod(form({ method: "id-card" }), { schema: loginSchema });
    expect(errorsOf(empty)).toEqual({ idCode: ["error.required"] });
  });

  it("requires a valid phone for Mobile-ID only", () => {
    expect(errorsOf(parseWithZod(form({ method: "mobile-id", idCode: "38503020139" }), { schema: loginSchema }))).toEqual({
      phone: ["error.required"],
    });
    expect(errorsOf(parseWithZod(form({ method: "mobile-id", idCode: "38503020139", phone: "+ 5" }), { schema: loginSchema }))).toEqual({
      phone: ["error.phone"],
    });
    expect(parseWithZod(form({ method: "mobile-id", idCode: "38503020139", phone: "+372 5123 4567" }), { schema: loginSchema }).status).toBe(
      "success",
    );
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/self-service/bills", "/self-service/bills"],
    ["/account?x=1", "/account?x=1"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [null, "/"],
    ["/€", "/"],
    ["/account?x=ü", "/"],
    ["/\u2028", "/"],
    ["/a b", "/"],
    ["/account?x=%E2%82%AC", "/account?x=%E2%82%AC"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
