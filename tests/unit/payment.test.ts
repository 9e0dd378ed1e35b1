/** Payable invoices: the Estonian reference number and its RF form, IBAN and BIC checks, the EPC QR payload, the lines. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceAmount, invoiceLines } from "~/core/invoices";
import {
  creditorReference,
  epcPayload,
  formatIban,
  isBic,
  isCreditorReference,
  isIban,
  isPayeeName,
  policyReferenceNumber,
  referenceCheckDigit,
} from "~/core/payment";
import { splitStatements } from "~/core/db/migrations";
import { isReferenceNumber } from "../support/payment";

describe("the Estonian reference number (7-3-1)", () => {
  it("has the check digit of published examples", () => {
    // The banking association's example, an energy bill's and an invoice's.
    expect(referenceCheckDigit("123456")).toBe(1);
    expect(isReferenceNumber("1234561")).toBe(true);
    expect(isReferenceNumber("71998532127")).toBe(true);
    expect(isReferenceNumber("10058")).toBe(true);
  });

  it("refuses a wrong check digit, a single digit and letters", () => {
    expect(isReferenceNumber("1234562")).toBe(false);
    expect(isReferenceNumber("7")).toBe(false);
    expect(isReferenceNumber("12a4561")).toBe(false);
    expect(isReferenceNumber("123456789012345678901")).toBe(false);
  });

  it("is well-formed and different for every policy", () => {
    expect(policyReferenceNumber(3)).toBe("1000038");
    const seen = new Set<string>();
    for (const id of [...Array.from({ length: 20_000 }, (_, i) => i + 1), 99_999, 100_000, 123_456_789]) {
      const ref = policyReferenceNumber(id);
      expect(isReferenceNumber(ref)).toBe(true);
      seen.add(ref);
    }
    expect(seen.size).toBe(20_003);
  });

  it("detects every single-digit typo", () => {
    for (const id of [1, 3, 42, 777, 12_345, 99_999, 123_456_789]) {
      const ref = policyReferenceNumber(id);
      for (let i = 0; i < ref.length; i++)
        for (let delta = 1; delta <= 9; delta++) {
          const typo = ref.slice(0, i) + String((Number(ref[i]) + delta) % 10) + ref.slice(i + 1);
          expect(isReferenceNumber(typo), typo).toBe(false);
        }
    }
  });
});

describe("the ISO 11649 creditor reference (RF)", () => {
  /** ISO 11649's check, written out here: the reference with "RF" + check digits moved to its end, letters as 10–35, mod 97 is 1. */
  const mod97IsOne = (rf: string) =>
    [...(rf.slice(4) + rf.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))].reduce((rest, d) => (rest * 10 + Number(d)) % 97, 0) === 1;

  it("has the check digits of the standard's and the banks' examples", () => {
    expect(creditorReference("539007547034")).toBe("RF18539007547034");
    expect(creditorReference("539007547034", { spaced: true })).toBe("RF18 5390 0754 7034");
    expect(creditorReference("2348231")).toBe("RF712348231");
    expect(creditorReference("AB2G5")).toBe("RF68AB2G5");
    expect(isCreditorReference("RF18 5390 0754 7034")).toBe(true);
    expect(isCreditorReference("RF18539007547035")).toBe(false);
    expect(isCreditorReference("RF19539007547034")).toBe(false);
  });

  it("is RF, two check digits and the same Estonian reference number, for every policy", () => {
    expect(creditorReference(policyReferenceNumber(3))).toBe("RF921000038");
    for (const id of [...Array.from({ length: 5_000 }, (_, i) => i + 1), 99_999, 123_456_789]) {
      const reference = policyReferenceNumber(id);
      const rf = creditorReference(reference);
      expect(rf).toMatch(/^RF\d{2}\d+$/);
      expect(rf.slice(4)).toBe(reference);
      expect(mod97IsOne(rf), rf).toBe(true);
      expect(isCreditorReference(rf)).toBe(true);
    }
  });

  it("refuses what ISO 11649 cannot hold", () => {
    expect(() => creditorReference("")).toThrow();
    expect(() => creditorReference("12 34")).toThrow();
    expect(() => creditorReference("1".repeat(22))).toThrow();
    expect(creditorReference("1".repeat(21))).toHaveLength(25);
  });
});

