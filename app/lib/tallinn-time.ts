/** Instants as Estonians read them, in Tallinn's time and the same in every language. */
const tallinn = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Tallinn",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "23.11.2026" and "14:03": an instant as a Tallinn date and clock time. */
export function tallinnDateTime(iso: string): { date: string; time: string } {
  const parts = Object.fromEntries(tallinn.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { date: `${parts.day}.${parts.month}.${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}
