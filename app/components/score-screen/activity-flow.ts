/**
 * The activity tracker's connection with JavaScript (app/components/score-screen/integrations.tsx
 * says what it does), loaded when the customer presses the button (docs/decisions/0043): start
 * the consent request through /api, point the popup opened in the click at the provider's
 * consent page, poll for the decision, and on approval pull the data. Errors are only logged
 * (console.info: a console error is a fault in our tests).
 */

/** How a connection ended: the start failed, the browser left for the consent page (no popup), or the decision. */
export type ActivityOutcome = "failed" | "left" | "approved" | "denied" | "timeout" | "closed";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pollForDecision(popup: Window, interval: number, timeout: number, alive: () => boolean): Promise<Exclude<ActivityOutcome, "failed" | "left">> {
  const started = Date.now();
  let closedSeen = false;
  while (alive() && Date.now() - started < timeout) {
    await sleep(interval);
    const wasClosed = popup.closed;
    try {
      const response = await fetch("/api/integrations/activity/poll", { headers: { Accept: "application/json" } });
      if (response.ok) {
        const { status } = (await response.json()) as { status: string };
        if (status === "approved" || status === "denied") return status;
      } else {
        console.info("activity poll", response.status);
      }
    } catch (error) {
      console.info("activity poll failed", error instanceof Error ? error.message : error);
    }
    // Closed without a decision (checked once more after closing): the customer gave up.
    if (wasClosed) {
      if (closedSeen) return "closed";
      closedSeen = true;
    }
  }
  return "timeout";
}

export async function connectActivity(input: {
  /** The window opened in the click (null: a blocker stopped it; this window goes instead). */
  popup: Window | null;
  returnTo: string;
  /** The screen is still shown (else polling stops). */
  alive: () => boolean;
  /** The consent page is open: the screen says so. */
  connecting: () => void;
}): Promise<ActivityOutcome> {
  const { popup, returnTo, alive } = input;
  let started: { consentUrl: string; pollInterval: number; pollTimeout: number };
  try {
    const response = await fetch("/api/integrations/activity/start", { method: "POST", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`start ${response.status}`);
    started = await response.json();
  } catch (error) {
    console.info("activity start failed", error instanceof Error ? error.message : error);
    popup?.close();
    return "failed";
  }
  if (!popup) {
    window.location.assign(`${started.consentUrl}&${new URLSearchParams({ returnTo })}`);
    return "left";
  }
  popup.location.href = `${started.consentUrl}&popup=1`;
  input.connecting();
  const decision = await pollForDecision(popup, started.pollInterval, started.pollTimeout, alive);
  if (decision === "approved" && alive()) {
    try {
      const pulled = await fetch("/api/integrations/activity/pull", { method: "POST", headers: { Accept: "application/json" } });
      if (!pulled.ok) console.info("activity pull", pulled.status);
    } catch (error) {
      console.info("activity pull failed", error instanceof Error ? error.message : error);
    }
  }
  return decision;
}
