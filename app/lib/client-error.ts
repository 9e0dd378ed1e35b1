/**
 * An error the browser met (a component that threw as it rendered or hydrated), said to the
 * server so that an operator learns of it (docs/decisions/0386): the route's id, the error's
 * kind and its first words, nothing of the page. Loaded with `import()` by the error page
 * (app/components/page.tsx) only when it has one to say: not for an answer the server gave
 * (a 404, a refusal), nor for an error the server threw, which it logged itself.
 */
const CLIENT_ERROR_PATH = "/client-error";
/** The kinds of error the server names; any other is `Error`. */
export const CLIENT_ERROR_NAMES = ["Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError", "URIError", "EvalError"] as const;
/** At most this much of a message is sent, and logged. */
export const CLIENT_ERROR_MESSAGE_CHARS = 200;
/**
 * All Remix hands the browser of an error the server threw in a loader or action (a production
 * build says no more): the server logged it already, with its own words.
 */
const FROM_THE_SERVER = "Unexpected Server Error";

export function reportClientError(error: unknown, route: string): void {
  if (!(error instanceof Error) || error.message === FROM_THE_SERVER) return;
  const body = new URLSearchParams({ route, name: error.name, message: error.message.slice(0, CLIENT_ERROR_MESSAGE_CHARS) });
  // A beacon goes even while the customer leaves the page; where there is none, a fetch that may outlive it.
  if (navigator.sendBeacon?.(CLIENT_ERROR_PATH, body)) return;
  void fetch(CLIENT_ERROR_PATH, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}
