/**
 * The two covers (SPEC.md sections 2 "Package" and 5): life cover on its steps between its
 * limits; disability 0 or on its steps, never above its limit or the life cover. Moving life
 * cover below disability pulls disability down, once the life cover is settled (its slider
 * moved, its typed amount left or entered), never on the way while it is typed, and the page
 * says so (docs/decisions/0266). Each is one Slider (range and typed amount).
 * The package step and the landing page's quote share them (each names its own fields).
 */
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { FieldError } from "~/components/form";
import { Slider } from "~/components/slider";
import { formatWholeEuro, formatWholeMoney } from "~/lib/euro";
import type { FormLimits, PackageValues } from "~/lib/package-fields";
import { amountDigits, clampCovers, fitCovers, moveDisabilityCover, settleDeathCover, snapDisabilityCover, typedAmount, typedDeathCover } from "~/lib/sums";

/**
 * Both covers as numbers (where the handles are) and as typed text. `typed` is what a failed
 * post kept (nothing typed is lost); otherwise the typed fields start from the numbers.
 * `lowered` says a disability cover the settled life cover pulled down (the disability
 * slider's notice and the estimate's next announcement).
 *
 * `keepOutside` (the package step): an amount typed outside a cover's limits is left as typed
 * when its field is left, not brought within them without a word; the save's validation names
 * it, as it does without JavaScript (docs/decisions/0394). The quote brings it within them.
 */
export function useCovers(start: Omit<PackageValues, "services">, limits: FormLimits, typed: { death?: string; disability?: string }, keepOutside?: boolean) {
  const { t } = useTranslation();
  const deathLimits = limits.sumLimitsForDeathCover;
  const disLimits = limits.sumLimitsForDisabilityCover;
  const [death, setDeath] = useState(start.sumInsuredForDeathCover);
  const [disability, setDisability] = useState(start.sumInsuredForDisabilityCover);
  const [typedDeath, setTypedDeath] = useState(typed.death ?? String(start.sumInsuredForDeathCover));
  const [typedDisability, setTypedDisability] = useState(typed.disability ?? String(start.sumInsuredForDisabilityCover));
  // The disability cover the customer chose and what the life cover pulled it down to.
  const [pulled, setPulled] = useState<{ chosen: number; to: number } | null>(null);
  // True while it is what the slider holds (an age's new limits may have moved it since).
  const current = pulled && pulled.to === disability ? pulled : null;

  const moveDeath = (next: number) => {
    setDeath(next);
    setTypedDeath(String(next));
  };
  const moveDisability = (next: number) => {
    setDisability(next);
    setTypedDisability(String(next));
  };
  const chosen = { sumInsuredForDeathCover: death, sumInsuredForDisabilityCover: disability };
  const moveBoth = (next: typeof chosen) => {
    moveDeath(next.sumInsuredForDeathCover);
    moveDisability(next.sumInsuredForDisabilityCover);
  };
  /** Life cover settled: disability follows it down, and what the customer chose is kept to say it. */
  const applyDeath = (value: number) => {
    const next = settleDeathCover(value, disability, deathLimits, disLimits);
    moveDeath(next.death);
    if (next.disability === disability) return;
    setPulled({ chosen: current?.chosen ?? disability, to: next.disability });
    moveDisability(next.disability);
  };
  const applyDisability = (value: number) => moveDisability(snapDisabilityCover(value, disLimits, death));

  return {
    death,
    disability,
    typedDeath,
    typedDisability,
    /** Said while the disability cover is where the life cover pulled it ("" otherwise). */
    lowered: current ? t("package.notice.lowered.disability", { saved: formatWholeEuro(current.to), chosen: formatWholeEuro(current.chosen) }) : "",
    deathInput: {
      range: (value: number) => applyDeath(value),
      typed(text: string) {
        setTypedDeath(text);
        const n = typedAmount(text);
        const next = n === undefined ? null : typedDeathCover(n, disability, deathLimits, disLimits);
        if (next !== null) setDeath(next);
      },
      commit() {
        const n = typedAmount(typedDeath);
        // Nothing typed compares as neither (`undefined < min` is false): the amount stays.
        if (keepOutside && (n! < deathLimits.min || n! > deathLimits.max)) return;
        applyDeath(n ?? death);
      },
    },
    disabilityInput: {
      // The customer's own choice: nothing pulled is left to say.
      range(value: number) {
        setPulled(null);
        moveDisability(moveDisabilityCover(value, disability, disLimits, death));
      },
      typed(text: string) {
        setPulled(null);
        setTypedDisability(text);
        const n = typedAmount(text);
        // Nothing typed compares as neither (`undefined <= max` is false): the slider stays.
        if (n! <= disLimits.max) setDisability(snapDisabilityCover(n!, disLimits, death));
      },
      // Under its minimum is no error: 0 or the minimum, the nearer (SPEC.md section 5).
      commit() {
        const n = typedAmount(typedDisability);
        if (keepOutside && n! > disLimits.max) return;
        applyDisability(n ?? disability);
      },
    },
    /** The age warning's close: both within today's limits. */
    clamp: () => moveBoth(clampCovers(chosen, limits)),
    /** New limits (the quote's age changed): both on the new sliders' steps within them. */
    fit: (next: FormLimits) => moveBoth(fitCovers(chosen, next)),
  };
}

