/**
 * The wellness score (SPEC.md section 2 "Score", PRODUCT.md section 7): one engine for the
 * onboarding profile (score_profiles.period_start NULL) and, later, the quarterly
 * self-service periods from the policy start. Answers are health data: sealed with the
 * health cipher (bound to the customer and the profile) and every read and write audited.
 */
import { randomBytes } from "node:crypto";
import { addMonths, today, type Clock } from "../clock.js";
import type { Db, Queryable } from "../db/index.js";
import type { AuditLog, HealthCipher } from "../health-data.js";
import type { Outcome } from "../idempotency.js";
import { isPathAllowed, type OnboardingState } from "../../lib/route-access.js";
import {
  capSlider,
  countAnswered,
  EMPTY_ANSWER,
  hasValue,
  leafQuestions,
  sliderBounds,
  type Answer,
  type AnswerValue,
  type AutoMetric,
  type ScoreGroup,
  type ScoreQuestion,
} from "../../lib/score-model.js";
import {
  activityPeriod,
  AUTO_PERIOD_DAYS,
  AUTO_PERIOD_LIMIT_DAYS,
  demoActivityTracker,
  summariseActivity,
  type ActivitySummary,
  type ActivityTracker,
  type DailyActivity,
} from "./activity.js";
import { WELLNESS_QUESTIONNAIRE } from "./definition.js";
import { demoHealthMeasurement, MEASUREMENT_LIMITS, type HealthMeasurementProvider, type HealthMeasurementResult } from "./health.js";
import { scoreInputs, wellnessDiscountPercent, wellnessScore } from "./scoring.js";

export { wellnessDiscountPercent, wellnessScore } from "./scoring.js";
export { WELLNESS_QUESTIONNAIRE } from "./definition.js";
export { demoActivityTracker, type ActivityTracker } from "./activity.js";
export { demoHealthMeasurement, type HealthMeasurementProvider } from "./health.js";

/** A validation failure in the /api shape (SPEC.md section 5): a field's code, or a message. */
export interface FieldError {
  code: string;
  context?: string;
}

/**
 * Which profile: the onboarding one, a self-service period by id, or "new" (the current
 * period, created by its first save: viewing it creates nothing). Self-service passes the
 * policy start date.
 */
export type ScoreRef = { kind: "onboarding" } | { kind: "period"; id: number; policyStart: string } | { kind: "new"; policyStart: string };

export const ONBOARDING: ScoreRef = { kind: "onboarding" };

export type ConnectionStatus = "none" | "pending" | "approved" | "denied";

export interface ScoreView {
  /** Null for a self-service period not saved yet ("new"). */
  profileId: number | null;
  periodStart: string | null;
  /** Editable now: the onboarding profile before signing, or the current self-service period. */
  enabled: boolean;
  groups: ScoreGroup[];
  answers: Record<string, Answer>;
  answered: number;
  total: number;
  /** The saved score and the discount it earned, or null before the first save. */
  score: number | null;
  discountPercent: number | null;
  savedAt: string | null;
  activity: { status: ConnectionStatus; days: number | null; period: number; limit: number };
  health: { measuredAt: string | null };
}

export type ScoreFailure =
  | { kind: "invalid"; errors: FieldError[] }
  | { kind: "incomplete"; answered: number; total: number }
  | { kind: "not-editable" }
  | { kind: "not-found" };

export interface SaveResult {
  profileId: number;
  score: number;
  discountPercent: number;
  answered: number;
  total: number;
  state: OnboardingState;
}

/** What a customer submits per question; everything automatic comes from the server. */
export type AnswersInput = Record<string, { value?: unknown; manual?: unknown } | undefined>;

interface Who {
  id: number;
  state: OnboardingState;
}

interface ProfileRow {
  /** Null: the current period before its first save (nothing stored yet). */
  id: number | string | null;
  period_start: string | null;
  answers_sealed: string | null;
  score: number | null;
  discount_percent: number | null;
  saved_at: Date | string | null;
}

interface StoredAnswers {
  version: 1;
  answers: Record<string, Answer>;
}

interface LiveAuto {
  value: number | null;
  enabled: boolean;
  period: number | null;
  limit: number | null;
  days: number | null;
}

/** The quarter (from the policy start) that `day` falls in: its start date. */
export function periodStartOn(policyStart: string, day: string): string | null {
  if (day < policyStart) return null;
  let start = policyStart;
  for (let k = 1; ; k++) {
    const next = addMonths(policyStart, 3 * k);
    if (next > day) return start;
    start = next;
  }
}

