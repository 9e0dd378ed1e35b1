/**
 * The confirmation page's server half (app/routes/confirmation.tsx takes its server code from
 * here only: the onboarding table stays out of its browser chunk, docs/decisions/0043).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";
import { mayEndPolicy } from "~/lib/onboarding";

/** The signed documents and the start date (docs/decisions/0141); once the policy is in force the state sends its holder to self-service. */
export async function confirmationPage(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const { core } = args.context;
  // A policy whose start day has come was activated by the request's read of the state
  // (app/core/index.ts `stateOnRead`), so its holder no longer reaches this page.
  const policy = await core.signedDocuments.of(customer.id);
  return {
    title: await pageTitle(args.request, args.context, "title.confirmation"),
    euw: customer.state === "EUW",
    startDate: policy?.startDate ?? null,
    documents: policy?.documents ?? [],
    /** The language the application was signed in: its PDF's. */
    signedIn: policy?.signedIn ?? null,
    /** The door to withdraw from the day of signing (docs/decisions/0258): the last day, while the state may use it. */
    withdrawalUntil: policy && mayEndPolicy(customer.state) ? policy.withdrawalUntil : null,
    /** Under underwriting: the door to withdraw the application (docs/decisions/0295). */
    mayWithdraw: mayEndPolicy(customer.state),
  };
}
