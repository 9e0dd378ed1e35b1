/**
 * The session's limits from the browser (issue 11; app/components/session-timer.tsx):
 * `intent=extend` answers the new ends (the request itself counted as activity); `intent=end`
 * (the idle end has come) keeps the page's form as a draft for the customer and ends the
 * session. A resource route: fetch() posts here, nothing on the page reloads.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { draftFields, stepOfPath } from "~/http/drafts.server";
import { sessionTimes } from "~/http/session-limits.server";
import { clearedSessionCookie, readSessionToken } from "~/http/session-cookie.server";
import { PAGE_PATH_FIELD } from "~/lib/session-limits";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const token = readSessionToken(request.headers.get("Cookie"), context.config.sessionSecrets);
  if (formData.get("intent") === "end") {
    const { customer } = await context.visitor();
    const customerId = customer?.id ?? (token ? await context.core.sessions.endedCustomer(token) : null);
    const step = stepOfPath(String(formData.get(PAGE_PATH_FIELD) ?? ""));
    if (customerId !== null && step) await context.core.drafts.save(customerId, step, draftFields(formData));
    if (token) await context.core.sessions.destroy(token);
    return data({ ended: true as const }, { headers: { "Set-Cookie": clearedSessionCookie() } });
  }
  const { session, customer } = await context.visitor();
  if (!session || !customer) return data({ ended: true as const }, { status: 401 });
  return data({ ended: false as const, ...sessionTimes(session, context.core.clock.now()) });
}