export type Covers = ReturnType<typeof useCovers>;

/** The limits' amounts as a message's parameters ("between {{min}} and {{max}}"). */
export const limitParams = (range: { min: number; max: number; step: number }) => ({
  min: formatWholeEuro(range.min),
  max: formatWholeEuro(range.max),
  step: formatWholeEuro(range.step),
});

/** What a cover's field shows of its validation: its id, its error's id and its error (an i18n key). */
export interface CoverField {
  id: string;
  errorId: string;
  error: string | undefined;
}

export function CoverSlider(props: {
  cover: "death" | "disability";
  /** The field names: the typed amount (also the field's name), the range, the shown value. */
  names: { field: string; range: string; was: string };
  field: CoverField;
  range: { min: number; max: number; step: number };
  value: number;
  typed: string;
  on: Covers["deathInput"];
  /** Why the amount is not the one chosen (Covers' `lowered`), or "". */
  notice?: string;
}) {
  const { t } = useTranslation();
  const { cover, field, names } = props;
  const params = limitParams(props.range);
  const error = field.error;
  const hintId = `${cover}-hint`;
  const rangeId = `${cover}-range`;
  const noticeId = props.notice ? `${cover}-notice` : null;
  const valueText = formatWholeMoney(props.value);
  return (
    <fieldset className={`field slider package__cover${error ? " field--error" : ""}`}>
      <legend>{t(`package.${cover}.legend`)}</legend>
      <span id={hintId} className="field__hint">
        {t(`package.${cover}.hint`, params)}
      </span>
      <FieldError id={field.errorId} error={error} params={params} />
      {/* Not a live region: the estimate's announcement says it once, before the new total. */}
      {noticeId ? (
        <p id={noticeId} className="notice">
          {props.notice}
        </p>
      ) : null}
      {/* Not a live region: the slider says its value, the estimate its total (one announcement each). */}
      <output htmlFor={rangeId} id={`${cover}-amount`} className="package__amount" aria-live="off">
        {valueText}
      </output>
      <Slider
        names={{ typed: names.field, range: names.range, was: names.was }}
        typedId={field.id}
        rangeId={rangeId}
        // Disability may be none at all: its track starts at 0.
        min={cover === "death" ? props.range.min : 0}
        max={props.range.max}
        step={props.range.step}
        value={props.value}
        typed={props.typed}
        was={String(props.value)}
        rangeLabel={t(`package.${cover}.range`)}
        typedLabel={t(`package.${cover}.typed`)}
        typedPlacement="below"
        endText={formatWholeEuro}
        valueText={valueText}
        rangeDescribedBy={[hintId, noticeId].filter(Boolean).join(" ")}
        typedDescribedBy={[hintId, error ? field.errorId : null, noticeId].filter(Boolean).join(" ")}
        invalid={Boolean(error)}
        onRange={(value) => props.on.range(Number(value))}
        onTyped={(text) => props.on.typed(amountDigits(text))}
        onCommit={props.on.commit}
      />
    </fieldset>
  );
}
