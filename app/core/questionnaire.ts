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
  measure,
  WEIGHT_RANGE,
  type QuestionnaireContent,
} from "../lib/questionnaire-schema.js";
import { mayEdit, mayView, type OnboardingState } from "../lib/onboarding.js";
import { today, type Clock } from "./clock.js";
import type { Db } from "./db/index.js";
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
    const measured = measure(value, range, rangeCode);
    if ("value" in measured) return measured.value;
    errors.push({ code: measured.error, context });
    return NaN;
  };
  const height = read(raw.height, HEIGHT_RANGE, "height", "error.height_range");
  const weight = read(raw.weight, WEIGHT_RANGE, "weight", "error.weight_range");
  return errors.length ? { errors } : { height, weight };
}

/** Height and weight (health data): what the required set reads besides age and cover. */
export type Body = Pick<SavedQuestionnaire, "height" | "weight">;

/**
 * Height and weight are also sealed on their own (`body_sealed`, docs/decisions/0170): the save
 * and the required set read and record just them (this subject), never the whole answers.
 */
const BODY_SUBJECT = "questionnaire:body";
const bodyAadFor = (customerId: number) => `questionnaire-body:${customerId}`;

/** The sealed reads of a questionnaire, each with the subject its audit row names (`$1` is the customer). */
export const ANSWERS_READ = { subject: QUESTIONNAIRE_SUBJECT, sealed: `SELECT type, answers_sealed AS value FROM questionnaires WHERE customer_id = $1` };
const BODY_READ = { subject: BODY_SUBJECT, sealed: `SELECT body_sealed AS value FROM questionnaires WHERE customer_id = $1 AND body_sealed IS NOT NULL` };
type SealedRead = typeof ANSWERS_READ;

interface Facts {
  state: OnboardingState;
  age: number;
  deathCover: number | null;
}

interface FactsRow {
  state: OnboardingState;
  date_of_birth: string;
  death_cover: number | null;
  /** Whether answers are saved (plain: the row exists). */
  answered: boolean;
}

/**
 * The one statement of the questionnaire's facts (state, age and cover) with whatever else a
 * caller reads in the same round trip (`also`: columns of the customer `c`, the proposal `p`,
 * the questionnaire `q`, or an audited read's CTE `sealed`).
 */
const factsSql = (also: string, lock = false) =>
  `SELECT c.state, c.date_of_birth, p.death_cover, q.customer_id IS NOT NULL AS answered${also ? `, ${also}` : ""}
   FROM customers c LEFT JOIN proposals p ON p.customer_id = c.id LEFT JOIN questionnaires q ON q.customer_id = c.id
   WHERE c.id = $1${lock ? " FOR UPDATE OF c" : ""}`;

