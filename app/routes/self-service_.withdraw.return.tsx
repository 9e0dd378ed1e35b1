/**
 * Where Dokobit's page sends the policyholder back after the e-ID confirmation of a withdrawal
 * or cancellation (docs/decisions/0132). The session cookie (SameSite Strict) does not come
 * along a navigation from Dokobit's site, so the signed `withdrawal` cookie names whose policy
 * it is; a session that does come along must be that customer's. The core ends the policy only
 * when Dokobit names the customer's own personal code; anything else goes back to the page
 * with its error, nothing ended.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { clearedWithdrawalCookie, readWithdrawalToken } from "~/http/withdrawal-cookie.server";
import { afterEnding, refusedWithdrawal } from "./self-service.withdraw.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { core } = context;
  const { customer, session } = await context.visitor();
  const { reason, outcome } = await core.withdrawal.completeEid({
    pendingToken: readWithdrawalToken(request.headers.get("Cookie")),
    returnToken: core.eid.returnTokenFrom?.(new URL(request.url).searchParams) ?? null,
    signedIn: customer,
    // Come along (not always: it is SameSite Strict), the session's next page says what was done.
    session,
  });
  if (!outcome.ok) return refusedWithdrawal(reason);
  return redirect(afterEnding(outcome.value.kind), { headers: { "Set-Cookie": clearedWithdrawalCookie() } });
}
