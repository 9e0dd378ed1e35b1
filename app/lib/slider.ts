/**
 * A slider posts two numbers: its range input and the typed alternative beside it (WCAG
 * 2.5.7), plus the value the page showed (`was`). Without JavaScript only one of them was
 * changed by the customer; this picks it. The package covers and the score's sliders read
 * their fields through it.
 */

/**
 * The typed number when it differs from what the page showed, else the range's when that
 * moved from where it started (`start`: where an unanswered handle sits), else what the page
 * showed. Spaces do not count ("50 000" is 50000).
 */
export function chosenSliderText(input: { typed: string | undefined; range: string | undefined; was: string | undefined; start?: string }): string {
  const typed = (input.typed ?? "").replace(/\s/g, "");
  const was = (input.was ?? "").replace(/\s/g, "");
  if (typed !== was) return typed;
  const range = input.range ?? "";
  const baseline = was === "" ? (input.start ?? "") : was;
  if (range !== "" && range !== baseline) return range;
  return was;
}
