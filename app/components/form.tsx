/**
 * Accessible form pieces in the GOV.UK manner: an error summary linking to each field,
 * errors tied to inputs with aria-describedby, fieldset/legend for groups. Error messages
 * arrive as i18n keys.
 */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";
import { cleanPhoneTyping, DEFAULT_PHONE_PREFIX, normalisePhone, trimPhoneEnd } from "~/lib/fields";

export interface SummaryItem {
  /** The id of the input to link to, when the message belongs to a field. */
  fieldId?: string;
  message: string;
}

/**
 * Shown when a submission came back with errors; takes focus so it is announced (`autofocus`:
 * without JavaScript too, so the first Tab after a failed post starts in it). Forms that
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
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref} autoFocus>
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
  /** Marked before any error: "(required)" beside the label, `required` on the input. */
  required?: boolean;
  /** Invalid for an error shown elsewhere, which describes it (e.g. the shares' total). */
  sharedErrorId?: string;
  onBlur?: React.FocusEventHandler<HTMLInputElement>;
  onFocus?: React.FocusEventHandler<HTMLInputElement>;
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
 * The visible "(required)" beside a label or legend, before any error. Kept out of the
 * control's name: a text field or select says it through its own `required` (forms are
 * `novalidate`, so the browser's bubbles never show); a radio group or a checkbox, where
 * native `required` would be reported invalid before anything was answered, points at this
 * mark with aria-describedby (`id`, `requiredMarkId`).
 */
export const requiredMarkId = (id: string) => `${id}-required`;

export function RequiredMark({ required, id }: { required?: boolean; id?: string }) {
  const { t } = useTranslation();
  if (!required) return null;
  return (
    <span className="field__required" aria-hidden="true" id={id}>
      {" "}({t("form.required")})
    </span>
  );
}

/** A control's label with the required mark beside it (outside the label: not part of its text). */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: React.ReactNode }) {
  if (!required) return <label htmlFor={htmlFor}>{children}</label>;
  return (
    <div className="field__label">
      <label htmlFor={htmlFor}>{children}</label>
      <RequiredMark required />
    </div>
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
  required,
  sharedErrorId,
  children,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  required?: boolean;
  /** The id of an error this field shares with others (a total over several fields), shown elsewhere. */
  sharedErrorId?: string;
  children: (aria: { "aria-invalid": true | undefined; "aria-describedby": string | undefined }) => React.ReactNode;
}) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, error ? field.errorId : null, sharedErrorId].filter(Boolean).join(" ") || undefined;
  const invalid = Boolean(error || sharedErrorId);
  return (
    <div className={`field${invalid ? " field--error" : ""}`}>
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <FieldError id={field.errorId} error={error} />
      {children({ "aria-invalid": invalid ? true : undefined, "aria-describedby": describedBy })}
    </div>
  );
}

export function TextField({ field, label, hint, type = "text", autoComplete, inputMode, maxLength, required, sharedErrorId, onBlur, onFocus, onInput }: TextFieldProps) {
  return (
    <LabelledField field={field} label={label} hint={hint} required={required} sharedErrorId={sharedErrorId}>
      {(aria) => (
        <input
          {...getInputProps(field, { type, ariaAttributes: false })}
          key={field.key}
          {...aria}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          required={required}
          onBlur={onBlur}
          onFocus={onFocus}
          onInput={onInput}
        />
      )}
    </LabelledField>
  );
}

/**
 * A phone number (app/lib/fields.ts rules): cleaned as the customer types; on leaving the
 * field the trailing junk trimmed and a missing country code added (unless only the default
 * prefix is there). Tabbing in puts the caret after the prefix instead of selecting it, so
 * typing keeps "+372 " (and typing a whole "+…" number there replaces it).
 */
export function PhoneField({ field, label, hint, autoComplete, required }: Pick<TextFieldProps, "field" | "label" | "hint" | "autoComplete" | "required">) {
  return (
    <TextField
      field={field}
      label={label}
      hint={hint}
      type="tel"
      autoComplete={autoComplete}
      required={required}
      maxLength={24}
      onFocus={(event) => {
        const input = event.currentTarget;
        if (input.value === DEFAULT_PHONE_PREFIX) input.setSelectionRange(input.value.length, input.value.length);
      }}
      onInput={(event) => {
        const input = event.currentTarget;
        // A whole number typed with its own '+' after the kept prefix: that one counts.
        const typed = input.value.startsWith(`${DEFAULT_PHONE_PREFIX}+`) ? input.value.slice(DEFAULT_PHONE_PREFIX.length) : input.value;
        const next = cleanPhoneTyping(typed);
        if (next !== input.value) input.value = next;
      }}
      onBlur={(event) => {
        const input = event.currentTarget;
        if (input.value === DEFAULT_PHONE_PREFIX) return;
        const next = trimPhoneEnd(normalisePhone(input.value));
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
  required?: boolean;
}

export function RadioGroup({ field, legend, options, required }: RadioGroupProps) {
  const { t } = useTranslation();
  const error = field.errors?.[0];
  return (
    <fieldset
      className={`field${error ? " field--error" : ""}`}
      aria-describedby={[required ? requiredMarkId(field.id) : null, error ? field.errorId : null].filter(Boolean).join(" ") || undefined}
    >
      <legend>
        {legend}
        <RequiredMark required={required} id={requiredMarkId(field.id)} />
      </legend>
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
                aria-invalid={error ? true : undefined}
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
  required?: boolean;
}

/** One checkbox with its label, hint and error (GOV.UK "checkboxes" with a single item). */
export function CheckboxField({ field, label, hint, required }: CheckboxFieldProps) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  const describedBy = [required ? requiredMarkId(field.id) : null, hint ? hintId : null, error ? field.errorId : null].filter(Boolean).join(" ") || undefined;
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
        <label htmlFor={field.id}>
          {label}
          <RequiredMark required={required} id={requiredMarkId(field.id)} />
        </label>
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
  required?: boolean;
}

/** A native select with its label, hint and error. */
export function SelectField({ field, label, hint, options, required }: SelectFieldProps) {
  return (
    <LabelledField field={field} label={label} hint={hint} required={required}>
      {(aria) => (
        <select {...getSelectProps(field, { ariaAttributes: false })} key={field.key} {...aria} required={required}>
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
