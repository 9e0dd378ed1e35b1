/**
 * The form shell (SPEC.md section 2 "Form shell"): pieces every onboarding form uses.
 *
 * - `SubmissionKeyField({ value })`: the hidden input carrying the form's submission key
 *   (named SUBMISSION_KEY_FIELD). The loader makes a fresh key per page load
 *   (`newSubmissionKey()` in app/http/submission-key.server.ts); the action hands it to
 *   `core.submissions.once(...)`, so a replayed post has one effect.
 * - `LeavePageGuard({ when })`: while `when` is true (the form is dirty and not being
 *   submitted), leaving for another path inside the app opens the "unsaved changes" modal
 *   (stay / leave), and closing or reloading the tab gets the browser's own prompt.
 *   Typical `when`: `form.dirty && navigation.state === "idle"`. JavaScript only: without
 *   it nothing can intercept a link, and the page is a plain form.
 * - `Modal({ open, onClose, heading, children, closeLabel, actions })`: a native `<dialog>`
 *   opened with showModal() (the rest of the page is inert), labelled by its heading and
 *   described by the paragraphs of its body (heard as it opens, before the control). Focus
 *   moves to the first field of its body (e.g. the offer's optional support code), else to the
 *   element marked `data-autofocus` (else the first button), and back to where it was on
 *   close. Escape calls `onClose`; the parent owns `open`. `closeLabel` makes the first
 *   action a primary button that does what Escape does (close, stay), focused first.
 * - `ConfirmBeforeSave({ open, heading, children, backLabel, forwardLabel, onBack, saving,
 *   form, name, value, onForward })`: a Modal with back and forward buttons. Forward is a
 *   submit button of the form with id `form` (carrying `name=value`, e.g. `confirmed=yes`)
 *   or calls `onForward`; it is disabled while `saving`. Without JavaScript show the same
 *   note and buttons as a page state instead (the server decides from a posted flag).
 * - `useDocumentTitle(title)`: keeps the page title in step with what the screen shows, e.g.
 *   the "Error: " prefix while a form shows errors after a submit with JavaScript. (Route
 *   `meta` only sees loader data; the loader adds the prefix itself when the action in the
 *   same document request failed: JavaScript off.)
 */
import { useBlocker } from "@remix-run/react";
import { Children, cloneElement, isValidElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { BusyButton } from "./busy-button";

export function useDocumentTitle(title: string) {
  useEffect(() => {
    // Change the text node <Meta> rendered rather than document.title, which would replace
    // the node under React's feet (later titles would then never show).
    const element = document.head.querySelector("title");
    const node = element?.firstChild;
    if (element && node && node === element.lastChild && node.nodeType === Node.TEXT_NODE) node.nodeValue = title;
    else document.title = title;
  }, [title]);
}

export function SubmissionKeyField({ value }: { value: string }) {
  return <input type="hidden" name={SUBMISSION_KEY_FIELD} value={value} />;
}

interface ModalProps {
  open: boolean;
  /** Escape (the dialog's cancel event) and any close button call this. */
  onClose: () => void;
  heading: string;
  children?: ReactNode;
  /** The label of a first, primary button that calls onClose (the safe choice: close, stay), focused on opening. */
  closeLabel?: string;
  /** The (further) buttons, in reading order. */
  actions?: ReactNode;
}

/**
 * A <dialog> shown as a modal while `open` (focus to what `first` picks in it, and again when
 * what had focus is gone) and closed when not; `restore`, its close event's handler, puts focus
 * back where it was before it opened.
 * Modal's, and the session warning's (app/components/session-warning.tsx).
 */
export function useModalDialog(open: boolean, first: (dialog: HTMLDialogElement) => HTMLElement | null | undefined) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      first(dialog)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  // What had focus in it went away as its content changed (the logout's "log out without saving"
  // offline, replaced by the offline note): focus would be left on <body>, behind the dialog.
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog?.open && !dialog.contains(document.activeElement)) first(dialog)?.focus();
  });
  const restore = () => {
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) target.focus();
  };
  return { ref, restore };
}

/** A field in the body comes first (the buttons act on what it holds), then the marked button. */
const modalFirst = (dialog: HTMLDialogElement) =>
  dialog.querySelector<HTMLElement>(".modal__body :is(input:not([type=hidden]), select, textarea):not(:disabled)") ??
  dialog.querySelector<HTMLElement>("[data-autofocus]") ??
  dialog.querySelector<HTMLElement>("button, a[href], input, select, textarea");

/**
 * The body's paragraphs, each with an id, and those ids: the dialog's description. Focus goes
 * straight to a control in the dialog, so a screen reader says the heading, then the control;
 * the text between them is heard only as the dialog's description (its fields are not part of it).
 */
