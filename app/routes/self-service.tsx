/**
 * The self-service area (SPEC.md section 2): the four-tab menu above the tab's page. The
 * user page is linked from the header, where it replaces the logout button.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SelfServiceNav, useCurrentTab } from "~/components/self-service";
import { mayView, pageTitle, postFailed, requireAccess } from "./self-service.server";
import { keepOnFailure, PageErrorBoundary, PageHeading, pageMeta } from "~/components/every-page";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  // After a failed post without JavaScript the tab's error summary takes focus, not this h1.
  return {
    title: await pageTitle(args.request, args.context, "title.self_service"),
    answered: postFailed(args.context),
    // Signed, not yet started: only the door to withdraw opens here, no tabs (docs/decisions/0258).
    tabs: mayView(customer.state, "self-service"),
  };
}

export const meta = pageMeta;

// After a tab's failed save nothing here reloads, as the root does not (docs/decisions/0268):
// offline the reload fails too, and this route's ErrorBoundary replaced the tab's form.
export const shouldRevalidate = keepOnFailure();

/**
 * A tab whose page starts at a notice of its own (the data page's download limit) says so in
 * its loader's `startsAtNotice`: the page's one `autofocus` is the notice's, not this h1's.
 */
const startsAtNotice = (data: unknown) => typeof data === "object" && data !== null && "startsAtNotice" in data && data.startsAtNotice === true;

export default function SelfService() {
  const { t } = useTranslation();
  const { answered, tabs } = useLoaderData<typeof loader>();
  const notice = useMatches().some((match) => startsAtNotice(match.data));
  // A tab's page names its tab: without JavaScript each loads anew at this h1, which said
  // "Iseteenindus" on every tab (only the title told them apart).
  const tab = useCurrentTab();
  return (
    <div className="page">
      <PageHeading answered={answered || notice}>{tabs && tab ? t("self_service.heading.tab", { tab: t(`self_service.tab.${tab}`) }) : t("self_service.heading")}</PageHeading>
      {tabs ? <SelfServiceNav /> : null}
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
