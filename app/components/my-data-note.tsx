/**
 * Where an applicant finds what is held about them and who read it (docs/decisions/0260): a
 * note linking the data tracker, which self-service has as a tab.
 */
import { Trans, useTranslation } from "~/i18n/react";

/** The data tracker's page (its download beside it). */
export const MY_DATA_PATH = "/self-service/data";

export function MyDataNote() {
  const { t } = useTranslation();
  return (
    <p className="note">
      <Trans t={t} i18nKey="my_data.elsewhere" components={{ data: <a href={MY_DATA_PATH} /> }} />
    </p>
  );
}
