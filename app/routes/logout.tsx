/** Logout (header button): deletes the session row, clears the cookie, goes to /. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { clearedSessionCookie, readSessionToken } from "~/http/session-cookie.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const token = readSessionToken(request.headers.get("Cookie"), context.config.sessionSecrets);
  if (token) await context.core.sessions.destroy(token);
  return redirect("/", { headers: { "Set-Cookie": clearedSessionCookie() } });
}

export const loader = () => redirect("/");
