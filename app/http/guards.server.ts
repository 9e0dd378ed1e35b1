/**
 * Loader guards (STYLE.md "Do" 2): session → state access, by throwing redirects.
 */
import { redirect } from "@remix-run/node";
import type { Customer } from "../core/customers.js";
import { onboardingStatus, type OnboardingStatus } from "../core/onboarding.js";
import type { Session } from "../core/sessions.js";
import { decideAccess, landingPath } from "../lib/route-access.js";
import type { AppContext } from "./context.server.js";
import { keepDraftOfEndedSession } from "./drafts.server.js";
import { submissionKeyOf } from "./save.server.js";
import { SESSION_ENDED } from "../lib/session-limits.js";

interface Args {
  request: Request;
  context: AppContext;
}

export interface SignedIn {
  session: Session;
  customer: Customer;
}

/** The signed-in customer, or a redirect to /login that remembers where they were going. */
export async function requireCustomer({ request, context }: Args): Promise<SignedIn> {
  const { session, customer } = await context.visitor();
  if (!session || !customer) {
    const url = new URL(request.url);
    // A form posted after the session ended is kept for its customer (issue 11), and the
    // sign-in page says so; one that is not kept (signed out in another window, a
    // self-service form after the idle end) is said to be unsaved, never dropped in silence.
    const kept = await keepDraftOfEndedSession(request, context);
    const ended = kept ? SESSION_ENDED.kept : request.method === "POST" ? SESSION_ENDED.unsaved : null;
    throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search, ...(ended ? { ended } : {}) })}`);
  }
  return { session, customer };
}

/**
 * A form sent again whose submission key already saved for this customer: its first answer was
 * lost and the save moved the state past the page (an application withdrawn leaves the customer
 * `NEW`, who does not view the withdraw page). Let through to its action, whose save answers the
 * first one's outcome (where it landed) instead of the state's landing page, which said nothing
 * of what was done (docs/decisions/0322). Any other post meets the core's own state checks there.
 */
async function resent({ request, context }: Args, customerId: number): Promise<boolean> {
  if (request.method !== "POST") return false;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form !== null && (await context.core.submissions.saved(submissionKeyOf(form), customerId));
}

/**
 * A form that saved nothing because its page is no longer the customer's to change (the state
 * moved on, the cover ended in another tab): to `to`, whose page says so first (the root's
 * notices), rather than looking as if it had been saved.
 */
export async function notSavedRedirect(context: AppContext, session: Session, to: string): Promise<Response> {
  await context.core.sessions.enqueue(session.token, { notices: [{ key: "form.notice.not_saved" }] });
  return redirect(to);
}

/** requireCustomer, then SPEC.md section 2's per-state access for the requested path. */
export async function requireAccess(args: Args): Promise<SignedIn & { status: OnboardingStatus }> {
  // The customer's state is the one after the age re-check and the start day's activation (the visitor's read did both).
  const signedIn = await requireCustomer(args);
  const state = signedIn.customer.state;
  const decision = decideAccess(state, new URL(args.request.url).pathname);
  // A read that just moved the state (a birthday, the start day) sends the customer where the
  // new state lands (/package, /questionnaire, /self-service) rather than to /unavailable.
  if (!decision.allowed && !(await resent(args, signedIn.customer.id))) {
    const to = (await args.context.visitor()).movedOnRead ? landingPath(state) : decision.redirectTo;
    // A form sent from a page the state no longer opens (another tab signed, ended the contract
    // or moved the application on; the browser's Back) saves nothing, and says so.
    throw args.request.method === "POST" ? await notSavedRedirect(args.context, signedIn.session, to) : redirect(to);
  }
  return { ...signedIn, status: onboardingStatus(signedIn.customer, signedIn.session.data) };
}
