import type { ButtonHTMLAttributes } from "react";

/**
 * A button unavailable for a while (`busy`: a post on its way, a check its save waits for):
 * aria-disabled, not disabled. A disabled button under focus drops focus to the page's body,
 * and a disabled one is skipped by Tab: a keyboard or screen reader customer who pressed it,
 * or reached it while a check ran, lost their place (after a failed save their reader was on
 * the page, not the form; docs/decisions/0262). This one keeps focus and its place in the Tab order; meanwhile its click, and
 * the Enter in a field that submits the form through it, do nothing. `disabled` stays for a
 * button that is unavailable until the customer does something else (a consent not given).
 */
export function BusyButton({ busy, onClick, ...button }: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean }) {
  return (
    <button
      {...button}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
