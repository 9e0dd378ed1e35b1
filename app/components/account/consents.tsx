import type { FieldMetadata } from "@conform-to/react";
import { Trans, useTranslation } from "~/i18n/react";
import { CheckboxField } from "~/components/form-fields";
import { DocumentLink } from "~/components/document-link";
import { MyDataNote } from "~/components/my-data-note";
import { CONDITIONS_PATH, PRIVACY_PATH } from "~/components/every-page";
import type { Partner } from "./support-code";

interface ConsentFields {
  conditionsAgreement: FieldMetadata<boolean | undefined>;
  healthDataAgreement: FieldMetadata<boolean | undefined>;
  newsletterAgreement: FieldMetadata<boolean | undefined>;
  wlAgreement: FieldMetadata<boolean | undefined>;
}

/**
 * The permissions block (SPEC.md section 2 "Account"): the two required consents, the
 * newsletter, the partner's consent while a partner is attached (naming it; `wlChecked` says
 * whether it starts ticked), and the revoke note.
 */
export function Consents(props: { fields: ConsentFields; partner: Partner | null; wlChecked: (partner: string) => boolean; language: string; privacyEmail: string }) {
  const { t } = useTranslation();
  const { fields, partner, privacyEmail } = props;
  return (
    <fieldset className="group">
      <legend className="group__legend">{t("account.consents.heading")}</legend>
      <CheckboxField
        field={fields.conditionsAgreement}
        required
        label={
          <Trans
            t={t}
            i18nKey="account.conditionsAgreement"
            components={{ conditions: <DocumentLink href={`${CONDITIONS_PATH}?lng=${props.language}`} />, privacy: <DocumentLink href={`${PRIVACY_PATH}?lng=${props.language}`} /> }}
          />
        }
      />
      <CheckboxField field={fields.healthDataAgreement} label={t("account.healthDataAgreement")} required />
      <CheckboxField field={fields.newsletterAgreement} label={t("account.newsletterAgreement")} />
      {partner ? (
        <div className="field checkbox" key={`wl-${partner.name}`}>
          <input type="hidden" name="wlPartner" value={partner.name} />
          <div className="checkbox__item">
            <input type="checkbox" id={fields.wlAgreement.id} name={fields.wlAgreement.name} value="on" defaultChecked={props.wlChecked(partner.name)} />
            <label htmlFor={fields.wlAgreement.id}>{t("account.wlAgreement", { name: partner.name })}</label>
          </div>
        </div>
      ) : null}
      <p className="note">
        <Trans t={t} i18nKey="account.revoke" values={{ email: privacyEmail }} components={{ mail: <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a> }} />
      </p>
      <MyDataNote />
    </fieldset>
  );
}
