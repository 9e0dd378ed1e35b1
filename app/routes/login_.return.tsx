/** Where a provider with its own sign-in page (Dokobit) sends the customer back. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isEidProviderError } from "~/core/auth/provider";
import { completionRedirect } from "~/http/sign-in.server";
import { readSessionToken } from "~/http/session-cookie.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { core, config } = context;
  const returnToken = core.eid.returnTokenFrom?.(new URL(request.url).searchParams) ?? null;
  if (!returnToken) throw redirect("/login-failed/unauthorized");
  try {
    const completion = await core.signIn.complete({
      sessionToken: readSessionToken(request.headers.get("Cookie"), config.sessionSecrets),
      returnToken,
      clientAddress: context.clientAddress,
    });
    if (completion.kind === "rate-limited") return redirect("/login-failed/rate_limited");
    if (completion.kind === "no-sign-in") return redirect("/login");
    return completionRedirect(completion, context);
  } catch (error) {
    if (isEidProviderError(error)) return redirect("/login-failed/provider");
    throw error;
  }
}