describe("IBAN and BIC", () => {
  it("checks the IBAN's mod-97 check digits", () => {
    expect(isIban("EE382200221020145685")).toBe(true);
    expect(isIban("EE38 2200 2210 2014 5685")).toBe(true);
    expect(isIban("EE382200221020145686")).toBe(false);
    expect(isIban("DE89370400440532013000")).toBe(true);
    expect(formatIban("EE382200221020145685")).toBe("EE38 2200 2210 2014 5685");
  });

  /** An IBAN of `country` and `bban` with its check digits right (ISO 7064 mod 97-10), whatever its length. */
  const withCheckDigits = (country: string, bban: string) => {
    const digits = (bban + country + "00").replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    const rest = [...digits].reduce((r, d) => (r * 10 + Number(d)) % 97, 0);
    return `${country}${String(98 - rest).padStart(2, "0")}${bban}`;
  };

  it("has its country's length in the ISO 13616 registry, for the countries a SEPA credit transfer reaches", () => {
    // Each country's registry example (EE, FI, BE, NO the shortest, MT the longest, LV, LT, CH, GB).
    for (const iban of [
      "EE382200221020145685",
      "FI2112345600000785",
      "BE68539007547034",
      "NO9386011117947",
      "MT84MALT011000012345MTLCAST001S",
      "LV80BANK0000435195001",
      "LT121000011101001000",
      "CH9300762011623852957",
      "GB29NWBK60161331926819",
    ]) {
      expect(isIban(iban), iban).toBe(true);
    }
    // Mod 97 right, the length wrong: an Estonian account two digits short, or long, cannot exist.
    expect(withCheckDigits("EE", "22002210201456")).toMatch(/^EE\d{16}$/);
    expect(isIban(withCheckDigits("EE", "22002210201456"))).toBe(false);
    expect(isIban(withCheckDigits("EE", "220022102014568512"))).toBe(false);
    expect(isIban(withCheckDigits("FI", "1234560000078"))).toBe(false);
    // Outside SEPA an EPC QR code's credit transfer does not go (Brazil's registry example).
    expect(isIban("BR9700360305000010009795493P1")).toBe(false);
  });

  it("takes a BIC of 8 or 11 characters", () => {
    expect(isBic("HABAEE2X")).toBe(true);
    expect(isBic("EEUHEE2XXXX")).toBe(true);
    expect(isBic("HABAEE2")).toBe(false);
  });
});

