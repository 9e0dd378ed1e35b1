/** What the insurance tab shows of the change of beneficiaries (docs/decisions/0145), for its loader. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { dateOf } from "../core/clock.js";
import type { Customer } from "../core/customers.js";
import { CHANGE_OUTCOMES, CHANGE_PATH, changeOutcomePath, type ChangeOutcome } from "../lib/beneficiary-change.js";
import { formatDate } from "../lib/euro.js";
import type { AppContext } from "./context.server.js";
import { submissionKeyOf } from "./save.server.js";
import { newSubmissionKey } from "./submission-key.server.js";

/** A moment as its Tallinn calendar date, formatted (on the server: no hydration difference). */
export const tallinnDate = (iso: string) => formatDate(dateOf(iso));

/** The last day of cover, formatted, once its end is set (docs/decisions/0291); null otherwise. */
export const coverUntilDate = (coverUntil: string | null) => (coverUntil ? formatDate(coverUntil) : null);

/**
 * Null when the customer has no policy in self-service. The change is offered (`mayChange`, the
 * pending one shown) only while the cover runs (docs/decisions/0291); the versions stay listed after.
 */
export async function changePanel({ request, context }: Pick<LoaderFunctionArgs, "request" | "context">, customer: Customer) {
  const read = await context.core.beneficiaryChange.withVersions(customer);
  if (!read.ok) return null;
  const { view, versions, mayChange } = read.value;
  const asked = new URL(request.url).searchParams.get("beneficiaries");
  return {
    outcome: (CHANGE_OUTCOMES as readonly string[]).includes(asked ?? "") ? (asked as ChangeOutcome) : null,
    version: view.version,
    mayChange,
    coverUntil: mayChange ? coverUntilDate(view.coverUntil) : null,
    // A change left pending when the cover ended can no longer be signed: not offered.
    pending: view.pending && mayChange ? { date: tallinnDate(view.pending.updatedAt) } : null,
    discardKey: newSubmissionKey(),
    versions: versions.map((v) => ({ version: v.version, from: tallinnDate(v.from), until: v.until ? tallinnDate(v.until) : null })),
  };
}

/**
 * The pending change's discard, posted to the page that shows it (the change page, the insurance
 * tab: docs/decisions/0319): on to the insurance tab saying so, or to the change page when there
 * was nothing to discard.
 */
export async function discardChange(context: AppContext, customer: Customer, formData: FormData) {
  const discarded = await context.core.beneficiaryChange.discard({ customer, submissionKey: submissionKeyOf(formData) });
  return redirect(discarded.ok ? changeOutcomePath("discarded") : CHANGE_PATH);
}
