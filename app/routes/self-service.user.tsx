/**
 * Self-service user page: the customer's details and logout. A failed load goes to / (SPEC.md
 * section 8). The contact details change on their own page, the consents here (issue 22 items
 * 2 and 4, app/routes/self-service-changes.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { keepOnFailure, LogoutButton, PageErrorBoundary, pageMeta, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { ConsentsPanel } from "~/components/self-service-changes/consents";
import { consentAction, consentsPanel, requireAccess } from "./self-service-changes.server";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const account = await args.context.core.policyholder.account(customer).catch(() => null);
  if (!account) throw redirect("/");
  return { account, ...(await consentsPanel(args, customer, "title.self_service.user")) };
}

export async function action(args: ActionFunctionArgs) {
  return consentAction(args, await args.request.formData());
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientLoader = stepClientLoader;
export const clientAction = stepClientAction;
export const shouldRevalidate = keepOnFailure();

export default function SelfServiceUser() {
  const page = useLoaderData<typeof loader>();
  const { account } = page;
  const reply = useFormReply(useActionData<typeof action>());
  const { t } = useTranslation();
  const rows = [
    ["self_service.user.firstName", account.firstName],
    ["self_service.user.lastName", account.lastName],
    ["self_service.user.userCode", account.userCode],
    ["self_service.user.email", account.email],
    ["self_service.user.phone", account.phoneNumber],
  ] as const;
  return (
    <>
      <h2>{t("self_service.user.heading")}</h2>
      <dl className="facts panel">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value ?? t("self_service.user.not_given")}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link to="/self-service/user/contact">{t("self_service.contact.change")}</Link>
      </p>
      <ConsentsPanel consents={page.consents} privacyEmail={page.privacyEmail} result={reply && "result" in reply ? reply.result : undefined} titles={page} />
      <LogoutButton />
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
