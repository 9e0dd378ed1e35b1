/**
 * One slider for the package covers and the score's slider questions: a native range with
 * its ends, the typed alternative (WCAG 2.5.7: a value must not need dragging) and the value
 * the page showed (`was`), so that without JavaScript whichever of the two the customer
 * changed wins (chosenSliderText, app/lib/score-model.ts). The caller owns both values (the package couples two
 * sliders); the range and the typed number are labelled for what they are.
 */
import { useHydrated } from "~/components/every-page";
import { NUMERIC_MAX_LENGTH } from "~/lib/score-model";

export interface SliderProps {
  /** Field names: the typed number (also its id), the range, and the shown value. */
  names: { typed: string; range: string; was: string };
  typedId: string;
  rangeId: string;
  min: number;
  max: number;
  step: number;
  /** Where the handle is. */
  value: number | string;
  /** What the typed field holds. */
  typed: string;
  /** The value the page showed (posted as `was`). */
  was: string;
  rangeLabel: string;
  typedLabel: string;
  /** "below": its own row with a visible label (package); "inline": beside the range, labelled for screen readers (score). */
  typedPlacement: "below" | "inline";
  /** The ends as the screen writes them. */
  endText?: (value: number) => string;
  /**
   * The range's aria-valuetext, given once JavaScript runs (it then follows every move);
   * without JavaScript the range is read by its own value, which can never go stale.
   */
  valueText: string;
  rangeDescribedBy?: string;
  typedDescribedBy?: string;
  invalid?: boolean;
  disabled?: true;
  typedClassName?: string;
  onRange(value: string): void;
  onTyped(text: string): void;
  /** The typed amount is settled (blur, or Enter instead of submitting the form). */
  onCommit?(): void;
}

export function Slider(props: SliderProps) {
  const hydrated = useHydrated();
  const end = props.endText ?? String;
  const typedLabelClass = props.typedPlacement === "inline" ? "visually-hidden" : undefined;
  const typed = (
    <>
      <label htmlFor={props.typedId} className={typedLabelClass}>
        {props.typedLabel}
      </label>
      <input
        type="text"
        id={props.typedId}
        name={props.names.typed}
        value={props.typed}
        inputMode="numeric"
        maxLength={NUMERIC_MAX_LENGTH}
        autoComplete="off"
        className={props.typedClassName ?? "input--number"}
        disabled={props.disabled}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.typedDescribedBy}
        onChange={(event) => props.onTyped(event.currentTarget.value)}
        onBlur={props.onCommit}
        onKeyDown={
          props.onCommit
            ? (event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  props.onCommit!();
                }
              }
            : undefined
        }
      />
    </>
  );
  return (
    <>
      <div className="slider__row">
        <label htmlFor={props.rangeId} className="visually-hidden">
          {props.rangeLabel}
        </label>
        <span className="slider__end" aria-hidden="true">
          {end(props.min)}
        </span>
        <input
          type="range"
          id={props.rangeId}
          name={props.names.range}
          min={props.min}
          max={props.max}
          step={props.step}
          value={props.value}
          disabled={props.disabled}
          aria-valuetext={hydrated ? props.valueText : undefined}
          aria-describedby={props.rangeDescribedBy}
          onChange={(event) => props.onRange(event.currentTarget.value)}
        />
        <span className="slider__end" aria-hidden="true">
          {end(props.max)}
        </span>
        {props.typedPlacement === "inline" ? typed : null}
      </div>
      {props.typedPlacement === "below" ? <div className="package__typed">{typed}</div> : null}
      <input type="hidden" name={props.names.was} value={props.was} />
    </>
  );
}
