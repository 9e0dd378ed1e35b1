import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/locales/et";
import type { StepPath } from "~/lib/route-access";
import { StepIndicator } from "./step-indicator";

/** The frame of an onboarding step: step indicator, then the step's heading and content. */
export function StepPage({ step, heading, children }: { step: StepPath; heading: TranslationKey; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <StepIndicator current={step} />
      <h1>{t(heading)}</h1>
      {children}
    </div>
  );
}