/** States in which a customer works with the score at all. */
export function mayUseScore(state: OnboardingState): boolean {
  return isPathAllowed(state, "/score") || state === "SELF_SERVICE";
}

const actorOf = (who: Who) => `customer:${who.id}`;

export interface ScoreDeps {
  db: Db;
  clock: Clock;
  cipher: HealthCipher;
  audit: AuditLog;
  activity?: ActivityTracker;
  health?: HealthMeasurementProvider;
  /** The questionnaire; tests pass a fixture. */
  definition?: ScoreGroup[];
}

export function scoreService(deps: ScoreDeps) {
  const { db, clock, cipher, audit } = deps;
  const tracker = deps.activity ?? demoActivityTracker();
  const measurer = deps.health ?? demoHealthMeasurement();
  const groups = deps.definition ?? WELLNESS_QUESTIONNAIRE;
  const questions = leafQuestions(groups);

  const answersAad = (customerId: number, profileId: number) => `score:${customerId}:${profileId}`;
  const measurementAad = (customerId: number) => `measurement:${customerId}`;
  const activityAad = (customerId: number) => `activity:${customerId}`;

  async function record(who: Who, action: "read" | "write", subject: string, q: Queryable) {
    await audit.record({ customerId: who.id, actor: actorOf(who), action, subject }, q);
  }

  async function currentState(who: Who, q: Queryable, lock = false): Promise<OnboardingState | null> {
    const rows = await q.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [who.id]);
    return rows[0]?.state ?? null;
  }

  /**
   * The profile a reference points at, and whether it is editable. The onboarding profile is
   * created on first use; the current period ("new") only when saving (`lock`): a view of an
   * unsaved period is an empty row that is not stored.
   */
  async function resolve(who: Who, ref: ScoreRef, q: Queryable, lock = false): Promise<{ row: ProfileRow; enabled: boolean } | null> {
    const state = await currentState(who, q, lock);
    if (!state || !mayUseScore(state)) return null;
    const forUpdate = lock ? " FOR UPDATE" : "";
    const columns = `id, period_start, answers_sealed, score, discount_percent, saved_at`;
    if (ref.kind === "onboarding") {
      await q.query(`INSERT INTO score_profiles (customer_id, period_start) VALUES ($1, NULL) ON CONFLICT DO NOTHING`, [who.id]);
      const rows = await q.query<ProfileRow>(`SELECT ${columns} FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL${forUpdate}`, [who.id]);
      return rows[0] ? { row: rows[0], enabled: isPathAllowed(state, "/score") } : null;
    }
    const current = periodStartOn(ref.policyStart, today(clock));
    if (ref.kind === "new") {
      if (!current || state !== "SELF_SERVICE") return null;
      if (lock) await q.query(`INSERT INTO score_profiles (customer_id, period_start) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [who.id, current]);
      const rows = await q.query<ProfileRow>(`SELECT ${columns} FROM score_profiles WHERE customer_id = $1 AND period_start = $2${forUpdate}`, [who.id, current]);
      const row = rows[0] ?? { id: null, period_start: current, answers_sealed: null, score: null, discount_percent: null, saved_at: null };
      return { row, enabled: true };
    }
    const rows = await q.query<ProfileRow>(
      `SELECT ${columns} FROM score_profiles WHERE id = $1 AND customer_id = $2 AND period_start IS NOT NULL${forUpdate}`,
      [ref.id, who.id],
    );
    const row = rows[0];
    if (!row) return null;
    return { row, enabled: state === "SELF_SERVICE" && row.period_start === current };
  }

  function unseal(who: Who, row: ProfileRow): Record<string, Answer> {
    if (!row.answers_sealed || row.id === null) return {};
    return cipher.decrypt<StoredAnswers>(row.answers_sealed, answersAad(who.id, Number(row.id))).answers;
  }

  async function latestMeasurement(who: Who, q: Queryable): Promise<(HealthMeasurementResult & { id: number; measuredAt: string }) | null> {
    const rows = await q.query<{ id: number | string; result_sealed: string; measured_at: Date | string }>(
      `SELECT id, result_sealed, measured_at FROM health_measurements WHERE customer_id = $1 ORDER BY measured_at DESC, id DESC LIMIT 1`,
      [who.id],
    );
    const row = rows[0];
    if (!row) return null;
    const result = cipher.decrypt<HealthMeasurementResult>(row.result_sealed, measurementAad(who.id));
    await record(who, "read", `measurement:${row.id}`, q);
    return { ...result, id: Number(row.id), measuredAt: new Date(row.measured_at).toISOString() };
  }

  async function connection(who: Who, q: Queryable) {
    const rows = await q.query<{ consent_token: string; status: Exclude<ConnectionStatus, "none">; data_sealed: string | null }>(
      `SELECT consent_token, status, data_sealed FROM activity_connections WHERE customer_id = $1`,
      [who.id],
    );
    return rows[0] ?? null;
  }

  async function activitySummary(who: Who, q: Queryable): Promise<{ status: ConnectionStatus; summary: ActivitySummary | null }> {
    const row = await connection(who, q);
    if (!row) return { status: "none", summary: null };
    if (row.status !== "approved" || !row.data_sealed) return { status: row.status, summary: null };
    const data = cipher.decrypt<{ summary: ActivitySummary }>(row.data_sealed, activityAad(who.id));
    await record(who, "read", `activity:${who.id}`, q);
    return { status: row.status, summary: data.summary };
  }

  /** The automatic values as they are now, per metric. */
  async function liveAuto(who: Who, q: Queryable) {
    const [measurement, activity] = [await latestMeasurement(who, q), await activitySummary(who, q)];
    const days = activity.summary?.days ?? null;
    const usable = days !== null && days >= AUTO_PERIOD_LIMIT_DAYS;
    const fromActivity = (value: number | null | undefined): LiveAuto => ({
      value: usable ? (value ?? null) : null,
      enabled: usable && value !== null && value !== undefined,
      period: AUTO_PERIOD_DAYS,
      limit: AUTO_PERIOD_LIMIT_DAYS,
      days,
    });
    const fromMeasurement = (value: number | undefined): LiveAuto => ({
      value: value ?? null,
      enabled: value !== undefined,
      period: null,
      limit: null,
      days: null,
    });
    const metrics: Record<AutoMetric, LiveAuto> = {
      stepsPerDay: fromActivity(activity.summary?.stepsPerDay),
      exerciseMinutesPerWeek: fromActivity(activity.summary?.exerciseMinutesPerWeek),
      bpm: fromMeasurement(measurement?.bpm),
      bmi: fromMeasurement(measurement?.bmi),
    };
    return { metrics, activity: { status: activity.status, days }, measuredAt: measurement?.measuredAt ?? null };
  }

  /** A stored (or empty) answer with today's automatic value and the default source choice. */
  function withLiveAuto(question: ScoreQuestion, stored: Answer | undefined, metrics: Record<AutoMetric, LiveAuto>): Answer {
    const base: Answer = { ...EMPTY_ANSWER, ...stored };
    if (!question.auto) return { ...base, manual: true, autoValue: null, autoEnabled: false, autoPeriod: null, autoPeriodLimit: null, autoDays: null };
    const live = metrics[question.auto.metric];
    // Manual stays chosen only if the customer chose it over a usable automatic value.
    const choseManual = stored ? stored.manual && stored.autoEnabled && hasValue(stored.value) : false;
    const manual = !live.enabled || (!question.autoEnforced && choseManual);
    return {
      ...base,
      manual,
      autoValue: live.enabled ? live.value : null,
      autoEnabled: live.enabled,
      autoPeriod: live.period,
      autoPeriodLimit: live.limit,
      autoDays: live.days,
    };
  }

  /** Checks one submitted value against its question; returns the clean value or an error code. */
  function cleanValue(question: ScoreQuestion, raw: unknown): { value: AnswerValue } | { error: string } {
    if (raw === undefined || raw === null || raw === "") return { value: null };
    switch (question.type) {
      case "boolean":
        return typeof raw === "boolean" ? { value: raw } : { error: "error.invalid" };
      case "integer":
      case "decimal": {
        if (typeof raw !== "number" || !Number.isFinite(raw)) return { error: question.type === "integer" ? "error.integer" : "error.decimal" };
        if (question.type === "integer" && !Number.isInteger(raw)) return { error: "error.integer" };
        if (question.type === "decimal" && Math.abs(Math.round(raw * 10) - raw * 10) > 1e-9) return { error: "error.decimal" };
        if ((question.min !== undefined && raw < question.min) || (question.max !== undefined && raw > question.max)) return { error: "error.range" };
        return { value: question.type === "decimal" ? Math.round(raw * 10) / 10 : raw };
      }
      case "slider": {
        if (typeof raw !== "number" || !Number.isFinite(raw)) return { error: "error.integer" };
        if (raw < sliderBounds(question).min) return { error: "error.range" };
        return { value: capSlider(raw, question) };
      }
      case "choice":
        return typeof raw === "string" && question.options.includes(raw) ? { value: raw } : { error: "error.invalid" };
      case "multi-choice": {
        if (!Array.isArray(raw) || raw.some((o) => typeof o !== "string" || !question.options.includes(o))) return { error: "error.invalid" };
        const unique = [...new Set(raw as string[])];
        if (question.exclusiveOption && unique.includes(question.exclusiveOption) && unique.length > 1) return { error: "error.exclusive" };
        return { value: question.options.filter((o) => unique.includes(o)) };
      }
      default:
        return { error: "error.invalid" };
    }
  }

  function present(row: ProfileRow, enabled: boolean, answers: Record<string, Answer>, auto: Awaited<ReturnType<typeof liveAuto>> | null): ScoreView {
    const { answered, total } = countAnswered(groups, answers);
    return {
      profileId: row.id === null ? null : Number(row.id),
      periodStart: row.period_start,
      enabled,
      groups,
      answers,
      answered,
      total,
      score: row.score === null ? null : Number(row.score),
      discountPercent: row.discount_percent === null ? null : Number(row.discount_percent),
      savedAt: row.saved_at ? new Date(row.saved_at).toISOString() : null,
      activity: { status: auto?.activity.status ?? "none", days: auto?.activity.days ?? null, period: AUTO_PERIOD_DAYS, limit: AUTO_PERIOD_LIMIT_DAYS },
      health: { measuredAt: auto?.measuredAt ?? null },
    };
  }

  async function pullInto(who: Who, q: Queryable): Promise<ActivitySummary> {
    const period = activityPeriod(today(clock));
    const daily: DailyActivity[] = await tracker.pull({ customerId: who.id, ...period });
    const summary = summariseActivity(daily, period.from, period.to);
    const sealed = cipher.encrypt({ summary, daily, pulledAt: clock.now().toISOString() }, activityAad(who.id));
    await q.query(`UPDATE activity_connections SET data_sealed = $2 WHERE customer_id = $1`, [who.id, sealed]);
    await record(who, "write", `activity:${who.id}`, q);
    return summary;
  }

  return {
    /** The questionnaire definition. */
    definition: (): ScoreGroup[] => groups,

    /** The profile with its answers (automatic values as of now when editable). */
    async view(who: Who, ref: ScoreRef = ONBOARDING): Promise<Outcome<ScoreView, ScoreFailure>> {
      return db.transaction(async (tx) => {
        const found = await resolve(who, ref, tx);
        if (!found) return { ok: false, failure: { kind: "not-found" } };
        const { row, enabled } = found;
        const stored = unseal(who, row);
        if (row.id !== null) await record(who, "read", `score:${row.id}`, tx);
        if (!enabled) {
          const saved: Record<string, Answer> = {};
          for (const question of questions) {
            const answer = { ...EMPTY_ANSWER, ...stored[question.code] };
            // The activity note of a view-only period names the period and the days it needs,
            // whatever the saved answer held.
            if (question.auto?.integration === "activity") {
              answer.autoPeriod ??= AUTO_PERIOD_DAYS;
              answer.autoPeriodLimit ??= AUTO_PERIOD_LIMIT_DAYS;
            }
            saved[question.code] = answer;
          }
          return { ok: true, value: present(row, enabled, saved, null) };
        }
        const auto = await liveAuto(who, tx);
        const answers: Record<string, Answer> = {};
        for (const question of questions) answers[question.code] = withLiveAuto(question, stored[question.code], auto.metrics);
        return { ok: true, value: present(row, enabled, answers, auto) };
      });
    },

    /**
     * Saves the answers (in `tx` when given: the submission-key transaction), scores them and,
     * in onboarding, moves ACCOUNT_REGISTERED → WELLNESS_PROFILE_COMPLETE. With
     * `requireComplete` an incomplete profile is not saved but reported, so the screen can ask
     * for confirmation first.
     */
    async save(
      who: Who,
      ref: ScoreRef,
      input: { answers: AnswersInput; requireComplete?: boolean },
      tx?: Queryable,
    ): Promise<Outcome<SaveResult, ScoreFailure>> {
      const run = async (q: Queryable): Promise<Outcome<SaveResult, ScoreFailure>> => {
        const found = await resolve(who, ref, q, true);
        if (!found) return { ok: false, failure: { kind: "not-found" } };
        if (!found.enabled) return { ok: false, failure: { kind: "not-editable" } };
        const { row } = found;
        const stored = unseal(who, row);
        const auto = await liveAuto(who, q);
        const errors: FieldError[] = [];
        const answers: Record<string, Answer> = {};
        for (const question of questions) {
          const current = withLiveAuto(question, stored[question.code], auto.metrics);
          if (question.readonly) {
            answers[question.code] = current;
            continue;
          }
          const submitted = input.answers?.[question.code];
          const cleaned = cleanValue(question, submitted?.value);
          if ("error" in cleaned) {
            errors.push({ code: cleaned.error, context: question.code });
            continue;
          }
          if (question.mandatory && !hasValue(cleaned.value)) {
            errors.push({ code: "error.required", context: question.code });
            continue;
          }
          const wantsManual = typeof submitted?.manual === "boolean" ? submitted.manual : hasValue(cleaned.value);
          const manual = !current.autoEnabled || (!question.autoEnforced && wantsManual);
          answers[question.code] = { ...current, value: cleaned.value, manual };
        }
        if (errors.length) return { ok: false, failure: { kind: "invalid", errors } };
        const { answered, total } = countAnswered(groups, answers);
        if (input.requireComplete && answered < total) return { ok: false, failure: { kind: "incomplete", answered, total } };

        const score = wellnessScore(scoreInputs(groups, answers));
        const discountPercent = wellnessDiscountPercent(score);
        const profileId = Number(row.id);
        const sealed = cipher.encrypt({ version: 1, answers } satisfies StoredAnswers, answersAad(who.id, profileId));
        await q.query(`UPDATE score_profiles SET answers_sealed = $2, score = $3, discount_percent = $4, saved_at = $5 WHERE id = $1`, [
          profileId,
          sealed,
          score,
          discountPercent,
          clock.now(),
        ]);
        await record(who, "write", `score:${profileId}`, q);
        if (ref.kind === "onboarding") {
          // Forward only: a re-save in a later state leaves the state alone.
          await q.query(`UPDATE customers SET state = 'WELLNESS_PROFILE_COMPLETE', updated_at = $2 WHERE id = $1 AND state = 'ACCOUNT_REGISTERED'`, [
            who.id,
            clock.now(),
          ]);
        }
        const state = (await currentState(who, q))!;
        return { ok: true, value: { profileId, score, discountPercent, answered, total, state } };
      };
      return tx ? run(tx) : db.transaction(run);
    },

    /** The score the onboarding profile earned, or null before it was saved (pricing). */
    async savedScore(customerId: number): Promise<{ score: number; discountPercent: number } | null> {
      const rows = await db.query<{ score: number | null; discount_percent: number | null }>(
        `SELECT score, discount_percent FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL`,
        [customerId],
      );
      const row = rows[0];
      return row && row.score !== null ? { score: Number(row.score), discountPercent: Number(row.discount_percent) } : null;
    },

    // ── Health measurement ──────────────────────────────────────────────────────────────

    /** A simulated reading for the measurement page (the demo device). */
    async measure(who: Who): Promise<HealthMeasurementResult> {
      return measurer.measure({ customerId: who.id, at: clock.now() });
    },

    async saveMeasurement(who: Who, input: { bpm?: unknown; bmi?: unknown }): Promise<Outcome<HealthMeasurementResult & { measuredAt: string }, ScoreFailure>> {
      const errors: FieldError[] = [];
      const result: Partial<HealthMeasurementResult> = {};
      for (const key of ["bpm", "bmi"] as const) {
        const raw = input[key];
        const { min, max } = MEASUREMENT_LIMITS[key];
        if (raw === undefined || raw === null || raw === "") errors.push({ code: "error.required", context: key });
        else if (typeof raw !== "number" || !Number.isFinite(raw)) errors.push({ code: "error.decimal", context: key });
        else if (Math.abs(Math.round(raw * 10) - raw * 10) > 1e-9) errors.push({ code: "error.decimal", context: key });
        else if (raw < min || raw > max) errors.push({ code: "error.range", context: key });
        else result[key] = Math.round(raw * 10) / 10;
      }
      if (errors.length) return { ok: false, failure: { kind: "invalid", errors } };
      return db.transaction(async (tx) => {
        const state = await currentState(who, tx);
        if (!state || !mayUseScore(state)) return { ok: false as const, failure: { kind: "not-found" as const } };
        const measuredAt = clock.now();
        const [row] = await tx.query<{ id: number | string }>(
          `INSERT INTO health_measurements (customer_id, result_sealed, measured_at) VALUES ($1, $2, $3) RETURNING id`,
          [who.id, cipher.encrypt(result, measurementAad(who.id)), measuredAt],
        );
        await record(who, "write", `measurement:${row.id}`, tx);
        return { ok: true as const, value: { bpm: result.bpm!, bmi: result.bmi!, measuredAt: measuredAt.toISOString() } };
      });
    },

    // ── Activity tracker ────────────────────────────────────────────────────────────────

    /** A new consent request: the provider's consent page and how to poll for the decision. */
    async startActivity(who: Who): Promise<Outcome<{ consentUrl: string; token: string; pollInterval: number; pollTimeout: number }, ScoreFailure>> {
      const state = await currentState(who, db);
      if (!state || !mayUseScore(state)) return { ok: false, failure: { kind: "not-found" } };
      const token = randomBytes(24).toString("base64url");
      await db.query(
        `INSERT INTO activity_connections (customer_id, consent_token, status, started_at)
         VALUES ($1, $2, 'pending', $3)
         ON CONFLICT (customer_id) DO UPDATE SET consent_token = $2, status = 'pending', started_at = $3, decided_at = NULL`,
        [who.id, token, clock.now()],
      );
      return {
        ok: true,
        value: { consentUrl: tracker.consentUrl(token), token, pollInterval: tracker.pollIntervalMs, pollTimeout: tracker.pollTimeoutMs },
      };
    },

    /** The consent request behind a token, if it is this customer's. */
    async consentRequest(who: Who, token: string): Promise<{ status: Exclude<ConnectionStatus, "none"> } | null> {
      const row = await connection(who, db);
      return row && token && row.consent_token === token ? { status: row.status } : null;
    },

    /**
     * The customer's decision on the provider's page. Approval pulls the data at once, so the
     * page works without JavaScript; denial withdraws consent and drops any data we held.
     */
    async decideActivity(who: Who, token: string, approve: boolean): Promise<Outcome<{ status: ConnectionStatus }, ScoreFailure>> {
      const decided = await db.transaction(async (tx) => {
        const rows = await tx.query<{ status: ConnectionStatus }>(
          `SELECT status FROM activity_connections WHERE customer_id = $1 AND consent_token = $2 FOR UPDATE`,
          [who.id, token],
        );
        const row = rows[0];
        if (!row) return null;
        if (row.status !== "pending") return row.status;
        const status = approve ? "approved" : "denied";
        await tx.query(
          `UPDATE activity_connections SET status = $2, decided_at = $3${approve ? "" : ", data_sealed = NULL"} WHERE customer_id = $1`,
          [who.id, status, clock.now()],
        );
        return status;
      });
      if (!decided) return { ok: false, failure: { kind: "not-found" } };
      if (decided === "approved") {
        try {
          await db.transaction((tx) => pullInto(who, tx));
        } catch (error) {
          // The decision stands; the screen pulls again (/api …/pull) or the customer reconnects.
          console.error("activity: pull after approval failed:", error instanceof Error ? error.message : "unknown");
        }
      }
      return { ok: true, value: { status: decided } };
    },

    async pollActivity(who: Who): Promise<{ status: ConnectionStatus }> {
      const row = await connection(who, db);
      return { status: row?.status ?? "none" };
    },

    /** Pulls the last 30 days from the tracker; the activity answers' automatic values follow. */
    async pullActivity(who: Who): Promise<Outcome<{ days: number; autoEnabled: boolean; autoPeriod: number; autoPeriodLimit: number }, ScoreFailure>> {
      const state = await currentState(who, db);
      if (!state || !mayUseScore(state)) return { ok: false, failure: { kind: "not-found" } };
      const row = await connection(who, db);
      if (!row || row.status !== "approved") return { ok: false, failure: { kind: "invalid", errors: [{ code: "error.activity.not_connected" }] } };
      const summary = await db.transaction((tx) => pullInto(who, tx));
      return {
        ok: true,
        value: {
          days: summary.days,
          autoEnabled: summary.days >= AUTO_PERIOD_LIMIT_DAYS,
          autoPeriod: AUTO_PERIOD_DAYS,
          autoPeriodLimit: AUTO_PERIOD_LIMIT_DAYS,
        },
      };
    },
  };
}

export type ScoreService = ReturnType<typeof scoreService>;
