/**
 * Accessible form pieces in the GOV.UK manner: an error summary linking to each field,
 * errors tied to inputs with aria-describedby, fieldset/legend for groups. Error messages
 * arrive as i18n keys.
 */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";
import { DEFAULT_PHONE_PREFIX, normalisePhone, trimPhoneEnd } from "~/lib/fields";

export interface SummaryItem {
  /** The id of the input to link to, when the message belongs to a field. */
  fieldId?: string;
  message: string;
}

/**
 * Shown when a submission came back with errors; takes focus so it is announced. Forms that
 * revalidate as the customer types pass `focusKey` (changed once per submit attempt), so the
 * summary takes focus on a submit only, not on every keystroke.
 */
export function ErrorSummary({ items, focusKey }: { items: SummaryItem[]; focusKey?: unknown }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const trigger = focusKey === undefined ? items : focusKey;
  useEffect(() => {
    if (items.length) ref.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trigger]);
  if (!items.length) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref}>
      <h2 id="error-summary-title">{t("form.error_summary")}</h2>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{item.fieldId ? <a href={`#${item.fieldId}`}>{item.message}</a> : item.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Error summary items from conform fields (first error each) plus form-level messages. */
export function useSummaryItems(fields: FieldMetadata<unknown>[], formErrors: string[] | undefined, params?: Record<string, unknown>) {
  const { t } = useTranslation();
  return [
    ...(formErrors ?? []).map((key) => ({ message: t(key, params) })),
    ...fields.filter((f) => f.errors?.length).map((f) => ({ fieldId: f.id, message: t(f.errors![0]) })),
  ];
}

/**
 * Summary items for fields whose messages are generic ("required"): each line names its field,
 * "Label: message" (`params` fill the message).
 */
export function useLabelledSummaryItems(entries: ReadonlyArray<readonly [field: FieldMetadata<unknown>, label: string, params?: Record<string, unknown>]>) {
  const { t } = useTranslation();
  return entries
    .filter(([field]) => field.errors?.length)
    .map(([field, label, params]) => ({ fieldId: field.id, message: `${t(label)}: ${t(field.errors![0], params)}` }));
}

/**
 * conform validates as the customer types (and adds or removes list items) by submitting with
 * its own intent button: such a submit is not the customer's submit attempt.
 */
export const isConformIntent = (event: React.FormEvent<HTMLFormElement>) =>
  (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "__intent__";

interface TextFieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  type?: "text" | "tel" | "email";
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  maxLength?: number;
  onBlur?: React.FocusEventHandler<HTMLInputElement>;
  onInput?: React.FormEventHandler<HTMLInputElement>;
}

/** The error message of a field (an i18n key), announced with an "Error:" prefix; nothing without one. */
export function FieldError({ id, error, params }: { id: string; error: string | null | undefined; params?: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <span id={id} className="field__error">
      <span className="visually-hidden">{t("title.error")}: </span>
      {t(error, params)}
    </span>
  );
}

/**
 * A labelled control with its hint and error above it; `children` gets the aria attributes
 * that tie them to the control.
 */
function LabelledField({
  field,
  label,
  hint,
  children,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  children: (aria: { "aria-invalid": true | undefined; "aria-describedby": string | undefined }) => React.ReactNode;
}) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, error ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <FieldError id={field.errorId} error={error} />
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
    </div>
  );
}

export function TextField({ field, label, hint, type = "text", autoComplete, inputMode, maxLength, onBlur, onInput }: TextFieldProps) {
  return (
    <LabelledField field={field} label={label} hint={hint}>
      {(aria) => (
        <input
          {...getInputProps(field, { type, ariaAttributes: false })}
          key={field.key}
          {...aria}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          onBlur={onBlur}
          onInput={onInput}
        />
      )}
    </LabelledField>
  );
}

/**
 * A phone number (app/lib/fields.ts rules): cleaned as the customer types, the trailing
 * junk trimmed on leaving the field unless only the default prefix is there.
 */
export function PhoneField({ field, label, hint, autoComplete }: Pick<TextFieldProps, "field" | "label" | "hint" | "autoComplete">) {
  return (
    <TextField
      field={field}
      label={label}
      hint={hint}
      type="tel"
      autoComplete={autoComplete}
      maxLength={24}
      onInput={(event) => {
        const input = event.currentTarget;
        const next = normalisePhone(input.value);
        if (next !== input.value) input.value = next;
      }}
      onBlur={(event) => {
        const input = event.currentTarget;
        if (input.value === DEFAULT_PHONE_PREFIX) return;
        const next = trimPhoneEnd(input.value);
        if (next !== input.value) {
          input.value = next;
          input.dispatchEvent(new Event("input", { bubbles: true }));
        }
      }}
    />
  );
}

interface RadioGroupProps {
  field: FieldMetadata<string | undefined>;
  legend: string;
  options: Array<{ value: string; label: string }>;
}

export function RadioGroup({ field, legend, options }: RadioGroupProps) {
  const { t } = useTranslation();
  const error = field.errors?.[0];
  return (
    <fieldset className={`field${error ? " field--error" : ""}`} aria-describedby={error ? field.errorId : undefined}>
      <legend>{legend}</legend>
      {error ? (
        <span id={field.errorId} className="field__error">
          {t(error)}
        </span>
      ) : null}
      <div className="radios">
        {options.map((option, index) => {
          // The first option carries the field id, so the error summary can link to it.
          const id = index === 0 ? field.id : `${field.id}-${option.value}`;
          return (
            <div className="radio" key={option.value}>
              <input
                type="radio"
                id={id}
                name={field.name}
                value={option.value}
                defaultChecked={field.initialValue === option.value}
                key={`${field.key}-${option.value}`}
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

interface CheckboxFieldProps {
  field: FieldMetadata<boolean | undefined>;
  /** The label; may hold links (they open in a new tab, so nothing typed is lost). */
  label: React.ReactNode;
  hint?: string;
}

/** One checkbox with its label, hint and error (GOV.UK "checkboxes" with a single item). */
export function CheckboxField({ field, label, hint }: CheckboxFieldProps) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, error ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field checkbox${error ? " field--error" : ""}`}>
      <FieldError id={field.errorId} error={error} />
      <div className="checkbox__item">
        <input
          {...getInputProps(field, { type: "checkbox", ariaAttributes: false })}
          key={field.key}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={field.id}>{label}</label>
      </div>
      {hint ? (
        <span id={hintId} className="field__hint checkbox__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

interface SelectFieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  options: Array<{ value: string; label: string }>;
}

/** A native select with its label, hint and error. */
export function SelectField({ field, label, hint, options }: SelectFieldProps) {
  return (
    <LabelledField field={field} label={label} hint={hint}>
      {(aria) => (
        <select {...getSelectProps(field, { ariaAttributes: false })} key={field.key} {...aria}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
