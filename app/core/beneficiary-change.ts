/**
 * A policyholder changes their beneficiaries in self-service (issue 22 item 3,
 * docs/decisions/0145): the onboarding rules (persons and companies, shares total 100:
 * `beneficiaryFailures`), saved as a pending change that does nothing until it is e-signed
 * through the same signing provider as the offer. A signed change replaces the policy's
 * beneficiaries and is the policy's next version; earlier versions stay readable. A pending
 * change can be discarded. Every change of the customer's data is audited, and saves and
 * discards run once per submission key. Beneficiaries may be named while the policy's cover
 * runs, a cancelled policy's to its last day included (docs/decisions/0291).
 */
import { mayView, type OnboardingState } from "../lib/onboarding.js";
import type { SigningConfig } from "../lib/signing.js";
import { isLanguage, type Language } from "../lib/euro.js";
import { phoneAsStored } from "../lib/fields.js";
import {
  beneficiaryFailures,
  keepSignedBeneficiaries,
  readBeneficiaries,
  toBeneficiary,
  type Beneficiary,
  type BeneficiaryInput,
  type BeneficiaryRow,
} from "./beneficiaries.js";
import { dateOf, today, type Clock } from "./clock.js";
import { coverFactsOf, coverOn, coverRuns, type CoverColumns, type CoverFacts } from "./cover.js";
import type { Customer } from "./customers.js";
import type { Db, Queryable } from "./db/index.js";
import { documentFileName, sha256, type DocumentCustomer, type RenderPdf } from "./documents/index.js";
import { beneficiaryChangeModel, type PolicyVersionFacts } from "./documents/policy-version.js";
import type { SealedDocuments } from "./documents/sealed.js";
import { SIGNING_ACTOR } from "./document-reads.js";
import { HOUSEKEEPING_ACTOR } from "./housekeeping.js";
import type { AuditLog, HealthCipher } from "./health-data.js";
import type { SubmissionLog } from "./idempotency.js";
import type { Failure, Outcome } from "./outcome.js";
import { policyIdOf, policyNumber } from "./invoices.js";
import type { SigningProvider } from "./signing/provider.js";
import { ENDED, signingAttempts, type SigningCompletion } from "./signing/attempts.js";

const BENEFICIARY_CHANGE_FORM = "beneficiary-change";
const BENEFICIARY_DISCARD_FORM = "beneficiary-change-discard";

/**
 * Policies a customer has in self-service (as app/core/policyholder's): the latest of them is the
 * one whose beneficiaries the tab shows; they may change while its cover runs (docs/decisions/0291),
 * and its versions stay readable after.
 */
const IN_SELF_SERVICE = ["SIGNED", "ACTIVE", "WITHDRAWN", "CANCELLED"];

export interface PendingChange {
  id: number;
  beneficiaries: Beneficiary[];
  createdAt: string;
  updatedAt: string;
}

/** One version of the policy (SPEC-level: the same policy, its beneficiaries at that time). */
export interface PolicyVersion {
  version: number;
  /** When it came into force (ISO date-time): the policy's signing, or its change's. */
  from: string;
  /** When the next version replaced it; null for the one in force. */
  until: string | null;
  beneficiaries: Beneficiary[];
  /** The SHA-256 of the signed change document that made it; null for version 1. */
  changeSha256: string | null;
}

export interface BeneficiaryChangeView {
  policyNumber: string;
  /** The version in force. */
  version: number;
  /** The policy's beneficiaries now (unchanged until a change is signed). */
  current: Beneficiary[];
  pending: PendingChange | null;
  /**
   * The last day of cover when its end is set (a cancellation's, or the last policy year's once
   * no renewal is to come): a change signed by the end of that day takes effect; null otherwise.
   */
  coverUntil: string | null;
}

export interface ChangeSigningCompleted {
  result: "SIGNED" | "FAILED";
  /** The version in force afterwards. */
  version: number;
  /** The completion changed nothing: the signing it names was concluded before, and this is that outcome (app/core/offer.ts `SigningCompleted`). */
  replayed: boolean;
}

interface HeldPolicy {
  id: number;
  signedAt: Date;
  /** What its cover depends on (app/core/cover.ts). */
  cover: CoverFacts;
}

