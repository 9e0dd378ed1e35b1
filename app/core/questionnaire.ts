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
import { mayEdit, mayView, type OnboardingState } from "../lib/onboarding.js";
import { today, type Clock } from "./clock.js";
import type { Db, Queryable } from "./db/index.js";
import type { AuditLog, HealthCipher } from "./health-data.js";
import type { SubmissionLog } from "./idempotency.js";
import { issueFailures, type Failure, type Outcome } from "./outcome.js";
import { moveAfterSave } from "./onboarding.js";
import { smokerFact } from "./pricing.js";
import { sessionStore } from "./sessions.js";
import { requiredQuestionnaireType } from "./underwriting.js";

const QUESTIONNAIRE_FORM = "questionnaire";
/** The audit subject of every read and write (the agreed contract). */
export const QUESTIONNAIRE_SUBJECT = "questionnaire";
/** Who reads the answers for a price (the health-data audit's actor). */
export const PRICING_ACTOR = "system:pricing";

/** The answers as stored (sealed) and as GET answers them. */
export interface SavedQuestionnaire {
  height: number;
  weight: number;
  type: AnswerableType;
  content: QuestionnaireContent;
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

/** What the onboarding table's questionnaire transition reads besides the state. */
export const factsAfterSave = (beneficiariesSaved: boolean) => ({ questionnaire: "answered" as const, beneficiaries: beneficiariesSaved });

export const aadFor = (customerId: number) => `questionnaire:${customerId}`;
const smokerAad = (customerId: number) => `smoker:${customerId}`;

interface SealedSmoker {
  smoker: boolean;
  /** The day it was read: a page left open overnight reads it again. */
  day: string;
}
export const actorFor = (customerId: number) => `customer:${customerId}`;

/** Height and weight as the required-type check takes them (query strings or JSON numbers). */
export function readBody(raw: { height?: unknown; weight?: unknown }): { height: number; weight: number } | { errors: Failure[] } {
  const errors: Failure[] = [];
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

  /** A sealed smoker fact of today, or null (another customer's, another day's, or not ours at all). */
  function openSmoker(customerId: number, sealed: string): boolean | null {
    try {
      const fact = cipher.decrypt<SealedSmoker>(sealed, smokerAad(customerId));
      return fact.day === today(clock) && typeof fact.smoker === "boolean" ? fact.smoker : null;
    } catch {
      return null;
    }
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

  /** Whether the customer may save the step: their state allows it and a package is saved. */
  const usable = (f: Facts | null): f is Facts & { deathCover: number } => Boolean(f && mayEdit(f.state, "questionnaire") && f.deathCover !== null);

  return {
    /** The saved answers (decrypted; the read is audited), or null before the first save. */
    get: (customerId: number, actor: string) => read(db, customerId, actor),

    /**
     * Whether the saved answers make the customer a smoker (PRODUCT.md section 5); false
     * before a save. A read of the answers (decrypted, audited), unless `sealed` carries the
     * fact a page already read today (see sealSmokerOf).
     */
    async smoker(customerId: number, sealed?: string | null): Promise<boolean> {
      const known = sealed ? openSmoker(customerId, sealed) : null;
      if (known !== null) return known;
      const saved = await read(db, customerId, PRICING_ACTOR);
      return smokerFact(saved);
    },

    /**
     * The smoker fact for a page (the package step's estimates), from the answers as stored
     * (sealed; null before a save) that the page's own statement read and recorded
     * (proposal.pageFacts), sealed with the health cipher for the page's later requests: they
     * price with it without reading the answers again. Bound to the customer and valid for
     * today only.
     */
    sealSmokerOf(customerId: number, answersSealed: string | null): string {
      const saved = answersSealed === null ? null : cipher.decrypt<SavedQuestionnaire>(answersSealed, aadFor(customerId));
      const smoker = smokerFact(saved);
      return cipher.encrypt({ smoker, day: today(clock) } satisfies SealedSmoker, smokerAad(customerId));
    },

    /**
     * What the questionnaire page shows: the saved answers (decrypted; the read is audited)
     * and the set required now, in one database round trip.
     */
    async page(customerId: number, actor: string): Promise<Outcome<{ type: QuestionnaireType; saved: SavedQuestionnaire | null }, Failure[]>> {
      const found = await factsAndAnswers(customerId, actor);
      if (!found || !mayView(found.facts.state, "questionnaire")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
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
    }): Promise<Outcome<{ type: QuestionnaireType }, Failure[]>> {
      const f = await facts(db, input.customerId, false);
      if (!f || !mayView(f.state, "questionnaire")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
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
    }): Promise<Outcome<QuestionnaireSaved, Failure[]> & { replayed: boolean }> {
      const { customerId, form } = input;
      const actor = actorFor(customerId);
      return submissions.once<QuestionnaireSaved, Failure[]>(
        { key: input.submissionKey, customerId, form: QUESTIONNAIRE_FORM },
        async (tx) => {
          // The row lock orders this save against any other change of the customer.
          const f = await facts(tx, customerId, true);
          if (!f) return { ok: false, failure: [{ code: "error.not_found" }] };
          if (!usable(f)) return { ok: false, failure: [{ code: "error.wrong_state" }] };
          const saved = await read(tx, customerId, actor);

          let body: { height: number; weight: number } | null = saved ? { height: saved.height, weight: saved.weight } : null;
          const failures: Failure[] = [];
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
          if (!result.success) failures.push(...issueFailures(result.error.issues));
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
          const state = await moveAfterSave(tx, clock, { customerId, step: "questionnaire", from: f.state, facts: factsAfterSave(beneficiaries.length > 0) });

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
