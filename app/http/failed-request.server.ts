/**
 * What a route shows after a failed post, shared by the route modules.
 *
 * A no-JavaScript post that fails re-renders the page in the same request: the loader runs
 * after the action with the same load context, and is how the title gets its "Error: "
 * prefix (route meta sees loader data only). Keyed by the request's context object, so
 * nothing outlives the request.
 */
import type { getT } from "../i18n/i18next.server.js";
import type { AppContext } from "./context.server.js";

const failedRequests = new WeakSet<object>();

/** The action's post failed: the loader of the same request titles the page "Error: …". */
export const markFailed = (context: AppContext) => void failedRequests.add(context);

/**
 * Whether this request answers a post in place, for a loader of the same request: a layout (the
 * self-service tabs) whose h1 must not take the page's one `autofocus` from the page inside it
 * (its own `useActionData` does not see the child's answer): a failed save's error summary, the
 * error page of a post the server refused (a field sent twice), whose heading comes after it.
 */
export const postFailed = (context: AppContext) => context.answersPost || failedRequests.has(context);

/** The page title, plain and with the "Error: " prefix (the client switches between them), and the one this request shows. */
export function pageTitles(t: Awaited<ReturnType<typeof getT>>, context: AppContext, heading: string) {
  const plainTitle = `${heading} | ${context.config.productName}`;
  const errorTitle = t("title.error_prefix", { title: plainTitle });
  return { title: failedRequests.has(context) ? errorTitle : plainTitle, plainTitle, errorTitle };
}

/**
 * Core failures (`{code, context?}`) as conform errors: with a context a field error (the
 * core names fields as conform does), without one a form message, which `formMessage` may
 * reword for the step.
 */
export function failuresToErrors(failures: ReadonlyArray<{ code: string; context?: string }>, formMessage: (code: string) => string = (code) => code) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const failure of failures) {
    if (failure.context) (fieldErrors[failure.context] ??= []).push(failure.code);
    else formErrors.push(formMessage(failure.code));
  }
  return { fieldErrors, formErrors };
}
