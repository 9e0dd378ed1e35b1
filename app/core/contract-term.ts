/**
 * The contract's term and renewal (docs/decisions/0090-contract-term-and-renewal.md): what the
 * offer shows, the policy prints and the pre-contract information states before signing.
 *
 * - The term is one year from the policy start (the day after signing, PRODUCT.md section 3).
 * - The contract renews itself for one more year on each anniversary of the start, unless the
 *   policyholder cancels it; no new health questions are asked at a renewal.
 * - At each renewal the premium is priced again (PRODUCT.md section 5) for the age on the
 *   renewal day and the wellness discount then in force; the cover stays, but a cover above
 *   the maximum for the new age (PRODUCT.md section 4) is lowered to that maximum.
 * - A renewal needs an eligible age (18–64) on the renewal day: the cover ends with the policy
 *   year in which the policyholder turns 65, a day known from the signing on (`lastPolicyYear`,
 *   docs/decisions/0282).
 * - The insurer states the new premium at least RENEWAL_NOTICE_DAYS before each renewal; the
 *   policyholder may cancel at any time (cover to the end of the billing period under way at the
 *   calendar month's end, docs/decisions/0302) and withdraw
 *   within WITHDRAWAL_DAYS of the contract's conclusion without a reason: the signing, or the
 *   underwriter's acceptance (docs/decisions/0273).
 *
 * Plain functions over dates and ages: no clock of its own, no database.
 */
import { ageOn } from "../lib/personal-code.js";
import { addDays, addMonths } from "./clock.js";
import { workingDayFrom } from "./rest-days.js";
import { MAX_AGE, packageLimits, type ServiceCode } from "../lib/limits.js";
import { estimate, type Estimation } from "./pricing.js";
import type { AgeTableLine, AgeTableRow, Conclusion, ContractTerm, Cover, PageTerm } from "../lib/contract-term.js";

export type { AgeTableRow, Conclusion, ContractTerm } from "../lib/contract-term.js";

/** One policy year. */
export const TERM_MONTHS = 12;
/** The new premium is told at least this many days before a renewal. */
export const RENEWAL_NOTICE_DAYS = 30;
/**
 * The right to withdraw from a life insurance contract concluded at a distance, counted from
 * when the customer is told it is concluded (Directive 2002/65/EC art. 6(1), now Directive
 * 2011/83/EU art. 16b; docs/decisions/0273).
 */
export const WITHDRAWAL_DAYS = 30;

/**
 * The last day a contract concluded on `concludedOn` may be withdrawn from: that day plus
 * WITHDRAWAL_DAYS (the days count from the day after it), moved to the first working day after
 * it when it falls on a Saturday, a Sunday or a public holiday (decision 0403: the withdrawal is
 * a declaration of intent with a period; app/core/rest-days.ts).
 */
export const withdrawalUntil = (concludedOn: string): string => workingDayFrom(addDays(concludedOn, WITHDRAWAL_DAYS));

/** The oldest age on a renewal day at which the contract still renews (the sign-up's own limit). */
export const LAST_RENEWAL_AGE = MAX_AGE;
/** The age table: this policy year and the next five. */
export const AGE_TABLE_YEARS = 6;

/** The n-th anniversary of the policy start (29 February falls on 28 February in common years). */
export const anniversary = (startDate: string, years: number) => addMonths(startDate, TERM_MONTHS * years);

/**
 * The first policy year of a contract starting on `startDate`, concluded as `conclusion` says,
 * with the last day of cover for the age of a policyholder born on `dateOfBirth` (null when the
 * policyholder is not known: the public pre-contract information).
 */
export function contractTerm(startDate: string, conclusion: Conclusion, dateOfBirth: string | null): ContractTerm {
  const renewalDate = anniversary(startDate, 1);
  return {
    startDate,
    endDate: addDays(renewalDate, -1),
    renewalDate,
    lastDay: dateOfBirth === null ? null : lastPolicyYear(dateOfBirth, startDate).lastDay,
    noticeBy: addDays(renewalDate, -RENEWAL_NOTICE_DAYS),
    withdrawalFrom: conclusion.by,
    withdrawalUntil: conclusion.on === null ? null : withdrawalUntil(conclusion.on),
    noticeDays: RENEWAL_NOTICE_DAYS,
    withdrawalDays: WITHDRAWAL_DAYS,
  };
}

/**
 * The cover a renewal at `age` continues with: the same, lowered to the maximum for that age
 * where it is above it (disability never above death cover); null when the age is past the
 * last renewal age (the contract is not renewed).
 */
export function coverAtRenewal(age: number, cover: Cover): (Cover & { reduced: boolean }) | null {
  const limits = renewsAt(age) ? packageLimits(age) : null;
  if (!limits) return null;
  const death = Math.min(cover.sumInsuredForDeathCover, limits.sumLimitsForDeathCover.max);
  const disability = Math.min(cover.sumInsuredForDisabilityCover, limits.sumLimitsForDisabilityCover.max, death);
  return {
    sumInsuredForDeathCover: death,
    sumInsuredForDisabilityCover: disability,
    reduced: death !== cover.sumInsuredForDeathCover || disability !== cover.sumInsuredForDisabilityCover,
  };
}

