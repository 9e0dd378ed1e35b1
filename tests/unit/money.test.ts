import { describe, expect, it } from "vitest";
import { formatAmount as formatCents, formatWholeEuro, groupThousands } from "~/lib/euro";

describe("money formatting", () => {
  it("groups thousands with a no-break space", () => {
    expect(groupThousands(0)).toBe("0");
    expect(groupThousands(5_000)).toBe("5\u00a0000");
    expect(formatWholeEuro(500_000)).toBe("500\u00a0000");
    expect(groupThousands(1_234_567)).toBe("1\u00a0234\u00a0567");
  });

  it("shows cents with two decimals in the language's separator", () => {
    expect(formatCents(2095, "et")).toBe("20,95");
    expect(formatCents(2095, "en")).toBe("20.95");
    expect(formatCents(5, "ru")).toBe("0,05");
    expect(formatCents(123_456, "et")).toBe("1\u00a0234,56");
    expect(formatCents(-389, "et")).toBe("−3,89");
    // Nothing is neither owed nor credited: no minus sign before a zero (a mutation to `<= 0` passed every test).
    expect(formatCents(0, "et")).toBe("0,00");
    expect(formatCents(0, "en")).toBe("0.00");
    expect(formatCents(-1, "ru")).toBe("−0,01");
  });
});
