/**
 * The health questionnaire (SPEC.md section 2 "Questionnaire"; PRODUCT.md sections 3 and 6):
 * which set a customer answers, the save with its state transitions, and the rules other
 * steps read from the answers (extended underwriting, smoker).
 *
 * Height, weight and every answer are special-category health data (GDPR art. 9): stored
 * only sealed (`cipher.encrypt({ height, weight, type, content }, "questionnaire:<id>")`),
 * never logged, and every read and write recorded in the audit table with subject
 * "questionnaire". Only the set answered is a plain column (docs/decisions/0007).
 */
import { COUNTRY, type AnalyticsEvent } from "../lib/analytics.js";
import { ageOn } from "../lib/personal-code.js";
import {
  DISEASE_GROUPS,
  EUW_CIGARETTES_PER_DAY,
  extraKey,
  isAnswerableType,
  type AnswerableType,
  type QuestionnaireType,
} from "../lib/questionnaire-sets.js";
import {
  HEIGHT_RANGE,
  questionnaireSchema,
  readNumber,
  WEIGHT_RANGE,
  type QuestionnaireContent,
} from "../lib/questionnaire-schema.js";
import { isPathAllowed, type OnboardingState } from "../lib/route-access.js";
import { today, type Clock } from "./clock.js";
import type { Db, Queryable } from "./db/index.js";
import type { AuditLog, HealthCipher } from "./health-data.js";
import type { Outcome, SubmissionLog } from "./idempotency.js";
import { sessionStore } from "./sessions.js";
import { requiredQuestionnaireType } from "./underwriting.js";

export const QUESTIONNAIRE_FORM = "questionnaire";
/** The audit subject of every read and write (the agreed contract). */
export const QUESTIONNAIRE_SUBJECT = "questionnaire";
/** Where the onboarding goes after a save, and back from the step. */
export const QUESTIONNAIRE_NEXT = "/beneficiaries";
export const QUESTIONNAIRE_BACK = "/package";

/** The answers as stored (sealed) and as GET answers them. */
export interface SavedQuestionnaire {
  height: number;
  weight: number;
  type: AnswerableType;
  content: QuestionnaireContent;
}

/** A validation or business failure: an i18n key, and the field path when there is one. */
export interface QuestionnaireFailure {
  code: string;
  context?: string;
}

export interface QuestionnaireSaved {
  state: OnboardingState;
  type: AnswerableType;
}

/** What the rules below read: the set and its content. */
export type AnswersForRules = Pick<SavedQuestionnaire, "type" | "content">;

const yes = (content: QuestionnaireContent, question: string) => content[question] === true;

function cigarettesPerDay(content: QuestionnaireContent): number {
  const extra = content[extraKey("smoking")];
  const howMany = typeof extra === "object" && extra ? extra.howMany : undefined;
  return typeof howMany === "number" ? howMany : 0;
}

/**
 * PRODUCT.md section 3: signing leads to EUW (extended underwriting) instead of
 * AGREEMENT_SIGNED when the short set has a yes on hospitalization, treatment or disability,
 * or the long set a yes on any disease group, disability or drugs, or more than 20
 * cigarettes a day.
 */
export function needsExtendedUnderwriting(answers: AnswersForRules): boolean {
  const { content } = answers;
  if (answers.type === "UW_L1") return ["hospitalization", "treatment", "disability"].some((q) => yes(content, q));
  if (DISEASE_GROUPS.some((q) => yes(content, q))) return true;
  if (yes(content, "disability") || yes(content, "drugs")) return true;
  return yes(content, "smoking") && cigarettesPerDay(content) > EUW_CIGARETTES_PER_DAY;
}

/** PRODUCT.md section 5: the smoker loading applies to a yes on the long set's smoking question. */
export function isSmoker(answers: AnswersForRules): boolean {
  return answers.type === "UW_L2" && yes(answers.content, "smoking");
}

/**
 * The furthest state a questionnaire save supports (the agreed contract): forward only.
 * SERVICE_SELECTED → QUESTIONNAIRE_COMPLETE; QUESTIONNAIRE_REQ_CHANGE → BENEFICIARIES_DEFINED
 * when beneficiaries are saved, else QUESTIONNAIRE_COMPLETE; a later state stays.
 */
export function stateAfterSave(state: OnboardingState, beneficiariesSaved: boolean): OnboardingState {
  if (state === "SERVICE_SELECTED") return "QUESTIONNAIRE_COMPLETE";
  if (state === "QUESTIONNAIRE_REQ_CHANGE") return beneficiariesSaved ? "BENEFICIARIES_DEFINED" : "QUESTIONNAIRE_COMPLETE";
  return state;
}

export const aadFor = (customerId: number) => `questionnaire:${customerId}`;
export const actorFor = (customerId: number) => `customer:${customerId}`;

