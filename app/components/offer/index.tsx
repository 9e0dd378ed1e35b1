/**
 * The offer step's form (SPEC.md section 2 "Offer"): the summary, the three consents, and the
 * confirmation before saving (a modal with JavaScript; without it a page state the action
 * answers with, the consents riding along). A saved offer goes to the signing screen.
 */
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ErrorSummary, FieldError, useLabelledSummaryItems, useSummaryItems } from "~/components/form";
import { CheckboxField } from "~/components/form-fields";
import { ConfirmBeforeSave, SubmissionKeyField, useAfterHydration, useRequestFailure } from "~/components/every-page";
import { usePending, useStepErrors, useStepForm } from "~/components/step-form";
import { SUPPORT_CODE_MAX } from "~/lib/account-fields";
import { formatMoney } from "~/lib/euro";
import { OFFER_CONSENTS, OFFER_INTENT } from "~/lib/offer-fields";
import type { OfferFormInput } from "~/lib/offer-schema";
import { OfferSummary } from "./summary";
import type { OfferPageData } from "./types";
import type { SigningDoor } from "./signing";
import { placePath } from "~/lib/onboarding";
import { nextPath } from "~/lib/route-access";
import { BusyButton } from "~/components/busy-button";
import { preloadSigning } from "./later-signing";

export { SigningScreen } from "./later-signing";

/** The offer's signing: its API, and where success and a new try go. */
export const OFFER_SIGNING: SigningDoor = { init: "/api/sign/init", complete: "/api/sign/complete", done: nextPath("offer"), retry: placePath("offer"), heading: "offer.signing.heading" };
export type { OfferPageData } from "./types";

