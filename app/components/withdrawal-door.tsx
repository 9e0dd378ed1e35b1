/** The door to end the policy, a module of its own: the confirmation page shows it without loading the withdraw page's form. */
import { useTranslation } from "~/i18n/react";
import { formatDate } from "~/lib/euro";
import { WITHDRAW_PATH } from "~/lib/withdrawal-fields";

/**
 * The door to end the policy: to withdraw until `withdrawalUntil`, to cancel after it (null).
 * On the insurance tab, and on the confirmation page from the day of signing (docs/decisions/0258);
 * `application`: the confirmation under underwriting, to withdraw the application (0295).
 */
export function WithdrawalDoor({ withdrawalUntil, level, application = false }: { withdrawalUntil: string | null; level: 2 | 3; application?: boolean }) {
  const { t } = useTranslation();
  const Heading = level === 2 ? "h2" : "h3";
  // Under underwriting the application is what is withdrawn: no contract yet (docs/decisions/0295).
  const kind = application ? "application" : withdrawalUntil ? "withdrawal" : "cancellation";
  return (
    <section aria-labelledby="ending-heading" className="panel">
      <Heading id="ending-heading">{t(application ? "withdrawal.section.heading.application" : "withdrawal.section.heading")}</Heading>
      <p>
        {application
          ? t("withdrawal.section.application")
          : withdrawalUntil
            ? t("withdrawal.section.withdrawal", { date: formatDate(withdrawalUntil) })
            : t("withdrawal.section.cancellation")}
      </p>
      <p>
        <a href={WITHDRAW_PATH}>{t(`withdrawal.section.link.${kind}`)}</a>
      </p>
    </section>
  );
}
