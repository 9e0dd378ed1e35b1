/**
 * The server's own time zone changes nothing the app answers: its dates are Tallinn's
 * (app/core/clock.ts), and the database reads and writes its times in UTC whatever the
 * process's or the database server's zone (app/core/db). Here the process runs in New York.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { systemClock } from "~/core/clock";
import { openPglite } from "~/core/db/pglite";
import { prepareDatabase } from "~/core/startup";
import { startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";

const zone = process.env.TZ;
let app: TestApp;
beforeAll(async () => {
  process.env.TZ = "America/New_York";
  // A database made on this server (its zone is written into the new database's settings).
  const db = await openPglite();
  await prepareDatabase(db, systemClock, { demo: false, healthDataKeys: [{ id: "legacy", key: Buffer.from(TEST_HEALTH_DATA_KEY, "hex") }] });
  app = await startTestApp({ db });
});
afterAll(async () => {
  await app.close();
  await app.core.db.close();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

it("the data export states its times in UTC, as in every zone", async () => {
  expect(new Date("2026-12-01T12:00:00Z").getHours()).toBe(7);
  const { client } = await freshPolicyholder(app);
  const response = await client.fetch("/api/self-service/export");
  expect(response.status).toBe(200);
  const text = await response.text();
  const times = text.match(/"\d{4}-\d\d-\d\dT[^"]+"/g) ?? [];
  expect(times.length).toBeGreaterThan(10);
  expect(times.filter((t) => !/(Z|\+00:00)"$/.test(t))).toEqual([]);
});
