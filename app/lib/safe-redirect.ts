/**
 * Only same-site absolute paths; anything else (//evil, https://…, javascript:) → fallback.
 * A path of ours is percent-encoded (the browser's `location` and the server's `url.pathname +
 * url.search` are), so a character outside printable ASCII is no path of ours either: past
 * Latin-1 it could not even be a Location header (a 500), and a control character could split one.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (!/^[\x21-\x7e]+$/.test(to)) return fallback;
  return to;
}
