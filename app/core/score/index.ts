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
import { recordConsentAnswers } from "../consent-events.js";
import type { SubmissionLog } from "../idempotency.js";
import { failed, type Failure, type Outcome } from "../outcome.js";
import { silentTelemetry, type Telemetry } from "../telemetry.js";
import { mayEdit, mayView, STATES, type OnboardingState } from "../../lib/onboarding.js";
import { moveAfterSave } from "../onboarding.js";
import {
  capSlider,
  countAnswered,
  EMPTY_ANSWER,
  hasValue,
  isActivityUsable,
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
import { WELLNESS_QUESTIONNAIRE } from "../../lib/score-definition.js";
import { demoHealthMeasurement, MEASUREMENT_LIMITS, type HealthMeasurementProvider, type HealthMeasurementResult } from "./health.js";
import { wellnessDiscountPercent } from "../pricing.js";
import { scoreInputs, wellnessScore } from "./scoring.js";

export type { ActivityTracker } from "./activity.js";

/**
 * Which profile: the onboarding one, a self-service period by id, or "new" (the current
 * period, created by its first save: viewing it creates nothing). Self-service passes the
 * policy's start and last day of cover (`coverUntil`: a cancellation's, or the last policy
 * year's for the age; null while no end is set): no period is current, so none is filled, once
 * the cover has ended (docs/decisions/0278).
 */
export type ScoreRef = { kind: "onboarding" } | { kind: "period"; id: number; policyStart: string; coverUntil: string | null } | { kind: "new"; policyStart: string; coverUntil: string | null };

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

const SCORE_FORM = "score";
const MEASUREMENT_FORM = "health-measurement";

/**
 * A save that asked for every answer (`requireComplete`) and found some missing: not a
 * broken rule but a question back to the customer (SPEC.md section 5: the confirmation note).
 */
export interface ScoreIncomplete {
  kind: "incomplete";
  answered: number;
  total: number;
}

export const isIncomplete = (failure: Failure[] | ScoreIncomplete): failure is ScoreIncomplete => !Array.isArray(failure);

const NOT_FOUND = failed("error.not_found");

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

/** A submitted answer as docs/api.md names it: an object, with a boolean `manual` when it has one. */
function isAnswerShape(answer: unknown): boolean {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) return false;
  const { manual } = answer as { manual?: unknown };
  return manual === undefined || typeof manual === "boolean";
}

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

/** The quarter (from the policy start) that `day` falls in: its start date; none before the start or after the last day of cover. */
export function periodStartOn(policyStart: string, day: string, coverUntil: string | null): string | null {
  if (day < policyStart || (coverUntil !== null && day > coverUntil)) return null;
  let start = policyStart;
  for (let k = 1; ; k++) {
    const next = addMonths(policyStart, 3 * k);
    if (next > day) return start;
    start = next;
  }
}

/** States in which a customer works with the score at all. */
export function mayUseScore(state: OnboardingState): boolean {
  return mayView(state, "score") || mayView(state, "self-service");
}

const actorOf = (who: Who) => `customer:${who.id}`;

/** The states that work with the score, and those that may edit the onboarding profile. */
const SCORE_STATES: string[] = STATES.filter(mayUseScore);
const SCORE_EDIT_STATES: string[] = STATES.filter((state) => mayEdit(state, "score"));

/** The latest measurement and the activity connection as one statement reads them (JSON of their rows). */
interface SourcesRow {
  measurement: { id: number; result_sealed: string; measured_at: string } | null;
  connection: { status: Exclude<ConnectionStatus, "none">; data_sealed: string | null } | null;
}

export interface ScoreDeps {
  db: Db;
  clock: Clock;
  cipher: HealthCipher;
  audit: AuditLog;
  activity?: ActivityTracker;
  health?: HealthMeasurementProvider;
  /** The questionnaire; tests pass a fixture. */
  definition?: ScoreGroup[];
  /** Double-submit safety of the save. */
  submissions: SubmissionLog;
  /** Where a failure the customer is not told of (the pull after an approval) is reported: the log, redacted (decision 0318). */
  telemetry?: Telemetry;
  /**
   * Issues the customer's invoices due up to today (app/core/invoices.ts): called before a
   * self-service period is saved, so the invoices dated up to today keep the discount that was
   * in force on their date and the save changes them from the next invoice date on
   * (docs/decisions/0011). None in tests of the score alone.
   */
  issueDue?: (customerId: number) => Promise<void>;
}

