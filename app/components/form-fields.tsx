/**
 * The labelled fields of app/components/form.tsx's kind: a text or phone input, radios, a
 * checkbox, a select, each with its label, hint and error tied to the control. Apart from
 * form.tsx so that forms drawing their own controls do not load them.
 */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { cleanPhoneTyping, DEFAULT_PHONE_PREFIX, phoneAsStored } from "~/lib/fields";
import { Choice, FieldError, FieldLabel, optionId, RequiredMark, requiredMarkId } from "./form";

/**
 * conform's props for a control, as they are: without a `key` (its type has one, but its helper
 * always leaves it undefined and drops it). Our elements give their key before the spread, so
 * that they go through `jsx()` and not `createElement` (docs/decisions/0245).
 */
function withoutKey<Props extends { key?: string }>(props: Props): Omit<Props, "key"> {
  return props;
}

interface TextFieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: React.ReactNode;
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
  hint?: React.ReactNode;
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
          key={field.key}
          {...withoutKey(getInputProps(field, { type, ariaAttributes: false }))}
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
        const next = phoneAsStored(input.value);
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
      <FieldError id={field.errorId} error={error} />
      <div className="radios">
        {options.map((option, index) => (
          <Choice
            type="radio"
            key={`${field.key}-${option.value}`}
            id={optionId(field.id, index, option.value)}
            label={option.label}
            name={field.name}
            value={option.value}
            defaultChecked={field.initialValue === option.value}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </div>
    </fieldset>
  );
}

interface CheckboxFieldProps {
  field: FieldMetadata<boolean | undefined>;
  /** The label; may hold links (they open in a new tab, so nothing typed is lost). */
  label: React.ReactNode;
  required?: boolean;
}

/** One checkbox with its label and error (GOV.UK "checkboxes" with a single item). */
export function CheckboxField({ field, label, required }: CheckboxFieldProps) {
  const error = field.errors?.[0];
  const describedBy = [required ? requiredMarkId(field.id) : null, error ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field checkbox${error ? " field--error" : ""}`}>
      <FieldError id={field.errorId} error={error} />
      <Choice
        key={field.key}
        {...withoutKey(getInputProps(field, { type: "checkbox", ariaAttributes: false }))}
        label={
          <>
            {label}
            <RequiredMark required={required} id={requiredMarkId(field.id)} />
          </>
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}

interface SelectFieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: React.ReactNode;
  options: Array<{ value: string; label: string }>;
  required?: boolean;
}

/** A native select with its label, hint and error. */
export function SelectField({ field, label, hint, options, required }: SelectFieldProps) {
  return (
    <LabelledField field={field} label={label} hint={hint} required={required}>
      {(aria) => (
        <select key={field.key} {...withoutKey(getSelectProps(field, { ariaAttributes: false }))} {...aria} required={required}>
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
