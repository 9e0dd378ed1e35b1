/**
 * A number to be heard digit by digit: an example personal code was read "thirty-eight
 * billion…". Seen as written, and copied as written: the spaced digits a screen reader reads
 * are hidden from sight and cannot be selected; the written number is hidden from the
 * accessibility tree (and so from the field's description that names the hint).
 */
import { Children, type ReactNode } from "react";
import { Trans, useTranslation } from "~/i18n/react";

function Digits({ children }: { children?: ReactNode }) {
  const text = Children.toArray(children).join("");
  return (
    <>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden digits__spoken">{[...text].join(" ")}</span>
    </>
  );
}

/** The personal code field's hint (sign-in, withdrawal), its example said digit by digit. */
export function IdCodeHint() {
  const { t } = useTranslation();
  return <Trans t={t} i18nKey="login.idCode.hint" components={{ digits: <Digits /> }} />;
}
