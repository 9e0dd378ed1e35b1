/**
 * Parts of every page the server renders and the browser hydrates only once their code has
 * loaded after the page's (docs/decisions/0115): the analytics consent banner and the footer,
 * in app/components/later-layout.tsx, one chunk outside the one every page loads.
 *
 * The server renders the part inside a Suspense boundary. Hydration reaches the browser's
 * React.lazy part, which suspends: React leaves the server's markup as it is (a dehydrated
 * boundary: same DOM, same focus; links are plain links, forms plain posts that work as
 * without JavaScript) and hydrates it in place when the code arrives. The fallback (nothing)
 * shows only if the boundary must render anew before then, or the code cannot load.
 */
import { type ComponentType, createElement, lazy, memo, Suspense } from "react";
import * as onServer from "./later-layout.server";

type Parts = typeof import("./later-layout");

const load = () => import("./later-layout");

/** The part `pick` chooses of app/components/later-layout.tsx, hydrated after the page. */
export function laterPart<P extends object>(pick: (parts: Parts) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy<ComponentType<P>>(() =>
    load().then(
      (parts) => ({ default: pick(parts) }),
      // A failed load (the network) leaves the page without the part, never the error page.
      () => ({ default: () => null }),
    ),
  );
  // Memo: a parent's re-render with the same props must not reach a boundary still waiting
  // for its code. An update there before it hydrates, outside a transition (React #421),
  // would throw the server's markup away and render it anew.
  return memo(function LaterPart(props: P) {
    // The `.server` module is empty in the browser.
    const Part = typeof document === "undefined" ? pick(onServer) : Lazy;
    return <Suspense fallback={null}>{createElement(Part as ComponentType<P>, props)}</Suspense>;
  }) as unknown as ComponentType<P>;
}
