/**
 * /activity/consent: the demo activity tracker's consent page (PRODUCT.md section 8), a
 * plain form with approve and deny. The score screen opens it in an 800×600 window
 * (?popup=1) and polls for the decision; there it closes itself once decided. Without
 * JavaScript the score screen's "connect" posts here (intent=start), the customer decides,
 * and the page returns to the score, the data already pulled.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { keepOnFailure, PageErrorBoundary, pageMeta, POPUP_PAGE, stepClientAction, useFormReply } from "~/components/every-page";
import { requireScoreCustomer, returnPath } from "~/http/integrations.server";
import { pageTitle } from "~/http/page.server";
import { CloseWindowButton, PopupForm, PopupPage, useClosesWhenDone } from "~/components/score-screen/popup-page";
import { BusyButton } from "~/components/busy-button";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireScoreCustomer(args);
  const url = new URL(args.request.url);
  const token = url.searchParams.get("token") ?? "";
  const request = token ? await args.context.core.score.consentRequest(customer, token) : null;
  return {
    title: await pageTitle(args.request, args.context, "title.activity"),
    product: args.context.config.productName,
    token,
    status: request?.status ?? null,
    popup: url.searchParams.get("popup") === "1",
    returnTo: returnPath(url.searchParams.get("returnTo")),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { customer } = await requireScoreCustomer(args);
  const formData = await args.request.formData();
  const returnTo = returnPath(formData.get("returnTo"));
  if (formData.get("intent") === "start") {
    const started = await args.context.core.score.startActivity(customer);
    if (!started.ok) throw redirect("/");
    throw redirect(`${started.value.consentUrl}&${new URLSearchParams({ returnTo })}`);
  }
  const decision = formData.get("decision");
  const token = String(formData.get("token") ?? "");
  if (decision !== "approve" && decision !== "deny") return data({ decided: null }, { status: 400 });
  const decided = await args.context.core.score.decideActivity(customer, token, decision === "approve");
  if (!decided.ok) return data({ decided: null }, { status: 404 });
  if (formData.get("popup") !== "1") throw redirect(returnTo);
  return data({ decided: decided.value.status });
}

// A decision that fails on the network leaves the page as it is and says so (app/components/request-failure.tsx).
export const clientAction = stepClientAction;
export const shouldRevalidate = keepOnFailure();

export const handle = POPUP_PAGE;

export const meta = pageMeta;

export default function ActivityConsent() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useFormReply(useActionData<typeof action>());
  const busy = useNavigation().state !== "idle";
  const decided = actionData?.decided ?? (loaderData.status === "pending" ? null : loaderData.status);

  // In the popup: done once decided (the opener is polling the server for the decision).
  useClosesWhenDone(Boolean(actionData?.decided), loaderData.popup);

  const back = loaderData.popup ? (
    <CloseWindowButton>{t("activity.close")}</CloseWindowButton>
  ) : (
    <Link to={loaderData.returnTo} className="button">
      {t("activity.back")}
    </Link>
  );

  return (
    <PopupPage heading={t("activity.heading")}>
      {loaderData.status === null || actionData?.decided === null ? (
        <>
          <p role="alert">{t("activity.unknown")}</p>
          <p>{back}</p>
        </>
      ) : decided ? (
        <>
          <p role="status">{decided === "approved" ? t("activity.approved") : t("activity.denied")}</p>
          <p>{back}</p>
        </>
      ) : (
        <PopupForm
          popup={loaderData.popup}
          returnTo={loaderData.returnTo}
          actions={
            <>
              <BusyButton type="submit" name="decision" value="deny" className="button button--secondary" busy={busy}>
                {t("activity.deny")}
              </BusyButton>
              <BusyButton type="submit" name="decision" value="approve" className="button" busy={busy}>
                {t("activity.approve")}
              </BusyButton>
            </>
          }
        >
          <input type="hidden" name="token" value={loaderData.token} />
          <p>{t("activity.text", { product: loaderData.product })}</p>
        </PopupForm>
      )}
    </PopupPage>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
