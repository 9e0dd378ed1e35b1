/**
 * The pages the score screen opens in a window of their own (the health measurement,
 * /health.html, and the activity tracker's consent, /activity/consent; their routes set
 * `handle = POPUP_PAGE`). Opened as a popup (?popup=1) a page closes itself once done: the
 * score screen notices (it polls, or sees the window close). Without JavaScript the same page
 * is an ordinary one that goes back to the score (?returnTo) after its post.
 */
import { Form } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { RequestFailureNotice } from "~/components/every-page";

interface Opened {
  /** Opened as a popup (?popup=1). */
  popup: boolean;
  /** The score page to go back to when not a popup. */
  returnTo: string;
}

/** The page's frame: its heading, then what it shows now. */
export function PopupPage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="page page--narrow">
      <h1>{heading}</h1>
      {children}
    </div>
  );
}

/** In the popup: the window closes itself once `done`. */
export function useClosesWhenDone(done: boolean, popup: boolean) {
  useEffect(() => {
    if (done && popup && window.opener) window.close();
  }, [done, popup]);
}

/**
 * The page's form: it posts how the page was opened (so the action answers in kind: the page
 * again in the popup, a redirect back to the score without one), then what the page asks, and
 * its buttons in one row at the end. Validated by the server (noValidate). A post that fails on
 * the network leaves the form as typed, the failure said above the buttons (the routes' clientAction).
 */
export function PopupForm({ popup, returnTo, actions, children }: Opened & { actions: ReactNode; children: ReactNode }) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="popup" value={popup ? "1" : "0"} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {children}
      <RequestFailureNotice />
      <div className="form-actions">{actions}</div>
    </Form>
  );
}

/** The popup's own close button (only in a window the page opened: JavaScript is on there). */
export function CloseWindowButton({ children }: { children: ReactNode }) {
  return (
    <button type="button" className="button" onClick={() => window.close()}>
      {children}
    </button>
  );
}