/** Whether the contract renews for a policyholder of `age` on the renewal day (an eligible age, ≤ LAST_RENEWAL_AGE). */
const renewsAt = (age: number): boolean => age <= LAST_RENEWAL_AGE && packageLimits(age) !== null;

/** A contract's last policy year: no renewal follows it (docs/decisions/0090, 0282). */
export interface LastPolicyYear {
  /** Its number: 1 when the first policy year is the last, … */
  policyYear: number;
  /** Its first day: the start, or the last anniversary on which the contract was renewed. */
  from: string;
  /** Its last day: the last day of cover, unless the contract ends before it. */
  lastDay: string;
}

/**
 * The last policy year of a contract started on `startDate` by a policyholder born on
 * `dateOfBirth`: the one before the first anniversary on which it is not renewed (the age on it
 * past the last renewal age). Known from the signing on, since the date of birth and the start
 * decide it. The one answer to when a contract's cover ends for the age (docs/decisions/0282):
 * invoicing stops there, a withdrawal has nothing to end after it, and the cover, GET
 * /api/insurance, the insurance tab, the billed schedule and the policy state it.
 */
export function lastPolicyYear(dateOfBirth: string, startDate: string): LastPolicyYear {
  for (let year = 1; ; year++) {
    const from = anniversary(startDate, year);
    if (!renewsAt(ageOn(dateOfBirth, from))) return { policyYear: year, from: anniversary(startDate, year - 1), lastDay: addDays(from, -1) };
  }
}

/** The policy year `date` falls in, counted from 0: the number of the start's anniversaries on or before it. */
export function policyYearOf(startDate: string, date: string): number {
  let year = 0;
  while (anniversary(startDate, year + 1) <= date) year++;
  return year;
}

/**
 * The renewal whose notice is due on `today` (decision 0090: the new premium is told at least
 * RENEWAL_NOTICE_DAYS ahead; docs/decisions/0288): the next anniversary, by its number, when
 * `today` is within its notice days before it and the contract renews on it; null otherwise
 * (outside those days, or in the last policy year, which ends instead).
 */
export function renewalNoticeOn(startDate: string, lastYear: LastPolicyYear, today: string): { year: number; date: string } | null {
  const year = policyYearOf(startDate, today) + 1;
  const date = anniversary(startDate, year);
  if (today < addDays(date, -RENEWAL_NOTICE_DAYS)) return null;
  return year < lastYear.policyYear ? { year, date } : null;
}

export interface AgeTableInput {
  dateOfBirth: string;
  /** The policy start (before signing: tomorrow). */
  startDate: string;
  /** The premium of the first year, as the offer or the policy states it (what is paid now). */
  current: Estimation;
  /** The age the current premium was priced at. */
  age: number;
  cover: Cover & { services: ServiceCode[] };
  /** Priced as today: the same wellness score (so discount) and smoker fact at every renewal. */
  wellnessScore: number | null;
  smoker: boolean;
}

/** What a renewal is priced from: the policy's facts that do not change with the year. */
export type RenewalInput = Pick<AgeTableInput, "dateOfBirth" | "startDate" | "cover" | "wellnessScore" | "smoker">;

/**
 * The `year`-th renewal (1 for the first anniversary, …): the age on its first day, the cover
 * (the same, or the maximum for that age), and the monthly premium priced with the one pricing
 * function; cover and premium null when the contract is not renewed at that age. The one road
 * to a renewal's price: the age table and billing (app/core/invoices.ts) both use it.
 */
export function renewal(input: RenewalInput, year: number): AgeTableRow {
  const from = anniversary(input.startDate, year);
  const age = ageOn(input.dateOfBirth, from);
  const cover = coverAtRenewal(age, input.cover);
  const estimation = cover
    ? estimate({
        age,
        sumInsuredForDeathCover: cover.sumInsuredForDeathCover,
        sumInsuredForDisabilityCover: cover.sumInsuredForDisabilityCover,
        services: input.cover.services,
        wellnessScore: input.wellnessScore,
        smoker: input.smoker,
      })
    : null;
  return { policyYear: year + 1, from, age, cover, estimation };
}

/**
 * How the premium changes with age: the first year's premium as it is, then each renewal
 * priced with the one pricing function for the age on the renewal day, the same cover (or
 * the maximum for that age), today's services and wellness discount. The table stops after
 * the first year that is no longer renewed.
 */
export function premiumByAge(input: AgeTableInput): AgeTableRow[] {
  const rows: AgeTableRow[] = [
    {
      policyYear: 1,
      from: input.startDate,
      age: input.age,
      cover: { sumInsuredForDeathCover: input.cover.sumInsuredForDeathCover, sumInsuredForDisabilityCover: input.cover.sumInsuredForDisabilityCover, reduced: false },
      estimation: input.current,
    },
  ];
  for (let year = 1; year < AGE_TABLE_YEARS; year++) {
    const row = renewal(input, year);
    rows.push(row);
    if (!row.cover) break;
  }
  return rows;
}

/** The term as the offer page shows it: the last day of cover only when it ends the first policy year. */
export const pageTerm = ({ lastDay, ...term }: ContractTerm): PageTerm => (lastDay === term.endDate ? { ...term, lastDay } : term);

export const ageTableLines = (rows: AgeTableRow[]): AgeTableLine[] =>
  rows.map(({ from, age, cover, estimation }) => ({ from, age, cover, premiumTotal: estimation ? estimation.premiumTotal : null }));
