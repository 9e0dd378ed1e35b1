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

function WarningValues({ warning }: { warning: AgeWarning }) {
  const { t } = useTranslation();
  return (
    <ul>
      {warning.from.death !== warning.to.death ? (
        <li>{t("package.warn.death", { from: formatWholeEuro(warning.from.death), to: formatWholeEuro(warning.to.death) })}</li>
      ) : null}
      {warning.from.disability !== warning.to.disability ? (
        <li>{t("package.warn.disability", { from: formatWholeEuro(warning.from.disability), to: formatWholeEuro(warning.to.disability) })}</li>
      ) : null}
    </ul>
  );
}

export function AgeWarningNotice({ warning, hydrated, open, onClose }: { warning: AgeWarning | null; hydrated: boolean; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  if (!warning) return null;
  return (
    <>
      {!hydrated ? (
        <div className="notice notice--warning" role="status">
          <p>{t("warn.age_service_req")}</p>
          <WarningValues warning={warning} />
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
        <WarningValues warning={warning} />
      </Modal>
    </>
  );
}
