/** Fresh valid personal codes, so every test creates its own customer. */
import { DEMO_OUTCOMES, DEMO_PERSONS } from "~/core/auth/demo";
import { makePersonalCode, type Sex } from "~/lib/personal-code";

/**
 * Which test process this is: Playwright's worker index (a worker started again after a
 * failure gets a new one), plus one so that its main process (0) is apart; vitest's pool id
 * (each integration test has a database of its own, so a process apart is enough there).
 */
const PROCESS = process.env.TEST_WORKER_INDEX !== undefined ? Number(process.env.TEST_WORKER_INDEX) + 1 : Number(process.env.VITEST_POOL_ID ?? 0);
/** The codes one process makes before its run of the sequence would meet the next process's. */
const PER_PROCESS = 2_048;
/** Birth dates this far from either end of the age's year: a birthday never falls near today or a start date. */
const EDGE_DAYS = 30;
const DAY_MS = 86_400_000;

let counter = 0;
/** Every code this process has handed out, by either helper: none is given twice. */
const issued = new Set<string>();

/** A code no test of this process has had, and none the demo knows (a person, or a refusal: locked, refused). */
function unused(code: string): boolean {
  if (issued.has(code) || code in DEMO_PERSONS || code in DEMO_OUTCOMES) return false;
  issued.add(code);
  return true;
}

/**
 * A valid code for someone who is `age` on `today` (default: a random adult 20–60). Codes
 * never repeat within a run, across the suite's processes either (the e2e suite's two workers
 * share one server: a code drawn at random came up twice there about once in twenty runs, and
 * one test met the other's customer). Each process takes its own run of a sequence, and a
 * number of it is a birth date and serial: a serial each, then the next day. Never a demo
 * person's code, nor one the demo e-ID refuses: the eighth code of a man of 27 that the first
 * worker drew on 29 November 2026 was the refused 39901010550 (at 35 on that day in 2034).
 */
export function freshPersonalCode(options: { age?: number; sex?: Sex; today?: string } = {}): string {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const age = options.age ?? 20 + Math.floor(Math.random() * 40);
  const sex = options.sex ?? (Math.random() < 0.5 ? "M" : "F");
  const todayDate = new Date(`${today}T00:00:00Z`);
  // Born between (age + 1) years and age years ago: `age` today, whatever the day.
  const earliest = Date.UTC(todayDate.getUTCFullYear() - age - 1, todayDate.getUTCMonth(), todayDate.getUTCDate() + 1);
  const latest = Date.UTC(todayDate.getUTCFullYear() - age, todayDate.getUTCMonth(), todayDate.getUTCDate());
  const days = Math.floor((latest - earliest) / DAY_MS) + 1 - 2 * EDGE_DAYS;
  for (;;) {
    const n = (PROCESS * PER_PROCESS + counter++) % (days * 1000);
    const birth = new Date(earliest + (EDGE_DAYS + Math.floor(n / 1000)) * DAY_MS);
    const code = makePersonalCode(birth.toISOString().slice(0, 10), sex, n % 1000);
    if (unused(code)) return code;
  }
}

/**
 * A fresh code of someone born on `dateOfBirth` (a test about a birthday): its serial is the
 * next this process has not used for that date. A random serial came up twice in one file now
 * and then (six customers of one birth date in tests/integration/package.test.ts: 1.5 % a run),
 * and the second test walked the first one's customer. The processes start a hundred serials
 * apart (the e2e workers share one server).
 */
export function personalCodeBornOn(dateOfBirth: string, sex: Sex): string {
  for (let tried = 0; tried < 1000; tried++) {
    const code = makePersonalCode(dateOfBirth, sex, (PROCESS * 100 + tried) % 1000);
    if (unused(code)) return code;
  }
  throw new Error(`every serial of ${dateOfBirth} (${sex}) is used`);
}
