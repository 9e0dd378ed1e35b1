import { useTranslation } from "~/i18n/react";
import { FieldError } from "~/components/form";
import { formatNumber, MEASUREMENT_LIMITS, NUMERIC_MAX_LENGTH } from "~/lib/score-model";

/** One reading of the health measurement window (/health.html): a decimal within its limits. */
export function MeasurementInput({ name, value, error }: { name: "bpm" | "bmi"; value: string | number | undefined; error: string | undefined }) {
  const { t, i18n } = useTranslation();
  const limits = MEASUREMENT_LIMITS[name];
  const text = typeof value === "number" ? formatNumber(value, i18n.language) : (value ?? "");
  const id = `health-${name}`;
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={id}>{t(`health.${name}`)}</label>
      <span id={`${id}-hint`} className="field__hint">
        {t("score.number.bounds", limits)}
      </span>
      <FieldError id={`${id}-error`} error={error} params={limits} />
      <input
        type="text"
        id={id}
        name={name}
        // A new measurement replaces what the field held.
        key={`${name}-${text}`}
        defaultValue={text}
        inputMode="decimal"
        maxLength={NUMERIC_MAX_LENGTH}
        autoComplete="off"
        className="input--number"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
      />
    </div>
  );
}
