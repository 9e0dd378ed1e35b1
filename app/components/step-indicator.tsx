import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { mayView, placePath, STEP_IDS, type OnboardingState, type StepId } from "~/lib/onboarding";

/**
 * Six dots (the onboarding table's steps); the active one shows its number and is announced
 * as "step N of 6". Given the customer's state, the other steps that state may open are
 * links (e.g. back to /account).
 */
export function StepIndicator({ current, state }: { current: StepId; state?: OnboardingState }) {
  const { t } = useTranslation();
  const active = STEP_IDS.indexOf(current);
  return (
    <nav aria-label={t("steps.label")} className="steps">
      <ol>
        {STEP_IDS.map((step, index) => {
          const isActive = index === active;
          return (
            <li
              key={step}
              className={`steps__dot${isActive ? " steps__dot--active" : index < active ? " steps__dot--done" : ""}`}
              aria-current={isActive ? "step" : undefined}
            >
              {isActive ? <span aria-hidden="true">{index + 1}</span> : null}
              {!isActive && state && mayView(state, step) ? (
                <Link to={placePath(step)} className="steps__link">
                  <span className="visually-hidden">{t(`steps.${step}`)}</span>
                </Link>
              ) : (
                <span className="visually-hidden">
                  {t(`steps.${step}`)}
                  {isActive ? `, ${t("steps.step_of", { n: index + 1, total: STEP_IDS.length })}` : null}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
