/**
 * What a signing that did not end in a signature came to, in words of our own: a provider's
 * text (the demo page's "cancelled by the signer", Dokobit's event names and messages, our own
 * "could not be reached") is never shown to the customer; it is sorted into one of these
 * outcomes, each with its translation `signing.outcome.<outcome>` (app/locales/loose-ends.ts).
 * The text itself still goes to the completion call, which records it with the signing.
 */
export const SIGNING_OUTCOMES = ["cancelled", "expired", "declined", "unreachable", "failed"] as const;
export type SigningOutcome = (typeof SIGNING_OUTCOMES)[number];

/** The words of each outcome, first match wins (cancel before fail: "cancel failed" is a cancel). */
const PATTERNS: ReadonlyArray<[SigningOutcome, RegExp]> = [
  ["cancelled", /cancel|abort|closed by the (user|signer)/i],
  ["expired", /expire|time ?out|timed out/i],
  ["declined", /declin|reject|refus(ed|al) by the signer/i],
  ["unreachable", /reach|network|offline|connection/i],
];

/** The outcome of a provider's messages (or event name); anything not recognised is "failed". */
export function signingOutcomeOf(messages: readonly string[] | string): SigningOutcome {
  const text = typeof messages === "string" ? messages : messages.join("; ");
  return PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? "failed";
}

/** The i18n key of an outcome. */
export const signingOutcomeKey = (outcome: SigningOutcome) => `signing.outcome.${outcome}` as const;

/** The outcome named in an address's `signing=` (the no-JavaScript way back), or null. */
export function signingOutcomeParam(value: string | null): SigningOutcome | null {
  return (SIGNING_OUTCOMES as readonly string[]).includes(value ?? "") ? (value as SigningOutcome) : null;
}
