/** Instants as Estonians read them, in Tallinn's time and the same in every language. */
const tallinn = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Tallinn",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const HOUR_MS = 60 * 60 * 1000;

/** The instant's Tallinn wall-clock fields. */
const wall = (ms: number) => Object.fromEntries(tallinn.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
/** The wall clock read as if it were UTC: its distance from the instant is Tallinn's offset then. */
const wallAsUtc = (p: Record<string, string>) => Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));

/**
 * "23.11.2026" and "14:03": an instant as a Tallinn date and clock time. In the hour the clocks
 * go back (the last Sunday of October, 03:00–03:59 comes twice) the time names its offset,
 * "03:30 (UTC+3)" then "03:30 (UTC+2)", so a receipt's time names one instant only.
 */
export function tallinnDateTime(iso: string): { date: string; time: string } {
  const ms = new Date(iso).getTime();
  const parts = wall(ms);
  const at = wallAsUtc(parts);
  // The same wall clock an hour before or after: this hour comes twice (looked for only in
  // October's 03:00 hour, the EU's change back, so other times cost one formatting).
  const repeated = parts.month === "10" && parts.hour === "03" && (wallAsUtc(wall(ms - HOUR_MS)) === at || wallAsUtc(wall(ms + HOUR_MS)) === at);
  const time = `${parts.hour}:${parts.minute}`;
  // The offset in whole minutes (the wall clock has no milliseconds), as hours: +3 or +2.
  const offset = Math.round((at - ms) / 60_000) / 60;
  return { date: `${parts.day}.${parts.month}.${parts.year}`, time: repeated ? `${time} (UTC+${offset})` : time };
}
