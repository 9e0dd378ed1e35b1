import { useTranslation } from "~/i18n/react";
import { formatAmount, type Language } from "~/lib/euro";

/** Cents as the offer writes them: "1 234,56 eurot". */
export function useOfferMoney(language: Language) {
  const { t } = useTranslation();
  return (cents: number) => `${formatAmount(cents, language)} ${t("offer.currency")}`;
}
