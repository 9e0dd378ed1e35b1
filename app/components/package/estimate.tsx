/**
 * The monthly estimate (SPEC.md section 2 "Package"): with JavaScript recalculated 300 ms
 * after any change (a fetcher post to the page's action, intent "estimate"); without it the
 * "recalculate" button renders the page again with the new price.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { useTranslation } from "~/lib/i18n";
import type { Estimation } from "~/core/pricing";
import { formatAmount, type Language } from "~/lib/euro";
import { COVERS, PRICING_FIELD } from "~/lib/package-fields";
import { placePath } from "~/lib/onboarding";

/** SPEC.md section 9: the estimate is sent 300 ms after a change. */
export const ESTIMATE_DELAY_MS = 300;

export type EstimateAnswer = { estimate: { seq: number; estimation: Estimation | null } };
export type EstimateStatus = "idle" | "updating" | "failed";

/**
 * The live estimate of the package on screen. Stale answers never overwrite newer ones.
 * `beforeSave` goes into the form's submit: with lazy route discovery an estimate answering
 * during the navigation to the next step breaks the router, so a save settles the estimate
 * first (the submit is held and repeated once the answer is in).
 */
export function useLiveEstimate(input: {
  death: number;
  disability: number;
  services: string[];
  initial: Estimation | null;
  /** The page's sealed pricing facts, posted with each estimate. */
  pricing: string;
  form: RefObject<HTMLFormElement>;
}) {
  const fetcher = useFetcher<EstimateAnswer>({ key: "package-estimate" });
  const [estimation, setEstimation] = useState<Estimation | null>(input.initial);
  const [status, setStatus] = useState<EstimateStatus>("idle");
  const seq = useRef(0);
  const shown = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const first = useRef(true);
  // Set once the form is being saved: no estimate may start then.
  const leaving = useRef(false);
  const deferredSave = useRef<HTMLElement | null>(null);
  const submitEstimate = fetcher.submit;
  const { death, disability, pricing } = input;
  const servicesKey = input.services.join(",");
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    clearTimeout(timer.current);
    if (leaving.current) return;
    setStatus("updating");
    timer.current = setTimeout(() => {
      seq.current += 1;
      const body = new FormData();
      body.set("intent", "estimate");
      body.set("seq", String(seq.current));
      body.set(PRICING_FIELD, pricing);
      body.set(COVERS.death.field, String(death));
      body.set(COVERS.disability.field, String(disability));
      for (const code of servicesKey ? servicesKey.split(",") : []) body.append("services", code);
      submitEstimate(body, { method: "post", action: placePath("package") });
    }, ESTIMATE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [death, disability, servicesKey, pricing, submitEstimate]);
  // A save clicked while an estimate was on its way goes once that answer is in.
  const formRef = input.form;
  useEffect(() => {
    if (fetcher.state !== "idle" || !deferredSave.current) return;
    const submitter = deferredSave.current;
    deferredSave.current = null;
    formRef.current?.requestSubmit(submitter as HTMLButtonElement);
  }, [fetcher.state, formRef]);
  useEffect(() => {
    const answer = fetcher.data?.estimate;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.seq < shown.current) return;
    shown.current = answer.seq;
    if (answer.estimation) {
      setEstimation(answer.estimation);
      if (answer.seq === seq.current) setStatus("idle");
    } else if (answer.seq === seq.current) setStatus("failed");
  }, [fetcher.data, fetcher.state]);

  return {
    estimation,
    status,
    beforeSave(event: FormEvent<HTMLFormElement>) {
      clearTimeout(timer.current);
      leaving.current = true;
      if (fetcher.state !== "idle") {
        event.preventDefault();
        deferredSave.current = (event.nativeEvent as SubmitEvent).submitter;
      }
    },
  };
}

export function EstimateBreakdown({
  estimation,
  status,
  language,
  catalogue,
}: {
  estimation: Estimation | null;
  status: EstimateStatus;
  language: Language;
  catalogue: Array<{ code: string; name: string }>;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => t("package.estimate.money", { amount: formatAmount(cents, language) });
  const nameOf = (code: string) => catalogue.find((s) => s.code === code)?.name ?? code;
  // One polite announcement per settled estimate (the new total, or that it failed), not one
  // per keystroke or arrow press: the slider already says its own value.
  const [announcement, setAnnouncement] = useState("");
  const before = useRef(status);
  const total = estimation ? `${t("package.estimate.total")} ${money(estimation.premiumTotal)}` : "";
  useEffect(() => {
    if (before.current === "updating" && status === "idle" && total) setAnnouncement(total);
    else if (status === "failed") setAnnouncement(t("package.estimate.failed"));
    before.current = status;
  }, [status, total, t]);
  return (
    <section className="estimate" aria-labelledby="estimate-heading" aria-busy={status === "updating"}>
      <h2 id="estimate-heading">{t("package.estimate.heading")}</h2>
      {estimation ? (
        <>
          <dl className="estimate__lines">
            <div>
              <dt>{t("package.estimate.death")}</dt>
              <dd data-line="death">{money(estimation.premiumForDeathCover)}</dd>
            </div>
            <div>
              <dt>{t("package.estimate.disability")}</dt>
              <dd data-line="disability">{money(estimation.premiumForDisabilityCover)}</dd>
            </div>
            {estimation.services.map((s) => (
              <div key={s.serviceCode}>
                <dt>{nameOf(s.serviceCode)}</dt>
                <dd data-line={`service-${s.serviceCode}`}>{money(s.premium)}</dd>
              </div>
            ))}
            <div>
              <dt>{t("package.estimate.membershipFee")}</dt>
              <dd data-line="membershipFee">{money(estimation.membershipFee)}</dd>
            </div>
            {estimation.wellnessDiscount > 0 ? (
              <div>
                <dt>{t("package.estimate.discount", { percent: estimation.wellnessDiscountPercent })}</dt>
                <dd data-line="discount">{money(-estimation.wellnessDiscount)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="estimate__total">
            <span>{t("package.estimate.total")}</span> <strong data-line="total">{money(estimation.premiumTotal)}</strong>
          </p>
          <p className="note">
            {estimation.wellnessScore === null ? t("package.estimate.no_score") : t("package.estimate.score", { score: estimation.wellnessScore })}
          </p>
        </>
      ) : null}
      <p className="note">{status === "updating" ? t("package.estimate.updating") : status === "failed" ? t("package.estimate.failed") : ""}</p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-estimate-announcement="">
        {announcement}
      </p>
    </section>
  );
}
