import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * A document's link inside a form (the account step's consents, the beneficiaries' notice):
 * opens in a new tab, so nothing typed is lost, and says so to a screen reader.
 */
export function DocumentLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t("account.new_tab")}</span>
    </a>
  );
}
