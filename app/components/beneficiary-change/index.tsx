/**
 * The pieces of the self-service change of beneficiaries (docs/decisions/0145) that the change
 * page and the insurance tab share: the pending change's notice with its discard button, what
 * became of a change, the link to change, and the policy's earlier versions.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SubmissionKeyField } from "~/components/every-page";
import { CHANGE_INTENT, CHANGE_PATH, CHANGE_SIGNING_PATH, versionPagePath, versionPdfPath, type ChangeOutcome } from "~/lib/beneficiary-change";

/**
 * An unsigned change: the policy's beneficiaries stay; go on to sign it (or edit it), or discard it.
 * The discard posts to the page it is on (docs/decisions/0319): a post to another route's action
 * that failed moved the customer to that page, and offline its code could not load (Remix
 * reloaded the page, into the browser's offline error).
 */
export function PendingChange({ date, discardKey, edit = false }: { date: string; discardKey: string; edit?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="notice" role="note">
      <p>{t("beneficiary_change.pending", { date })}</p>
      <Form method="post" className="form-actions">
        <Link to={edit ? CHANGE_PATH : CHANGE_SIGNING_PATH} className="button">
          {t(edit ? "beneficiary_change.pending.continue" : "beneficiary_change.pending.sign")}
        </Link>
        <SubmissionKeyField value={discardKey} />
        <button type="submit" name="intent" value={CHANGE_INTENT.discard} className="button button--secondary">
          {t("beneficiary_change.discard")}
        </button>
      </Form>
    </div>
  );
}

/** What became of the change the customer just signed or discarded: a status the page starts at. */
export function ChangeOutcomeNotice({ outcome, version }: { outcome: ChangeOutcome; version: number }) {
  const { t } = useTranslation();
  return (
    <p className="notice" role="status" tabIndex={-1} autoFocus>
      {outcome === "signed" ? t("beneficiary_change.signed", { version }) : t("beneficiary_change.discarded")}
    </p>
  );
}

/** Until when a change can be signed: the last day of cover once its end is set (docs/decisions/0291); nothing otherwise. */
export function CoverUntil({ date }: { date: string | null }) {
  const { t } = useTranslation();
  return date ? <p>{t("beneficiary_change.until", { date })}</p> : null;
}

/** The link to change the beneficiaries. */
export function ChangeLink() {
  const { t } = useTranslation();
  return (
    <p>
      <Link to={CHANGE_PATH}>{t("beneficiary_change.change")}</Link>
    </p>
  );
}

/** A version with its dates formatted (dd.mm.yyyy, Tallinn). */
export interface VersionItem {
  version: number;
  from: string;
  until: string | null;
}

/** The policy's earlier versions, each as a PDF and a web page, newest first (the one in force is the policy above). */
export function EarlierVersions({ versions }: { versions: VersionItem[] }) {
  const { t } = useTranslation();
  const earlier = versions.filter((v) => v.until !== null).reverse();
  if (earlier.length === 0) return null;
  return (
    <>
      <h4 id="policy-versions-heading">{t("beneficiary_change.versions.heading")}</h4>
      <ul role="list" className="documents" aria-labelledby="policy-versions-heading">
        {earlier.map((v) => {
          const label = t("beneficiary_change.version.earlier", { version: v.version, from: v.from, until: v.until });
          return (
            <li key={v.version}>
              <a href={versionPdfPath(v.version)} download>
                {label} {t("self_service.pdf")}
              </a>{" "}
              <a href={versionPagePath(v.version)}>{t("doc.view.html", { document: label })}</a>
            </li>
          );
        })}
      </ul>
    </>
  );
}
