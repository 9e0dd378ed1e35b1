/** Self-service insurance: the sums, the beneficiaries and the documents to download. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDate, useMoney } from "~/components/money";
import { formatWholeMoney } from "~/lib/euro";
import { usePdfLanguage } from "~/components/pdf-link";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";
import { CONDITIONS_PATH, keepOnFailure, pageMeta, PageErrorBoundary, RequestFailureNotice, stepClientAction, stepClientLoader } from "~/components/every-page";
import { ChangeLink, ChangeOutcomeNotice, CoverUntil, EarlierVersions, PendingChange } from "~/components/beneficiary-change";
import { changePanel, discardChange } from "~/http/beneficiary-change.server";
import { PolicyEnding } from "~/components/withdrawal";
import { MAX_AGE } from "~/lib/limits";

const DOCUMENTS = [
  { path: "/api/documents/policy", page: "/self-service/documents/policy", label: "self_service.documents.policy" },
  { path: "/api/documents/payment-schedule", page: "/self-service/documents/payment-schedule", label: "self_service.documents.payment_schedule" },
  // The signed application's PDF is the bytes signed, in the language they were signed in.
  { path: "/api/documents/application", page: "/self-service/documents/application", label: "self_service.documents.application", asSigned: true },
  // The terms the contract is on, beside the contract (Directive 2002/65/EC art. 5: the
  // consumer keeps them on a durable medium; docs/decisions/0283). The same for every contract.
  { path: "/api/insurance-conditions", page: CONDITIONS_PATH, label: "offer.documents.conditions" },
] as const;

export async function loader(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  // Null only for a customer put in SELF_SERVICE without a policy: the page says so.
  const found = await args.context.core.policyholder.insuranceToday(customer);
  const insurance = found?.insurance ?? null;
  return {
    title: await pageTitle(args.request, args.context, "title.self_service.insurance"),
    insurance,
    /** The cover today: a withdrawn policy never had any (docs/decisions/0269); in the last policy year, its last day (0282). */
    cover: found?.cover ?? null,
    /** The language the application was signed in: its PDF's (the page's own when null). */
    signedIn: found?.signedIn ?? null,
    /** The change of beneficiaries: pending, just signed or discarded, the earlier versions (docs/decisions/0145). */
    change: await changePanel(args, customer),
    /** Ending the policy: what the state allows (docs/decisions/0130). */
    ending: await args.context.core.withdrawal.panel(customer, insurance?.endDate ?? null),
  };
}

/** The pending change's discard, posted here (docs/decisions/0319). */
export async function action(args: ActionFunctionArgs) {
  const { customer } = await requireAccess(args);
  return discardChange(args.context, customer, await args.request.formData());
}

export const meta = pageMeta;

// A failed request keeps the page as it is (app/components/request-failure.tsx).
export const clientLoader = stepClientLoader;
export const clientAction = stepClientAction;
export const shouldRevalidate = keepOnFailure();

