/**
 * The age warning (SPEC.md section 2 "Package"): in SERVICE_REQ_CHANGE the saved package is
 * over today's limits. With JavaScript a modal; closing it brings the amounts within the
 * limits. Without it a notice: the form already starts within them.
 */
import { useTranslation } from "~/i18n/react";
import { Modal } from "~/components/every-page";
import { formatWholeEuro } from "~/lib/euro";

export interface AgeWarning {
  from: { death: number; disability: number };
  to: { death: number; disability: number };
}

/**
 * What changes, a paragraph per amount brought down: paragraphs, not a list, as the dialog is
 * described by its paragraphs (Modal) and focus goes straight to its button, so amounts in a
 * list were never heard as it opened.
 */
function warningValues(t: ReturnType<typeof useTranslation>["t"], { from, to }: AgeWarning) {
  return (["death", "disability"] as const)
    .filter((cover) => from[cover] !== to[cover])
    .map((cover) => <p key={cover}>{t(`package.warn.${cover}`, { from: formatWholeEuro(from[cover]), to: formatWholeEuro(to[cover]) })}</p>);
}

export function AgeWarningNotice({ warning, hydrated, open, onClose }: { warning: AgeWarning | null; hydrated: boolean; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  if (!warning) return null;
  return (
    <>
      {!hydrated ? (
        <div className="notice notice--warning" role="status">
          <p>{t("warn.age_service_req")}</p>
          {warningValues(t, warning)}
          <p>{t("package.warn.nojs")}</p>
        </div>
      ) : null}
      <Modal
        open={hydrated && open}
        onClose={onClose}
        heading={t("package.warn.heading")}
        closeLabel={t("package.warn.close")}
      >
        <p>{t("warn.age_service_req")}</p>
        {warningValues(t, warning)}
      </Modal>
    </>
  );
}
