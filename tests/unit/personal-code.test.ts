import { describe, expect, it } from "vitest";
import { ageOn, checksumDigit, isValidPersonalCode, makePersonalCode, parsePersonalCode } from "~/lib/personal-code";

describe("personal code (isikukood)", () => {
  it.each(["30303039914", "60001019906", "49005150229", "38503020139"])("accepts PRODUCT.md's example %s", (code) => {
    expect(isValidPersonalCode(code)).toBe(true);
  });

  it("rejects a wrong checksum digit", () => {
    expect(isValidPersonalCode("38503020138")).toBe(false);
    expect(isValidPersonalCode("49005150220")).toBe(false);
  });

  it.each([
    ["3850302013", "10 digits"],
    ["385030201391", "12 digits"],
    ["3850302013a", "a letter"],
    [" 38503020139", "a space"],
    ["78503020139", "century digit 7"],
    ["08503020139", "century digit 0"],
  ])("rejects %s (%s)", (code) => {
    expect(isValidPersonalCode(code)).toBe(false);
  });

  it("rejects impossible dates even with a matching checksum", () => {
    for (const date of ["1985-02-30", "1985-13-01", "1985-00-10", "1985-04-31", "1985-02-29"]) {
      const [y, m, d] = date.split("-");
      const first10 = `3${y.slice(2)}${m}${d}001`;
      expect(isValidPersonalCode(first10 + checksumDigit(first10))).toBe(false);
    }
  });

  it("accepts 29 February in a leap year", () => {
    expect(parsePersonalCode(makePersonalCode("2000-02-29", "F", 123))).toEqual({ dateOfBirth: "2000-02-29", sex: "F" });
  });

  it("uses the second weights when the first sum gives 10", () => {
    // 3850302002: first weighted sum mod 11 is 10, the second gives 1.
    expect(checksumDigit("3850302002")).toBe(1);
    expect(isValidPersonalCode("38503020021")).toBe(true);
  });

  it("uses 0 when both sums give 10", () => {
    // 3850301010: both weighted sums mod 11 are 10.
    expect(checksumDigit("3850301010")).toBe(0);
    expect(isValidPersonalCode("38503010100")).toBe(true);
  });

  it.each([
    ["38503020139", "1985-03-02", "M"],
    ["49005150229", "1990-05-15", "F"],
    ["60001019906", "2000-01-01", "F"],
    ["30303039914", "1903-03-03", "M"],
    ["18001010000", null, null],
  ])("derives the birth date and sex of %s", (code, dateOfBirth, sex) => {
    const facts = parsePersonalCode(code);
    if (dateOfBirth === null) expect(facts).toBeNull();
    else expect(facts).toEqual({ dateOfBirth, sex });
  });

  it("reads the 1800s century digits", () => {
    expect(parsePersonalCode(makePersonalCode("1899-12-31", "F", 5))).toEqual({ dateOfBirth: "1899-12-31", sex: "F" });
  });

  it("counts completed years", () => {
    expect(ageOn("1985-03-02", "2026-03-01")).toBe(40);
    expect(ageOn("1985-03-02", "2026-03-02")).toBe(41);
    expect(ageOn("1985-03-02", "2026-12-31")).toBe(41);
    expect(ageOn("2008-11-22", "2026-11-21")).toBe(17);
    expect(ageOn("2008-11-22", "2026-11-22")).toBe(18);
  });

  it("makes someone born on 29 February a year older on 1 March in common years", () => {
    expect(ageOn("2000-02-29", "2025-02-28")).toBe(24);
    expect(ageOn("2000-02-29", "2025-03-01")).toBe(25);
    expect(ageOn("2000-02-29", "2028-02-29")).toBe(28);
  });

  it("builds codes that validate and round-trip", () => {
    for (let serial = 0; serial < 50; serial++) {
      const code = makePersonalCode("1977-07-17", serial % 2 ? "F" : "M", serial * 7);
      expect(parsePersonalCode(code)).toEqual({ dateOfBirth: "1977-07-17", sex: serial % 2 ? "F" : "M" });
    }
  });
});
