/**
 * The session's limits from the browser (issue 11; app/components/session-timer.tsx):
 * `intent=extend` answers the new ends (the request itself counted as activity); `intent=end`
 * (the idle end has come) keeps the page's form as a draft for the customer and ends the
 * session; `intent=keep` keeps it as a draft for a quarter of an hour and the session goes on
 * (the language switch with unsaved changes: the page in the other language gives it back). A
 * resource route: fetch() posts here, nothing on the page reloads. It answers a Response:
 * Remix v2 drops the status and headers of a resource route's `data()` (the 401, the cleared
 * cookie) and warns on stderr at every request.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { SWITCH_DRAFT_TTL_MS } from "~/core/drafts";
import { draftFields, stepOfPath } from "~/http/drafts.server";
import { sessionTimes } from "~/http/session-limits.server";
import { clearedSessionCookie, readSessionToken } from "~/http/session-cookie.server";
import { PAGE_PATH_FIELD } from "~/lib/session-limits";
import { SUBMISSION_KEY_FIELD } from "~/components/every-page";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const token = readSessionToken(request.headers.get("Cookie"), context.config.sessionSecrets);
  if (formData.get("intent") === "end") {
    const { customer } = await context.visitor();
    const customerId = customer?.id ?? (token ? await context.core.sessions.endedCustomer(token) : null);
    const step = stepOfPath(String(formData.get(PAGE_PATH_FIELD) ?? ""));
    if (customerId !== null && step) await context.core.drafts.save(customerId, step, draftFields(formData), { submissionKey: formData.get(SUBMISSION_KEY_FIELD) });
    if (token) await context.core.sessions.destroy(token);
    return Response.json({ ended: true }, { headers: { "Set-Cookie": clearedSessionCookie() } });
  }
  const { session, customer } = await context.visitor();
  if (!session || !customer) return Response.json({ ended: true }, { status: 401 });
  if (formData.get("intent") === "keep") {
    const step = stepOfPath(String(formData.get(PAGE_PATH_FIELD) ?? ""));
    // Not kept (no step, or one the state no longer lets them save): the switch goes as a plain link.
    const kept = step !== null && (await context.core.drafts.save(customer.id, step, draftFields(formData), { ttlMs: SWITCH_DRAFT_TTL_MS, submissionKey: formData.get(SUBMISSION_KEY_FIELD) }));
    return Response.json({ ended: false, kept, ...sessionTimes(session, context.core.clock.now()) });
  }
  return Response.json({ ended: false, ...sessionTimes(session, context.core.clock.now()) });
}