/** The columns a held policy is read from, `p` the policy and `c` its customer. */
const HELD_COLUMNS = `p.id, p.signed_at, p.status, p.end_date::text AS end_date, p.start_date::text AS start_date, c.date_of_birth::text AS date_of_birth`;
type HeldRow = CoverColumns & { id: string | number; signed_at: Date | string; date_of_birth: string };
const heldFrom = (row: HeldRow): HeldPolicy => ({ id: Number(row.id), signedAt: new Date(row.signed_at), cover: coverFactsOf(row, row.date_of_birth) });

/**
 * The customer's policy in self-service (the latest), ended or not: its versions stay readable.
 * With `policyId`, that policy if it is the customer's (an earlier contract's, docs/decisions/0309).
 */
async function latestPolicy(q: Queryable, customerId: number, policyId: number | null = null): Promise<HeldPolicy | null> {
  const rows = await q.query<HeldRow>(
    `SELECT ${HELD_COLUMNS} FROM policies p JOIN customers c ON c.id = p.customer_id
      WHERE p.customer_id = $1 AND p.status = ANY($2) AND ($3::bigint IS NULL OR p.id = $3::bigint) ORDER BY p.id DESC LIMIT 1`,
    [customerId, IN_SELF_SERVICE, policyId],
  );
  return rows[0] ? heldFrom(rows[0]) : null;
}

/**
 * The one rule of who may name beneficiaries (docs/decisions/0291): the holder of a policy whose
 * cover runs on `day` (app/core/cover.ts `coverOn`): signed or active within its last policy
 * year, or cancelled up to and including its last day of cover; never a withdrawn one.
 */
const changeableOn = (policy: HeldPolicy | null, day: string): policy is HeldPolicy => policy !== null && coverRuns(coverOn(policy.cover, day));

/** The last day of cover once its end is set, as the view states it (null while none is). */
function coverUntil(policy: HeldPolicy, day: string): string | null {
  const cover = coverOn(policy.cover, day);
  return cover.kind === "in-force" ? (cover.until ?? cover.endsForAge) : null;
}

interface PendingRow {
  id: string | number;
  beneficiaries: Beneficiary[];
  created_at: Date | string;
  updated_at: Date | string;
}

const pendingFrom = (r: PendingRow | undefined): PendingChange | null =>
  r ? { id: Number(r.id), beneficiaries: r.beneficiaries, createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString() } : null;

/**
 * The language a policy version's change was signed in (its signed signing's), in a query whose
 * `policy_versions` row is `v`: the signed PDF is in it.
 */
export const CHANGE_SIGNED_IN = `(SELECT s.language FROM signings s WHERE s.beneficiary_change_id = v.change_id AND s.status = 'signed' ORDER BY s.id DESC LIMIT 1)`;

/** A list as stored: trimmed, a company without a first name, the phone normalised (as the onboarding save stores it). */
export function storedList(list: readonly BeneficiaryInput[]): Beneficiary[] {
  const clean = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return list.map((b) => ({
    type: b.type === "C" ? "C" : "P",
    firstName: b.type === "P" ? clean(b.firstName) : null,
    name: clean(b.name),
    idCode: clean(b.idCode),
    sharePercent: b.sharePercent,
    email: clean(b.email),
    phone: phoneAsStored(b.phone),
  }));
}

const sameList = (a: readonly Beneficiary[], b: readonly Beneficiary[]) => JSON.stringify(a) === JSON.stringify(b);

interface VersionRow {
  version: number;
  effective_at: Date | string;
  beneficiaries: Beneficiary[];
  document_sha256: string | null;
}

/**
 * The policy's versions, oldest first. A policy never changed has no rows: its one version is
 * the policy as signed, with the beneficiaries it has.
 */
async function policyVersions(q: Queryable, policy: Pick<HeldPolicy, "id" | "signedAt">, customerId: number): Promise<PolicyVersion[]> {
  const rows = await q.query<VersionRow>(
    `SELECT version, effective_at, beneficiaries, document_sha256 FROM policy_versions WHERE policy_id = $1 ORDER BY version`,
    [policy.id],
  );
  return versionsOf(rows, policy, rows.length === 0 ? await readBeneficiaries(q, customerId) : []);
}

