/** What the offer shows before the consents (SPEC.md section 2 "Offer"). */
import { useTranslation } from "~/i18n/react";
import { formatDate, formatWholeMoney, type Language } from "~/lib/euro";
import { Breakdown } from "./breakdown";
import { AgeTableSection, TermSection } from "./term";
import { CONDITIONS_PATH, PRE_CONTRACT_PATH } from "~/components/every-page";
import type { OfferPageData } from "./types";

type Offer = NonNullable<OfferPageData["offer"]>;

/** My info: name, age, and the two covers. */
function MyInfo({ offer }: { offer: Offer }) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="offer-my-info">
      <h2 id="offer-my-info">{t("offer.myInfo.heading")}</h2>
      <dl className="facts">
        <div>
          <dt>{t("offer.name")}</dt>
          <dd>
            {offer.firstName} {offer.lastName}
          </dd>
        </div>
        <div>
          <dt>{t("offer.age")}</dt>
          <dd>{t("offer.age.value", { count: offer.age })}</dd>
        </div>
        <div>
          <dt>{t("offer.deathCover")}</dt>
          <dd>{formatWholeMoney(offer.sumInsuredForDeathCover)}</dd>
        </div>
        <div>
          <dt>{t("offer.disabilityCover")}</dt>
          <dd>{formatWholeMoney(offer.sumInsuredForDisabilityCover)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The application, the payment schedule, the pre-contract information and the conditions the customer accepts below, each opened in a new view. */
function Documents({ startDate, language }: { startDate: string; language: Language }) {
  const { t } = useTranslation();
  const link = (path: string, label: string) => (
    <a href={`${path.startsWith("/") ? path : `/api/onboarding/documents/${path}`}?lng=${language}`} target="_blank" rel="noopener">
      {label}
      <span className="visually-hidden"> ({t("offer.documents.newWindow")})</span>
    </a>
  );
  return (
    <section className="section" aria-labelledby="offer-documents">
      <h2 id="offer-documents">{t("offer.documents.heading")}</h2>
      <ul className="offer-documents">
        <li>
          {link("application", t("offer.documents.application"))}{" "}
          <a href="/offer/documents/application">{t("doc.view.html", { document: t("doc.application.title") })}</a>
        </li>
        <li>
          {link("payment-schedule", t("offer.documents.paymentSchedule"))}{" "}
          <a href="/offer/documents/payment-schedule">{t("doc.view.html", { document: t("doc.schedule.title") })}</a>{" "}
          <span className="note">({t("doc.schedule.start", { date: formatDate(startDate) })})</span>
        </li>
        <li>
          {link("/api/pre-contract-information", t("precontract.links.pdf"))} <a href={PRE_CONTRACT_PATH}>{t("doc.view.html", { document: t("precontract.link") })}</a>
        </li>
        <li>{link(CONDITIONS_PATH, t("offer.documents.conditions"))}</li>
      </ul>
    </section>
  );
}

export function OfferSummary({ page }: { page: OfferPageData & { offer: Offer } }) {
  const { t } = useTranslation();
  const { offer, language, services } = page;
  return (
    <>
      <p className="lead">{t("offer.intro")}</p>
      <MyInfo offer={offer} />
      <section className="section" aria-labelledby="offer-services">
        <h2 id="offer-services">{t("offer.services.heading")}</h2>
        {services.length === 0 ? (
          <p>{t("offer.services.none")}</p>
        ) : (
          <ul role="list" className="offer-services">
            {services.map((service) => (
              <li key={service.code}>
                <strong>{service.name}</strong>
                <span>{service.description}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="section" aria-labelledby="offer-breakdown">
        <h2 id="offer-breakdown">{t("offer.breakdown.heading")}</h2>
        <Breakdown estimation={offer.estimation} language={language} />
      </section>
      <TermSection term={offer.term} />
      <AgeTableSection rows={offer.premiumByAge} discountPercent={offer.estimation.wellnessDiscountPercent} language={language} />
      <Documents startDate={offer.startDate} language={language} />
    </>
  );
}
