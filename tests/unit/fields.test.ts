import { parseWithZod } from "~/lib/form-parse";
import { describe, expect, it } from "vitest";
import { normalisePhone, trimPhoneEnd } from "~/lib/fields";
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

  it("drops trailing non-digits on blur", () => {
    expect(trimPhoneEnd("+372 5555-")).toBe("+372 5555");
    expect(trimPhoneEnd("+372 ")).toBe("+372");
  });

  it("validates the pattern after normalising", () => {
    expect(phoneSchema.safeParse("+372 5555-1234").data).toBe("+372 5555-1234");
    expect(phoneSchema.safeParse("5555 1234").data).toBe("+5555 1234");
    expect(phoneSchema.safeParse("+ 372 5555").success).toBe(false);
    expect(phoneSchema.safeParse("-5555").success).toBe(false);
    // Nothing but a prefix left after normalising counts as empty.
    expect(phoneSchema.safeParse("+").data).toBeUndefined();
    expect(phoneSchema.safeParse("").data).toBeUndefined();
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
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