/** Height and weight as the required-type check takes them (query strings or JSON numbers). */
export function readBody(raw: { height?: unknown; weight?: unknown }): { height: number; weight: number } | { errors: QuestionnaireFailure[] } {
  const errors: QuestionnaireFailure[] = [];
  const read = (value: unknown, range: { min: number; max: number }, context: string, rangeCode: string) => {
    const parsed = readNumber(value, "decimal");
    if ("error" in parsed) errors.push({ code: parsed.error, context });
    else if (parsed.value < range.min || parsed.value > range.max) errors.push({ code: rangeCode, context });
    else return parsed.value;
    return NaN;
  };
  const height = read(raw.height, HEIGHT_RANGE, "height", "error.height_range");
  const weight = read(raw.weight, WEIGHT_RANGE, "weight", "error.weight_range");
  return errors.length ? { errors } : { height, weight };
}

interface Facts {
  state: OnboardingState;
  age: number;
  deathCover: number | null;
}

export function questionnaireService(deps: { db: Db; clock: Clock; cipher: HealthCipher; audit: AuditLog; submissions: SubmissionLog }) {
  const { db, clock, cipher, audit, submissions } = deps;

  async function facts(q: Queryable, customerId: number, lock: boolean): Promise<Facts | null> {
    const rows = await q.query<{ state: OnboardingState; date_of_birth: string; death_cover: number | null }>(
      `SELECT c.state, c.date_of_birth, p.death_cover FROM customers c LEFT JOIN proposals p ON p.customer_id = c.id
       WHERE c.id = $1${lock ? " FOR UPDATE OF c" : ""}`,
      [customerId],
    );
    const row = rows[0];
    if (!row) return null;
    return { state: row.state, age: ageOn(row.date_of_birth, today(clock)), deathCover: row.death_cover === null ? null : Number(row.death_cover) };
  }

  /** Decrypts the saved answers, recording the read; null before the first save. */
  async function read(q: Queryable, customerId: number, actor: string): Promise<SavedQuestionnaire | null> {
    const rows = await q.query<{ answers_sealed: string }>(`SELECT answers_sealed FROM questionnaires WHERE customer_id = $1`, [customerId]);
    if (!rows[0]) return null;
    const saved = cipher.decrypt<SavedQuestionnaire>(rows[0].answers_sealed, aadFor(customerId));
    await audit.record({ customerId, actor, action: "read", subject: QUESTIONNAIRE_SUBJECT }, q);
    return saved;
  }

  /**
   * The page's one round trip (docs/decisions/0010): the facts, the sealed answers and, when
   * there are answers, the audit row of their read, in one statement. The insert is a
   * data-modifying CTE, so the read cannot happen without its record; nothing is recorded
   * (or decrypted) before the first save.
   */
  async function factsAndAnswers(customerId: number, actor: string): Promise<{ facts: Facts; saved: SavedQuestionnaire | null } | null> {
    const rows = await db.query<{ state: OnboardingState; date_of_birth: string; death_cover: number | null; answers_sealed: string | null }>(
      `WITH q AS (SELECT answers_sealed FROM questionnaires WHERE customer_id = $1),
            audited AS (
              INSERT INTO health_data_audit (customer_id, actor, action, subject, at)
              SELECT $1, $2, 'read', $3, $4 FROM q RETURNING 1
            )
       SELECT c.state, c.date_of_birth, p.death_cover, (SELECT answers_sealed FROM q) AS answers_sealed
       FROM customers c LEFT JOIN proposals p ON p.customer_id = c.id
       WHERE c.id = $1`,
      [customerId, actor, QUESTIONNAIRE_SUBJECT, clock.now()],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      facts: { state: row.state, age: ageOn(row.date_of_birth, today(clock)), deathCover: row.death_cover === null ? null : Number(row.death_cover) },
      saved: row.answers_sealed === null ? null : cipher.decrypt<SavedQuestionnaire>(row.answers_sealed, aadFor(customerId)),
    };
  }

  /** The set required now from the facts and, when known, height and weight. */
  const typeFor = (f: Facts, body: { height: number; weight: number } | null): QuestionnaireType =>
    // No package saved (only a state set by hand gets here): age alone decides; a save is refused.
    requiredQuestionnaireType({ age: f.age, sumInsuredForDeathCover: f.deathCover ?? 0, heightCm: body?.height, weightKg: body?.weight });

  /** Whether the step is open to the customer: its state allows /questionnaire and a package is saved. */
  const usable = (f: Facts | null): f is Facts & { deathCover: number } => Boolean(f && isPathAllowed(f.state, "/questionnaire") && f.deathCover !== null);

  return {
    /** The saved answers (decrypted; the read is audited), or null before the first save. */
    get: (customerId: number, actor: string) => read(db, customerId, actor),

    /** Whether the saved answers make the customer a smoker (PRODUCT.md section 5); false before a save. */
    async smoker(customerId: number): Promise<boolean> {
      const saved = await read(db, customerId, "system:pricing");
      return saved ? isSmoker(saved) : false;
    },

    /**
     * What the questionnaire page shows: the saved answers (decrypted; the read is audited)
     * and the set required now, in one database round trip.
     */
    async page(customerId: number, actor: string): Promise<Outcome<{ type: QuestionnaireType; saved: SavedQuestionnaire | null }, QuestionnaireFailure[]>> {
      const found = await factsAndAnswers(customerId, actor);
      if (!found || !isPathAllowed(found.facts.state, "/questionnaire")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
      const { facts: f, saved } = found;
      return { ok: true, value: { type: typeFor(f, saved ? { height: saved.height, weight: saved.weight } : null), saved } };
    },

    /**
     * The set required now (PRODUCT.md section 6): from the given height and weight, else the
     * saved ones, else age and cover alone. `saved` spares a second audited read when the
     * caller already has the answers.
     */
    async requiredType(input: {
      customerId: number;
      actor: string;
      height?: unknown;
      weight?: unknown;
      saved?: SavedQuestionnaire | null;
    }): Promise<Outcome<{ type: QuestionnaireType }, QuestionnaireFailure[]>> {
      const f = await facts(db, input.customerId, false);
      if (!f || !isPathAllowed(f.state, "/questionnaire")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
      let body: { height: number; weight: number } | null = null;
      const given = input.height !== undefined || input.weight !== undefined;
      if (given) {
        const parsed = readBody({ height: input.height, weight: input.weight });
        if ("errors" in parsed) return { ok: false, failure: parsed.errors };
        body = parsed;
      } else {
        const saved = input.saved !== undefined ? input.saved : await read(db, input.customerId, input.actor);
        if (saved) body = { height: saved.height, weight: saved.weight };
      }
      return { ok: true, value: { type: typeFor(f, body) } };
    },

    /**
     * Saves the answers once per submission key: checks the state, takes the saved height and
     * weight when the body-mass figures were already submitted, decides the set, validates
     * the answers against it, stores them sealed, records the write, moves the state forward
     * (never backwards) and queues the signup_progress event for the next page.
     */
    async save(input: {
      customerId: number;
      session: { token: string } | null;
      form: { height?: unknown; weight?: unknown; content?: unknown };
      submissionKey?: string | null;
    }): Promise<Outcome<QuestionnaireSaved, QuestionnaireFailure[]> & { replayed: boolean }> {
      const { customerId, form } = input;
      const actor = actorFor(customerId);
      return submissions.once<QuestionnaireSaved, QuestionnaireFailure[]>(
        { key: input.submissionKey, customerId, form: QUESTIONNAIRE_FORM },
        async (tx) => {
          // The row lock orders this save against any other change of the customer.
          const f = await facts(tx, customerId, true);
          if (!f) return { ok: false, failure: [{ code: "error.not_found" }] };
          if (!usable(f)) return { ok: false, failure: [{ code: "error.wrong_state" }] };
          const saved = await read(tx, customerId, actor);

          let body: { height: number; weight: number } | null = saved ? { height: saved.height, weight: saved.weight } : null;
          const failures: QuestionnaireFailure[] = [];
          if (!body) {
            const parsed = readBody(form);
            if ("errors" in parsed) failures.push(...parsed.errors);
            else body = parsed;
          }
          const type = requiredQuestionnaireType({ age: f.age, sumInsuredForDeathCover: f.deathCover, heightCm: body?.height, weightKg: body?.weight });
          if (type === "UNAVAILABLE") return { ok: false, failure: [{ code: "error.bmi_limit" }] };
          // With the body figures wrong, the answers are still checked against the set age and
          // cover require, so every error shows at once.
          const result = questionnaireSchema(type, { body: body ?? { height: NaN, weight: NaN } }).safeParse(form);
          if (!result.success) {
            for (const issue of result.error.issues) {
              const context = issue.path.join(".");
              const code = issue.message.startsWith("error.") ? issue.message : "error.invalid";
              failures.push(context ? { code, context } : { code });
            }
          }
          if (failures.length || !result.success || !body) return { ok: false, failure: failures };

          const answers: SavedQuestionnaire = { height: body.height, weight: body.weight, type, content: result.data.content };
          const now = clock.now();
          await tx.query(
            `INSERT INTO questionnaires (customer_id, type, answers_sealed, saved_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (customer_id) DO UPDATE SET type = EXCLUDED.type, answers_sealed = EXCLUDED.answers_sealed, saved_at = EXCLUDED.saved_at`,
            [customerId, type, cipher.encrypt(answers, aadFor(customerId)), now],
          );
          await audit.record({ customerId, actor, action: "write", subject: QUESTIONNAIRE_SUBJECT }, tx);

          const beneficiaries = await tx.query(`SELECT 1 FROM beneficiaries WHERE customer_id = $1 LIMIT 1`, [customerId]);
          const state = stateAfterSave(f.state, beneficiaries.length > 0);
          if (state !== f.state) await tx.query(`UPDATE customers SET state = $2, updated_at = $3 WHERE id = $1`, [customerId, state, now]);

          if (input.session) {
            const event: AnalyticsEvent = { event: "signup_progress", signup_step: "questionnaire", country: COUNTRY };
            await sessionStore(tx, clock).enqueue(input.session.token, { events: [event] });
          }
          return { ok: true, value: { state, type } };
        },
      );
    },
  };
}

export type QuestionnaireService = ReturnType<typeof questionnaireService>;
export { isAnswerableType };
