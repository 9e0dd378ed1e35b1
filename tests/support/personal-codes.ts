/** Fresh valid personal codes, so every test creates its own customer. */
import { makePersonalCode, type Sex } from "~/lib/personal-code";

let counter = 0;

/**
 * A valid code for someone who is `age` on `today` (default: a random adult 20–60). The
 * serial is random plus a counter, so codes do not repeat within a run.
 */
export function freshPersonalCode(options: { age?: number; sex?: Sex; today?: string } = {}): string {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const age = options.age ?? 20 + Math.floor(Math.random() * 40);
  const sex = options.sex ?? (Math.random() < 0.5 ? "M" : "F");
  const [y] = today.split("-").map(Number);
  // Born in January–June of (year − age − 1) + up to 180 days: the birthday has passed or not,
  // so pick a date safely inside the age: between (age + 1) years and age years ago.
  const birth = new Date(Date.UTC(y - age - 1, 0, 1));
  const todayDate = new Date(`${today}T00:00:00Z`);
  const latest = new Date(Date.UTC(todayDate.getUTCFullYear() - age, todayDate.getUTCMonth(), todayDate.getUTCDate()));
  const earliest = new Date(Date.UTC(todayDate.getUTCFullYear() - age - 1, todayDate.getUTCMonth(), todayDate.getUTCDate() + 1));
  const span = Math.max(1, Math.floor((latest.getTime() - earliest.getTime()) / 86_400_000));
  birth.setTime(earliest.getTime() + Math.floor(Math.random() * span) * 86_400_000);
  counter = (counter + 1) % 1000;
  const serial = (Math.floor(Math.random() * 1000) + counter) % 1000;
  return makePersonalCode(birth.toISOString().slice(0, 10), sex, serial);
}