function describedBody(children: ReactNode, prefix: string): { body: ReactNode; ids: string[] } {
  const ids: string[] = [];
  const body = Children.map(children, (child, index) => {
    if (!isValidElement(child) || child.type !== "p") return child;
    const paragraph = child as ReactElement<{ id?: string }>;
    const id = paragraph.props.id ?? `${prefix}-text-${index}`;
    ids.push(id);
    return cloneElement(paragraph, { id });
  });
  return { body, ids };
}

export function Modal({ open, onClose, heading, children, closeLabel, actions }: ModalProps) {
  const headingId = useId();
  const { body, ids: descriptionIds } = describedBody(children, headingId);
  // The content is rendered while the dialog is open (until its close event): a closed dialog
  // shows nothing and is in no accessibility tree, and the page's HTML need not carry it
  // (every page has the logout's, a form page two or three: docs/decisions/0043).
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  const { ref, restore } = useModalDialog(open, modalFirst);

  return (
    <dialog
      ref={ref}
      className="modal"
      // Named while its heading is there: closed, it names nothing that exists.
      aria-labelledby={shown ? headingId : undefined}
      aria-describedby={shown && descriptionIds.length > 0 ? descriptionIds.join(" ") : undefined}
      onClose={() => {
        setShown(false);
        restore();
      }}
      onCancel={(event) => {
        // Escape: the parent decides (and keeps `open` the single source of truth).
        event.preventDefault();
        onClose();
      }}
    >
      {shown ? (
        <>
          <h2 id={headingId} className="modal__heading">
            {heading}
          </h2>
          <div className="modal__body">{body}</div>
          {closeLabel || actions ? (
            <div className="modal__actions">
              {closeLabel ? (
                <button type="button" className="button" data-autofocus onClick={onClose}>
                  {closeLabel}
                </button>
              ) : null}
              {actions}
            </div>
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}

/** The guard's condition on this page now (the logout button and the language switch ask it too). */
let unsavedOnPage = false;
/** Set once the customer has chosen to leave anyway: the browser's own prompt is not asked again. */
let leaving = false;

/** Whether a form on the page holds changes not saved (a LeavePageGuard's `when`). */
export const hasUnsavedChanges = () => unsavedOnPage;
/** The next unload goes without the browser's "leave site?" prompt (the customer already chose). */
export function leaveWithoutAsking() {
  leaving = true;
}

export function LeavePageGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    unsavedOnPage = when;
    return () => {
      unsavedOnPage = false;
    };
  }, [when]);

  useEffect(() => {
    if (!when) return;
    const prompt = (event: BeforeUnloadEvent) => {
      if (leaving) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", prompt);
    return () => window.removeEventListener("beforeunload", prompt);
  }, [when]);

  useEffect(() => {
    if (blocker.state === "blocked" && !when) blocker.reset();
  }, [blocker, when]);

  const stay = () => blocker.reset?.();
  return (
    <Modal
      open={blocker.state === "blocked"}
      onClose={stay}
      heading={t("form.leave.heading")}
      closeLabel={t("form.leave.stay")}
      actions={
        <button type="button" className="button button--secondary" onClick={() => blocker.proceed?.()}>
          {t("form.leave.confirm")}
        </button>
      }
    >
      <p>{t("form.leave.text")}</p>
    </Modal>
  );
}

interface ConfirmBeforeSaveProps {
  open: boolean;
  heading: string;
  children?: ReactNode;
  backLabel: string;
  forwardLabel: string;
  /** Back, and Escape: close the modal and keep editing. */
  onBack: () => void;
  /** Disables forward (a save is on its way). */
  saving: boolean;
  /** The id of the form forward submits, with `name=value` (e.g. confirmed=yes). */
  form?: string;
  name?: string;
  value?: string;
  /** Instead of submitting a form. */
  onForward?: () => void;
}

export function ConfirmBeforeSave({ open, heading, children, backLabel, forwardLabel, onBack, saving, form, name, value, onForward }: ConfirmBeforeSaveProps) {
  return (
    <Modal
      open={open}
      onClose={onBack}
      heading={heading}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onBack}>
            {backLabel}
          </button>
          <BusyButton
            type={form ? "submit" : "button"}
            className="button"
            data-autofocus
            form={form}
            name={form ? name : undefined}
            value={form ? value : undefined}
            busy={saving}
            onClick={form ? undefined : onForward}
          >
            {forwardLabel}
          </BusyButton>
        </>
      }
    >
      {children}
    </Modal>
  );
}
