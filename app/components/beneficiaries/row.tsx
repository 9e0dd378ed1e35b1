/** One beneficiary of the list (SPEC.md section 2 "Beneficiaries"): Person/Company and its fields. */
import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import { PhoneField, RadioGroup, TextField } from "~/components/form-fields";
import { EMAIL_MAX, TEXT_MAX } from "~/lib/account-fields";
import { BENEFICIARY_FIELDS, capSharePercent, SHARE_MAX_LENGTH, type BeneficiaryFormRow } from "~/lib/beneficiaries-fields";

export type Row = FieldMetadata<BeneficiaryFormRow>;

/** The labels of a row's fields: for its type with JavaScript, for either without. */
function useLabels(type: string | undefined, hydrated: boolean) {
  const { t } = useTranslation();
  const company = type === "C";
  return {
    type: t("beneficiaries.type"),
    firstName: hydrated ? t("beneficiaries.firstName") : t("beneficiaries.firstName.nojs"),
    name: hydrated ? t(company ? "beneficiaries.companyName" : "beneficiaries.lastName") : t("beneficiaries.name.nojs"),
    idCode: hydrated ? t(company ? "beneficiaries.registryCode" : "beneficiaries.personalCode") : t("beneficiaries.idCode.nojs"),
    sharePercent: t("beneficiaries.sharePercent"),
    email: t("beneficiaries.email"),
    phone: t("beneficiaries.phone"),
  };
}

export function BeneficiaryFields({
  row,
  index,
  hydrated,
  removeButton,
  shareErrorId,
  headingLevel,
  focus,
}: {
  row: Row;
  index: number;
  hydrated: boolean;
  removeButton: React.ReactNode;
  /** The row's heading, a level below the heading the list is under (the page's h1, or self-service's h2). */
  headingLevel: 2 | 3;
  /** The shares' total is wrong: every share field is invalid and described by that error. */
  shareErrorId?: string;
  /** The page starts here (the row a press of "add" brought, answered without JavaScript). */
  focus?: boolean;
}) {
  const { t } = useTranslation();
  const fields = row.getFieldset();
  const type = fields.type.value;
  const labels = useLabels(type, hydrated);
  const headingId = `${row.id}-heading`;
  const Heading = `h${headingLevel}` as const;
  return (
    // Named by its heading (also a landmark for heading navigation) rather than a legend.
    <fieldset className="beneficiary" aria-labelledby={headingId}>
      <div className="beneficiary__head">
        <Heading id={headingId} tabIndex={-1} className="beneficiary__heading" autoFocus={focus}>
          {t("beneficiaries.item", { order: index + 1 })}
        </Heading>
        {removeButton}
      </div>
      <RadioGroup field={fields.type} legend={labels.type} options={(["P", "C"] as const).map((value) => ({ value, label: t(`beneficiaries.type.${value}`) }))} required />
      {!hydrated || type !== "C" ? <TextField field={fields.firstName} label={labels.firstName} autoComplete="off" maxLength={TEXT_MAX} required={hydrated} /> : null}
      <TextField field={fields.name} label={labels.name} autoComplete="off" maxLength={TEXT_MAX} required />
      <TextField
        field={fields.idCode}
        label={labels.idCode}
        hint={hydrated ? (type === "C" ? t("beneficiaries.registryCode.hint") : undefined) : t("beneficiaries.idCode.hint.nojs")}
        inputMode="numeric"
        autoComplete="off"
        // No maxLength: it cut "49a001-01234" to "49a001-0123" without a word; the schema
        // (digits and the checksum, as the customer's own code) says what is wrong instead.
        required
      />
      <TextField
        field={fields.sharePercent}
        label={labels.sharePercent}
        hint={t("beneficiaries.sharePercent.hint")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={SHARE_MAX_LENGTH}
        required
        sharedErrorId={shareErrorId}
        onInput={(event) => {
          const input = event.currentTarget;
          const next = capSharePercent(input.value);
          if (next !== input.value) input.value = next;
        }}
      />
      <TextField field={fields.email} label={labels.email} type="email" autoComplete="off" maxLength={EMAIL_MAX} required />
      <PhoneField field={fields.phone} label={labels.phone} hint={t("beneficiaries.phone.hint")} autoComplete="off" required />
    </fieldset>
  );
}

/** The summary lines of a row's errors: "Beneficiary 2, Personal code: …" (the messages are generic). */
export function useRowSummaryItems(rows: Row[]) {
  const { t } = useTranslation();
  return rows.flatMap((row, index) => {
    const rowFields = row.getFieldset();
    const company = rowFields.type.value === "C";
    const labelKey = {
      type: "beneficiaries.type",
      firstName: "beneficiaries.firstName",
      name: company ? "beneficiaries.companyName" : "beneficiaries.lastName",
      idCode: company ? "beneficiaries.registryCode" : "beneficiaries.personalCode",
      sharePercent: "beneficiaries.sharePercent",
      email: "beneficiaries.email",
      phone: "beneficiaries.phone",
    } as const;
    return BENEFICIARY_FIELDS.filter((name) => rowFields[name].errors?.length).map((name) => ({
      fieldId: rowFields[name].id,
      message: `${t("beneficiaries.item", { order: index + 1 })}, ${t(labelKey[name])}: ${t(rowFields[name].errors![0])}`,
    }));
  });
}
