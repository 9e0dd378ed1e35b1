import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { placePath, STEP_IDS, type StepId } from "~/lib/onboarding";

/**
 * Six dots (the onboarding table's steps); the active one shows its number and is announced
 * as "step N of 6", the ones before it as done. The other steps the customer's state may open
 * (`open`, from the loader: app/lib/route-access.ts `openSteps`) are links (e.g. back to /account).
 */
export function StepIndicator({ current, open }: { current: StepId; open?: readonly StepId[] }) {
  const { t } = useTranslation();
  const active = STEP_IDS.indexOf(current);
  return (
    <nav aria-label={t("steps.label")} className="steps">
      <ol>
        {STEP_IDS.map((step, index) => {
          const isActive = index === active;
          const done = index < active;
          // The dots' colour says "done" to the eye; the same words for a screen reader.
          const name = done ? `${t(`steps.${step}`)}, ${t("steps.done")}` : t(`steps.${step}`);
          return (
            <li
              key={step}
              className={`steps__dot${isActive ? " steps__dot--active" : done ? " steps__dot--done" : ""}`}
              aria-current={isActive ? "step" : undefined}
            >
              {isActive ? <span aria-hidden="true">{index + 1}</span> : null}
              {!isActive && open?.includes(step) ? (
                <Link to={placePath(step)} className="steps__link">
                  <span className="visually-hidden">{name}</span>
                </Link>
              ) : (
                <span className="visually-hidden">
                  {name}
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
