import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import type { StepId } from "~/lib/onboarding";
import { backPath } from "~/lib/route-access";
import { ErrorDetails, PageHeading, RequestFailureNotice, SessionNote } from "~/components/every-page";
import { StepIndicator } from "./step-indicator";

/**
 * The frame of an onboarding step: step indicator, then the step's heading (`heading.<step>`)
 * and content. The indicator links the other steps the customer may open (`open`: the
 * loader's `openSteps(state)`). Under the content, what a failed save or navigation says (app/components/request-failure.tsx),
 * and without JavaScript when the session ends (app/components/session-timer.tsx).
 */
export function StepPage({ step, open, children }: { step: StepId; open?: readonly StepId[]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <StepIndicator current={step} open={open} />
      <PageHeading>{t(`heading.${step}`)}</PageHeading>
      {children}
      <RequestFailureNotice />
      <SessionNote />
    </div>
  );
}

/**
 * A step's Back link, to the step before it in the onboarding table (isomorphic: the same
 * target before and after hydration). `label` is the step's own wording.
 */
export function BackLink({ step, label }: { step: StepId; label: string }) {
  const back = backPath(step);
  if (!back) return null;
  return (
    <Link to={back} className="button button--secondary">
      {label}
    </Link>
  );
}

/**
 * A step's ErrorBoundary: the step indicator stays, so the customer sees where they were,
 * with the error page's text under it.
 */
export function StepErrorBoundary({ step }: { step: StepId }) {
  return (
    <div className="page">
      <StepIndicator current={step} />
      <ErrorDetails />
    </div>
  );
}
