/**
 * The package sliders' rules (SPEC.md section 5), isomorphic: the browser couples the
 * sliders with them and the core re-checks a saved package with the same functions. And the
 * one reading of a typed amount (readAmount).
 */
import { NUMERIC_MAX_LENGTH } from "./score-model";

export interface Range {
  min: number;
  max: number;
  step: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** What a typed amount's field keeps as it is typed (with JavaScript): its digits, no leading zeros. */
export const amountDigits = (text: string) => text.replace(/\D/g, "").replace(/^0+(?=\d)/, "");

/**
 * A cover's amount in whole euro as typed, wherever it is typed or comes in a link: the quote
 * (page and API), the package step, the sign-in's `life` and `disability`, the landing page's
 * starting values (docs/decisions/0311). SPEC.md section 5's whole-number rule (digits only,
 * at most NUMERIC_MAX_LENGTH) for what the typed field keeps with JavaScript (amountDigits):
 * spaces are thousands
 * separators ("50 000", also the no-break and narrow no-break spaces a copied amount
 * carries), leading zeros are dropped ("020000" is 20 000, not the rule's 0), anything else
 * is `error.integer`, and more digits than a numeric field holds are `error.amount_too_large`
 * (no cover is that large) rather than "not a whole number". Nothing typed is
 * `error.integer`: callers that allow nothing (a default, the required field) check first.
 */
export function readAmount(raw: string): { value: number } | { error: string } {
  const digits = amountDigits(raw);
  if (!digits || /[^\d\s]/.test(raw)) return { error: "error.integer" };
  return digits.length > NUMERIC_MAX_LENGTH ? { error: "error.amount_too_large" } : { value: Number(digits) };
}

/** A typed or linked amount, or undefined when there is none or it is refused (readAmount). */
export function typedAmount(raw: string | null | undefined): number | undefined {
  const read = readAmount(raw ?? "");
  return "value" in read ? read.value : undefined;
}

/** Death cover: a step of its range, between min and max. */
export function snapDeathCover(value: number, range: Range): number {
  if (!Number.isFinite(value)) return range.min;
  const stepped = range.min + Math.round((value - range.min) / range.step) * range.step;
  return clamp(stepped, range.min, range.max - ((range.max - range.min) % range.step));
}

/**
 * Disability cover: 0, or from its min to its max in steps, never above the death cover.
 * Values under the minimum snap to 0 or the minimum, whichever is nearer (by halves).
 */
export function snapDisabilityCover(value: number, range: Range, deathCover: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  const ceiling = Math.min(range.max, deathCover);
  if (value < range.min) return value < range.min / 2 || ceiling < range.min ? 0 : range.min;
  if (ceiling < range.min) return 0;
  const stepped = range.min + Math.round((value - range.min) / range.step) * range.step;
  const topStep = range.min + Math.floor((ceiling - range.min) / range.step) * range.step;
  return clamp(stepped, range.min, topStep);
}

/**
 * The life cover settled (its typed amount left or entered, or its slider moved): on its
 * steps, and the disability cover pulled down to it when above it (SPEC.md section 5).
 */
export function settleDeathCover(value: number, disabilityCover: number, death: Range, disability: Range): { death: number; disability: number } {
  const settled = snapDeathCover(value, death);
  return { death: settled, disability: snapDisabilityCover(disabilityCover, disability, settled) };
}

/**
 * The life cover while its amount is still being typed: where its slider goes, or null to stay
 * where it is. An amount outside its limits is one still being typed, and so is one that would
 * pull the disability cover down: 150 000 is typed through 15 000, and the cap applied then
 * lowered the disability cover the customer had chosen (docs/decisions/0266). The cap waits
 * for the amount to be settled (settleDeathCover).
 */
export function typedDeathCover(typed: number, disabilityCover: number, death: Range, disability: Range): number | null {
  if (typed < death.min || typed > death.max) return null;
  const settled = settleDeathCover(typed, disabilityCover, death, disability);
  return settled.disability === disabilityCover ? settled.death : null;
}

/**
 * The SERVICE_REQ_CHANGE warning's close (SPEC.md section 2 "Package"): death cover to at
 * most its maximum, disability to at most its own maximum and the death cover.
 */
export function clampCovers(
  covers: { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number },
  limits: { sumLimitsForDeathCover: { max: number }; sumLimitsForDisabilityCover: { max: number } },
): { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number } {
  const death = Math.min(covers.sumInsuredForDeathCover, limits.sumLimitsForDeathCover.max);
  const disability = Math.min(covers.sumInsuredForDisabilityCover, limits.sumLimitsForDisabilityCover.max, death);
  return { sumInsuredForDeathCover: death, sumInsuredForDisabilityCover: disability };
}

/**
 * The disability slider moved from `previous` to `value`. A step into the gap between 0 and
 * the minimum (an arrow key from 0 gives 1 000) goes on across it in the direction it was
 * moving, so the keyboard can leave 0 and return to it; a drag lands by the nearest half.
 */
export function moveDisabilityCover(value: number, previous: number, range: Range, deathCover: number): number {
  if (value > 0 && value < range.min) {
    if (value > previous) return snapDisabilityCover(range.min, range, deathCover);
    if (value < previous) return 0;
  }
  return snapDisabilityCover(value, range, deathCover);
}

/**
 * Both covers brought within `limits` as the sliders hold them: each between its limits on its
 * steps, disability never above the life cover. Where the package step starts (a saved package
 * or the login link's sums) and where the quote's covers go when the age changes.
 */
export function fitCovers(
  covers: { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number },
  limits: { sumLimitsForDeathCover: Range; sumLimitsForDisabilityCover: Range },
): { sumInsuredForDeathCover: number; sumInsuredForDisabilityCover: number } {
  const clamped = clampCovers(covers, limits);
  const death = snapDeathCover(clamped.sumInsuredForDeathCover, limits.sumLimitsForDeathCover);
  return { sumInsuredForDeathCover: death, sumInsuredForDisabilityCover: snapDisabilityCover(clamped.sumInsuredForDisabilityCover, limits.sumLimitsForDisabilityCover, death) };
}
