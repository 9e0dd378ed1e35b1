/** Self-service user page: the customer's details and logout. A failed load goes to / (SPEC.md section 8). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { LogoutButton, PageErrorBoundary, pageMeta } from "~/components/every-page";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const account = await args.context.core.policyholder.account(customer).catch(() => null);
  if (!account) throw redirect("/");
  return { title: await pageTitle(args.request, args.context, "title.self_service.user"), account };
}

export const meta = pageMeta;

export default function SelfServiceUser() {
  const { account } = useLoaderData<typeof loader>();
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
      <LogoutButton />
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