/** Asked in the confirmation only while the customer has no support code. */
function SupportCodeField({ field, typed, onTyped }: { field: FieldMetadata<string | undefined>; typed: string; onTyped?: (code: string) => void }) {
  const { t } = useTranslation();
  const error = field.errors?.[0];
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={field.id}>{t("offer.confirm.supportCode")}</label>
      <span id={`${field.id}-hint`} className="field__hint">
        {t("offer.confirm.supportCode.hint")}
      </span>
      <FieldError id={field.errorId} error={error} />
      <input
        id={field.id}
        name={field.name}
        form="offer"
        type="text"
        maxLength={SUPPORT_CODE_MAX}
        autoComplete="off"
        defaultValue={typed}
        onInput={onTyped ? (event) => onTyped(event.currentTarget.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${field.id}-hint`, error ? field.errorId : null].filter(Boolean).join(" ")}
      />
    </div>
  );
}

const loadSchema = () => import("~/lib/offer-schema").then((module) => module.offerSchema);

export function OfferForm({ page, reply }: { page: OfferPageData & { offer: NonNullable<OfferPageData["offer"]> }; reply: { result: SubmissionResult<string[]>; confirm: boolean } | undefined }) {
  const { t } = useTranslation();
  const { offer } = page;
  const money = (cents: number) => formatMoney(cents, page.language);
  const busy = usePending();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const step = useStepForm<OfferFormInput>({
    id: "offer",
    schema: useAfterHydration(loadSchema),
    lastResult: reply?.result,
    defaultValue: offer.consents,
    onValidSubmit(event) {
      // With JavaScript the confirmation is a modal: review opens it instead of posting.
      if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === OFFER_INTENT.review) {
        event.preventDefault();
        setConfirmOpen(true);
      }
    },
  });
  const { form, fields, hydrated } = step;
  // A save shows the signing screen: its code comes now, not then.
  useEffect(() => void preloadSigning().catch(() => undefined), []);
  // A save that failed on the way, or one refused for the whole form (an offer changed since,
  // docs/decisions/0305): the modal closes on the form as it was, the failure under it, once the
  // page's data has come again (the form is hidden while a save is under way, app/routes/offer.tsx,
  // and focus can go to nothing hidden). A refused support code comes back as the page's own
  // confirmation (the reply's `confirm`), its field there, as without JavaScript.
  const failure = useRequestFailure();
  useEffect(() => {
    if (!busy && (failure || reply?.result.error?.[""])) setConfirmOpen(false);
  }, [failure, reply, busy]);
  const summary = [
    ...useSummaryItems([], form.errors),
    ...OFFER_CONSENTS.map((name) => fields[name])
      .filter((field) => field.errors?.length)
      .map((field) => ({ fieldId: field.id, message: `${t(`offer.${field.name}` as "offer.applicationConsent")} ${t(field.errors![0])}` })),
    ...useLabelledSummaryItems([[fields.supportCode, "offer.confirm.supportCode"]]),
  ];
  const errors = useStepErrors(step, summary, page);
  const confirmText = t("offer.confirm.text", { amount: money(offer.estimation.premiumTotal) });
  const typedCode = (reply?.result.initialValue as Record<string, string> | undefined)?.supportCode ?? "";
  // The dialog's content goes when it closes (Modal, app/components/form-shell.tsx), its field
  // with it: what was typed there is kept here for when it opens again (a save that failed on
  // the network closes it, and the resend must carry the code as typed).
  const keptCode = useRef<string | null>(null);
  const supportCodeField = offer.hasSupportCode ? null : (
    <SupportCodeField field={fields.supportCode} typed={keptCode.current ?? typedCode} onTyped={(code) => (keptCode.current = code)} />
  );

  return (
    <>
      {/* Focus moves once the save is over: till then the form is hidden behind the signing screen (app/routes/offer.tsx). */}
      <ErrorSummary items={errors.items} focusKey={busy ? null : errors.focusKey} />
      {/* Why the consents are unticked again: the offer changed after they were given (docs/decisions/0400). */}
      {offer.confirmedEarlierOffer && !reply ? <p className="notice">{t("offer.consents.earlierOffer")}</p> : null}
      <OfferSummary page={page} />
      <Form method="post" {...step.formProps}>
        <SubmissionKeyField value={page.submissionKey} />
        {/* The offer this page shows: a save of one changed since (another tab) is refused, docs/decisions/0305. */}
        <input type="hidden" name="offerVersion" value={offer.offerVersion} />
        {reply?.confirm ? (
          // Where focus starts on this page state (it answers a post: the h1 does not take it).
          <section className="confirm-panel" aria-labelledby="offer-confirm" tabIndex={-1} autoFocus>
            {/* The confirmation without JavaScript: the consents ride along as they were ticked. */}
            <h2 id="offer-confirm">{t("offer.confirm.heading")}</h2>
            <p>{confirmText}</p>
            {OFFER_CONSENTS.map((name) => (
              <input key={name} type="hidden" name={name} value="on" />
            ))}
            {supportCodeField}
            <div className="form-actions">
              <button type="submit" name="intent" value={OFFER_INTENT.edit} className="button button--secondary">
                {t("offer.confirm.back")}
              </button>
              <BusyButton type="submit" name="intent" value={OFFER_INTENT.save} className="button" busy={busy}>
                {t("offer.confirm.forward")}
              </BusyButton>
            </div>
          </section>
        ) : (
          <>
            <fieldset className="group">
              <legend className="group__legend">{t("offer.consents.heading")}</legend>
              {OFFER_CONSENTS.map((name) => (
                <CheckboxField key={name} field={fields[name]} label={t(`offer.${name}`)} required />
              ))}
            </fieldset>
            <ConfirmBeforeSave
              open={confirmOpen}
              heading={t("offer.confirm.heading")}
              backLabel={t("offer.confirm.back")}
              forwardLabel={t("offer.confirm.forward")}
              onBack={() => setConfirmOpen(false)}
              saving={busy}
              form="offer"
              name="intent"
              value={OFFER_INTENT.save}
            >
              <p>{confirmText}</p>
              {hydrated ? supportCodeField : null}
            </ConfirmBeforeSave>
            <div className="form-actions">
              <BusyButton type="submit" name="intent" value={OFFER_INTENT.review} className="button" busy={busy}>
                {t("offer.save")}
              </BusyButton>
            </div>
          </>
        )}
      </Form>
    </>
  );
}
