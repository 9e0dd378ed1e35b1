/**
 * Every invoice of an earlier contract, newest first, a page at a time (docs/decisions/0301):
 * the data page lists each contract's latest six and links here for the rest, so every invoice
 * of a contract that ended is a web page and a PDF while its customer signs up again. Under the
 * data page, as the documents are: the customer's own contracts only (anyone else's is a 404).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";
import { pageMeta, PageErrorBoundary } from "~/components/every-page";
import { MY_DATA_PATH } from "~/components/my-data-note";
import { EarlierInvoices } from "~/components/earlier-contract";
import { PageLinks } from "~/components/page-links";
import { parsePageParam } from "~/lib/my-data";
import { earlierInvoicesPath } from "~/lib/earlier-contract";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const page = parsePageParam(new URL(args.request.url).searchParams);
  if (page === null) throw new Response(null, { status: 400, statusText: "Bad Request" });
  const list = await args.context.core.withdrawal.earlierInvoices(customer, args.params.policy ?? "", page);
  if (!list) throw new Response(null, { status: 404, statusText: "Not Found" });
  return { ...list, title: await pageTitle(args.request, args.context, "earlier.invoices.list_heading", { policy: list.policyNumber }) };
}

export const meta = pageMeta;

export default function EarlierContractInvoices() {
  const { policyNumber, invoices, page, pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("earlier.invoices.list_heading", { policy: policyNumber })}</h2>
      {invoices.length === 0 ? <p>{t("earlier.invoices.none")}</p> : <EarlierInvoices invoices={invoices} />}
      <PageLinks label={t("earlier.invoices.pages")} page={page} pages={pages} href={(n) => earlierInvoicesPath(policyNumber, n)} />
      <p>
        <a href={MY_DATA_PATH}>{t("earlier.back")}</a>
      </p>
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
