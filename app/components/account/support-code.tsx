/**
 * The support code (SPEC.md section 4): looked up 1 s after typing stops (a fetcher post to
 * the page's action, intent "support-code"); without JavaScript the save looks it up. The
 * partner it attaches shows beside the field and names the wlAgreement consent.
 */
import type { FieldMetadata } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { TextField } from "~/components/form-fields";
import { useHeldSave } from "~/components/held-save";
import { SUPPORT_CODE_INTENT, SUPPORT_CODE_MAX } from "~/lib/account-fields";
import { placePath } from "~/lib/onboarding";

/** SPEC.md section 9: the support-code lookup runs 1 s after typing stops. */
const LOOKUP_DELAY_MS = 1000;

export type Partner = { name: string; logo: string };
export type Lookup = { code: string; intermediary: Partner | null; failed?: true };

/**
 * The partner the form shows: the last lookup (live, or the one a failed post made) wins over
 * the page's. `lookUpNow` runs one at once (the page load's, for a code from the sign-in link).
 */
export function useSupportCodeLookup(input: { pagePartner: Partner | null; replyLookup: Lookup | null | undefined }) {
  const fetcher = useFetcher<{ lookup?: Lookup }>();
  const [lookup, setLookup] = useState<Lookup | null>(input.replyLookup ?? null);
  const { replyLookup } = input;
  useEffect(() => {
    if (replyLookup) setLookup(replyLookup);
  }, [replyLookup]);
  useEffect(() => {
    const result = fetcher.data?.lookup;
    if (result && !result.failed) setLookup(result);
  }, [fetcher.data]);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const save = useHeldSave(fetcher);
  const submit = fetcher.submit;
  const lookUpNow = (code: string) => {
    save.sent();
    submit({ intent: SUPPORT_CODE_INTENT, supportCode: code }, { method: "post", action: placePath("account") });
  };
  return {
    partner: lookup ? lookup.intermediary : input.pagePartner,
    notFound: Boolean(lookup && lookup.code && !lookup.intermediary),
    lookUpNow,
    /** Typing: look up once the customer pauses. */
    typed(code: string) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => lookUpNow(code), LOOKUP_DELAY_MS);
    },
    /** In the save's submit: no lookup starts after it, and a save sent while one is on its way is held until its answer is in. */
    beforeSave(event: FormEvent<HTMLFormElement>) {
      clearTimeout(timer.current);
      save.hold(event);
    },
  };
}

export function SupportCodeField({ field, lookup }: { field: FieldMetadata<string | undefined>; lookup: ReturnType<typeof useSupportCodeLookup> }) {
  const { t } = useTranslation();
  const { partner } = lookup;
  return (
    <div className="group">
      <TextField
        field={field}
        label={t("account.supportCode")}
        hint={t("account.supportCode.hint")}
        autoComplete="off"
        maxLength={SUPPORT_CODE_MAX}
        onInput={(event) => lookup.typed(event.currentTarget.value)}
      />
      <div className="partner" aria-live="polite">
        {partner ? (
          <p className="partner__found">
            <img src={partner.logo} alt="" width="120" height="32" />
            <span>{t("account.partner", { name: partner.name })}</span>
          </p>
        ) : lookup.notFound ? (
          <p>{t("account.partner.none")}</p>
        ) : null}
      </div>
    </div>
  );
}
