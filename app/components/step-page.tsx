import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/locales/et";
import type { OnboardingState, StepPath } from "~/lib/route-access";
import { StepIndicator } from "./step-indicator";

/**
 * The frame of an onboarding step: step indicator, then the step's heading and content.
 * With the customer's `state`, the indicator links the other steps that state allows.
 */
export function StepPage({ step, heading, state, children }: { step: StepPath; heading: TranslationKey; state?: OnboardingState; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <StepIndicator current={step} state={state} />
      <h1>{t(heading)}</h1>
      {children}
    </div>
  );
}
