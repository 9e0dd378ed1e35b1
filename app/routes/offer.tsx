/**
 * The offer (SPEC.md section 2 "Offer"; issue 5): my info, the chosen health services, the
 * documents, the first-payment breakdown and the three consents; saving asks for a
 * confirmation (a modal with JavaScript, a page state without) and then switches to the
 * signing screen, whose frame comes from the signing provider.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, ErrorSummary, isConformIntent, useLabelledSummaryItems, useSummaryItems } from "~/components/form";
import { ConfirmBeforeSave, SubmissionKeyField, useDocumentTitle } from "~/components/form-shell";
import { Breakdown } from "~/components/offer/breakdown";
import { StepPage } from "~/components/step-page";
import { DEMO_SIGNING_MESSAGE, signingFrameUrl, type SigningConfig } from "~/lib/signing";
import { requireAccess } from "~/http/guards.server";
import { SUPPORT_CODE_MAX } from "~/lib/account-schema";
import { formatAmount, formatDate } from "~/lib/euro";
import { OFFER_CONSENTS, offerSchema, type OfferFormInput } from "~/lib/offer-schema";
import { failuresToErrors, markFailed } from "~/http/failed-request.server";
import { submittedKey } from "~/http/submission-key.server";
import { offerPage } from "./offer.server";

const REVIEW = "review";
const SAVE = "save";
const EDIT = "edit";
/** SPEC.md section 9. */
const SIGNING_FRAME_HEIGHT = 500;

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  return offerPage(args, customer);
}

