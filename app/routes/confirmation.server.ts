/**
 * The confirmation page's server half (app/routes/confirmation.tsx takes its server code from
 * here only: the onboarding table stays out of its browser chunk, docs/decisions/0043).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAccess } from "~/http/guards.server";
import { pageTitle } from "~/http/page.server";
import { landingPath } from "~/lib/route-access";
import { mayEndPolicy } from "~/lib/onboarding";

/** The signed documents and the start date; once the policy is in force, on to self-service (docs/decisions/0141). */
export async function confirmationPage(args: LoaderFunctionArgs) {
  const { customer } = await requireAccess(args);
  const { core } = args.context;
  const policy = await core.signedDocuments.of(customer.id);
  if (policy?.due) {
    // Its start day has come: activated now, as the hourly round would (a no-op when it already has).
    await core.offer.operations.activateDue();
    throw redirect(landingPath("SELF_SERVICE"));
  }
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