/** The version rows as the policy's versions; `asSigned`, the beneficiaries of a policy never changed. */
function versionsOf(rows: readonly VersionRow[], policy: Pick<HeldPolicy, "id" | "signedAt">, asSigned: Beneficiary[]): PolicyVersion[] {
  if (rows.length === 0) return [{ version: 1, from: policy.signedAt.toISOString(), until: null, beneficiaries: asSigned, changeSha256: null }];
  return rows.map((row, index) => ({
    version: Number(row.version),
    from: new Date(row.effective_at).toISOString(),
    until: rows[index + 1] ? new Date(rows[index + 1].effective_at).toISOString() : null,
    beneficiaries: row.beneficiaries,
    changeSha256: row.document_sha256,
  }));
}

/**
 * What a policy document of `version` (the one in force without it) shows: its beneficiaries,
 * and which version it is once the policy has more than one (a policy never changed has its
 * document as before). Null for a version the policy does not have.
 */
export async function policyVersionOf(
  q: Queryable,
  policy: { id: number; signed_at: Date | string },
  customerId: number,
  wanted?: number,
): Promise<{ beneficiaries: Beneficiary[]; version?: PolicyVersionFacts } | null> {
  const versions = await policyVersions(q, { id: policy.id, signedAt: new Date(policy.signed_at) }, customerId);
  const found = wanted === undefined ? versions[versions.length - 1] : versions.find((v) => v.version === wanted);
  if (!found) return null;
  if (versions.length === 1) return { beneficiaries: found.beneficiaries };
  return {
    beneficiaries: found.beneficiaries,
    version: { version: found.version, from: new Date(found.from), until: found.until ? new Date(found.until) : null, changeSha256: found.changeSha256 },
  };
}

