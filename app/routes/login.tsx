import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, RadioGroup, TextField, useSummaryItems } from "~/components/form";
import { EidProviderError } from "~/core/auth/provider";
import { demoReturnToken } from "~/core/auth/demo";
import { readLoginParams } from "~/core/login-params";
import { pageTitle } from "~/http/page.server";
import { completionRedirect, signInReturnUrl } from "~/http/sign-in.server";
import { readSessionToken, sessionCookie } from "~/http/session-cookie.server";
import { COUNTRY, pushEvents } from "~/lib/analytics";
import { afterSignInPath } from "~/lib/route-access";
import type { LoginForm } from "~/lib/login-schema";
import { parseLoginForm } from "./login.server";
import { DEMO_METHODS } from "~/lib/sign-in-methods";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageMeta, PageErrorBoundary } from "~/components/page";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const remembered = url.searchParams.get("redirectTo");
  const redirectTo = remembered ? safeRedirect(remembered, "") || null : null;
  const { customer } = await context.visitor();
  if (customer) throw redirect(afterSignInPath(customer.state, redirectTo));

  const page = { title: await pageTitle(request, context, "title.login"), provider: context.core.eid.name, redirectTo };
  try {
    const started = await context.core.signIn.start({
      sessionToken: readSessionToken(request.headers.get("Cookie"), context.config.sessionSecret),
      params: readLoginParams(url.searchParams),
      redirectTo,
      returnUrl: signInReturnUrl(context, request),
      locale: "et",
    });
    const headers = new Headers();
    if (started.created) headers.append("Set-Cookie", sessionCookie(started.session.token, context.config.sessionSecret));
    const intermediary = started.session.data.promoIntermediary;
    return data(
      {
        ...page,
        widget: { token: started.widgetToken, url: started.widgetUrl ?? null },
        intermediary: intermediary ? { name: intermediary.name, logo: intermediary.logo } : null,
        events: [{ event: "initiate_signup", country: COUNTRY }],
      },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof EidProviderError)) throw error;
    return data({ ...page, widget: null, intermediary: null, events: [] }, { status: 503 });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseLoginForm(formData);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), minutes: 0 }, { status: 400 });
  }
  const { method, idCode, phone } = submission.value;
  try {
    const completion = await context.core.signIn.complete({
      sessionToken: readSessionToken(request.headers.get("Cookie"), context.config.sessionSecret),
      returnToken: demoReturnToken(method, idCode, phone),
      clientAddress: context.clientAddress,
      personalCodeHint: idCode,
    });
    if (completion.kind === "rate-limited") {
      return data(
        { result: submission.reply({ formErrors: ["error.rate_limited"] }), minutes: completion.retryAfterMinutes },
        { status: 429, headers: { "Retry-After": String(completion.retryAfterMinutes * 60) } },
      );
    }
    if (completion.kind === "no-sign-in") {
      return data({ result: submission.reply({ formErrors: ["error.no_sign_in"] }), minutes: 0 }, { status: 409 });
    }
    throw completionRedirect(completion, context);
  } catch (error) {
    if (!(error instanceof EidProviderError)) throw error;
    return data({ result: submission.reply({ formErrors: ["error.provider"] }), minutes: 0 }, { status: 503 });
  }
}

export const meta = pageMeta;

export default function Login() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<LoginForm>({
    lastResult: actionData?.result,
    defaultValue: { method: "smart-id" },
    // Validated on the server only: zod in the browser would cost the first visit ~13 KB of
    // JavaScript for one field (docs/decisions/0003-first-visit-budget.md).
    shouldValidate: "onSubmit",
  });
  const summary = useSummaryItems([fields.method, fields.idCode, fields.phone], form.errors, { minutes: actionData?.minutes });

  useEffect(() => pushEvents(loaderData.events), [loaderData.events]);

  return (
    <div className="page page--narrow">
      {loaderData.intermediary ? (
        <p>
          <img src={loaderData.intermediary.logo} alt={t("header.intermediary_logo", { name: loaderData.intermediary.name })} width="120" height="32" />
        </p>
      ) : null}
      <h1>{t("login.heading")}</h1>
      <p className="lead">{t("login.intro")}</p>
      {!loaderData.widget ? (
        <p className="alert" role="alert">
          {t("error.provider")}
        </p>
      ) : loaderData.provider === "dokobit" && loaderData.widget?.url ? (
        <p>
          <a className="button" href={loaderData.widget.url}>
            {t("login.dokobit.continue")}
          </a>
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} aria-describedby="demo-note">
          <ErrorSummary items={summary} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
          <RadioGroup
            field={fields.method}
            legend={t("login.method")}
            options={DEMO_METHODS.map((m) => ({ value: m, label: t(`login.method.${m}`) }))}
          />
          <TextField field={fields.idCode} label={t("login.idCode")} hint={t("login.idCode.hint")} inputMode="numeric" maxLength={11} autoComplete="off" />
          <TextField field={fields.phone} label={t("login.phone")} hint={t("login.phone.hint")} type="tel" autoComplete="tel" />
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {t("login.submit")}
          </button>
          <p id="demo-note" className="note">
            {t("login.demo_note")}
          </p>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
