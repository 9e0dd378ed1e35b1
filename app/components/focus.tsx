/**
 * Where focus goes when the page changes (docs/decisions/0060), one mechanism for every page:
 *
 * - A page reached by a step change starts at its heading: `PageHeading` is the page's h1
 *   (tabindex=-1) marked `autofocus` unless the page answers a post (then the error summary,
 *   or the confirmation panel, carries `autofocus` instead). The attribute works without
 *   JavaScript on the page load; with JavaScript React focuses it when the route mounts.
 * - `RouteAnnouncer` (in the root): after a client-side change of address, the new page's h1
 *   takes focus (whatever page it is; never <body>) and the new title is read out once,
 *   politely, as a full page load would have it; then the announcer is emptied, so the title is
 *   not met again as the page's last text.
 * - A failed submit: `ErrorSummary` (app/components/form.tsx) takes focus.
 * - A page with the root's notices (app/root.tsx: a change saved, the name the e-ID changed)
 *   starts at them instead of its h1, on a page load and after a client-side change alike.
 */
import { useActionData, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * The page's h1, where a step change leaves focus (not on a page answering a post: its errors
 * come first). A layout's h1 does not see its page's answer (`useActionData` is the route's
 * own): the layout passes `answered` from its loader (the self-service tabs, postFailed), or
 * when its page starts at a notice that takes focus (the data page's download limit).
 */
export function PageHeading({ children, answered = false }: { children: ReactNode; answered?: boolean }) {
  const ownAnswer = useActionData() !== undefined;
  return (
    <h1 tabIndex={-1} autoFocus={!answered && !ownAnswer}>
      {children}
    </h1>
  );
}

/** How long the new title stays in the announcer: long past the announcement, short of a reader reaching it. */
const ANNOUNCED_MS = 3000;

/**
 * Moves focus to the h1 of a page reached client-side, and reads its title out. A new query
 * is a new page too (the offer's signing screen is /offer?step=signing); a post answered on
 * the same address is not (its error summary takes focus).
 */
export function RouteAnnouncer() {
  const { pathname, search } = useLocation();
  const address = pathname + search;
  const previous = useRef(address);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (previous.current === address) return;
    previous.current = address;
    // A new page starts at its top (docs/decisions/0230: no ScrollRestoration).
    window.scrollTo(0, 0);
    // The route's effects have run: the title is the new page's, its heading is in place.
    // The root's notices, when the new page has any, are where it starts (app/root.tsx).
    const start = document.querySelector<HTMLElement>("main > .notices") ?? document.querySelector<HTMLElement>("main h1");
    const target = start ?? document.getElementById("main");
    if (target) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      // Focus the new page placed itself (its autofocus), or a control that stayed (a tab of
      // the self-service menu), stays; what went away with the old page left it on <body>.
      const active = document.activeElement;
      if (!active || active === document.body || !active.closest("main, dialog")) target.focus();
    }
    setMessage(document.title);
    // Said once; left in the page it was read again as the page's last text by anyone reading
    // on to the end (a removal is not announced). Screen readers take the words when they change.
    const said = window.setTimeout(() => setMessage(""), ANNOUNCED_MS);
    return () => window.clearTimeout(said);
  }, [address]);
  return (
    // A <div>, not a <p>: an empty paragraph is read as "paragraph" while it waits.
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {message}
    </div>
  );
}