describe("the EPC QR payload", () => {
  const transfer = {
    bic: "HABAEE2X",
    name: "Elukaitse AS",
    iban: "EE38 2200 2210 2014 5685",
    amountCents: 2781,
    purpose: "INSU",
    reference: "RF921000038",
    note: "EK-3-202611",
  };

  it("is the EPC069-12 version 002 SEPA credit transfer, the ISO 11649 reference in the structured line", () => {
    expect(epcPayload(transfer)).toBe(
      ["BCD", "002", "1", "SCT", "HABAEE2X", "Elukaitse AS", "EE382200221020145685", "EUR27.81", "INSU", "RF921000038", "", "EK-3-202611"].join("\n"),
    );
  });

  it("writes amounts with two decimals and no trailing empty lines", () => {
    expect(epcPayload({ ...transfer, amountCents: 1, note: undefined }).split("\n")).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "HABAEE2X",
      "Elukaitse AS",
      "EE382200221020145685",
      "EUR0.01",
      "INSU",
      "RF921000038",
    ]);
    expect(epcPayload({ ...transfer, amountCents: 123_456_700 })).toContain("\nEUR1234567.00\n");
  });

  it("refuses what a bank would refuse", () => {
    expect(() => epcPayload({ ...transfer, amountCents: 0 })).toThrow();
    expect(() => epcPayload({ ...transfer, iban: "EE382200221020145686" })).toThrow();
    expect(() => epcPayload({ ...transfer, reference: "1".repeat(36) })).toThrow();
    // The structured line takes an ISO 11649 reference only (docs/decisions/0185).
    expect(() => epcPayload({ ...transfer, reference: "1000038" })).toThrow();
    expect(() => epcPayload({ ...transfer, reference: "RF931000038" })).toThrow();
    expect(() => epcPayload({ ...transfer, reference: "RF92 1000 038" })).toThrow();
  });

  it("never moves a field to another line nor cuts a name short: a line break or a name over 70 characters is refused", () => {
    // "Elukaitse AS\nEE00…" would put the IBAN's line in the name's place and every field after one line down.
    expect(() => epcPayload({ ...transfer, name: "Elukaitse AS\nLHV" })).toThrow();
    expect(() => epcPayload({ ...transfer, name: "Elukaitse AS\r" })).toThrow();
    expect(() => epcPayload({ ...transfer, note: "EK-3\n202611" })).toThrow();
    expect(() => epcPayload({ ...transfer, name: "Ä".repeat(71) })).toThrow();
    expect(epcPayload({ ...transfer, name: "Õ".repeat(70) }).split("\n")[5]).toBe("Õ".repeat(70));
  });

  /** Any text of up to `max` characters, from the whole of Unicode, now and then a line break or another control character. */
  const text = (max: number) =>
    fc.string({
      unit: fc.oneof({ arbitrary: fc.constantFrom("\n", "\r", "\t", "\u0085", "\u2028"), weight: 1 }, { arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }), weight: 30 }),
      minLength: 1,
      maxLength: max,
      size: "max",
    });

  it("is at most 331 bytes, its twelve fields in their places, or refused (EPC069-12 section 3.3)", () => {
    fc.assert(
      fc.property(
        text(80),
        fc.option(text(80), { nil: undefined }),
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.stringMatching(/^[0-9A-Z]{1,21}$/),
        (name, note, amountCents, reference) => {
          const fields = { ...transfer, name, note, amountCents, reference: creditorReference(reference), iban: "MT84MALT011000012345MTLCAST001S", bic: "HABAEE2XXXX" };
          let payload: string;
          try {
            payload = epcPayload(fields);
          } catch {
            return;
          }
          expect(Buffer.byteLength(payload, "utf8")).toBeLessThanOrEqual(331);
          const lines = payload.split("\n");
          expect(lines.length).toBeLessThanOrEqual(12);
          expect(lines[5]).toBe(name);
          expect(lines[6]).toBe(fields.iban);
          expect(lines[9]).toBe(fields.reference);
          expect(lines[11] ?? "").toBe(note ?? "");
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("takes as the payee's name what fits the largest transfer an invoice makes, and nothing else (the configuration asks it)", () => {
    expect(isPayeeName("Elukaitse AS")).toBe(true);
    expect(isPayeeName("Õnne Kindlustuse Aktsiaselts, Läänemere tee 1, Tallinn — üüõõääöö šž")).toBe(true);
    expect(isPayeeName("Ä".repeat(70))).toBe(true);
    expect(isPayeeName("Ä".repeat(71))).toBe(false);
    expect(isPayeeName("Elukaitse AS\nLHV")).toBe(false);
    expect(isPayeeName("Elukaitse\tAS")).toBe(false);
    // 70 characters of three bytes each leave no room in 331 bytes for the rest of the largest transfer.
    expect(isPayeeName("保".repeat(70))).toBe(false);
    expect(isPayeeName("")).toBe(false);
  });
});

describe("invoice lines", () => {
  const estimation = {
    premiumForDeathCover: 1234,
    premiumForDisabilityCover: 0,
    services: [{ serviceCode: "HEALTH_CHECK" as const, premium: 990 }],
    membershipFee: 150,
  };

  it("are each cover with a premium, each service, the membership fee and the discount, adding up to the total", () => {
    const lines = invoiceLines(estimation, 10);
    expect(lines).toEqual([
      { kind: "death", cents: 1234 },
      { kind: "service", code: "HEALTH_CHECK", cents: 990 },
      { kind: "membership", cents: 150 },
      { kind: "discount", percent: 10, cents: -123 },
    ]);
    expect(lines.reduce((s, l) => s + l.cents, 0)).toBe(invoiceAmount(estimation, 10).total);
    expect(invoiceLines(estimation, 0).map((l) => l.kind)).toEqual(["death", "service", "membership"]);
  });
});

describe("migration statements", () => {
  it("split at semicolons, but not inside a function body", () => {
    const sql = `CREATE TABLE a (x int); -- a comment; with a semicolon
      CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; RETURN NEW; END $$;
      CREATE TRIGGER t BEFORE UPDATE ON a FOR EACH ROW EXECUTE FUNCTION f();`;
    expect(splitStatements(sql)).toEqual([
      "CREATE TABLE a (x int)",
      "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; RETURN NEW; END $$",
      "CREATE TRIGGER t BEFORE UPDATE ON a FOR EACH ROW EXECUTE FUNCTION f()",
    ]);
  });
});
