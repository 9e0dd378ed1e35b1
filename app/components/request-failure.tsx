/**
 * Bad networks, the browser's half of the one form mechanism (docs/decisions/0050): with
 * JavaScript, a save or a client navigation that fails on the network or with a 5xx leaves
 * the page as it is (every typed value, the submission key) and says so under the form.
 * Without JavaScript the browser's own form post does the same (the server answers
 * error.technical with the values, app/http/form.server.ts).
 *
 * Every onboarding route exports three of these (the same three lines in each):
 *
 * - `clientAction = stepClientAction`: the post goes to the server as before; when it fails
 *   (no answer, an answer lost on the way, a 5xx that is not our form's reply) the action's
 *   data is a `RequestFailed` marker instead of Remix's ErrorBoundary replacing the form.
 *   A resend carries the same submission key (nothing was reloaded), so an answer lost after
 *   the server committed is replayed by the core (app/core/idempotency.ts), never saved twice.
 * - `clientLoader = stepClientLoader`: a navigation to the route whose data cannot be had
 *   goes back to the page the customer is on (a redirect to it that reloads nothing), and the
 *   failure shows there.
 * - `shouldRevalidate = keepOnFailure(theRoutesOwn?)`: after a failure nothing is reloaded
 *   (the reload would fail too, and a fresh loader would hand out a new submission key). The
 *   root has it too: its loader reloads after every post; so does every layout above a form
 *   (the self-service tabs'), and every route with the clientLoader (else its bounce reloads
 *   the page, fails and bounces again). tests/unit/failed-request-routes.test.ts holds the
 *   routes to it; the self-service forms export the first and third (docs/decisions/0268).
 *
 * `RequestFailureNotice` (in every StepPage, under the step's content) shows error.technical,
 * and the offline note when the browser says it is offline, else that what was typed is kept,
 * that it is not known whether the request was handled, and that sending again saves nothing
 * twice. `useFormReply(actionData)` is the last real reply of the form (a failure marker never
 * changes what the form shows).
 */
import {
  isRouteErrorResponse,
  redirect,
  useActionData,
  useNavigation,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/react";
import { ANALYTICS_CONSENT_PATH } from "~/lib/analytics";

export interface RequestFailure {
  /** Tells one failure from the next (the notice is announced again). */
  id: number;
  /** The browser said it was offline when the request failed. */
  offline: boolean;
}

/** What a route's action data is after a failed save. */
export interface RequestFailed {
  requestFailed: RequestFailure;
}

export const isRequestFailed = (value: unknown): value is RequestFailed =>
  typeof value === "object" && value !== null && "requestFailed" in value;

let sequence = 0;
export const newFailure = (): RequestFailure => ({ id: ++sequence, offline: typeof navigator !== "undefined" && navigator.onLine === false });

/** The failed navigation being shown, and the address the page went back to. */
let navigationFailure: RequestFailure | null = null;
let bounceTo: string | null = null;
const listeners = new Set<() => void>();
const setNavigationFailure = (failure: RequestFailure | null) => {
  if (navigationFailure === failure) return;
  navigationFailure = failure;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * Whether a thrown request error is the network's or the server's fault: anything but a
 * redirect, an answer below 500 (not found, a refusal: the route's ErrorBoundary as before)
 * or the customer's own abort (they went elsewhere).
 */
function isFailure(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return false;
  if (error instanceof Response) return error.status >= 500;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}

export async function stepClientAction({ serverAction, request }: ClientActionFunctionArgs) {
  setNavigationFailure(null);
  try {
    return await serverAction();
  } catch (error) {
    if (!isFailure(error, request.signal)) throw error;
    return { requestFailed: newFailure() } satisfies RequestFailed;
  }
}

export async function stepClientLoader({ serverLoader, request }: ClientLoaderFunctionArgs) {
  setNavigationFailure(null);
  try {
    return await serverLoader();
  } catch (error) {
    if (!isFailure(error, request.signal)) throw error;
    // Until the navigation completes, the address bar still holds the page on screen.
    const here = window.location.pathname + window.location.search + window.location.hash;
    setNavigationFailure(newFailure());
    bounceTo = here;
    throw redirect(here);
  }
}

/** A route's shouldRevalidate that reloads nothing after a failure (`inner`: the route's own rule otherwise). */
export function keepOnFailure(inner?: ShouldRevalidateFunction): ShouldRevalidateFunction {
  return (args) => {
    if (isRequestFailed(args.actionResult)) return false;
    // The analytics consent's post changes no page's data: nothing reloads, and no event a
    // loader held back comes after the choice (docs/decisions/0095).
    if (args.formAction === ANALYTICS_CONSENT_PATH) return false;
    if (bounceTo !== null && args.nextUrl.pathname + args.nextUrl.search + args.nextUrl.hash === bounceTo) return false;
    return inner ? inner(args) : args.defaultShouldRevalidate;
  };
}

/**
 * The route's last reply that is not a failure marker: a failed resend leaves the form
 * showing what the previous reply put there (errors, values), exactly as typed.
 */
export function useFormReply<T>(actionData: T | RequestFailed | undefined): T | undefined {
  const last = useRef<T | undefined>(undefined);
  if (actionData !== undefined && !isRequestFailed(actionData)) last.current = actionData;
  return last.current;
}

/** The failure to show on this page now, or null. */
export function useRequestFailure(): RequestFailure | null {
  const actionData = useActionData();
  const navigation = useNavigation();
  const failedNavigation = useSyncExternalStore(subscribe, () => navigationFailure, () => null);
  useEffect(() => {
    if (navigation.state === "idle") bounceTo = null;
  }, [navigation.state]);
  // A resend on its way: the answer decides what shows next.
  if (navigation.state === "submitting") return null;
  return isRequestFailed(actionData) ? actionData.requestFailed : failedNavigation;
}

/** error.technical under the form, and the offline note or the unknown outcome's; a live region, so it is announced. */
export function RequestFailureNotice({ failure: given }: { failure?: RequestFailure | null } = {}) {
  const { t } = useTranslation();
  const routeFailure = useRequestFailure();
  const failure = given === undefined ? routeFailure : given;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [failure]);
  return (
    <div ref={ref} role="alert" aria-atomic="true" className="request-failure">
      {failure ? (
        <div key={failure.id} className="notice notice--error">
          <p>{t("error.technical")}</p>
          {/* Offline nothing left the browser; else the request may have been handled, its answer lost. */}
          <p>{t(failure.offline ? "error.offline" : "error.request_unknown")}</p>
        </div>
      ) : null}
    </div>
  );
}
