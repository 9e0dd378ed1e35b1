/**
 * The links between the pages of a paged list (the data page's access log, an earlier contract's
 * invoices): newer, the page shown, older. Plain links, so they work without JavaScript.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export function PageLinks({ label, page, pages, href }: { label: string; page: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages < 2) return null;
  return (
    <nav aria-label={label}>
      <p>
        {page > 1 ? <Link to={href(page - 1)}>{t("my_data.log.newer")}</Link> : null}{" "}
        <span aria-current="page">{t("my_data.log.page_of", { page, pages })}</span>{" "}
        {page < pages ? <Link to={href(page + 1)}>{t("my_data.log.older")}</Link> : null}
      </p>
    </nav>
  );
}
