/** Where a provider with its own sign-in page (Dokobit) sends the customer back. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isEidProviderError } from "~/core/auth/provider";
import { clearedSignInCookie, completionRedirect, readSignInToken, sessionReplaced } from "~/http/sign-in.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { core } = context;
  const returnToken = core.eid.returnTokenFrom?.(new URL(request.url).searchParams) ?? null;
  if (!returnToken) throw redirect("/login-failed/unauthorized");
  try {
    const completion = await core.signIn.complete({
      pendingToken: readSignInToken(request.headers.get("Cookie")),
      returnToken,
      clientAddress: context.clientAddress,
      replacing: sessionReplaced(request, context),
    });
    // Refused by a limit: the sign-in is over all the same (the provider session is spent).
    if (completion.kind === "rate-limited") {
      return redirect(`/login-failed/rate_limited?minutes=${completion.retryAfterMinutes}`, { headers: { "Set-Cookie": clearedSignInCookie() } });
    }
    if (completion.kind === "no-sign-in") return redirect("/login", { headers: { "Set-Cookie": clearedSignInCookie() } });
    return completionRedirect(completion, context, { fromCookie: true });
  } catch (error) {
    if (isEidProviderError(error)) return redirect("/login-failed/provider");
    throw error;
  }
}
