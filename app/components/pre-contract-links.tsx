/** The pre-contract information's web page and PDF (docs/decisions/0092): on the package and offer steps. */
import { useTranslation } from "~/i18n/react";
import { PRE_CONTRACT_PATH } from "~/components/every-page";
import type { Language } from "~/lib/euro";

export function PreContractLinks({ language, headingLevel }: { language: Language; headingLevel: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <section className="section" aria-labelledby="pre-contract-links">
      <Heading id="pre-contract-links">{t("precontract.title")}</Heading>
      <p>{t("precontract.links.intro")}</p>
      <ul className="offer-documents">
        <li>
          <a href={PRE_CONTRACT_PATH}>{t("doc.view.html", { document: t("precontract.link") })}</a>
        </li>
        <li>
          <a href={`/api/pre-contract-information?lng=${language}`} target="_blank" rel="noopener">
            {t("precontract.links.pdf")}
            <span className="visually-hidden"> ({t("offer.documents.newWindow")})</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
