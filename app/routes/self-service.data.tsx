/**
 * "My data" (docs/decisions/0135): who read the customer's health data and documents, newest
 * first, a page at a time (plain links), and the download of everything held about them. A
 * customer without self-service's tabs (an applicant, a contract ended) also gives and
 * withdraws their consents here, as a policyholder does on the user page (docs/decisions/0263).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDateTime, parseAccessLogQuery, type AccessEntry, type ShownAccessLog } from "~/lib/my-data";
import { requireAccess } from "~/http/guards.server";
import { pagePart, pageTitle } from "~/http/page.server";
import { keepOnFailure, pageMeta, PageErrorBoundary, PRIVACY_PATH, RequestFailureNotice, stepClientAction, stepClientLoader, useFormReply } from "~/components/every-page";
import { ConsentsPanel } from "~/components/self-service-changes/consents";
// The onboarding table stays out of the browser chunk (docs/decisions/0043).
import { landingPath, mayView, placeFor, placePath } from "./self-service.server";
import { consentAction, consentsPanel } from "./self-service-changes.server";
import { MY_DATA_PATH } from "~/components/my-data-note";
import { EarlierContracts } from "~/components/earlier-contract";
import { PageLinks } from "~/components/page-links";
import { shownEarlier } from "~/lib/earlier-contract";
import { SentOnce } from "~/components/sent-markup";

/** Where the download is: a resource route that streams the file, or comes back here when the limit is reached. */
const DOWNLOAD = `${MY_DATA_PATH}/download`;

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const url = new URL(args.request.url);
  const query = parseAccessLogQuery(url.searchParams);
  if (!query) throw new Response(null, { status: 400, statusText: "Bad Request" });
  const { myData } = args.context.core;
  const log = await myData.accessLog(customer.id, query);
  if (query.page > log.pages) throw new Response(null, { status: 404, statusText: "Not Found" });
  // Back from a refused download: how long until the next one (from the database, not the address).
  const limitedMinutes = url.searchParams.has("limited") ? await myData.exportWait(customer.id) : 0;
  const selfService = mayView(customer.state, "self-service");
  // Without the user page, where the contact details are corrected: the account step while it is open, else the contact page (docs/decisions/0310).
  const contactPlace = selfService ? null : placeFor(customer.state, "contact");
  return {
    // Without self-service's user page, its consents are here.
    ...(selfService ? { title: await pageTitle(args.request, args.context, "title.self_service.data") } : await consentsPanel(args, customer, "title.self_service.data")),
    // The log and the earlier contracts are static markup: on a whole page only the server renders them (docs/decisions/0309).
    log: pagePart(args.context, "log", { ...log, items: log.items.map((item) => ({ ...item, when: formatDateTime(item.at) })) }),
    limitedMinutes,
    /** The limit's notice takes focus, not the layout's h1 (app/routes/self-service.tsx). */
    startsAtNotice: limitedMinutes > 0,
    exportsPerHour: myData.exportsPerWindow,
    /** An applicant has no self-service tabs: back where their state lands (docs/decisions/0260). */
    back: selfService ? null : landingPath(customer.state),
    contact: contactPlace ? placePath(contactPlace) : null,
    /** A contract that ended keeps its documents here while the customer signs up again (docs/decisions/0272, 0309). */
    earlier: pagePart(args.context, "earlier", shownEarlier(await args.context.core.withdrawal.earlierContracts(customer))),
  };
}

export async function action(args: ActionFunctionArgs) {
  return consentAction(args, await args.request.formData(), MY_DATA_PATH);
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientLoader = stepClientLoader;
export const clientAction = stepClientAction;
export const shouldRevalidate = keepOnFailure();

function What({ entry }: { entry: AccessEntry }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`my_data.what.${entry.what}`)}
      {entry.reference ? ` ${t("my_data.reference", { reference: entry.reference })}` : ""}
      {entry.format ? ` ${t(`my_data.format.${entry.format}`)}` : ""}
    </>
  );
}

/** Who read the customer's data, a page at a time (plain links). */
function AccessLog({ log }: { log: ShownAccessLog }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-data-log">
      <h3 id="my-data-log">{t("my_data.log.heading")}</h3>
      {log.total === 0 ? (
        <p>{t("my_data.log.none")}</p>
      ) : (
        <table className="stack-table access-log">
          <caption>{t("my_data.log.caption", { page: log.page, pages: log.pages })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("my_data.log.when")}</th>
              <th scope="col">{t("my_data.log.what")}</th>
              <th scope="col">{t("my_data.log.who")}</th>
              <th scope="col">{t("my_data.log.reason")}</th>
            </tr>
          </thead>
          <tbody>
            {log.items.map((entry) => (
              <tr key={entry.id}>
                <td data-label={t("my_data.log.when")}>
                  <time dateTime={entry.at}>{entry.when}</time>
                </td>
                <td data-label={t("my_data.log.what")}>
                  <What entry={entry} />
                </td>
                <td data-label={t("my_data.log.who")}>{t(`my_data.who.${entry.who}`)}</td>
                <td data-label={t("my_data.log.reason")}>{entry.reason ?? t("my_data.log.no_reason")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PageLinks label={t("my_data.log.pages")} page={log.page} pages={log.pages} href={(n) => `${MY_DATA_PATH}?page=${n}`} />
    </section>
  );
}

export default function SelfServiceData() {
  const page = useLoaderData<typeof loader>();
  const { limitedMinutes, exportsPerHour, back, contact } = page;
  const reply = useFormReply(useActionData<typeof action>());
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("my_data.heading")}</h2>
      <p>
        {t("my_data.intro")} <a href={PRIVACY_PATH}>{t("privacy.link")}</a>
      </p>
      {/* A tab's navigation that failed bounces back here: said here, or in the consents panel when it shows (it has its own), never twice. */}
      {"consents" in page && page.consents.length > 0 ? null : <RequestFailureNotice />}

      <section aria-labelledby="my-data-download" className="panel" id="download">
        <h3 id="my-data-download">{t("my_data.download.heading")}</h3>
        {limitedMinutes > 0 ? (
          <p role="alert" className="error-summary" tabIndex={-1} autoFocus>
            {t("error.export_limited", { minutes: limitedMinutes, count: limitedMinutes })}
          </p>
        ) : null}
        <p>{t("my_data.download.text", { count: exportsPerHour })}</p>
        {/* A plain link: the file comes as an attachment, so the page stays (with or without JavaScript). */}
        <a href={DOWNLOAD} className="button">
          {t("my_data.download.link")}
        </a>
      </section>

      {"consents" in page && page.consents.length > 0 ? (
        <>
          {contact ? (
            <p>
              <a href={contact}>{t("self_service.contact.change")}</a>
            </p>
          ) : null}
          <ConsentsPanel consents={page.consents} privacyEmail={page.privacyEmail} result={reply && "result" in reply ? reply.result : undefined} titles={page} />
        </>
      ) : null}
      <EarlierContracts contracts={page.earlier} />
      <SentOnce part="log" data={page.log}>
        {(log) => <AccessLog log={log} />}
      </SentOnce>
      {back ? (
        <p>
          <a href={back}>{t("my_data.back")}</a>
        </p>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