export async function action(args: ActionFunctionArgs) {
  const { customer } = await requireAccess(args);
  const { context } = args;
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const submission = parseWithZod(formData, { schema: offerSchema });
  if (submission.status !== "success") {
    markFailed(context);
    return data({ result: submission.reply(), confirm: false }, { status: 400 });
  }
  // Without JavaScript the confirmation is a page state: review shows it, edit goes back.
  if (intent !== SAVE) return { result: submission.reply(), confirm: intent === REVIEW };
  let saved;
  try {
    saved = await context.core.offer.save({
      customer,
      consents: submission.value,
      supportCode: submission.value.supportCode ?? null,
      submissionKey: submittedKey(formData),
    });
  } catch (error) {
    console.error("offer: save failed:", error instanceof Error ? error.message : "unknown");
    markFailed(context);
    return data({ result: submission.reply({ formErrors: ["error.technical"] }), confirm: false }, { status: 500 });
  }
  if (saved.ok) return redirect("/offer?step=signing");
  markFailed(context);
  return data({ result: submission.reply(failuresToErrors(saved.failure)), confirm: false }, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

// A new signing starts on each load of the signing screen: only navigations load it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }) =>
  currentUrl.searchParams.get("step") === "signing" && nextUrl.href === currentUrl.href && !formMethod ? false : defaultShouldRevalidate;

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export default function Offer() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === SAVE;
  const signingScreen = Boolean(loaderData.signing || loaderData.signingError || saving);
  const { t } = useTranslation();
  useDocumentTitle(signingScreen ? loaderData.plainTitle : actionData?.result.status === "error" ? loaderData.errorTitle : loaderData.plainTitle);
  if (!loaderData.offer) {
    return (
      <StepPage step="/offer" heading="heading.offer" state={loaderData.state}>
        <div className="alert" role="alert">
          <p>{t("error.application_incomplete")}</p>
          <p>
            <Link to="/beneficiaries">{t("steps.beneficiaries")}</Link>
          </p>
        </div>
      </StepPage>
    );
  }
  return (
    <StepPage step="/offer" heading="heading.offer" state={loaderData.state}>
      {signingScreen ? (
        <SigningScreen
          key={loaderData.signing?.frameUrl ?? "pending"}
          initialFrameUrl={loaderData.signing?.frameUrl ?? null}
          pending={saving}
          initialError={loaderData.signingError ? t(loaderData.signingError) : null}
          failedBefore={loaderData.signingFailed}
          frameOrigin={loaderData.frameOrigin}
        />
      ) : (
        <OfferForm />
      )}
    </StepPage>
  );
}

function OfferForm() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const { language, services } = loaderData;
  const offer = loaderData.offer!;
  const money = (cents: number) => `${formatAmount(cents, language)} ${t("offer.currency")}`;
  const [confirmOpen, setConfirmOpen] = useState(false);

  const [form, fields] = useForm<OfferFormInput>({
    id: "offer",
    lastResult: actionData?.result,
    defaultValue: offer.consents,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: offerSchema }),
  });
  const [attempt, setAttempt] = useState(actionData?.result.status === "error" ? 1 : 0);
  const seen = useRef(actionData);
  useEffect(() => {
    if (actionData && actionData !== seen.current) {
      seen.current = actionData;
      if (actionData.result.status === "error") setAttempt((n) => n + 1);
    }
  }, [actionData]);
  const summary = [
    ...useSummaryItems([], form.errors),
    ...OFFER_CONSENTS.map((name) => fields[name])
      .filter((field) => field.errors?.length)
      .map((field) => ({ fieldId: field.id, message: `${t(`offer.${field.name}` as "offer.applicationConsent")} ${t(field.errors![0])}` })),
    ...useLabelledSummaryItems([[fields.supportCode, "offer.confirm.supportCode"]]),
  ];
  const showErrors = attempt > 0 && summary.length > 0;
  useDocumentTitle(showErrors ? loaderData.errorTitle : loaderData.plainTitle);
  const formProps = getFormProps(form);
  const confirmText = t("offer.confirm.text", { amount: money(offer.estimation.premiumTotal) });

  const supportCodeField = offer.hasSupportCode ? null : (
    <div className={`field${fields.supportCode.errors?.length ? " field--error" : ""}`}>
      <label htmlFor={fields.supportCode.id}>{t("offer.confirm.supportCode")}</label>
      <span id={`${fields.supportCode.id}-hint`} className="field__hint">
        {t("offer.confirm.supportCode.hint")}
      </span>
      {fields.supportCode.errors?.length ? (
        <span id={fields.supportCode.errorId} className="field__error">
          {t(fields.supportCode.errors[0])}
        </span>
      ) : null}
      <input
        id={fields.supportCode.id}
        name={fields.supportCode.name}
        form="offer"
        type="text"
        maxLength={SUPPORT_CODE_MAX}
        autoComplete="off"
        defaultValue={(actionData?.result.initialValue as Record<string, string> | undefined)?.supportCode ?? ""}
        aria-describedby={[`${fields.supportCode.id}-hint`, fields.supportCode.errors?.length ? fields.supportCode.errorId : null].filter(Boolean).join(" ")}
      />
    </div>
  );

  return (
    <>
      {showErrors ? <ErrorSummary items={summary} focusKey={attempt} /> : null}
      <p className="lead">{t("offer.intro")}</p>

      <section className="section" aria-labelledby="offer-my-info">
        <h2 id="offer-my-info">{t("offer.myInfo.heading")}</h2>
        <dl className="facts">
          <div>
            <dt>{t("offer.name")}</dt>
            <dd>
              {offer.firstName} {offer.lastName}
            </dd>
          </div>
          <div>
            <dt>{t("offer.age")}</dt>
            <dd>{t("offer.age.value", { age: offer.age })}</dd>
          </div>
          <div>
            <dt>{t("offer.deathCover")}</dt>
            <dd>{money(offer.sumInsuredForDeathCover * 100)}</dd>
          </div>
          <div>
            <dt>{t("offer.disabilityCover")}</dt>
            <dd>{money(offer.sumInsuredForDisabilityCover * 100)}</dd>
          </div>
        </dl>
      </section>

      <section className="section" aria-labelledby="offer-services">
        <h2 id="offer-services">{t("offer.services.heading")}</h2>
        {services.length === 0 ? (
          <p>{t("offer.services.none")}</p>
        ) : (
          <ul className="offer-services">
            {services.map((service) => (
              <li key={service.code}>
                <strong>{service.name}</strong>
                <span>{service.description}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="section" aria-labelledby="offer-breakdown">
        <h2 id="offer-breakdown">{t("offer.breakdown.heading")}</h2>
        <Breakdown estimation={offer.estimation} language={language} />
      </section>

      <section className="section" aria-labelledby="offer-documents">
        <h2 id="offer-documents">{t("offer.documents.heading")}</h2>
        <ul className="offer-documents">
          <li>
            <a href={`/api/onboarding/documents/application?lang=${language}`} target="_blank" rel="noopener">
              {t("offer.documents.application")}
              <span className="visually-hidden"> ({t("offer.documents.newWindow")})</span>
            </a>{" "}
            <a href="/offer/documents/application">{t("doc.view.html", { document: t("doc.application.title") })}</a>
          </li>
          <li>
            <a href={`/api/onboarding/documents/payment-schedule?lang=${language}`} target="_blank" rel="noopener">
              {t("offer.documents.paymentSchedule")}
              <span className="visually-hidden"> ({t("offer.documents.newWindow")})</span>
            </a>{" "}
            <a href="/offer/documents/payment-schedule">{t("doc.view.html", { document: t("doc.schedule.title") })}</a>{" "}
            <span className="note">({t("doc.schedule.start", { date: formatDate(offer.startDate) })})</span>
          </li>
        </ul>
      </section>

      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if (isConformIntent(event)) return;
          if (event.defaultPrevented) {
            setAttempt((n) => n + 1);
            return;
          }
          // With JavaScript the confirmation is a modal: review opens it instead of posting.
          if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === REVIEW) {
            event.preventDefault();
            setConfirmOpen(true);
          }
        }}
      >
        <SubmissionKeyField value={loaderData.submissionKey} />
        {actionData?.confirm ? (
          <section className="confirm-panel" aria-labelledby="offer-confirm" tabIndex={-1}>
            {/* The confirmation without JavaScript: the consents ride along as they were ticked. */}
            <h2 id="offer-confirm">{t("offer.confirm.heading")}</h2>
            <p>{confirmText}</p>
            {OFFER_CONSENTS.map((name) => (
              <input key={name} type="hidden" name={name} value="on" />
            ))}
            {supportCodeField}
            <div className="form-actions">
              <button type="submit" name="intent" value={EDIT} className="button button--secondary">
                {t("offer.confirm.back")}
              </button>
              <button type="submit" name="intent" value={SAVE} className="button" disabled={busy}>
                {t("offer.confirm.forward")}
              </button>
            </div>
          </section>
        ) : (
          <>
            <fieldset className="group">
              <legend className="group__legend">{t("offer.consents.heading")}</legend>
              {OFFER_CONSENTS.map((name) => (
                <CheckboxField key={name} field={fields[name]} label={t(`offer.${name}`)} />
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
              value={SAVE}
            >
              <p>{confirmText}</p>
              {hydrated ? supportCodeField : null}
            </ConfirmBeforeSave>
            <div className="form-actions">
              <button type="submit" name="intent" value={REVIEW} className="button" disabled={busy}>
                {t("offer.save")}
              </button>
            </div>
          </>
        )}
      </Form>
    </>
  );
}

/**
 * The signing screen: "signing" until the signing properties arrive, then the provider's
 * frame. Success → completion, state refresh, /confirmation; an error → the joined messages
 * go to the completion call and the customer may try again.
 */
function SigningScreen({
  initialFrameUrl,
  pending,
  initialError,
  failedBefore,
  frameOrigin,
}: {
  initialFrameUrl: string | null;
  pending: boolean;
  initialError: string | null;
  failedBefore: boolean;
  frameOrigin: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [frameUrl, setFrameUrl] = useState<string | null>(initialFrameUrl);
  const [error, setError] = useState<string | null>(initialError ?? (failedBefore ? t("error.signing_failed") : null));
  const completing = useRef(false);
  const statusRef = useRef<HTMLDivElement>(null);

  const start = useCallback(async () => {
    setFrameUrl(null);
    setError(null);
    completing.current = false;
    try {
      const response = await fetch("/api/sign/init", { method: "POST", headers: { Accept: "application/json" } });
      const body = await response.json();
      if (!response.ok) throw new Error(body?.errors?.[0]?.code ?? "error.technical");
      setFrameUrl(signingFrameUrl(body as SigningConfig));
    } catch (e) {
      setError(t(e instanceof Error && e.message.startsWith("error.") ? e.message : "error.technical"));
    }
  }, [t]);

  // Entering the screen after a save with JavaScript: the loader already started a signing
  // when it renders the screen; otherwise start one here.
  useEffect(() => {
    if (!pending && !frameUrl && !error) void start();
    // Once per entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);

  useEffect(() => {
    const complete = async (errors: string[] | null) => {
      if (completing.current) return;
      completing.current = true;
      try {
        const response = await fetch("/api/sign/complete", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(errors ? { errors: errors.join("; ") } : {}),
        });
        const body = await response.json().catch(() => null);
        if (!errors && response.ok && body?.result === "SIGNED") {
          navigate("/confirmation");
          return;
        }
        setFrameUrl(null);
        setError(errors ? t("offer.signing.failed", { errors: errors.join("; ") }) : t(body?.errors?.[0]?.code ?? "error.signing_failed"));
      } catch {
        // SPEC.md section 8: completion failures are only logged; the customer can try again.
        console.warn("signing: completion call failed");
        setError(t("error.signing_failed"));
      }
    };
    const onMessage = (event: MessageEvent) => {
      const fromDemo = event.origin === window.location.origin && event.data?.source === DEMO_SIGNING_MESSAGE;
      if (fromDemo) {
        if (event.data.status === "success") void complete(null);
        else void complete(Array.isArray(event.data.errors) ? event.data.errors.map(String) : ["signing error"]);
        return;
      }
      // The Dokobit iframe integration: a success or an error event with its message(s).
      if (frameOrigin && event.origin === frameOrigin) {
        const data = typeof event.data === "string" ? { action: event.data } : (event.data ?? {});
        const name = String(data.action ?? data.type ?? data.event ?? "").toLowerCase();
        if (/success|signed|completed/.test(name)) void complete(null);
        else if (/error|fail|declin|cancel/.test(name)) {
          const messages = Array.isArray(data.errors) ? data.errors.map(String) : [String(data.message ?? name)];
          void complete(messages);
        }
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frameOrigin, navigate, t]);

  useEffect(() => {
    if (error) statusRef.current?.focus();
  }, [error]);

  return (
    <section className="signing" aria-labelledby="signing-heading">
      <h2 id="signing-heading">{t("offer.signing.heading")}</h2>
      {error ? (
        <div className="alert" role="alert" tabIndex={-1} ref={statusRef}>
          <p>{error}</p>
          <form method="get" action="/offer" onSubmit={(event) => (event.preventDefault(), void start())}>
            <input type="hidden" name="step" value="signing" />
            <button type="submit" className="button">
              {t("offer.signing.retry")}
            </button>
          </form>
        </div>
      ) : frameUrl ? (
        <iframe className="signing__frame" src={frameUrl} title={t("offer.signing.frame")} height={SIGNING_FRAME_HEIGHT} />
      ) : (
        <p role="status" className="signing__loading">
          {t("offer.signing.loading")}
        </p>
      )}
    </section>
  );
}