export function scoreService(deps: ScoreDeps) {
  const { db, clock, cipher, audit } = deps;
  const { submissions } = deps;
  const telemetry = deps.telemetry ?? silentTelemetry;
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
   * The profile a reference points at, whether it is editable, and the customer's state. The
   * onboarding profile is created on first use; the current period ("new") only when saving
   * (`lock`): a view of an unsaved period is an empty row that is not stored.
   */
  async function resolve(who: Who, ref: ScoreRef, q: Queryable, lock = false): Promise<{ row: ProfileRow; enabled: boolean; state: OnboardingState } | null> {
    const state = await currentState(who, q, lock);
    if (!state || !mayUseScore(state)) return null;
    const forUpdate = lock ? " FOR UPDATE" : "";
    const columns = `id, period_start, answers_sealed, score, discount_percent, saved_at`;
    if (ref.kind === "onboarding") {
      await q.query(`INSERT INTO score_profiles (customer_id, period_start) VALUES ($1, NULL) ON CONFLICT DO NOTHING`, [who.id]);
      const rows = await q.query<ProfileRow>(`SELECT ${columns} FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL${forUpdate}`, [who.id]);
      return rows[0] ? { row: rows[0], enabled: mayEdit(state, "score"), state } : null;
    }
    const current = periodStartOn(ref.policyStart, today(clock), ref.coverUntil);
    if (ref.kind === "new") {
      if (!current || state !== "SELF_SERVICE") return null;
      if (lock) await q.query(`INSERT INTO score_profiles (customer_id, period_start) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [who.id, current]);
      const rows = await q.query<ProfileRow>(`SELECT ${columns} FROM score_profiles WHERE customer_id = $1 AND period_start = $2${forUpdate}`, [who.id, current]);
      const row = rows[0] ?? { id: null, period_start: current, answers_sealed: null, score: null, discount_percent: null, saved_at: null };
      return { row, enabled: true, state };
    }
    const rows = await q.query<ProfileRow>(
      `SELECT ${columns} FROM score_profiles WHERE id = $1 AND customer_id = $2 AND period_start IS NOT NULL${forUpdate}`,
      [ref.id, who.id],
    );
    const row = rows[0];
    if (!row) return null;
    return { row, enabled: state === "SELF_SERVICE" && row.period_start === current, state };
  }

  /**
   * What a view reads, in one statement (docs/decisions/0070; a single statement needs no
   * transaction): the customer's state, the profile (the onboarding one created on first
   * use, by a data-modifying CTE whose row the same statement's read cannot see, hence the
   * UNION with what it returns), whether it is editable, and — only then — the latest
   * measurement and the activity connection. Every health-data read is recorded in the same
   * statement: the profile's, and the measurement's and the approved connection's data when
   * read. Nothing is read or recorded for a state that may not use the score.
   */
  async function readForView(who: Who, ref: ScoreRef, current: string | null) {
    const columns = `id, period_start, answers_sealed, score, discount_percent, saved_at`;
    // Who may view this profile, and in which states it is editable.
    const viewers = ref.kind === "new" ? ["SELF_SERVICE"] : SCORE_STATES;
    const editors = ref.kind === "onboarding" ? SCORE_EDIT_STATES : ["SELF_SERVICE"];
    const profile =
      ref.kind === "onboarding"
        ? `ins AS (
             INSERT INTO score_profiles (customer_id, period_start)
             SELECT $1, NULL FROM st WHERE st.state = ANY($4::text[])
             ON CONFLICT DO NOTHING
             RETURNING ${columns}
           ),
           p AS (SELECT ${columns} FROM ins UNION ALL SELECT ${columns} FROM score_profiles WHERE customer_id = $1 AND period_start IS NULL LIMIT 1),`
        : ref.kind === "new"
          ? `p AS (SELECT ${columns} FROM score_profiles WHERE customer_id = $1 AND period_start = $6::date),`
          : `p AS (SELECT ${columns} FROM score_profiles WHERE id = $7 AND customer_id = $1 AND period_start IS NOT NULL),`;
    // Editable: the onboarding profile in an editing state; a period only while it is the current one.
    const editable = ref.kind === "onboarding" ? "EXISTS (SELECT 1 FROM p)" : ref.kind === "new" ? "true" : "EXISTS (SELECT 1 FROM p WHERE p.period_start = $6::date)";
    const statement = `WITH st AS (SELECT state FROM customers WHERE id = $1),
            ${profile}
            ok AS (SELECT 1 FROM st WHERE st.state = ANY($4::text[])),
            en AS (SELECT 1 FROM st WHERE st.state = ANY($5::text[]) AND EXISTS (SELECT 1 FROM ok) AND ${editable}),
            m AS (SELECT id, result_sealed, measured_at FROM health_measurements WHERE customer_id = $1 AND EXISTS (SELECT 1 FROM en) ORDER BY measured_at DESC, id DESC LIMIT 1),
            a AS (SELECT status, data_sealed FROM activity_connections WHERE customer_id = $1 AND EXISTS (SELECT 1 FROM en)),
            audited AS (
              INSERT INTO health_data_audit (customer_id, actor, action, subject, at)
              SELECT $1::bigint, $2::text, 'read', 'score:' || p.id, $3::timestamptz FROM p WHERE EXISTS (SELECT 1 FROM ok)
              UNION ALL
              SELECT $1::bigint, $2::text, 'read', 'measurement:' || m.id, $3::timestamptz FROM m
              UNION ALL
              SELECT $1::bigint, $2::text, 'read', 'activity:' || $1::bigint, $3::timestamptz FROM a WHERE a.status = 'approved' AND a.data_sealed IS NOT NULL
              RETURNING 1
            )
       SELECT st.state, EXISTS (SELECT 1 FROM ok) AS viewable, EXISTS (SELECT 1 FROM en) AS enabled,
              (SELECT row_to_json(p) FROM p) AS profile, (SELECT row_to_json(m) FROM m) AS measurement, (SELECT row_to_json(a) FROM a) AS connection
       FROM st`;
    // Only the parameters the statement names ($6 the current period, $7 the profile asked for).
    const params = [who.id, actorOf(who), clock.now(), viewers, editors, ...(ref.kind === "onboarding" ? [] : [current]), ...(ref.kind === "period" ? [ref.id] : [])];
    type Read = SourcesRow & { state: OnboardingState; viewable: boolean; enabled: boolean; profile: ProfileRow | null };
    let [row] = await db.query<Read>(statement, params);
    // Two first views at once (two tabs, a retried request): the other's INSERT went first, and
    // this statement's snapshot, taken before that committed, sees neither row (its own INSERT
    // did nothing on the conflict, after waiting for the other to commit). A new statement sees it.
    if (row?.viewable && !row.profile && ref.kind === "onboarding") [row] = await db.query<Read>(statement, params);
    if (!row?.viewable) return null;
    if (!row.profile && ref.kind !== "new") return null;
    const stored: ProfileRow = row.profile ?? { id: null, period_start: current, answers_sealed: null, score: null, discount_percent: null, saved_at: null };
    return { row: stored, enabled: row.enabled, sources: row.enabled ? decodeSources(who, row) : null };
  }

  function unseal(who: Who, row: ProfileRow): Record<string, Answer> {
    if (!row.answers_sealed || row.id === null) return {};
    return cipher.decrypt<StoredAnswers>(row.answers_sealed, answersAad(who.id, Number(row.id))).answers;
  }

  async function connection(who: Who, q: Queryable) {
    const rows = await q.query<{ consent_token: string; status: Exclude<ConnectionStatus, "none">; data_sealed: string | null }>(
      `SELECT consent_token, status, data_sealed FROM activity_connections WHERE customer_id = $1`,
      [who.id],
    );
    return rows[0] ?? null;
  }

  /**
   * The latest measurement and the activity connection, decrypted, in one round trip, and the
   * audit subjects of the health data opened (a measurement, an approved connection's pulled
   * data): the save that reads them records them with its other reads, in its transaction when
   * it saves and after it when it is refused (its transaction is rolled back, the read happened
   * all the same: docs/decisions/0170 item 4).
   */
  async function automaticSources(who: Who, q: Queryable): Promise<{ sources: ReturnType<typeof decodeSources>; reads: string[] }> {
    const [row] = await q.query<SourcesRow>(
      `SELECT (SELECT row_to_json(m) FROM (SELECT id, result_sealed, measured_at FROM health_measurements WHERE customer_id = $1
                                           ORDER BY measured_at DESC, id DESC LIMIT 1) m) AS measurement,
              (SELECT row_to_json(a) FROM (SELECT status, data_sealed FROM activity_connections WHERE customer_id = $1) a) AS connection`,
      [who.id],
    );
    const reads: string[] = [];
    if (row.measurement) reads.push(`measurement:${Number(row.measurement.id)}`);
    if (row.connection?.status === "approved" && row.connection.data_sealed) reads.push(`activity:${who.id}`);
    return { sources: decodeSources(who, row), reads };
  }

  /** The measurement and the activity connection as read (JSON of their rows), decrypted. */
  function decodeSources(who: Who, row: SourcesRow) {
    const m = row.measurement;
    const measurement = m
      ? { ...cipher.decrypt<HealthMeasurementResult>(m.result_sealed, measurementAad(who.id)), id: Number(m.id), measuredAt: new Date(m.measured_at).toISOString() }
      : null;
    const c = row.connection;
    const activity: { status: ConnectionStatus; summary: ActivitySummary | null } = !c
      ? { status: "none", summary: null }
      : c.status !== "approved" || !c.data_sealed
        ? { status: c.status, summary: null }
        : { status: c.status, summary: cipher.decrypt<{ summary: ActivitySummary }>(c.data_sealed, activityAad(who.id)).summary };
    return { measurement, activity };
  }

  /** The automatic values as they are now, per metric, and the audit subjects of what was opened for them. */
  async function liveAuto(who: Who, q: Queryable) {
    const { sources, reads } = await automaticSources(who, q);
    return { auto: autoFrom(sources), reads };
  }

  function autoFrom({ measurement, activity }: ReturnType<typeof decodeSources>) {
    const days = activity.summary?.days ?? null;
    const usable = days !== null && isActivityUsable(days, AUTO_PERIOD_LIMIT_DAYS);
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

  function present(row: ProfileRow, enabled: boolean, answers: Record<string, Answer>, auto: ReturnType<typeof autoFrom> | null): ScoreView {
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
    async view(who: Who, ref: ScoreRef = ONBOARDING): Promise<Outcome<ScoreView>> {
      const current = ref.kind === "onboarding" ? null : periodStartOn(ref.policyStart, today(clock), ref.coverUntil);
      // A policy's period that has not begun has nothing to show or create.
      if (ref.kind === "new" && !current) return NOT_FOUND;
      const found = await readForView(who, ref, current);
      if (!found) return NOT_FOUND;
      const { row, enabled } = found;
      const stored = unseal(who, row);
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
      const auto = autoFrom(found.sources!);
      const answers: Record<string, Answer> = {};
      for (const question of questions) answers[question.code] = withLiveAuto(question, stored[question.code], auto.metrics);
      return { ok: true, value: present(row, enabled, answers, auto) };
    },

    /**
     * Saves the answers once per submission key (a replay gets the first outcome), scores
     * them and, in onboarding, makes the score step's transition (the onboarding table).
     * With `requireComplete` an incomplete profile is not saved but reported, so the screen
     * can ask for confirmation first.
     */
    async save(
      who: Who,
      ref: ScoreRef,
      input: { answers: AnswersInput; requireComplete?: boolean; submissionKey?: string | null },
    ): Promise<Outcome<SaveResult, Failure[] | ScoreIncomplete> & { replayed: boolean }> {
      // The health data the save opened (the saved answers, a measurement, the tracker's data), as
      // audit subjects: recorded before its write when it saves, after its rollback when refused.
      let reads: string[] = [];
      const run = async (q: Queryable): Promise<Outcome<SaveResult, Failure[] | ScoreIncomplete>> => {
        reads = [];
        const found = await resolve(who, ref, q, true);
        if (!found) return NOT_FOUND;
        if (!found.enabled) return failed("error.not_editable");
        const { row } = found;
        const stored = unseal(who, row);
        const live = await liveAuto(who, q);
        const auto = live.auto;
        reads = [...(row.answers_sealed && row.id !== null ? [`score:${Number(row.id)}`] : []), ...live.reads];
        const errors: Failure[] = [];
        const answers: Record<string, Answer> = {};
        for (const question of questions) {
          const current = withLiveAuto(question, stored[question.code], auto.metrics);
          if (question.readonly) {
            answers[question.code] = current;
            continue;
          }
          const submitted = input.answers?.[question.code];
          // An answer is an object, its `manual` a boolean when given: anything else is no answer
          // to save as unanswered (docs/api.md).
          if (submitted !== undefined && !isAnswerShape(submitted)) {
            errors.push({ code: "error.invalid", context: question.code });
            continue;
          }
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
        if (errors.length) return { ok: false, failure: errors };
        const { answered, total } = countAnswered(groups, answers);
        if (input.requireComplete && answered < total) return { ok: false, failure: { kind: "incomplete", answered, total } };

        const score = wellnessScore(scoreInputs(groups, answers));
        const discountPercent = wellnessDiscountPercent(score);
        const profileId = Number(row.id);
        const sealed = cipher.encrypt({ version: 1, answers } satisfies StoredAnswers, answersAad(who.id, profileId));
        await audit.recordReads({ customerId: who.id, actor: actorOf(who), subjects: reads }, q);
        reads = [];
        await q.query(`UPDATE score_profiles SET answers_sealed = $2, score = $3, discount_percent = $4, saved_at = $5 WHERE id = $1`, [
          profileId,
          sealed,
          score,
          discountPercent,
          clock.now(),
        ]);
        await record(who, "write", `score:${profileId}`, q);
        const state = ref.kind === "onboarding" ? await moveAfterSave(q, clock, { customerId: who.id, step: "score", from: found.state }) : found.state;
        return { ok: true, value: { profileId, score, discountPercent, answered, total, state } };
      };
      // Invoices are issued when read (docs/decisions/0011), with the discount of the period saved
      // by their date, which a save's time overwrites: the ones due by today are issued first, or a
      // save (a period saved again above all) would reprice the invoices dated before it that no
      // read had issued yet.
      if (ref.kind !== "onboarding") await deps.issueDue?.(who.id);
      const outcome = await submissions.once({ key: input.submissionKey, customerId: who.id, form: SCORE_FORM, posted: [ref, input.answers, input.requireComplete] }, run);
      if (!outcome.ok) await audit.recordReads({ customerId: who.id, actor: actorOf(who), subjects: reads });
      return outcome.ok ? { ok: true, value: outcome.value, replayed: outcome.replayed } : { ok: false, failure: outcome.failure, replayed: false };
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

    /**
     * Stores a reading sealed, once per submission key: a resend (a double click, a retry on a
     * bad connection) gets the first save's time, not a second row. The key's kept outcome is
     * the row and its time only, never the reading (health data stays sealed).
     */
    async saveMeasurement(
      who: Who,
      input: { bpm?: unknown; bmi?: unknown; submissionKey?: string | null },
    ): Promise<Outcome<HealthMeasurementResult & { measuredAt: string }> & { replayed?: boolean }> {
      const errors: Failure[] = [];
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
      if (errors.length) return { ok: false, failure: errors };
      const reading = { bpm: result.bpm!, bmi: result.bmi! };
      const saved = await submissions.once({ key: input.submissionKey, customerId: who.id, form: MEASUREMENT_FORM, posted: reading }, async (tx) => {
        // Locked: a withdrawal of the consent (app/core/contact-changes.ts) goes before or after, whole.
        const state = await currentState(who, tx, true);
        if (!state || !mayUseScore(state)) return NOT_FOUND;
        const measuredAt = clock.now();
        const [row] = await tx.query<{ id: number | string }>(
          `INSERT INTO health_measurements (customer_id, result_sealed, measured_at) VALUES ($1, $2, $3) RETURNING id`,
          [who.id, cipher.encrypt(reading, measurementAad(who.id)), measuredAt],
        );
        await record(who, "write", `measurement:${row.id}`, tx);
        // Saving is the consent the measurement asked for (its tick): recorded when it was not in force (docs/decisions/0257).
        await recordConsentAnswers(tx, { customerId: who.id, at: measuredAt, via: "score", answers: { measurement: { given: true, partner: null } } });
        return { ok: true as const, value: { measurementId: Number(row.id), measuredAt: measuredAt.toISOString() } };
      });
      // A replay's reading is the one posted: the key answers only the same values.
      return saved.ok ? { ok: true, value: { ...reading, measuredAt: saved.value.measuredAt }, replayed: saved.replayed } : { ok: false, failure: saved.failure };
    },

    // ── Activity tracker ────────────────────────────────────────────────────────────────

    /** A new consent request: the provider's consent page and how to poll for the decision. */
    async startActivity(who: Who): Promise<Outcome<{ consentUrl: string; token: string; pollInterval: number; pollTimeout: number }>> {
      const state = await currentState(who, db);
      if (!state || !mayUseScore(state)) return NOT_FOUND;
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
     * The customer's decision on the provider's page, kept as the consent's answer
     * (consent_events, docs/decisions/0257). Approval pulls the data at once, so the page works
     * without JavaScript; denial withdraws consent and erases any data we held.
     */
    async decideActivity(who: Who, token: string, approve: boolean): Promise<Outcome<{ status: ConnectionStatus }>> {
      const decided = await db.transaction(async (tx) => {
        // The customer's row first (docs/decisions/0276): the consent's answer below references
        // the customer, and a withdrawal in self-service holds that row while it deletes this
        // connection, so locking the connection first deadlocked with it.
        await tx.query(`SELECT 1 FROM customers WHERE id = $1 FOR UPDATE`, [who.id]);
        const rows = await tx.query<{ status: ConnectionStatus; held: boolean }>(
          `SELECT status, data_sealed IS NOT NULL AS held FROM activity_connections WHERE customer_id = $1 AND consent_token = $2 FOR UPDATE`,
          [who.id, token],
        );
        const row = rows[0];
        if (!row) return null;
        if (row.status !== "pending") return row.status;
        const status = approve ? "approved" : "denied";
        const now = clock.now();
        await tx.query(
          `UPDATE activity_connections SET status = $2, decided_at = $3${approve ? "" : ", data_sealed = NULL"} WHERE customer_id = $1`,
          [who.id, status, now],
        );
        if (!approve && row.held) await audit.record({ customerId: who.id, actor: actorOf(who), action: "erase", subject: `activity:${who.id}` }, tx);
        await recordConsentAnswers(tx, { customerId: who.id, at: now, via: "score", answers: { activity: { given: approve, partner: null } } });
        return status;
      });
      if (!decided) return NOT_FOUND;
      if (decided === "approved") {
        try {
          await db.transaction((tx) => pullInto(who, tx));
        } catch (error) {
          // The decision stands; the screen pulls again (/api …/pull) or the customer reconnects.
          telemetry.failure("activity_pull_failed", error);
        }
      }
      return { ok: true, value: { status: decided } };
    },

    async pollActivity(who: Who): Promise<{ status: ConnectionStatus }> {
      const row = await connection(who, db);
      return { status: row?.status ?? "none" };
    },

    /** Pulls the last 30 days from the tracker; the activity answers' automatic values follow. */
    async pullActivity(who: Who): Promise<Outcome<{ days: number; autoEnabled: boolean; autoPeriod: number; autoPeriodLimit: number }>> {
      const state = await currentState(who, db);
      if (!state || !mayUseScore(state)) return NOT_FOUND;
      const row = await connection(who, db);
      if (!row || row.status !== "approved") return failed("error.activity.not_connected");
      const summary = await db.transaction((tx) => pullInto(who, tx));
      return {
        ok: true,
        value: {
          days: summary.days,
          autoEnabled: isActivityUsable(summary.days, AUTO_PERIOD_LIMIT_DAYS),
          autoPeriod: AUTO_PERIOD_DAYS,
          autoPeriodLimit: AUTO_PERIOD_LIMIT_DAYS,
        },
      };
    },
  };
}
