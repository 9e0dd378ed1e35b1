/**
 * The package step (SPEC.md section 2 "Package", PRODUCT.md sections 3 to 5): the limits for
 * today's age, the service catalogue, the live estimate, the saved package (the proposal)
 * with its state transition, the estimation of the saved package, and the age re-check that
 * runs on every state read.
 */
import { COUNTRY, type AnalyticsEvent } from "../../lib/analytics.js";
import { ageOn } from "../../lib/personal-code.js";
import { mayEdit, type OnboardingState } from "../../lib/onboarding.js";
import { today, type Clock } from "../clock.js";
import type { Customer } from "../customers.js";
import type { Db, Queryable } from "../db/index.js";
import type { AuditLog } from "../health-data.js";
import type { SubmissionLog } from "../idempotency.js";
import type { Failure, Outcome } from "../outcome.js";
import { packageLimits, type PackageLimits, type ServiceCode } from "../../lib/limits.js";
import { packageSchema } from "../../lib/package-schema.js";
import type { CoverAdjustment } from "../../lib/package-fields.js";
import { formatWholeEuro } from "../../lib/euro.js";
import { zodResolve } from "../../lib/zod-resolve.js";
import { moveAfterSave, moveState } from "../onboarding.js";
import { price, type Estimation } from "../pricing.js";
import { sessionStore } from "../sessions.js";
import { ANSWERS_READ, PRICING_ACTOR } from "../questionnaire.js";
import { AGE_FACTS_COLUMNS, AGE_FACTS_JOINS, toAgeFacts, type AgeFacts, type AgeFactsRow } from "./age-facts.js";
import { ageRecheck, packageFacts, proposalFailures, RECHECKED_STATES, type AnsweredSet, type Proposal } from "./rules.js";

import { SERVICE_CATALOGUE } from "./catalogue.js";

export * from "./rules.js";
export { serviceSummaries } from "./catalogue.js";

const PACKAGE_FORM = "package";
/** The signup step the analytics event names. */
const SIGNUP_STEP = "package";

export interface ProposalSaved {
  state: OnboardingState;
}

/** A package as a client sends it (JSON or a parsed form). */
export interface ProposalInput {
  sumInsuredForDeathCover?: unknown;
  sumInsuredForDisabilityCover?: unknown;
  services?: unknown;
}

/**
 * A package as the page's form posts it (its fields as typed, app/lib/package-schema.ts): read
 * here with the form's own schema for today's limits, so the page needs no limits before it
 * calls the core (one trip through the core per request).
 */
export interface PackageForm {
  fields: Record<string, unknown>;
}

export type PackageInput = ProposalInput | PackageForm;

const SERVICE_CODES = SERVICE_CATALOGUE.map((s) => s.code);

/** What the package page shows: today's limits, the saved package, the form's values priced, the sealed pricing facts. */
export interface PackagePage {
  limits: PackageLimits;
  saved: Proposal | null;
  values: Proposal;
  estimation: Estimation | null;
  pricing: string;
}

export interface ProposalDeps {
  db: Db;
  clock: Clock;
  /** The one audited read of health data (the page's read of the answers for the smoker fact). */
  audit: AuditLog;
  submissions: SubmissionLog;
  /** The saved wellness score (core.score.savedScore). */
  savedScore: (customerId: number) => Promise<{ score: number } | null>;
  /**
   * Whether the customer smokes (UW_L2 smoking yes): the questionnaire answers it, by reading
   * the answers or from the fact a page sealed (`sealed`).
   */
  smoker: (customerId: number, sealed?: string | null) => Promise<boolean>;
  /** The smoker fact of the stored (sealed) answers a page read, sealed for its later estimates. */
  sealSmokerOf: (customerId: number, answersSealed: string | null) => string;
}

type Who = Pick<Customer, "id" | "dateOfBirth">;

interface ProposalRow {
  death_cover: number;
  disability_cover: number;
  services: ServiceCode[];
}

const toProposal = (row: ProposalRow): Proposal => ({
  sumInsuredForDeathCover: Number(row.death_cover),
  sumInsuredForDisabilityCover: Number(row.disability_cover),
  services: row.services ?? [],
});

