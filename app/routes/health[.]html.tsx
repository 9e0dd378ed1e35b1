/**
 * /health.html: the health measurement window (SPEC.md section 2 "Score", PRODUCT.md
 * section 8). The demo device "measures" on the server (plausible resting heart rate and
 * body-mass index) or the customer types the values; saving stores them sealed. Opened as a
 * popup by the score screen (?popup=1) it closes itself after saving; without JavaScript it
 * is an ordinary page that returns to the score (?returnTo) after saving.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { keepOnFailure, PageErrorBoundary, pageMeta, POPUP_PAGE, stepClientAction, SubmissionKeyField, useFormReply } from "~/components/every-page";
import { Choice, ErrorSummary, FieldError } from "~/components/form";
import { readMeasurementForm, requireScoreCustomer, returnPath, type MeasurementField } from "~/http/integrations.server";
import { pageTitle } from "~/http/page.server";
import { submissionKeyOf } from "~/http/save.server";
import { newSubmissionKey } from "~/http/submission-key.server";
import { MeasurementInput } from "~/components/score-screen/measurement";
import { CloseWindowButton, PopupForm, PopupPage, useClosesWhenDone } from "~/components/score-screen/popup-page";
import { MEASUREMENT_LIMITS } from "~/lib/score-model";
import { BusyButton } from "~/components/busy-button";

export async function loader(args: LoaderFunctionArgs) {
  await requireScoreCustomer(args);
  const url = new URL(args.request.url);
  return {
    title: await pageTitle(args.request, args.context, "title.health"),
    popup: url.searchParams.get("popup") === "1",
    consentGiven: url.searchParams.get("consent") === "1",
    returnTo: returnPath(url.searchParams.get("returnTo")),
    submissionKey: newSubmissionKey(),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { customer } = await requireScoreCustomer(args);
  const formData = await args.request.formData();
  const popup = formData.get("popup") === "1";
  if (formData.get("intent") === "measure") {
    const measured = await args.context.core.score.measure(customer);
    const consent = formData.get("consent") === "on";
    return data({ saved: false, values: { bpm: measured.bpm, bmi: measured.bmi }, consent, errors: {} as Partial<Record<MeasurementField, string>> });
  }
  const form = readMeasurementForm(formData);
  if (Object.keys(form.errors).length > 0) return data({ saved: false, values: form.values, consent: form.consent, errors: form.errors }, { status: 400 });
  const saved = await args.context.core.score.saveMeasurement(customer, { ...form.numbers, submissionKey: submissionKeyOf(formData) });
  if (!saved.ok) {
    const errors: Partial<Record<MeasurementField, string>> = {};
    // Field failures are the readings'; without a field the customer may not measure (not found).
    if (saved.failure.some((f) => !f.context)) throw redirect("/");
    for (const f of saved.failure) errors[f.context as MeasurementField] = f.code;
    return data({ saved: false, values: form.values, consent: form.consent, errors }, { status: 400 });
  }
  if (!popup) throw redirect(returnPath(formData.get("returnTo")));
  return data({ saved: true, values: form.values, consent: true, errors: {} as Partial<Record<MeasurementField, string>> });
}

// A save that fails on the network keeps the readings as typed and says so (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const shouldRevalidate = keepOnFailure();

export const handle = POPUP_PAGE;

export const meta = pageMeta;

export default function HealthMeasurementPage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.errors ?? {};

  // In the popup: done once saved (the opener notices the window closing and reloads).
  useClosesWhenDone(Boolean(actionData?.saved), loaderData.popup);

  if (actionData?.saved) {
    return (
      <PopupPage heading={t("health.heading")}>
        <p role="status">{t("health.saved")}</p>
        <p>
          <CloseWindowButton>{t("health.close")}</CloseWindowButton>
        </p>
      </PopupPage>
    );
  }

  const summary = (["bpm", "bmi", "consent"] as const)
    .filter((key) => errors[key])
    .map((key) => ({ fieldId: `health-${key}`, message: t(errors[key]!, key === "consent" ? {} : MEASUREMENT_LIMITS[key]) }));
  return (
    <PopupPage heading={t("health.heading")}>
      <PopupForm
        popup={loaderData.popup}
        returnTo={loaderData.returnTo}
        actions={
          <>
            {loaderData.popup ? null : (
              <Link to={loaderData.returnTo} className="button button--secondary">
                {t("health.back")}
              </Link>
            )}
            <BusyButton type="submit" name="intent" value="save" className="button" busy={busy}>
              {t("health.save")}
            </BusyButton>
          </>
        }
      >
        <ErrorSummary items={summary} />
        <SubmissionKeyField value={loaderData.submissionKey} />
        {loaderData.consentGiven ? <input type="hidden" name="consentGiven" value="1" /> : null}
        <p>{t("health.intro")}</p>
        <p>
          <BusyButton type="submit" name="intent" value="measure" className="button button--secondary" busy={busy}>
            {t("health.measure")}
          </BusyButton>
        </p>
        <MeasurementInput name="bpm" value={actionData?.values.bpm} error={errors.bpm} />
        <MeasurementInput name="bmi" value={actionData?.values.bmi} error={errors.bmi} />
        {loaderData.consentGiven ? null : (
          <div className={`field${errors.consent ? " field--error" : ""}`}>
            <FieldError id="health-consent-error" error={errors.consent} />
            <Choice
              type="checkbox"
              id="health-consent"
              label={t("health.consent")}
              hint={t("score.health.withdraw")}
              name="consent"
              defaultChecked={actionData?.consent ?? false}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? "health-consent-error health-consent-description" : "health-consent-description"}
            />
          </div>
        )}
      </PopupForm>
    </PopupPage>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
