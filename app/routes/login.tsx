import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { IdCodeHint } from "~/components/digits";
import { ErrorSummary, useSummaryItems, useLabelledSummaryItems } from "~/components/form";
import { RadioGroup, TextField } from "~/components/form-fields";
import { COUNTRY, eventsWithConsent, keepOnFailure, PageErrorBoundary, pageMeta, PRIVACY_PATH, pushEvents, RequestFailureNotice, stepClientAction, useDocumentTitle, useFormReply } from "~/components/every-page";
import type { LoginForm } from "~/lib/login-schema";
import { afterSignInPath, analyticsConsentOf, endedNotice, getT, limitHeaders, loginAction, pageTitles, redirect } from "./login.server";
import { DEMO_METHODS, START_INTENT } from "~/lib/sign-in-methods";
import { safeRedirect } from "~/lib/safe-redirect";
import { BusyButton } from "~/components/busy-button";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const remembered = url.searchParams.get("redirectTo");
  const redirectTo = remembered ? safeRedirect(remembered, "") || null : null;
  const { customer } = await context.visitor();
  if (customer) throw redirect(afterSignInPath(customer.state, redirectTo));

  // Nothing is stored for a visit: the login parameters stay in the address the form posts
  // to, and the sign-in starts with the post (docs/decisions/0024-sign-in-limits.md). The
  // partner that `src` names is shown once, beside the product's logo in the header (root.tsx).
  const t = await getT(request);
  return {
    ...pageTitles(t, context, t("title.login")),
    provider: context.core.eid.name,
    redirectTo,
    /** The session ended with a form open: what was typed is kept (issue 11), or it was not saved. */
    ended: endedNotice(url.searchParams.get("ended")),
    // Only with the visitor's consent (docs/decisions/0095).
    events: eventsWithConsent(analyticsConsentOf(request), [{ event: "initiate_signup", country: COUNTRY }]),
  };
}

export const action = ({ request, context }: ActionFunctionArgs) => loginAction(request, context);

export const meta = pageMeta;
// A limit's 429 says when to retry (Retry-After).
export const headers = limitHeaders;

// A failed sign-in post keeps the page and what was typed, and says so (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
// The analytics consent given on this page reloads nothing: its initiate_signup was held back, and stays so.
export const shouldRevalidate = keepOnFailure();

export default function Login() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<LoginForm>({
    lastResult: actionData?.result ?? undefined,
    defaultValue: { method: "smart-id" },
    // Validated on the server only: zod in the browser would cost the first visit ~13 KB of
    // JavaScript for one field (docs/decisions/0003-first-visit-budget.md).
    shouldValidate: "onSubmit",
  });
  const summary = [
    ...useSummaryItems([], form.errors, { minutes: actionData?.minutes, count: actionData?.minutes }),
    ...useLabelledSummaryItems([
      [fields.method, "login.method"],
      [fields.idCode, "login.idCode"],
      [fields.phone, "login.phone"],
    ]),
  ];

  useEffect(() => pushEvents(loaderData.events), [loaderData.events]);
  // The server's reply is the only validation here: errors show only after a submit.
  const startError = actionData && "startError" in actionData ? actionData.startError : null;
  useDocumentTitle(summary.length || startError ? loaderData.errorTitle : loaderData.plainTitle);

  return (
    <div className="page page--narrow">
      <h1>{t("login.heading")}</h1>
      {loaderData.ended ? (
        <p className="notice" role="status">
          {t(loaderData.ended)}
        </p>
      ) : null}
      <p className="lead">{t("login.intro")}</p>
      {loaderData.provider === "dokobit" ? (
        // A plain post: the answer is a redirect to the provider's own page.
        <Form method="post" reloadDocument>
          {actionData && "startError" in actionData && actionData.startError ? (
            <p className="alert" role="alert">
              {t(actionData.startError, { minutes: actionData.minutes, count: actionData.minutes })}
            </p>
          ) : null}
          <input type="hidden" name="intent" value={START_INTENT} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
          <button type="submit" className="button">
            {t("login.dokobit.continue")}
          </button>
        </Form>
      ) : (
        <Form method="post" {...getFormProps(form)} aria-describedby="demo-note">
          <ErrorSummary items={summary} focusKey={actionData} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
          <RadioGroup
            field={fields.method}
            legend={t("login.method")}
            options={DEMO_METHODS.map((m) => ({ value: m, label: t(`login.method.${m}`) }))}
            required
          />
          <TextField field={fields.idCode} label={t("login.idCode")} hint={<IdCodeHint />} inputMode="numeric" maxLength={11} autoComplete="off" required />
          <TextField field={fields.phone} label={t("login.phone")} hint={t("login.phone.hint")} type="tel" autoComplete="tel" />
          <BusyButton type="submit" className="button" busy={navigation.state === "submitting"}>
            {t("login.submit")}
          </BusyButton>
          <RequestFailureNotice />
          <p id="demo-note" className="note">
            {t("login.demo_note")}
          </p>
        </Form>
      )}
      {/* Signing in gives us the personal code and name: what we do with them (GDPR art. 13, decision 0292). */}
      <p>
        <a href={PRIVACY_PATH}>{t("privacy.link")}</a>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