export function questionnaireService(deps: { db: Db; clock: Clock; cipher: HealthCipher; audit: AuditLog; submissions: SubmissionLog }) {
  const { db, clock, cipher, audit, submissions } = deps;

  const toFacts = (row: FactsRow): Facts => ({
    state: row.state,
    age: ageOn(row.date_of_birth, today(clock)),
    deathCover: row.death_cover === null ? null : Number(row.death_cover),
  });

  /** A sealed smoker fact of today, or null (another customer's, another day's, or not ours at all). */
  function openSmoker(customerId: number, sealed: string): boolean | null {
    try {
      const fact = cipher.decrypt<SealedSmoker>(sealed, smokerAad(customerId));
      return fact.day === today(clock) && typeof fact.smoker === "boolean" ? fact.smoker : null;
    } catch {
      return null;
    }
  }

  const openAnswers = (customerId: number, sealed: string) => cipher.decrypt<SavedQuestionnaire>(sealed, aadFor(customerId));
  const bodyOf = (saved: SavedQuestionnaire | null): Body | null => (saved ? { height: saved.height, weight: saved.weight } : null);

  /**
   * The facts and one audited read of the questionnaire (app/core/health-data.ts `audit.read`),
   * in one statement: the read is recorded only when there is something to read.
   */
  async function factsAnd(read: SealedRead, customerId: number, actor: string): Promise<(Facts & { answered: boolean; sealed: string | null }) | null> {
    const [row] = await audit.read<FactsRow & { sealed: string | null }>({
      customerId,
      actor,
      subject: read.subject,
      sealed: read.sealed,
      select: factsSql(`(SELECT value FROM sealed) AS sealed`),
    });
    return row ? { ...toFacts(row), answered: row.answered, sealed: row.sealed } : null;
  }

  /** Decrypts the saved answers, recording the read in the same statement; null before the first save. */
  async function read(customerId: number, actor: string): Promise<SavedQuestionnaire | null> {
    const [row] = await audit.read<{ value: string }>({ customerId, actor, ...ANSWERS_READ, select: `SELECT value FROM sealed` });
    return row ? openAnswers(customerId, row.value) : null;
  }

  /**
   * The saved height and weight, read and recorded alone; a questionnaire saved before they
   * were sealed on their own is read whole (and recorded as such). Null before the first save.
   */
  async function factsAndBody(customerId: number, actor: string): Promise<(Facts & { body: Body | null }) | null> {
    const found = await factsAnd(BODY_READ, customerId, actor);
    if (!found) return null;
    const body = found.sealed ? cipher.decrypt<Body>(found.sealed, bodyAadFor(customerId)) : found.answered ? bodyOf(await read(customerId, actor)) : null;
    return { ...found, body };
  }

  /** The set required now from the facts and, when known, height and weight. */
  const typeFor = (f: Facts, body: Body | null): QuestionnaireType =>
    // No package saved (only a state set by hand gets here): age alone decides; a save is refused.
    requiredQuestionnaireType({ age: f.age, sumInsuredForDeathCover: f.deathCover ?? 0, heightCm: body?.height, weightKg: body?.weight });

  return {
    /** The saved answers (decrypted; the read is audited), or null before the first save. */
    get: (customerId: number, actor: string) => read(customerId, actor),

    /**
     * Whether the saved answers make the customer a smoker (PRODUCT.md section 5); false
     * before a save. A read of the answers (decrypted, audited), unless `sealed` carries the
     * fact a page already read today (see sealSmokerOf).
     */
    async smoker(customerId: number, sealed?: string | null): Promise<boolean> {
      const known = sealed ? openSmoker(customerId, sealed) : null;
      if (known !== null) return known;
      const saved = await read(customerId, PRICING_ACTOR);
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
      const saved = answersSealed === null ? null : openAnswers(customerId, answersSealed);
      const smoker = smokerFact(saved);
      return cipher.encrypt({ smoker, day: today(clock) } satisfies SealedSmoker, smokerAad(customerId));
    },

    /**
     * What the questionnaire page shows: the saved answers (decrypted; the read is audited)
     * and the set required now, in one database round trip.
     */
    async page(customerId: number, actor: string): Promise<Outcome<{ type: QuestionnaireType; saved: SavedQuestionnaire | null }, Failure[]>> {
      const found = await factsAnd(ANSWERS_READ, customerId, actor);
      if (!found || !mayView(found.state, "questionnaire")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
      const saved = found.sealed === null ? null : openAnswers(customerId, found.sealed);
      return { ok: true, value: { type: typeFor(found, bodyOf(saved)), saved } };
    },

    /**
     * The set required now (PRODUCT.md section 6): from the given height and weight, else the
     * saved ones (read alone: no answers are opened), else age and cover alone.
     */
    async requiredType(input: { customerId: number; actor: string; height?: unknown; weight?: unknown }): Promise<Outcome<{ type: QuestionnaireType }, Failure[]>> {
      const given = input.height !== undefined || input.weight !== undefined;
      let f: (Facts & { body: Body | null }) | null;
      if (given) {
        const parsed = readBody({ height: input.height, weight: input.weight });
        if ("errors" in parsed) return { ok: false, failure: parsed.errors };
        const [row] = await db.query<FactsRow>(factsSql(""), [input.customerId]);
        f = row ? { ...toFacts(row), body: parsed } : null;
      } else {
        f = await factsAndBody(input.customerId, input.actor);
      }
      if (!f || !mayView(f.state, "questionnaire")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
      return { ok: true, value: { type: typeFor(f, f.body) } };
    },

    /**
     * Saves the answers once per submission key: checks the state, takes the saved height and
     * weight when the body-mass figures were already submitted (read alone, docs/decisions/0170),
     * decides the set, validates the answers against it, stores them sealed, records the write,
     * moves the state forward (never backwards) and queues the signup_progress event for the
     * next page. A refusal carries the set it decided (`found.type`), for the form shown again.
     */
    async save(input: {
      customerId: number;
      session: { token: string } | null;
      form: { height?: unknown; weight?: unknown; content?: unknown };
      submissionKey?: string | null;
    }): Promise<Outcome<QuestionnaireSaved, Failure[], { type: QuestionnaireType }> & { replayed: boolean }> {
      const { customerId, form } = input;
      const actor = actorFor(customerId);
      // The saved figures the save read, recorded with the save, or after a refusal: a refused
      // save's transaction is rolled back, and the read happened all the same.
      let bodyRead: string | null = null;
      const saved = await submissions.once<QuestionnaireSaved, Failure[], { type: QuestionnaireType }>(
        { key: input.submissionKey, customerId, form: QUESTIONNAIRE_FORM, posted: input.form },
        async (tx) => {
          // The row lock orders this save against any other change of the customer.
          const [row] = await tx.query<FactsRow & { body_sealed: string | null; answers_sealed: string | null }>(
            factsSql(`q.body_sealed, CASE WHEN q.body_sealed IS NULL THEN q.answers_sealed END AS answers_sealed`, true),
            [customerId],
          );
          if (!row) return { ok: false, failure: [{ code: "error.not_found" }] };
          const f = toFacts(row);
          if (!mayEdit(f.state, "questionnaire") || f.deathCover === null) return { ok: false, failure: [{ code: "error.wrong_state" }] };
          // Saved before the figures were sealed on their own: the whole answers are read.
          bodyRead = row.body_sealed ? BODY_SUBJECT : row.answers_sealed ? QUESTIONNAIRE_SUBJECT : null;
          let body: Body | null = row.body_sealed
            ? cipher.decrypt<Body>(row.body_sealed, bodyAadFor(customerId))
            : row.answers_sealed
              ? bodyOf(openAnswers(customerId, row.answers_sealed))
              : null;

          const failures: Failure[] = [];
          if (!body) {
            const parsed = readBody(form);
            if ("errors" in parsed) failures.push(...parsed.errors);
            else body = parsed;
          }
          const type = typeFor(f, body);
          if (type === "UNAVAILABLE") return { ok: false, failure: [{ code: "error.bmi_limit" }], found: { type } };
          // With the body figures wrong, the answers are still checked against the set age and
          // cover require, so every error shows at once.
          const result = questionnaireSchema(type, { body: body ?? { height: NaN, weight: NaN } }).safeParse(form);
          if (!result.success) failures.push(...issueFailures(result.error.issues));
          if (failures.length || !result.success || !body) return { ok: false, failure: failures, found: { type } };

          const answers: SavedQuestionnaire = { height: body.height, weight: body.weight, type, content: result.data.content };
          const now = clock.now();
          await tx.query(
            `INSERT INTO questionnaires (customer_id, type, answers_sealed, body_sealed, saved_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (customer_id) DO UPDATE SET type = EXCLUDED.type, answers_sealed = EXCLUDED.answers_sealed,
               body_sealed = EXCLUDED.body_sealed, saved_at = EXCLUDED.saved_at`,
            [customerId, type, cipher.encrypt(answers, aadFor(customerId)), cipher.encrypt(bodyOf(answers), bodyAadFor(customerId)), now],
          );
          if (bodyRead) await audit.record({ customerId, actor, action: "read", subject: bodyRead }, tx);
          bodyRead = null;
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
      if (!saved.ok && bodyRead) await audit.record({ customerId, actor, action: "read", subject: bodyRead });
      return saved;
    },
  };
}
