/**
 * Self-service bills: number, date (linking to the invoice PDF), due date and sum; a credited
 * invoice has no due date but says it need not be paid (docs/decisions/0269). One table: on wide
 * screens a table, on narrow ones each row stacks with its labels (CSS only, app.css).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDate, useMoney } from "~/components/money";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";
import { keepOnFailure, pageMeta, PageErrorBoundary, RequestFailureNotice, stepClientLoader } from "~/components/every-page";
import { CreditedMark, CreditNotes } from "~/components/withdrawal";
import { isPayable } from "~/core/invoices";

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const invoices = await args.context.core.policyholder.invoices(customer);
  return {
    title: await pageTitle(args.request, args.context, "title.self_service.bills"),
    // No date to pay a credited invoice by.
    invoices: invoices.map((i) => ({ pid: i.pid, date: i.date, dueDate: isPayable(i) ? i.dueDate : null, sum: i.sum, creditNote: i.creditNote })),
    creditNotes: await args.context.core.withdrawal.creditNotes(customer.id),
  };
}

export const meta = pageMeta;

// A tab's navigation that fails stays on the page the customer is on, what was typed in its form
// kept, and says so there (app/components/request-failure.tsx): it was the error page.
export const clientLoader = stepClientLoader;
export const shouldRevalidate = keepOnFailure();

export default function SelfServiceBills() {
  const { invoices, creditNotes } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <>
      <h2>{t("self_service.bills.heading")}</h2>
      <RequestFailureNotice />
      {invoices.length === 0 ? (
        <p>{t("self_service.bills.none")}</p>
      ) : (
        <table className="stack-table bills">
          <caption className="visually-hidden">{t("self_service.bills.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("self_service.bills.pid")}</th>
              <th scope="col">{t("self_service.bills.date")}</th>
              <th scope="col">{t("self_service.bills.due")}</th>
              <th scope="col" className="numeric">
                {t("self_service.bills.sum")}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.pid}>
                <th scope="row" data-label={t("self_service.bills.pid")}>
                  {/* The invoice as an accessible web page; the date links to its PDF. */}
                  <a href={`/self-service/bills/${encodeURIComponent(invoice.pid)}`}>{invoice.pid}</a>
                  <CreditedMark creditNote={invoice.creditNote} />
                </th>
                <td data-label={t("self_service.bills.date")}>
                  <a
                    href={`/api/invoices/${encodeURIComponent(invoice.pid)}`}
                    download
                    aria-label={t("self_service.bills.open", { pid: invoice.pid, date: formatDate(invoice.date) })}
                  >
                    {formatDate(invoice.date)}
                  </a>
                </td>
                <td data-label={t("self_service.bills.due")}>{invoice.dueDate ? formatDate(invoice.dueDate) : t("withdrawal.bills.not_due")}</td>
                <td data-label={t("self_service.bills.sum")} className="numeric">
                  {money(invoice.sum)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreditNotes creditNotes={creditNotes} />
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
