/**
 * The self-service area's tab menu. The money and date formats are ./money.tsx's: every
 * self-service page loads this module (the layout's), and most never write an amount.
 */
import { NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

const SELF_SERVICE_TABS = ["insurance", "services", "bills", "score", "data"] as const;

/**
 * The tab the page belongs to, as the menu marks it (a NavLink is current on its path and
 * below it), or undefined on a page of the area that is no tab (the user page, a change).
 */
export function useCurrentTab(): (typeof SELF_SERVICE_TABS)[number] | undefined {
  // "/self-service/<tab>" and below it.
  const segment = useLocation().pathname.split("/")[2];
  return SELF_SERVICE_TABS.find((tab) => tab === segment);
}

/** The tabs: plain links; the current one is marked with aria-current="page". */
export function SelfServiceNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("self_service.nav.label")} className="tabs">
      <ul>
        {SELF_SERVICE_TABS.map((tab) => (
          <li key={tab}>
            <NavLink to={`/self-service/${tab}`} className="tabs__link" prefetch="intent">
              {t(`self_service.tab.${tab}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
