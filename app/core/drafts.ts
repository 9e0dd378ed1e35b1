/**
 * Drafts (issue 11): what a customer had typed when their session ended, kept for them and
 * given back to the same form after their next sign-in. Bound to the person (their customer
 * row, never the cookie), one per form, sealed whole with the health-data cipher (a draft of
 * the questionnaire or the score holds health answers, and no draft is read but by its form),
 * and gone after DRAFT_TTL_MS (the hourly housekeeping) or once the form is saved. Its write
 * and every opening are audited as the customer's (subject `draft:<form>`), in the statement
 * that writes or reads it, as every sealed value is (docs/decisions/0023).
 */
import type { Clock } from "./clock.js";
import type { Db } from "./db/index.js";
import type { AuditLog, HealthCipher } from "./health-data.js";
import { isSubmissionKey } from "./idempotency.js";
import { mayEdit, type StepId } from "../lib/onboarding.js";

/** How long a draft waits for its customer to sign in again. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How long a draft kept for a language switch lives (docs/decisions/0384): it carries what was
 * typed to the page in the other language, loaded at once; it is no promise to keep it longer
 * than typed values unsaved are kept on a page.
 */
export const SWITCH_DRAFT_TTL_MS = 15 * 60 * 1000;
/** At most this many fields, each at most this long: a draft is a form, not storage. */
const DRAFT_MAX_FIELDS = 500;
const DRAFT_MAX_VALUE = 10_000;

/** A form's fields as posted, in order (a name may repeat: checkboxes). */
export type DraftFields = Array<[name: string, value: string]>;

const aad = (customerId: number, form: string) => `draft:${customerId}:${form}`;

export function draftStore(db: Db, clock: Clock, cipher: HealthCipher, audit: AuditLog) {
  return {
    /**
     * Keeps `fields` as the customer's draft of the step `form` (the newest wins); false when
     * nothing is kept. Files and over-long values are left out. Only for a step the customer's
     * state lets them save (`mayEdit`): a page left open in another tab while the offer was
     * signed or the health-data consent withdrawn (which erases the drafts under the same row
     * lock) keeps nothing, no health answer held that no page would give back. Nor does a form
     * whose `submissionKey` a save has used (docs/decisions/0388): a keep racing that save (a
     * language switch pressed, then "save") would leave its values over the saved ones. Checked
     * under the customer's row lock, which a save holds until it commits. Kept `ttlMs`.
     */
    async save(customerId: number, form: StepId, fields: DraftFields, { ttlMs = DRAFT_TTL_MS, submissionKey }: { ttlMs?: number; submissionKey?: unknown } = {}): Promise<boolean> {
      const kept = fields.filter(([, value]) => typeof value === "string" && value.length <= DRAFT_MAX_VALUE).slice(0, DRAFT_MAX_FIELDS);
      if (kept.length === 0) return false;
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [customer] = await tx.query<{ state: string }>(`SELECT state FROM customers WHERE id = $1 FOR SHARE`, [customerId]);
        if (!customer || !mayEdit(customer.state, form)) return false;
        if (isSubmissionKey(submissionKey)) {
          const saved = await tx.query(`SELECT 1 FROM form_submissions WHERE key = $1 AND customer_id = $2 AND outcome IS NOT NULL`, [submissionKey, customerId]);
          if (saved.length > 0) return false;
        }
        await tx.query(
          `INSERT INTO drafts (customer_id, form, fields, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (customer_id, form) DO UPDATE SET fields = EXCLUDED.fields, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
          [customerId, form, cipher.encrypt(kept, aad(customerId, form)), now, new Date(now.getTime() + ttlMs)],
        );
        await audit.record({ customerId, actor: `customer:${customerId}`, action: "write", subject: `draft:${form}` }, tx);
        return true;
      });
    },

    /** The customer's live draft of `form`, or null; its opening audited. */
    async read(customerId: number, form: string): Promise<DraftFields | null> {
      const rows = await audit.read<{ fields: string }>({
        customerId,
        actor: `customer:${customerId}`,
        subject: `draft:${form}`,
        sealed: `SELECT fields FROM drafts WHERE customer_id = $1 AND form = $5 AND expires_at > $6`,
        select: `SELECT fields FROM sealed`,
        params: [form, clock.now()],
      });
      if (!rows[0]) return null;
      try {
        return cipher.decrypt<DraftFields>(rows[0].fields, aad(customerId, form));
      } catch {
        // Sealed with another key (rotated) or not ours: nothing to give back.
        return null;
      }
    },

    /** The form was saved: its draft has done its work. */
    async discard(customerId: number, form: string): Promise<void> {
      await db.query(`DELETE FROM drafts WHERE customer_id = $1 AND form = $2`, [customerId, form]);
    },

    async purgeExpired(): Promise<number> {
      return (await db.query(`DELETE FROM drafts WHERE expires_at <= $1 RETURNING 1`, [clock.now()])).length;
    },
  };
}

export type DraftStore = ReturnType<typeof draftStore>;
