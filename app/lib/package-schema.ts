/**
 * The package form (SPEC.md sections 2 "Package" and 5), one zod schema per customer's limits,
 * shared by conform in the browser and the action. The core re-checks the result.
 *
 * Fields per cover (`death`, `disability`):
 * - `sumInsuredForDeathCover` / `sumInsuredForDisabilityCover`: the typed amount (WCAG 2.5.7's
 *   alternative to dragging);
 * - `…Range`: the range input; `…Was`: the amount the page showed. Without JavaScript
 *   whichever of the two the customer changed wins; with it both move together.
 * - `services`: the ticked health packages; `intent`: save, recalculate (no-JavaScript
 *   estimate) or estimate (the live estimate's fetcher).
 * In-range amounts are snapped to the sliders' steps (app/lib/sums.ts); disability follows
 * the death cover down, as the slider does. What was changed so is part of the result
 * (`adjusted`): the save says it on the next page (docs/decisions/0261).
 */
import * as z from "zod/v4/mini";
import { addIssue } from "./fields";
import { chosenSliderText } from "./score-model";
import { readAmount, snapDeathCover, snapDisabilityCover } from "./sums";
import { COVERS, PACKAGE_INTENTS, type CoverAdjustment, type FormLimits, type PackageValues } from "./package-fields";

export * from "./package-fields";

const text = z.optional(z.string().check(z.trim()));

/** Which number the customer chose: the typed one when it was changed, else the range; an amount as the quote reads it. */
function chosen(typed: string | undefined, range: string | undefined, was: string | undefined): { value: number } | { error: string } {
  const raw = chosenSliderText({ typed, range, was });
  if (!raw.trim()) return { error: "error.required" };
  return readAmount(raw);
}

export function packageSchema(limits: FormLimits, serviceCodes: readonly string[]) {
  const death = limits.sumLimitsForDeathCover;
  const dis = limits.sumLimitsForDisabilityCover;
  return z.pipe(
    z.object({
      intent: z._default(z.enum(PACKAGE_INTENTS), "save"),
      sumInsuredForDeathCover: text,
      deathCoverRange: text,
      deathCoverWas: text,
      sumInsuredForDisabilityCover: text,
      disabilityCoverRange: text,
      disabilityCoverWas: text,
      services: z.pipe(
        z.transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
        z.array(z.string()),
      ),
    }),
    z.transform((form, ctx) => {
      const d = chosen(form.sumInsuredForDeathCover, form.deathCoverRange, form.deathCoverWas);
      const x = chosen(form.sumInsuredForDisabilityCover, form.disabilityCoverRange, form.disabilityCoverWas);
      const fail = (path: string, message: string) => addIssue(ctx, message, [path]);
      let deathValue: number | null = null;
      if ("error" in d) fail(COVERS.death.field, d.error);
      else if (d.value < death.min || d.value > death.max) fail(COVERS.death.field, "package.error.death_range");
      else deathValue = snapDeathCover(d.value, death);
      let disabilityValue: number | null = null;
      if ("error" in x) fail(COVERS.disability.field, x.error);
      else if (x.value > dis.max) fail(COVERS.disability.field, "package.error.disability_range");
      else if (deathValue !== null) disabilityValue = snapDisabilityCover(x.value, dis, deathValue);
      // Checked here rather than with a refine, so every field's error shows at once.
      const servicesOk = form.services.every((c) => serviceCodes.includes(c));
      if (!servicesOk) fail("services", "package.error.services");
      if (deathValue === null || disabilityValue === null || !servicesOk) return z.NEVER;
      const values: PackageValues = { sumInsuredForDeathCover: deathValue, sumInsuredForDisabilityCover: disabilityValue, services: [...new Set(form.services)] };
      const adjusted: CoverAdjustment[] = [];
      if ("value" in d && d.value !== deathValue) adjusted.push({ cover: "death", chosen: d.value, saved: deathValue });
      if ("value" in x && x.value !== disabilityValue) adjusted.push({ cover: "disability", chosen: x.value, saved: disabilityValue });
      return { intent: form.intent, ...values, adjusted };
    }),
  );
}

