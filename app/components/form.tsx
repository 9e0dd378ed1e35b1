/**
 * Accessible form pieces in the GOV.UK manner: an error summary linking to each field,
 * errors tied to inputs with aria-describedby, fieldset/legend for groups. Error messages
 * arrive as i18n keys. The labelled fields themselves (text, phone, radios, checkbox, select)
 * are in app/components/form-fields.tsx: the score, package and questionnaire forms draw
 * their own controls and do not load them (docs/decisions/0043).
 */
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";

export interface SummaryItem {
  /** The id of the input to link to, when the message belongs to a field. */
  fieldId?: string;
  message: string;
}

/**
 * Shown when a submission came back with errors; takes focus so it is announced (`autofocus`:
 * without JavaScript too, so the first Tab after a failed post starts in it). Forms that
 * revalidate as the customer types pass `focusKey` (changed once per submit attempt), so the
 * summary takes focus on a submit only, not on every keystroke; without one it takes focus
 * when its messages change.
 */
export function ErrorSummary({ items, focusKey }: { items: SummaryItem[]; focusKey?: unknown }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // Without a focusKey the messages decide, not the array (a new one every render): focus
  // jumped back to the summary on every render, e.g. when the next submit started (issue 24).
  const trigger = focusKey === undefined ? JSON.stringify(items) : focusKey;
  // With a focusKey, the reply's messages can come a render after the key (conform reads the
  // reply in an effect): the summary appearing is a trigger too.
  const shown = items.length > 0;
  useEffect(() => {
    // The one focus move of a failed save: conform no longer focuses the first invalid field
    // (patches/@conform-to+dom+*.patch, docs/decisions/0210), so a screen reader hears the
    // summary alone, not the field and then the summary.
    // Sent from a modal that closes on the reply (the offer's confirmation, docs/decisions/0305):
    // the page behind it is inert until it has closed and given focus back to its opener.
    const modal = document.querySelector("dialog[open]");
    const focus = () => shown && ref.current?.focus();
    if (!modal) return void focus();
    modal.addEventListener("close", focus, { once: true });
    return () => modal.removeEventListener("close", focus);
  }, [trigger, shown]);
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

/**
 * Error summary items from conform fields (first error each, as they are: for messages that
 * name their field) plus form-level messages. Fields with generic messages go through
 * `useLabelledSummaryItems`.
 */
export function useSummaryItems(fields: FieldMetadata<unknown>[], formErrors: string[] | undefined, params?: Record<string, unknown>) {
  const { t } = useTranslation();
  return [
    ...(formErrors ?? []).map((key) => ({ message: t(key, params) })),
    ...fields.filter((f) => f.errors?.length).map((f) => ({ fieldId: f.id, message: t(f.errors![0]) })),
  ];
}

/**
 * Summary items that name their field, "Label: message" (`params` fill the message), so a
 * generic message ("This field is required.") is never heard without its field (issue 24: the
 * sign-in's summary said only that). A message that starts with the label already names it
 * ("Isikukood ei ole korrektne.") and is not named twice.
 */
export function useLabelledSummaryItems(entries: ReadonlyArray<readonly [field: FieldMetadata<unknown>, label: string, params?: Record<string, unknown>]>) {
  const { t } = useTranslation();
  return entries
    .filter(([field]) => field.errors?.length)
    .map(([field, label, params]) => {
      const name = t(label);
      const message = t(field.errors![0], params);
      return { fieldId: field.id, message: message.startsWith(name) ? message : `${name}: ${message}` };
    });
}

/**
 * conform validates as the customer types (and adds or removes list items) by submitting with
 * its own intent button: such a submit is not the customer's submit attempt.
 */
export const isConformIntent = (event: React.FormEvent<HTMLFormElement>) =>
  (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "__intent__";

/**
 * The error message of a field (an i18n key), announced with an "Error:" prefix; nothing without
 * one. Every field error on every form is drawn by this (a hand-made `field__error` lost the
 * prefix twice, issue 24): the control or its fieldset points at `id` with aria-describedby.
 * `as="p"` where the error stands as a paragraph of its own (a list's total).
 */
export function FieldError({ id, error, params, as: Element = "span" }: { id: string; error: string | null | undefined; params?: Record<string, unknown>; as?: "span" | "p" }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Element id={id} className="field__error">
      {/* One text ("Viga: "), not two: a reading cursor would stop at the colon alone. */}
      <span className="visually-hidden">{`${t("title.error")}: `}</span>
      {t(error, params)}
    </Element>
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

type ChoiceProps = {
  type: "radio" | "checkbox";
  id: string;
  label: ReactNode;
  /** Shown under the option and tied to its input (a package's description). */
  hint?: ReactNode;
  /** Classes besides the item's own ("radio", "checkbox__item"). */
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "className">;

/**
 * One radio or checkbox of a group (GOV.UK "radios" and "checkboxes" items): the native input
 * and its label, and a hint under them when given. The rest of the input's attributes (name,
 * value, checked, aria-*) are the caller's.
 */
export function Choice({ type, id, label, hint, className, ...input }: ChoiceProps) {
  const hintId = `${id}-description`;
  return (
    <div className={[type === "radio" ? "radio" : "checkbox__item", className].filter(Boolean).join(" ")}>
      <input type={type} id={id} aria-describedby={hint ? hintId : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={hintId} className="field__hint checkbox__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** An option's id in a group: the first carries the field's own id, so the error summary can link to the group. */
export const optionId = (fieldId: string, index: number, value: string) => (index === 0 ? fieldId : `${fieldId}-${value}`);
