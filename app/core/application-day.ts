/**
 * The day a policy's application was made and priced: when its signing started. The signed
 * PDF states that day and the age on it, and the premium frozen on the policy is the one for
 * that age (app/core/offer.ts completeSigning keeps the signing's terms). A customer who
 * confirms the signing after Tallinn's midnight signs on the next day (the policy's signing
 * date, its start and the days to withdraw count from then); the application stays a day
 * earlier, and on the eve of a birthday a year younger.
 */
import { dateOf } from "./clock.js";
import { ageOn } from "../lib/personal-code.js";

/**
 * The column `applied_at` of a statement reading `policies` (unaliased): its signing's start,
 * or the signing itself for a policy stored without one (demo data).
 */
export const APPLIED_AT_COLUMN = `COALESCE((SELECT s.created_at FROM signings s WHERE s.id = policies.signing_id), policies.signed_at) AS applied_at`;

/** The Tallinn day of the application (its document's date). */
export const applicationDay = (appliedAt: Date | string): string => dateOf(appliedAt);

/** The age the policy's first-year premium was priced at: the age on the application's day. */
export const pricedAge = (dateOfBirth: string, appliedAt: Date | string): number => ageOn(dateOfBirth, applicationDay(appliedAt));