export function proposalService(deps: ProposalDeps) {
  const { db, clock, submissions } = deps;
  const ageOf = (who: Pick<Customer, "dateOfBirth">) => ageOn(who.dateOfBirth, today(clock));

  async function get(q: Queryable, customerId: number): Promise<Proposal | null> {
    const rows = await q.query<ProposalRow>(`SELECT death_cover, disability_cover, services FROM proposals WHERE customer_id = $1`, [customerId]);
    return rows[0] ? toProposal(rows[0]) : null;
  }

  /** Today's age, and the limits for it or a failure for an age outside 18–64: worked out once per request. */
  function termsFor(who: Pick<Customer, "dateOfBirth">): Outcome<{ age: number; limits: PackageLimits }, Failure[]> {
    const age = ageOf(who);
    const limits = packageLimits(age);
    return limits ? { ok: true, value: { age, limits } } : { ok: false, failure: [{ code: "error.age_limit" }] };
  }

  /** `known` holds what the caller already read (the page's facts): not read again. */
  async function priced(who: Pick<Customer, "id">, age: number, proposal: Proposal, sealed?: string | null, known?: { score: { score: number } | null }): Promise<Estimation> {
    const [score, smoker] = await Promise.all([known ? known.score : deps.savedScore(who.id), deps.smoker(who.id, sealed)]);
    return price({ age, wellnessScore: score?.score ?? null, smoker }, proposal);
  }

  /** The input as a proposal once it holds for `limits` (a page's form read with its schema first), or its failures. */
  /** The package of `input` within `limits`, and the form's amounts it saved otherwise than chosen (none from the /api's JSON, which must be exact). */
  function checked(input: PackageInput, limits: PackageLimits): Outcome<{ proposal: Proposal; adjusted: CoverAdjustment[] }, Failure[]> {
    let value: ProposalInput;
    let adjusted: CoverAdjustment[] = [];
    if (!("fields" in input)) value = input;
    else {
      const read = zodResolve(packageSchema(limits, SERVICE_CODES))(input.fields);
      if ("error" in read) return { ok: false, failure: Object.entries(read.error).flatMap(([context, codes]) => codes.map((code) => (context ? { code, context } : { code }))) };
      value = read.value;
      adjusted = read.value.adjusted;
    }
    const failures = proposalFailures(value, limits);
    if (failures.length) return { ok: false, failure: failures };
    const proposal: Proposal = {
      sumInsuredForDeathCover: value.sumInsuredForDeathCover as number,
      sumInsuredForDisabilityCover: value.sumInsuredForDisabilityCover as number,
      services: [...((value.services as ServiceCode[] | undefined) ?? [])],
    };
    return { ok: true, value: { proposal, adjusted } };
  }

  /**
   * What the package page reads, in one statement (docs/decisions/0070): the saved package,
   * the saved wellness score, and the pricing facts its estimates use — the smoker fact from
   * the questionnaire answers, sealed for the page's later requests (`pricing`). The read of
   * the answers is recorded in the same statement (the one audited read, `audit.read`), only
   * when there are answers. `page` prices with them and reads nothing more.
   */
  async function pageFacts(who: Pick<Customer, "id">): Promise<{ saved: Proposal | null; score: { score: number } | null; pricing: string }> {
    const [row] = await deps.audit.read<Partial<ProposalRow> & { score: number | null; answers_sealed: string | null }>({
      customerId: who.id,
      actor: PRICING_ACTOR,
      ...ANSWERS_READ,
      select: `SELECT p.death_cover, p.disability_cover, p.services, s.score, (SELECT value FROM sealed) AS answers_sealed
               FROM (SELECT $1::bigint AS id) c
               LEFT JOIN proposals p ON p.customer_id = c.id
               LEFT JOIN score_profiles s ON s.customer_id = c.id AND s.period_start IS NULL`,
    });
    return {
      saved: row.death_cover == null ? null : toProposal(row as ProposalRow),
      score: row.score == null ? null : { score: Number(row.score) },
      pricing: deps.sealSmokerOf(who.id, row.answers_sealed),
    };
  }

  /** The package of `input` for today and its monthly estimate (see `calculate`). */
  async function quote(who: Who, input: PackageInput, pricing?: string | null): Promise<Outcome<{ proposal: Proposal; estimation: Estimation }, Failure[]>> {
    const terms = termsFor(who);
    if (!terms.ok) return terms;
    const read = checked(input, terms.value.limits);
    if (!read.ok) return read;
    const { proposal } = read.value;
    return { ok: true, value: { proposal, estimation: await priced(who, terms.value.age, proposal, pricing) } };
  }

  return {
    /** GET parameters: the package limits for the customer's age today. */
    parameters: (who: Pick<Customer, "dateOfBirth">): Outcome<PackageLimits, Failure[]> => {
      const terms = termsFor(who);
      return terms.ok ? { ok: true, value: terms.value.limits } : terms;
    },

    /** The saved package, or null before the first save. */
    get: (customerId: number) => get(db, customerId),

    /**
     * The monthly estimate of a package the customer has not saved (the live estimate), from
     * the /api's JSON or the page's form, checked against today's limits. `pricing` is the
     * page's sealed pricing facts (pageFacts): with it a recalculation reads no health data;
     * without it (the /api) the smoker fact is read each time.
     */
    async calculate(who: Who, input: PackageInput, pricing?: string | null): Promise<Outcome<Estimation, Failure[]>> {
      const quoted = await quote(who, input, pricing);
      return quoted.ok ? { ok: true, value: quoted.value.estimation } : quoted;
    },

    /** As `calculate`, with the package as read (a page's form: the typed amounts snapped to the steps), for the page shown again. */
    quote,

    /**
     * What the package page shows, in one call and one statement (`pageFacts`): today's limits,
     * the saved package, the form's values — the draft kept when the session ended if it still
     * holds, else `start` (the saved package, or what sign-in gave, fitted to the limits) —
     * and their estimate, priced with the facts the statement read. An age outside 18–64 is a
     * failure (error.age_limit) and reads nothing.
     */
    async page(
      who: Who,
      input: { draft: PackageForm | null; start: (limits: PackageLimits, saved: Proposal | null) => Proposal },
    ): Promise<Outcome<PackagePage, Failure[]>> {
      const terms = termsFor(who);
      if (!terms.ok) return terms;
      const { age, limits } = terms.value;
      const { saved, score, pricing } = await pageFacts(who);
      const draft = input.draft ? checked(input.draft, limits) : null;
      const values = draft?.ok ? draft.value.proposal : input.start(limits, saved);
      const proposal = checked(values, limits);
      const estimation = proposal.ok ? await priced(who, age, proposal.value.proposal, pricing, { score }) : null;
      return { ok: true, value: { limits, saved, values, estimation, pricing } };
    },

    /**
     * The estimation of the saved package, priced today (age, wellness score, smoking), or
     * null before a package is saved. "Saving" an estimate stores nothing of its own: the
     * estimation is always derived from the saved package, and the signed policy freezes the
     * one it was signed with (docs/api.md "Package").
     */
    async estimation(who: Who): Promise<Estimation | null> {
      const proposal = await get(db, who.id);
      return proposal ? priced(who, ageOf(who), proposal) : null;
    },

    /**
     * Saves the package once per submission key: checks the state (the customer may save the
     * package step) and the invariants for today's age, stores it, moves the state to the furthest
     * the saved data supports (the onboarding table), clears the sign-in time data and
     * queues the signup_progress event for the next page.
     */
    async save(input: {
      customer: Who;
      session: { token: string } | null;
      form: PackageInput;
      submissionKey?: string | null;
    }): Promise<Outcome<ProposalSaved, Failure[]> & { replayed: boolean }> {
      const who = input.customer;
      return submissions.once<ProposalSaved, Failure[]>({ key: input.submissionKey, customerId: who.id, form: PACKAGE_FORM, posted: input.form }, async (tx) => {
        // The row lock orders this save against any other change of the customer's state.
        const rows = await tx.query<{ state: OnboardingState; answered: AnsweredSet; beneficiaries: boolean }>(
          `SELECT c.state, q.type AS answered, EXISTS (SELECT 1 FROM beneficiaries b WHERE b.customer_id = c.id) AS beneficiaries
           FROM customers c LEFT JOIN questionnaires q ON q.customer_id = c.id
           WHERE c.id = $1 FOR UPDATE OF c`,
          [who.id],
        );
        const row = rows[0];
        if (!row) return { ok: false, failure: [{ code: "error.not_found" }] };
        if (!mayEdit(row.state, "package")) return { ok: false, failure: [{ code: "error.wrong_state" }] };
        const terms = termsFor(who);
        if (!terms.ok) return terms;
        const read = checked(input.form, terms.value.limits);
        if (!read.ok) return read;
        const { proposal: p, adjusted } = read.value;
        const now = clock.now();
        await tx.query(
          `INSERT INTO proposals (customer_id, death_cover, disability_cover, services, saved_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (customer_id) DO UPDATE SET death_cover = EXCLUDED.death_cover, disability_cover = EXCLUDED.disability_cover,
             services = EXCLUDED.services, saved_at = EXCLUDED.saved_at`,
          [who.id, p.sumInsuredForDeathCover, p.sumInsuredForDisabilityCover, JSON.stringify(p.services), now],
        );
        const facts = packageFacts({
          age: terms.value.age,
          sumInsuredForDeathCover: p.sumInsuredForDeathCover,
          answered: row.answered,
          hasBeneficiaries: row.beneficiaries === true,
        });
        const state = await moveAfterSave(tx, clock, { customerId: who.id, step: "package", from: row.state, facts });
        if (input.session) {
          const progress: AnalyticsEvent = { event: "signup_progress", signup_step: SIGNUP_STEP, country: COUNTRY };
          const sessions = sessionStore(tx, clock);
          // SPEC.md section 2: after the save the locally stored (sign-in time) data is cleared.
          await sessions.mergeData(input.session.token, {}, ["data"]);
          // An amount saved as the nearest one allowed is said on the next page (docs/decisions/0261).
          const notices = adjusted.map((a) => ({ key: `package.notice.adjusted.${a.cover}`, params: { chosen: formatWholeEuro(a.chosen), saved: formatWholeEuro(a.saved) } }));
          await sessions.enqueue(input.session.token, { events: [progress], notices });
        }
        return { ok: true, value: { state } };
      });
    },

    /**
     * The age re-check on a state read: for the states after a package save and before
     * signing, the saved covers and the plain questionnaire set (no health data is decrypted),
     * as the request's session read already joined them (`known`) or else one query; when
     * today's rules demand another state it is stored (compare-and-set, so a save racing the
     * read wins). Before a package is saved only the age counts (no query; a write only when it
     * turns the customer away, app/lib/onboarding.ts `agedOut`). Other states cost nothing.
     * Returns the state to use.
     */
    async recheckAge(customer: Pick<Customer, "id" | "state" | "dateOfBirth">, known?: AgeFacts | null): Promise<OnboardingState> {
      if (!RECHECKED_STATES.has(customer.state)) {
        // Before a package is saved only the age counts: no query unless it turns the customer away.
        const next = ageRecheck({ state: customer.state, age: ageOf(customer), proposal: null, answered: null });
        return next === customer.state ? next : moveState(db, clock, { customerId: customer.id, from: customer.state, to: next });
      }
      let facts = known;
      if (!facts) {
        const rows = await db.query<AgeFactsRow>(
          `SELECT ${AGE_FACTS_COLUMNS} FROM customers c ${AGE_FACTS_JOINS} WHERE c.id = $1`,
          [customer.id],
        );
        facts = rows[0] ? toAgeFacts(rows[0]) : { proposal: null, answered: null };
      }
      const next = ageRecheck({ state: customer.state, age: ageOf(customer), proposal: facts.proposal, answered: facts.answered });
      // Compare-and-set: a save racing the read wins.
      return moveState(db, clock, { customerId: customer.id, from: customer.state, to: next });
    },
  };
}

export type ProposalService = ReturnType<typeof proposalService>;
