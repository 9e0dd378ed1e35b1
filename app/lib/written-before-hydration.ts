/**
 * What was written in a page's text areas before the page hydrated (docs/decisions/0330).
 * React 18 hydrates a text area by putting its server text back (a text area's post-mount
 * step, which it spares inputs), before any effect can see what was written. So a module
 * with text areas imports this one: from its evaluation (before the hydration: the page's
 * modules load first) the text of `<main>`'s text areas is noted, and each change after;
 * `useWrittenBeforeHydration`, in the hydration's commit, puts it back. The replay of
 * app/lib/typed-before-hydration.ts, whose effect runs after (the app's outermost), then finds
 * it as it finds any field typed early. Not in that module: only a page with text areas pays
 * for this (tests/unit/browser-modules.test.ts holds every text area's module to it).
 */
import { useLayoutEffect } from "react";

const written = new Map<HTMLTextAreaElement, string>();
const note = (area: EventTarget | null) => void (area instanceof HTMLTextAreaElement && written.set(area, area.value));
const onInput = (event: Event) => note(event.target);

if (typeof document !== "undefined") {
  document.querySelectorAll("main textarea").forEach(note);
  document.addEventListener("input", onInput, true);
}

/** In the component holding the text areas: their text as written, back after the hydration. */
export function useWrittenBeforeHydration() {
  useLayoutEffect(() => {
    document.removeEventListener("input", onInput, true);
    for (const [area, text] of written) area.value = text;
    written.clear();
  }, []);
}
