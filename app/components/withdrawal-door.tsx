/** The door to end the policy, a module of its own: the confirmation page shows it without loading the withdraw page's form. */
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/lib/euro";
import { WITHDRAW_PATH } from "~/lib/withdrawal-fields";

/**
 * The door to end the policy: to withdraw until `withdrawalUntil`, to cancel after it (null).
 * On the insurance tab, and on the confirmation page from the day of signing (docs/decisions/0258).
 */
export function WithdrawalDoor({ withdrawalUntil, level }: { withdrawalUntil: string | null; level: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = level === 2 ? "h2" : "h3";
  const kind = withdrawalUntil ? "withdrawal" : "cancellation";
  return (
    <section aria-labelledby="ending-heading" className="panel">
      <Heading id="ending-heading">{t("withdrawal.section.heading")}</Heading>
      <p>{withdrawalUntil ? t("withdrawal.section.withdrawal", { date: formatDate(withdrawalUntil) }) : t("withdrawal.section.cancellation")}</p>
      <p>
        <a href={WITHDRAW_PATH}>{t(`withdrawal.section.link.${kind}`)}</a>
      </p>
    </section>
  );
}
