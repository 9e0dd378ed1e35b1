/** Payable invoices: the Estonian reference number and its RF form, IBAN and BIC checks, the EPC QR payload, the lines. */
import { describe, expect, it } from "vitest";
import { invoiceAmount, invoiceLines } from "~/core/invoices";
import {
  creditorReference,
  epcPayload,
  formatIban,
  isBic,
  isCreditorReference,
  isIban,
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
