/**
 * A slider's typed number after a refused post (the score's sliders, the quote's covers). Its
 * own module: the score's page does not need it in the browser (the server sets it in the
 * reply, app/http/score.server.ts), the quote's form does.
 */
import { chosenSliderText } from "./score-model";

/**
 * What a slider's typed field shows after a refused post, from what was posted (the reply's
 * `initialValue`), so that the number beside the handle says what the server read: the text
 * as typed when the customer typed it (spaces and all, even "-5000"), else what the slider
 * chose (chosenSliderText). Without JavaScript only the handle may have moved: the typed
 * field left empty beside a handle at 7 said two things. Undefined when none was posted.
 */
export function keptSliderText(posted: { typed: string | undefined; range: string | undefined; was: string | undefined; start?: string }): string | undefined {
  const { typed, range, was } = posted;
  if (typed === undefined && range === undefined && was === undefined) return undefined;
  const chosen = chosenSliderText(posted);
  return typed !== undefined && chosen === typed.replace(/\s/g, "") ? typed : chosen;
}
