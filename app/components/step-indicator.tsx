import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isPathAllowed, STEPS, type OnboardingState, type StepPath } from "~/lib/route-access";

const STEP_KEYS = {
  "/account": "steps.account",
  "/score": "steps.score",
  "/package": "steps.package",
  "/questionnaire": "steps.questionnaire",
  "/beneficiaries": "steps.beneficiaries",
  "/offer": "steps.offer",
} as const;

/**
 * Six dots; the active one shows its number and is announced as "step N of 6". Given the
 * customer's state, the other steps that state allows are links (e.g. back to /account).
 */
export function StepIndicator({ current, state }: { current: StepPath; state?: OnboardingState }) {
  const { t } = useTranslation();
  const active = STEPS.indexOf(current);
  return (
    <nav aria-label={t("steps.label")} className="steps">
      <ol>
        {STEPS.map((step, index) => {
          const isActive = index === active;
          return (
            <li
              key={step}
              className={`steps__dot${isActive ? " steps__dot--active" : index < active ? " steps__dot--done" : ""}`}
              aria-current={isActive ? "step" : undefined}
            >
              {isActive ? <span aria-hidden="true">{index + 1}</span> : null}
              {!isActive && state && isPathAllowed(state, step) ? (
                <Link to={step} className="steps__link">
                  <span className="visually-hidden">{t(STEP_KEYS[step])}</span>
                </Link>
              ) : (
                <span className="visually-hidden">
                  {t(STEP_KEYS[step])}
                  {isActive ? `, ${t("steps.step_of", { n: index + 1, total: STEPS.length })}` : null}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
