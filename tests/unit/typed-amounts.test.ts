/**
 * One reading of a typed amount (docs/decisions/0311): readAmount in app/lib/sums.ts, which the
 * quote's schema, the package step's schema, the sign-in's parameters and the landing page
 * read an amount with. Hostile text answers a number or an error code, never a throw, and the
 * quote and the package step read every text alike.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readLoginParams } from "~/core/login-params";
import { parseQuoteQuery } from "~/http/quote.server";
import { packageLimits } from "~/lib/limits";
import { packageSchema } from "~/lib/package-schema";
import { NUMERIC_MAX_LENGTH } from "~/lib/score-model";
import { readAmount, snapDeathCover, snapDisabilityCover, typedAmount } from "~/lib/sums";

const SPACES = [" ", "\u00a0", "\u202f", "\t"];
const LARGEST = 10 ** NUMERIC_MAX_LENGTH - 1;

describe("readAmount", () => {
  it.each([
    ["50000", 50000],
    ["50 000", 50000],
    ["50\u00a0000", 50000],
    ["1\u202f000\u202f000", 1000000],
    [" 75 000 ", 75000],
    ["020000", 20000],
    ["0100000", 100000],
    ["0", 0],
    ["000", 0],
    [`${"0".repeat(20)}5000`, 5000],
    ["999 999 999", LARGEST],
  ])("%j is %d", (typed, value) => {
    expect(readAmount(typed)).toEqual({ value });
  });

  it.each(["", "   ", "abc", "-5000", "+5000", "100.5", "100,000", "1e5", "5000€", "٥٠٠٠", "５０００"])("%j is not a whole number", (typed) => {
    expect(readAmount(typed)).toEqual({ error: "error.integer" });
  });

  it("refuses more digits than a numeric field holds as too large, not as no number", () => {
    expect(readAmount("1234567890")).toEqual({ error: "error.amount_too_large" });
    expect(readAmount("1 000 000 000")).toEqual({ error: "error.amount_too_large" });
    expect(readAmount("9".repeat(1000))).toEqual({ error: "error.amount_too_large" });
  });

  it("answers any text with a whole number in range or an error code, and never throws", () => {
    const texts = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.stringMatching(/^[0-9 \u00a0\u202f]{0,16}$/));
    fc.assert(
      fc.property(texts, (typed) => {
        const read = readAmount(typed);
        if ("error" in read) expect(["error.integer", "error.amount_too_large"]).toContain(read.error);
        else expect(Number.isSafeInteger(read.value) && read.value >= 0 && read.value <= LARGEST).toBe(true);
        expect(typedAmount(typed)).toBe("value" in read ? read.value : undefined);
      }),
    );
  });

  it("reads a number written with spaces anywhere and leading zeros as the number", () => {
    const written = fc.tuple(fc.nat({ max: LARGEST }), fc.nat({ max: 3 }), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...SPACES)), { maxLength: 4 }));
    fc.assert(
      fc.property(written, ([n, zeros, spaces]) => {
        let text = "0".repeat(zeros) + String(n);
        for (const [at, space] of spaces) text = text.slice(0, at % (text.length + 1)) + space + text.slice(at % (text.length + 1));
        expect(readAmount(text)).toEqual({ value: n });
      }),
    );
  });
});

describe("the quote, the package step and the sign-in read an amount alike", () => {
  const limits = packageLimits(40)!;
  const death = limits.sumLimitsForDeathCover;
  const dis = limits.sumLimitsForDisabilityCover;
  const schema = packageSchema(limits, []);
  const texts = fc.oneof(
    fc.string(),
    fc.stringMatching(/^[0-9 \u00a0\u202f]{0,14}$/),
    fc.nat({ max: 600_000 }).map(String),
    fc.constantFrom("75 000", "020000", "0100000", "1234567890", "100\u00a0000", "", " "),
  );

  /** The quote's reading of a cover typed on the page (its range and shown value untouched). */
  function quoted(field: "life" | "disability", typed: string) {
    const q = new URLSearchParams({ age: "40", [field]: typed, [`${field}Range`]: "50000", [`${field}Was`]: "50000" });
    const outcome = parseQuoteQuery(q);
    return outcome.ok ? { value: outcome.value[field] } : { error: outcome.failure.find((f) => f.context === field)?.code };
  }

  /** The package step's reading of the same typed cover, the other at an amount it accepts. */
  function stepped(cover: "death" | "disability", typed: string) {
    const other = cover === "death" ? { sumInsuredForDisabilityCover: "20000" } : { sumInsuredForDeathCover: String(death.max) };
    const field = cover === "death" ? "sumInsuredForDeathCover" : "sumInsuredForDisabilityCover";
    const result = schema.safeParse({ ...other, [field]: typed, [`${cover}CoverRange`]: "50000", [`${cover}CoverWas`]: "50000" });
    return result.success ? { value: result.data[field] } : { error: result.error.issues.find((i) => i.path[0] === field)?.message };
  }

  /** What the package step makes of an amount the quote read: its steps within its range, else its range error. */
  const covers = [
    { field: "life", cover: "death", onStep: (n: number) => (n < death.min || n > death.max ? { error: "package.error.death_range" } : { value: snapDeathCover(n, death) }) },
    { field: "disability", cover: "disability", onStep: (n: number) => (n > dis.max ? { error: "package.error.disability_range" } : { value: snapDisabilityCover(n, dis, death.max) }) },
  ] as const;

  it.each(covers)("$field: a number the quote reads is the package step's (on its steps, or refused by its range) and the sign-in's; an error is the same error", ({ field, cover, onStep }) => {
    fc.assert(
      fc.property(texts, (typed) => {
        const quote = quoted(field, typed);
        const step = stepped(cover, typed);
        if ("error" in quote) expect(step).toEqual(quote);
        else if (quote.value === undefined) expect(step).toEqual({ error: "error.required" });
        else expect(step).toEqual(onStep(quote.value));
        expect(readLoginParams(new URLSearchParams({ [field]: typed }))[field]).toBe("error" in quote ? undefined : quote.value);
      }),
    );
  });
});