export default function SelfServiceInsurance() {
  const { insurance, cover, change, ending, signedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const signedPdf = usePdfLanguage(signedIn);
  const money = useMoney();
  if (!insurance) {
    return (
      <>
        <h2>{t("self_service.insurance.heading")}</h2>
        {/* A tab's navigation that failed bounces back here: said here (app/components/request-failure.tsx). */}
        <RequestFailureNotice />
        <p>{t("self_service.insurance.none")}</p>
        <PolicyEnding {...ending} />
      </>
    );
  }
  return (
    <>
      <h2>{t("self_service.insurance.heading")}</h2>
      {/* A tab's navigation that failed bounces back here: said here, or beside a pending change (below), never twice. */}
      {change?.pending ? null : <RequestFailureNotice />}
      {change?.outcome ? <ChangeOutcomeNotice outcome={change.outcome} version={change.version} /> : null}
      <section aria-labelledby="cover-heading" className="panel">
        <h3 id="cover-heading">{t("self_service.insurance.cover.heading")}</h3>
        <dl className="facts">
          <div>
            <dt>{t("self_service.insurance.death")}</dt>
            <dd>{formatWholeMoney(insurance.sumInsuredForDeathCover)}</dd>
          </div>
          <div>
            <dt>{t("self_service.insurance.disability")}</dt>
            <dd>{formatWholeMoney(insurance.sumInsuredForDisabilityCover)}</dd>
          </div>
          <div>
            <dt>{t("self_service.insurance.start")}</dt>
            <dd>
              {cover?.kind === "withdrawn" ? t("self_service.insurance.start.withdrawn", { date: formatDate(insurance.startDate) }) : formatDate(insurance.startDate)}
            </dd>
          </div>
        </dl>
        {/* Not renewed for the age (docs/decisions/0090): said the whole last policy year ahead (0282), and after it: nothing is left to end (0278). */}
        {cover?.kind === "in-force" && cover.endsForAge ? (
          <p className="notice">{t("self_service.insurance.lastYear", { date: formatDate(cover.endsForAge) })}</p>
        ) : cover?.kind === "ended" && cover.by === "age" ? (
          <p className="notice">{t("self_service.insurance.notRenewed", { date: formatDate(cover.endDate), age: MAX_AGE })}</p>
        ) : insurance.renewal ? (
          // The renewal's new premium, told in the days before it (docs/decisions/0090, 0288).
          <p className="notice">
            {t("self_service.insurance.renewal", { date: formatDate(insurance.renewal.date), age: insurance.renewal.age, sum: money(insurance.renewal.monthlyPayment) })}
            {insurance.renewal.coverLowered
              ? ` ${t("self_service.insurance.renewal.lowered", {
                  death: formatWholeMoney(insurance.renewal.sumInsuredForDeathCover),
                  disability: formatWholeMoney(insurance.renewal.sumInsuredForDisabilityCover),
                })}`
              : null}
          </p>
        ) : null}
      </section>
      <PolicyEnding {...ending} />
      <section aria-labelledby="beneficiaries-heading" className="panel">
        <h3 id="beneficiaries-heading">{t("self_service.beneficiaries.heading")}</h3>
        {insurance.beneficiaries.length === 0 ? (
          <p>{t("self_service.beneficiaries.none")}</p>
        ) : (
          <ul role="list" className="cards">
            {insurance.beneficiaries.map((b, index) => (
              <li key={index} className="card">
                <h4>
                  {[b.firstName, b.name].filter(Boolean).join(" ")}{" "}
                  <span className="note">({t(`doc.beneficiary.${b.type}`)})</span>
                </h4>
                <dl className="facts">
                  <div>
                    <dt>{t(`self_service.beneficiary.idCode.${b.type}`)}</dt>
                    <dd>{b.idCode}</dd>
                  </div>
                  <div>
                    <dt>{t("self_service.beneficiary.share")}</dt>
                    <dd>{b.sharePercent}%</dd>
                  </div>
                  <div>
                    <dt>{t("self_service.beneficiary.email")}</dt>
                    <dd>{b.email}</dd>
                  </div>
                  <div>
                    <dt>{t("self_service.beneficiary.phone")}</dt>
                    <dd>{b.phone}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
        {/* Offered while the cover runs, a cancelled policy's to its last day (docs/decisions/0291). */}
        {change?.mayChange ? <CoverUntil date={change.coverUntil} /> : null}
        {change?.pending ? <PendingChange date={change.pending.date} discardKey={change.discardKey} edit /> : change?.mayChange ? <ChangeLink /> : null}
        {/* A discard lost on the network: said here, the change as it was (only with a change to discard). */}
        {change?.pending ? <RequestFailureNotice /> : null}
      </section>
      <section aria-labelledby="documents-heading" className="panel">
        <h3 id="documents-heading">{t("self_service.documents.heading")}</h3>
        <ul role="list" className="documents">
          {DOCUMENTS.map((d) => (
            <li key={d.path}>
              {/* A file download, not a page: a plain link the browser saves. A PDF in another language than the page's says which. */}
              <a href={d.path} download hrefLang={"asSigned" in d ? signedPdf?.hrefLang : undefined}>
                {t(d.label)} {"asSigned" in d && signedPdf ? t("self_service.pdf.in", { language: signedPdf.language }) : t("self_service.pdf")}
              </a>{" "}
              {/* The same document as an accessible web page. */}
              <a href={d.page}>{t("doc.view.html", { document: t(d.label) })}</a>
            </li>
          ))}
        </ul>
        {change ? <EarlierVersions versions={change.versions} /> : null}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
