/**
 * Beneficiaries (SPEC.md sections 2 "Beneficiaries", 3 and 5; PRODUCT.md section 3): the
 * saved list, and the save that checks its invariants and moves QUESTIONNAIRE_COMPLETE →
 * BENEFICIARIES_DEFINED. Read by the offer's application document and the self-service
 * insurance page (`list`).
 */
import {
  idCodeIssue,
  isShareTotalValid,
  MAX_BENEFICIARIES,
  nameIssue,
  shareIssue,
  type BeneficiaryType,
  type BeneficiaryValues,
} from "../lib/beneficiaries-schema.js";
import { emailIssue } from "../lib/account-schema.js";
import { phoneAsStored, phoneIssue } from "../lib/fields.js";
import { mayEdit, type OnboardingState } from "../lib/onboarding.js";
import { today, type Clock } from "./clock.js";
import { parsePersonalCode } from "../lib/personal-code.js";
import type { Db, Queryable } from "./db/index.js";
import type { SubmissionLog } from "./idempotency.js";
import type { Failure, Outcome } from "./outcome.js";
import { moveAfterSave } from "./onboarding.js";

const BENEFICIARIES_FORM = "beneficiaries";

/** A saved beneficiary (SPEC.md section 3); `firstName` is null for a company. */
export type Beneficiary = BeneficiaryValues;

/**
 * What a save takes: the list as the schema parsed it, or as a JSON client sent it (the
 * core checks it again either way).
 */
export interface BeneficiaryInput {
  type: string;
  firstName?: string | null;
  name: string;
  idCode: string;
  sharePercent: number;
  email: string;
  phone: string;
}

export interface BeneficiariesSaved {
  state: OnboardingState;
}

export interface BeneficiaryRow {
  type: BeneficiaryType;
  first_name: string | null;
  name: string;
  id_code: string;
  share_percent: number;
  email: string;
  phone: string;
}

export const toBeneficiary = (row: BeneficiaryRow): Beneficiary => ({
  type: row.type,
  firstName: row.type === "P" ? row.first_name : null,
  name: row.name,
  idCode: row.id_code,
  sharePercent: Number(row.share_percent),
  email: row.email,
  phone: row.phone,
});

/** The saved list in screen order (the offer, its documents and self-service read it too). */
export async function readBeneficiaries(q: Queryable, customerId: number): Promise<Beneficiary[]> {
  const rows = await q.query<BeneficiaryRow>(
    `SELECT type, first_name, name, id_code, share_percent, email, phone FROM beneficiaries WHERE customer_id = $1 ORDER BY position`,
    [customerId],
  );
  return rows.map(toBeneficiary);
}

/**
 * The beneficiaries a policy (`policyId`, else the customer's latest) was signed with, kept as
 * its version 1 before the customer's list is replaced (docs/decisions/0307): a policy never
 * changed has no version rows and reads them from the customer's list, which a new
 * application's beneficiaries step and a change's completion overwrite. Nothing for a customer
 * without a policy or a policy that has its versions. Under the customer's row lock.
 */
export async function keepSignedBeneficiaries(tx: Queryable, customerId: number, policyId?: number): Promise<void> {
  const [policy] = await tx.query<{ id: string | number; signed_at: Date | string }>(
    `SELECT id, signed_at FROM policies p
     WHERE p.customer_id = $1 AND p.id = COALESCE($2::bigint, (SELECT max(id) FROM policies WHERE customer_id = $1))
       AND NOT EXISTS (SELECT 1 FROM policy_versions v WHERE v.policy_id = p.id)`,
    [customerId, policyId ?? null],
  );
  if (!policy) return;
  await tx.query(`INSERT INTO policy_versions (policy_id, version, customer_id, effective_at, beneficiaries) VALUES ($1, 1, $2, $3, $4)`, [
    policy.id,
    customerId,
    policy.signed_at,
    JSON.stringify(await readBeneficiaries(tx, customerId)),
  ]);
}

const clean = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The invariants a saved list holds, checked again whatever door the list came through (the
 * schema checks the same for the form), and one the schema cannot (it has no clock): a personal
 * code states a birth date, and nobody named is born after `day`. Never throws.
 */
