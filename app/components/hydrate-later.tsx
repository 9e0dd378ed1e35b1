/**
 * Parts of every page the server renders and the browser hydrates only once their code has
 * loaded after the page's (docs/decisions/0115): the analytics consent banner and the footer,
 * in app/components/later-layout.tsx, one chunk outside the one every page loads.
 *
 * The server renders the part inside a Suspense boundary. Hydration reaches the browser's
 * React.lazy part, which suspends: React leaves the server's markup as it is (a dehydrated
 * boundary: same DOM, same focus; links are plain links, forms plain posts that work as
 * without JavaScript) and hydrates it in place when the code arrives. The fallback (nothing)
 * shows only if the boundary must render anew before then.
 */
import { type ComponentType, createElement, lazy, memo, Suspense } from "react";
import * as onServer from "./later-layout.server";

type Parts = typeof import("./later-layout");

/**
 * The parts' code. A load that failed (offline, the network) leaves the boundary waiting, so the
 * server's markup stays as it is, plain links and posts, and is asked for again each time the
 * browser is back online until it comes (a browser may keep a failed module's answer: then it
 * waits on for good). Resolving it to nothing instead made React throw the footer, the banner
 * and the logout away as a hydration mismatch (#418, #422).
 */
const load = (): Promise<Parts> =>
  import("./later-layout").catch(() => new Promise<Parts>((resolve) => window.addEventListener("online", () => void load().then(resolve), { once: true })));

/** The part `pick` chooses of app/components/later-layout.tsx, hydrated after the page. */
export function laterPart<P extends object>(pick: (parts: Parts) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy<ComponentType<P>>(() => load().then((parts) => ({ default: pick(parts) })));
  // Memo: a parent's re-render with the same props must not reach a boundary still waiting
  // for its code. An update there before it hydrates, outside a transition (React #421),
  // would throw the server's markup away and render it anew.
  return memo(function LaterPart(props: P) {
    // The `.server` module is empty in the browser.
    const Part = typeof document === "undefined" ? pick(onServer) : Lazy;
    return <Suspense fallback={null}>{createElement(Part as ComponentType<P>, props)}</Suspense>;
  }) as unknown as ComponentType<P>;
}
