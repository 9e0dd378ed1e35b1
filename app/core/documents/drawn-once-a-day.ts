/**
 * The PDFs that are the same for everyone (the insurance conditions, the privacy notice, the
 * general pre-contract information): drawn once a day per language, and a request that comes
 * while one is being drawn waits for that drawing. Anyone may ask for them without signing in,
 * so a client asking for hundreds at once would otherwise keep the document threads busy and
 * everyone else's document (a signing's) waiting behind them; each costs tens of milliseconds
 * of CPU. Their text changes only with the date (their date and the terms counted from it),
 * so yesterday's are let go when the day turns (Europe/Tallinn, the injected clock). `draw`
 * makes its model itself, reading the clock then: a model made before the call, an await
 * earlier, may be yesterday's and would be kept as today's.
 */
import { today, type Clock } from "../clock.js";

export function drawnOnceADay(clock: Clock) {
  let day = "";
  const drawn = new Map<string, Promise<Uint8Array>>();
  return (key: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> => {
    const date = today(clock);
    if (date !== day) {
      day = date;
      drawn.clear();
    }
    const kept = drawn.get(key);
    if (kept) return kept;
    const drawing = draw();
    drawn.set(key, drawing);
    // A drawing that failed is not kept: the next request draws again.
    drawing.catch(() => {
      if (drawn.get(key) === drawing) drawn.delete(key);
    });
    return drawing;
  };
}