export function beneficiaryFailures(list: readonly BeneficiaryInput[], day: string): Failure[] {
  const failures: Failure[] = [];
  if (!Array.isArray(list) || list.length === 0) return [{ code: "error.required", context: "beneficiaries" }];
  if (list.length > MAX_BENEFICIARIES) return [{ code: "error.too_many", context: "beneficiaries" }];
  const seen = new Set<string>();
  list.forEach((b, index) => {
    const fail = (field: string, code: string | null) => {
      if (code) failures.push({ code, context: `beneficiaries[${index}].${field}` });
    };
    const type = b?.type;
    if (type !== "P" && type !== "C") fail("type", type ? "error.invalid" : "error.required");
    if (type === "P") fail("firstName", nameIssue(clean(b.firstName)));
    fail("name", nameIssue(clean(b?.name)));
    const idCode = clean(b?.idCode);
    const unborn = type === "P" && (parsePersonalCode(idCode)?.dateOfBirth ?? "") > day;
    const idIssue = idCodeIssue(type === "C" ? "C" : "P", idCode) ?? (unborn ? "error.idCode" : null);
    fail("idCode", idIssue ?? (seen.has(`${type}:${idCode}`) ? "error.duplicate" : null));
    seen.add(`${type}:${idCode}`);
    fail("sharePercent", typeof b?.sharePercent === "number" ? shareIssue(b.sharePercent) : b?.sharePercent == null ? "error.required" : "error.sharePercent");
    fail("email", emailIssue(clean(b?.email)));
    fail("phone", phoneIssue(typeof b?.phone === "string" ? b.phone : ""));
  });
  if (failures.length === 0 && !isShareTotalValid(list.map((b) => b.sharePercent))) {
    failures.push({ code: "error.total", context: "beneficiaries" });
  }
  return failures;
}

export function beneficiariesService(deps: { db: Db; clock: Clock; submissions: SubmissionLog }) {
  const { db, clock, submissions } = deps;

  return {
    /** The saved list in screen order; empty before the first save (the form shows one person). */
    list: (customerId: number) => readBeneficiaries(db, customerId),

    /**
     * Replaces the list once per submission key (a replay gets the first outcome): checks the
     * invariants and the state, and moves QUESTIONNAIRE_COMPLETE → BENEFICIARIES_DEFINED; a
     * later state stays where it is.
     */
    async save(input: {
      customer: { id: number };
      beneficiaries: readonly BeneficiaryInput[];
      submissionKey?: string | null;
    }): Promise<Outcome<BeneficiariesSaved, Failure[]> & { replayed: boolean }> {
      const customerId = input.customer.id;
      return submissions.once<BeneficiariesSaved, Failure[]>({ key: input.submissionKey, customerId, form: BENEFICIARIES_FORM, posted: input.beneficiaries }, async (tx) => {
        // The row lock orders this save against any other change of the customer.
        const rows = await tx.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1 FOR UPDATE`, [customerId]);
        const row = rows[0];
        if (!row) return { ok: false, failure: [{ code: "error.not_found" }] };
        if (!mayEdit(row.state, "beneficiaries")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
        const failures = beneficiaryFailures(input.beneficiaries, today(clock));
        if (failures.length) return { ok: false, failure: failures };

        // A customer signing up again: the ended contract keeps the list it was signed with.
        await keepSignedBeneficiaries(tx, customerId);
        await tx.query(`DELETE FROM beneficiaries WHERE customer_id = $1`, [customerId]);
        let position = 0;
        for (const b of input.beneficiaries) {
          position += 1;
          await tx.query(
            `INSERT INTO beneficiaries (customer_id, position, type, first_name, name, id_code, share_percent, email, phone)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              customerId,
              position,
              b.type,
              b.type === "P" ? clean(b.firstName) : null,
              clean(b.name),
              clean(b.idCode),
              b.sharePercent,
              clean(b.email),
              phoneAsStored(b.phone),
            ],
          );
        }
        const state = await moveAfterSave(tx, clock, { customerId, step: "beneficiaries", from: row.state });
        return { ok: true, value: { state } };
      });
    },
  };
}