export function beneficiaryChangeService(deps: {
  db: Db;
  clock: Clock;
  submissions: SubmissionLog;
  audit: AuditLog;
  cipher: HealthCipher;
  documents: SealedDocuments;
  signing: SigningProvider;
  pdf: RenderPdf;
}) {
  const { db, clock, submissions, audit, documents } = deps;
  const attempts = signingAttempts({ db, clock, provider: deps.signing, documents, cipher: deps.cipher });
  const actor = (customerId: number) => `customer:${customerId}`;
  const recorded = (q: Queryable, customerId: number, subject: string) => audit.record({ customerId, actor: actor(customerId), action: "write", subject }, q);

  /** The pending change of `policy` (a change is of the contract it was saved for, docs/decisions/0306), locked. */
  async function pendingOf(tx: Queryable, customerId: number, policy: HeldPolicy): Promise<PendingChange | null> {
    const rows = await tx.query<PendingRow>(
      `SELECT id, beneficiaries, created_at, updated_at FROM beneficiary_changes WHERE customer_id = $1 AND status = 'pending' AND policy_id = $2 FOR UPDATE`,
      [customerId, policy.id],
    );
    return pendingFrom(rows[0]);
  }

  /**
   * The customer's pending changes but the one of `keep` (the contract whose cover runs, or none)
   * lapse (docs/decisions/0306): none can be signed any more. Each is recorded and its running
   * signings end. Under the customer's row lock.
   */
  async function lapsePending(tx: Queryable, customerId: number, keep: HeldPolicy | null, by: string): Promise<number> {
    const now = clock.now();
    const rows = await tx.query<{ id: string | number }>(
      `UPDATE beneficiary_changes SET status = 'lapsed', closed_at = $3, updated_at = $3
       WHERE customer_id = $1 AND status = 'pending' AND policy_id IS DISTINCT FROM $2::bigint RETURNING id`,
      [customerId, keep?.id ?? null, now],
    );
    for (const { id } of rows) {
      await endSignings(tx, Number(id), "the change lapsed: its contract's cover ended");
      await audit.record({ customerId, actor: by, action: "write", subject: `beneficiary-change:${Number(id)}:lapsed` }, tx);
    }
    return rows.length;
  }

  /** The customer row locked and the policy whose cover runs on `day`, or why a change is not possible. */
  async function lockedPolicy(tx: Queryable, customerId: number, day: string): Promise<Outcome<HeldPolicy, Failure[]>> {
    const rows = await tx.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1 FOR UPDATE`, [customerId]);
    if (!rows[0]) return { ok: false, failure: [{ code: "error.not_found" }] };
    if (!mayView(rows[0].state, "self-service")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
    const policy = await latestPolicy(tx, customerId);
    return changeableOn(policy, day) ? { ok: true, value: policy } : { ok: false, failure: [{ code: "error.no_policy_to_change" }] };
  }

  /** A change's running signings end (its list changed, or it was discarded): none of them can make it effective. */
  const endSignings = (tx: Queryable, changeId: number, why: string) =>
    tx.query(`UPDATE signings SET status = 'failed', errors = $2, ${ENDED}, completed_at = $3 WHERE beneficiary_change_id = $1 AND status = 'pending'`, [
      changeId,
      why,
      clock.now(),
    ]);

  async function documentCustomer(customer: Customer): Promise<DocumentCustomer> {
    const [registration] = await db.query<{ email: string; phone: string }>(`SELECT email, phone FROM registrations WHERE customer_id = $1`, [customer.id]);
    const { firstName, lastName, personalCode, dateOfBirth } = customer;
    return { firstName, lastName, personalCode, dateOfBirth, email: registration?.email ?? customer.email, phone: registration?.phone ?? customer.phone };
  }

  /**
   * The view and the versions it is made of, in one statement: the policy in self-service (ended
   * or not), its versions, its beneficiaries as signed (read for a policy never changed) and the
   * pending change; `mayChange`, whether its cover runs today (docs/decisions/0291).
   */
  async function withVersions(
    customer: Pick<Customer, "id" | "state">,
  ): Promise<Outcome<{ view: BeneficiaryChangeView; versions: PolicyVersion[]; mayChange: boolean }, Failure[]>> {
    if (!mayView(customer.state, "self-service")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
    const [row] = await db.query<
      HeldRow & {
        versions: VersionRow[];
        as_signed: BeneficiaryRow[] | null;
        pending: PendingRow | null;
      }
    >(
      `SELECT ${HELD_COLUMNS},
         COALESCE((SELECT json_agg(v ORDER BY v.version) FROM (SELECT version, effective_at, beneficiaries, document_sha256 FROM policy_versions WHERE policy_id = p.id) v), '[]') AS versions,
         (SELECT json_agg(b ORDER BY b.position) FROM (SELECT type, first_name, name, id_code, share_percent, email, phone, position FROM beneficiaries WHERE customer_id = $1) b
           WHERE NOT EXISTS (SELECT 1 FROM policy_versions WHERE policy_id = p.id)) AS as_signed,
         (SELECT row_to_json(c) FROM (SELECT id, beneficiaries, created_at, updated_at FROM beneficiary_changes WHERE customer_id = $1 AND status = 'pending' AND policy_id = p.id) c) AS pending
       FROM policies p JOIN customers c ON c.id = p.customer_id WHERE p.customer_id = $1 AND p.status = ANY($2) ORDER BY p.id DESC LIMIT 1`,
      [customer.id, IN_SELF_SERVICE],
    );
    if (!row) return { ok: false, failure: [{ code: "error.no_policy_to_change" }] };
    const policy = heldFrom(row);
    const versions = versionsOf(row.versions, policy, (row.as_signed ?? []).map(toBeneficiary));
    const inForce = versions[versions.length - 1];
    const day = today(clock);
    const view = {
      policyNumber: policyNumber(policy.id),
      version: inForce.version,
      current: inForce.beneficiaries,
      pending: pendingFrom(row.pending ?? undefined),
      coverUntil: coverUntil(policy, day),
    };
    return { ok: true, value: { view, versions, mayChange: changeableOn(policy, day) } };
  }

  /** What the change page and GET /api/self-service/beneficiaries show, while the cover runs (docs/decisions/0291). */
  async function view(customer: Pick<Customer, "id" | "state">): Promise<Outcome<BeneficiaryChangeView, Failure[]>> {
    const read = await withVersions(customer);
    if (!read.ok) return read;
    return read.value.mayChange ? { ok: true, value: read.value.view } : { ok: false, failure: [{ code: "error.no_policy_to_change" }] };
  }

  return {
    view,

    /** The view with the policy's versions, oldest first, and whether it may change today (the insurance tab shows them). */
    withVersions,

    /** The policy's versions, oldest first (an ended policy's too); null without a policy in self-service. */
    async versions(customer: Pick<Customer, "id" | "state">): Promise<PolicyVersion[] | null> {
      const read = await withVersions(customer);
      return read.ok ? read.value.versions : null;
    },

    /**
     * Saves the new list as the pending change (a new one, or the pending one's list replaced,
     * its running signing ended): checked by the onboarding rules, and refused when it is the
     * list in force. The policy's beneficiaries stay as they are. Once per submission key.
     */
    async save(input: { customer: Pick<Customer, "id">; beneficiaries: readonly BeneficiaryInput[]; submissionKey?: string | null }) {
      const customerId = input.customer.id;
      return submissions.once<{ changeId: number }, Failure[]>({ key: input.submissionKey, customerId, form: BENEFICIARY_CHANGE_FORM, posted: input.beneficiaries }, async (tx) => {
        const policy = await lockedPolicy(tx, customerId, today(clock));
        if (!policy.ok) return policy;
        const failures = beneficiaryFailures(input.beneficiaries, today(clock));
        if (failures.length) return { ok: false, failure: failures };
        const list = storedList(input.beneficiaries);
        const versions = await policyVersions(tx, policy.value, customerId);
        if (sameList(list, versions[versions.length - 1].beneficiaries)) return { ok: false, failure: [{ code: "error.beneficiaries_unchanged" }] };
        const now = clock.now();
        const pending = await pendingOf(tx, customerId, policy.value);
        // An earlier contract's change the round has not lapsed yet: one change pending a customer.
        if (!pending) await lapsePending(tx, customerId, policy.value, actor(customerId));
        let changeId: number;
        if (pending) {
          changeId = pending.id;
          await tx.query(`UPDATE beneficiary_changes SET beneficiaries = $2, updated_at = $3 WHERE id = $1`, [changeId, JSON.stringify(list), now]);
          await endSignings(tx, changeId, "superseded by a new list");
        } else {
          const [row] = await tx.query<{ id: string | number }>(
            `INSERT INTO beneficiary_changes (customer_id, policy_id, status, beneficiaries, created_at, updated_at)
             VALUES ($1, $2, 'pending', $3, $4, $4) RETURNING id`,
            [customerId, policy.value.id, JSON.stringify(list), now],
          );
          changeId = Number(row.id);
        }
        await recorded(tx, customerId, `beneficiary-change:${changeId}:saved`);
        return { ok: true, value: { changeId } };
      });
    },

    /** Discards the pending change (nothing of it takes effect). Once per submission key. */
    async discard(input: { customer: Pick<Customer, "id">; submissionKey?: string | null }) {
      const customerId = input.customer.id;
      return submissions.once<{ changeId: number }, Failure[]>({ key: input.submissionKey, customerId, form: BENEFICIARY_DISCARD_FORM }, async (tx) => {
        // The pending change the page shows: the one of the contract self-service shows.
        const rows = await tx.query<{ id: string | number }>(
          `UPDATE beneficiary_changes SET status = 'discarded', closed_at = $2, updated_at = $2
           WHERE customer_id = $1 AND status = 'pending'
             AND policy_id = (SELECT id FROM policies WHERE customer_id = $1 AND status = ANY($3) ORDER BY id DESC LIMIT 1) RETURNING id`,
          [customerId, clock.now(), IN_SELF_SERVICE],
        );
        if (!rows[0]) return { ok: false, failure: [{ code: "error.no_pending_change" }] };
        const changeId = Number(rows[0].id);
        await endSignings(tx, changeId, "the change was discarded");
        await recorded(tx, customerId, `beneficiary-change:${changeId}:discarded`);
        return { ok: true, value: { changeId } };
      });
    },

    /**
     * Starts a signing of the pending change's document (the offer's provider: the demo page or
     * Dokobit). Each start is a new signing of the change; the latest one counts.
     */
    async startSigning(customer: Customer, language: Language): Promise<Outcome<SigningConfig, Failure[]>> {
      const viewed = await view(customer);
      if (!viewed.ok) return viewed;
      const { pending, current, policyNumber: number } = viewed.value;
      if (!pending) return { ok: false, failure: [{ code: "error.no_pending_change" }] };
      const person = await documentCustomer(customer);
      const bytes = await deps.pdf(
        beneficiaryChangeModel({ language, at: clock.now(), date: today(clock), policyNumber: number, customer: person, current, next: pending.beneficiaries }),
        customer.id,
      );
      const document = { fileName: documentFileName("policy", language, `${number}-change`), bytes, sha256: sha256(bytes) };
      const subject = { kind: "change" as const, changeId: pending.id };
      return attempts.start(customer, { subject, document, phone: person.phone, language });
    },

    /** The signing screen's entry: a pending change signing signed at the provider is completed, not replaced (docs/decisions/0289). */
    resumeSigning(customer: Customer) {
      return attempts.resume(customer.id, "change", (completion) => this.completeSigning(customer, completion));
    },

    /** The customer's "I have signed — continue" under the change's frame, naming its signing (docs/decisions/0290). */
    continueSigning(customer: Customer, token: string) {
      return attempts.continueAfterFrame(customer.id, "change", token, (completion) => this.completeSigning(customer, completion));
    },

    /**
     * The latest change signing's end: with `errors` it failed (recorded; the customer may sign
     * again). Without, the provider must confirm the signature; then, in one transaction, the
     * policy gets its next version, the beneficiaries are replaced and the change is closed. A
     * repeat after success answers the same.
     *
     * The completion's moment counts (docs/decisions/0291): the clock is read once on entry, before
     * the provider is asked (its answer can take seconds); the cover must run on that moment's
     * Tallinn day, and the new version takes effect at it. A signature made at the provider before
     * the last day of cover ended but completed after it is refused (`error.no_policy_to_change`).
     */
    async completeSigning(customer: Customer, input: SigningCompletion): Promise<Outcome<ChangeSigningCompleted, Failure[]>> {
      const at = clock.now();
      const inForce = async () => {
        const policy = await latestPolicy(db, customer.id);
        const versions = policy ? await policyVersions(db, policy, customer.id) : [];
        return versions.length;
      };
      const s = await attempts.latest(customer.id, "change");
      if (!s) return { ok: false, failure: [{ code: "error.signing_not_found" }] };
      // Signed before: the same answer, nothing done again.
      if (s.status === "signed") return { ok: true, value: { result: "SIGNED", version: await inForce(), replayed: true } };
      const fail = async (why: string): Promise<Outcome<ChangeSigningCompleted, Failure[]>> => {
        // Recorded once: a repeat (or one racing it) finds the signing failed already; one that
        // lost the race to this signing's completion answers the signature.
        const ended = await attempts.fail(s, why);
        return { ok: true, value: { result: ended === "signed" ? "SIGNED" : "FAILED", version: await inForce(), replayed: ended !== "recorded" } };
      };
      const errors = typeof input.errors === "string" ? input.errors.trim() : "";
      if (attempts.namesAnother(s, input.signingToken)) {
        // An ended signing's failure: nothing to record, it ended before.
        return errors ? { ok: true, value: { result: "FAILED", version: await inForce(), replayed: true } } : { ok: false, failure: [{ code: "error.signing_ended" }] };
      }
      if (errors) return fail(errors);
      // The cover ended: nothing to ask the provider for (the transaction checks again, locked).
      if (!changeableOn(await latestPolicy(db, customer.id), dateOf(at))) return { ok: false, failure: [{ code: "error.no_policy_to_change" }] };
      // The change document's read for the provider is recorded as the customer's (as it always was).
      // Not pending any more, not signed yet, or not confirmed by the provider (asked again on the next try).
      // Opened by the signing service to compare the signed file, as the offer's (app/core/offer.ts).
      const checked = await attempts.check(customer.id, s, documentFileName("policy", s.language), SIGNING_ACTOR);
      if (!checked.ok) return checked;
      const status = checked.value;
      if (status.status === "failed") return fail(status.reason);
      const signed = status.signedDocument;
      const changeId = Number(s.changeId);
      const outcome = await db.transaction(async (tx): Promise<Outcome<{ version: number; replayed: boolean }, Failure[]>> => {
        const policy = await lockedPolicy(tx, customer.id, dateOf(at));
        if (!policy.ok) return policy;
        // A completion racing this one signed it meanwhile (it held the policy's lock): its outcome, nothing done again.
        const [concluded] = await tx.query<{ status: string }>(`SELECT status FROM signings WHERE id = $1`, [s.id]);
        if (concluded?.status === "signed") return { ok: true, value: { version: (await policyVersions(tx, policy.value, customer.id)).length, replayed: true } };
        const [change] = await tx.query<{ status: string; beneficiaries: Beneficiary[]; policy_id: string | number }>(
          `SELECT status, beneficiaries, policy_id FROM beneficiary_changes WHERE id = $1 AND customer_id = $2 FOR UPDATE`,
          [changeId, customer.id],
        );
        // Pending, and a change of the contract whose cover runs (not of an earlier one, docs/decisions/0306).
        if (change?.status !== "pending" || Number(change.policy_id) !== policy.value.id) return { ok: false, failure: [{ code: "error.no_pending_change" }] };
        // Recorded only while still pending (a newer signing of the change ends this one meanwhile).
        if (!(await attempts.conclude(tx, s))) return { ok: false, failure: [{ code: "error.signing_ended" }] };
        const versions = await policyVersions(tx, policy.value, customer.id);
        // The version takes effect at the completion's moment, the one the cover was checked on.
        const now = at;
        // Version 1, the policy as signed, is written when it is first replaced.
        await keepSignedBeneficiaries(tx, customer.id, policy.value.id);
        const next = versions[versions.length - 1].version + 1;
        await tx.query(
          `INSERT INTO policy_versions (policy_id, version, customer_id, effective_at, beneficiaries, change_id, signed_document, document_sha256)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [policy.value.id, next, customer.id, now, JSON.stringify(change.beneficiaries), changeId, documents.seal("policy-version", customer.id, signed), sha256(signed)],
        );
        await tx.query(`DELETE FROM beneficiaries WHERE customer_id = $1`, [customer.id]);
        for (const [index, b] of change.beneficiaries.entries()) {
          await tx.query(
            `INSERT INTO beneficiaries (customer_id, position, type, first_name, name, id_code, share_percent, email, phone)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [customer.id, index + 1, b.type, b.firstName, b.name, b.idCode, b.sharePercent, b.email, b.phone],
          );
        }
        await tx.query(`UPDATE beneficiary_changes SET status = 'signed', closed_at = $2, updated_at = $2 WHERE id = $1`, [changeId, now]);
        await recorded(tx, customer.id, `beneficiary-change:${changeId}:signed`);
        return { ok: true, value: { version: next, replayed: false } };
      });
      if (!outcome.ok) return outcome;
      return { ok: true, value: { result: "SIGNED", ...outcome.value } };
    },

    /**
     * The housekeeping round's (docs/decisions/0306): every pending change that can never be
     * signed lapses, once its contract's cover has ended (a withdrawal, a cancellation's last day,
     * the last policy year) or its customer holds a newer contract. Answers how many lapsed.
     */
    async lapseEnded(): Promise<number> {
      const day = today(clock);
      const customers = await db.query<{ customer_id: string | number }>(`SELECT customer_id FROM beneficiary_changes WHERE status = 'pending'`);
      let lapsed = 0;
      for (const row of customers) {
        const customerId = Number(row.customer_id);
        lapsed += await db.transaction(async (tx) => {
          await tx.query(`SELECT 1 FROM customers WHERE id = $1 FOR UPDATE`, [customerId]);
          const latest = await latestPolicy(tx, customerId);
          return lapsePending(tx, customerId, changeableOn(latest, day) ? latest : null, HOUSEKEEPING_ACTOR);
        });
      }
      return lapsed;
    },

    /**
     * The signed change document that made `version` (null for version 1 and for versions the
     * policy lacks): of the policy in self-service, or of the customer's policy `number` names
     * (EK-…), whatever their state (an earlier contract's, listed on the data page: docs/decisions/0309).
     */
    /**
     * A signed change's PDF, the bytes signed, named in the language it was signed in (its
     * signing's; the policy's when none is on record).
     */
    async changeDocument(customer: Pick<Customer, "id" | "state">, version: number, number?: string): Promise<{ bytes: Uint8Array; sha256: string; fileName: string } | null> {
      const named = number === undefined ? null : policyIdOf(number);
      const policy =
        named !== null ? await latestPolicy(db, customer.id, named) : number === undefined && mayView(customer.state, "self-service") ? await latestPolicy(db, customer.id) : null;
      if (!policy) return null;
      const [row] = await db.query<{ signed_document: Uint8Array | null; document_sha256: string | null; language: string | null }>(
        `SELECT v.signed_document, v.document_sha256,
                COALESCE(${CHANGE_SIGNED_IN}, p.language) AS language
           FROM policy_versions v JOIN policies p ON p.id = v.policy_id
          WHERE v.policy_id = $1 AND v.version = $2`,
        [policy.id, version],
      );
      if (!row?.signed_document || !row.document_sha256) return null;
      const stored = { place: "policy-version" as const, id: policy.id, customerId: customer.id, bytes: row.signed_document, sealed: true };
      const language = isLanguage(row.language) ? row.language : "et";
      return { bytes: await documents.open(db, stored), sha256: row.document_sha256, fileName: documentFileName("beneficiary-change", language, `${policyNumber(policy.id)}-v${version}`) };
    },
  };
}
