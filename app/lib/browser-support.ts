/**
 * Whether this browser has what the enhanced page calls, checked before hydration (entry.client).
 * The scripts' syntax is ES2022's (tsconfig's target, which esbuild 0.17 lowers to): a browser
 * older than that does not run them at all and keeps the server's page. A browser that runs
 * them but lacks one of these would break halfway through: a modal that throws instead of
 * opening (the session warning, unsaved changes, the offer's confirmation), a held save that is
 * never sent, an intent button the script cannot tell apart. Such a browser gets the server's
 * page instead, whose forms work as without JavaScript. Together these are Safari 16, Chrome 92
 * (Samsung Internet 16), Firefox 98. A check is added here with the first call of an API newer
 * than these, or that call is guarded where it is made.
 */
export function canEnhance(): boolean {
  return (
    typeof HTMLDialogElement === "function" &&
    typeof HTMLDialogElement.prototype.showModal === "function" &&
    typeof HTMLFormElement.prototype.requestSubmit === "function" &&
    typeof SubmitEvent === "function" &&
    "submitter" in SubmitEvent.prototype &&
    typeof Array.prototype.at === "function"
  );
}

/**
 * The page as without JavaScript, when it will not be hydrated: what its `<noscript>` elements
 * hold (the session's end on a form's page), which a browser that runs scripts keeps as text,
 * is put in the page beside them.
 */
export function showWhatIsShownWithoutJavaScript(): void {
  for (const element of document.querySelectorAll("noscript")) {
    if (element.textContent) element.insertAdjacentHTML("afterend", element.textContent);
  }
}
