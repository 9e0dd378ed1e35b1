/**
 * Production is explicit (README.md "Production"): the server refuses to start with demo
 * parts, naming each setting; a database a demo start seeded is refused without DEMO=true;
 * a start without DEMO seeds nobody. INTEGRATIONS=off removes the integrations.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "~/core/config";
import { DEMO_STATES } from "~/core/demo/seed";
import { prepareDatabase } from "~/core/startup";
import { startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { customerAt } from "../support/reach";
import { testDir } from "../support/temp-dir";
import { startEnvironment } from "../../scripts/start/environment.mjs";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { INTEGRATIONS: "off" } });
});
afterAll(() => app.close());

describe("a production start", () => {
  it("is refused with the demo parts, every setting named", () => {
    const started = spawnSync(path.resolve("node_modules/.bin/tsx"), ["server.ts"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: testDir("elukaitse-start-") },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    for (const name of ["SESSION_SECRET", "HEALTH_DATA_KEY", "EID_PROVIDER", "SIGNING_PROVIDER", "INTEGRATIONS", "DATABASE_URL", "PUBLIC_URL"]) {
      expect(started.stderr).toContain(`  - ${name} `);
    }
    expect(started.stderr).toContain("unless DEMO=true");
  });

  it("by `NODE_ENV=production npm start` without DEMO is a real deployment, refused without its settings", () => {
    // The environment scripts/start.mjs hands the server (docs/decisions/0100).
    const env = startEnvironment({ PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: testDir("elukaitse-start-") });
    expect(env.DEMO).toBeUndefined();
    const started = spawnSync(path.resolve("node_modules/.bin/tsx"), ["server.ts"], { env: env as NodeJS.ProcessEnv, encoding: "utf8", timeout: 30_000 });
    expect(started.status).toBe(1);
    for (const name of ["SESSION_SECRET", "HEALTH_DATA_KEY", "EID_PROVIDER", "DATABASE_URL", "PUBLIC_URL"]) {
      expect(started.stderr).toContain(`  - ${name} `);
    }
  });

  it("refuses a database that a demo start seeded, naming DEMO", async () => {
    const refusal = prepareDatabase(app.core.db, app.clock, { demo: false, healthDataKeys: app.config.healthDataKeys });
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toThrow(/DEMO is not true, but the database holds the demo people/);
  });

  it("without DEMO seeds nobody; with it, the demo people come back and the database says so", async () => {
    await app.core.db.query(`DELETE FROM demo_seed`);
    await app.core.db.query(`DELETE FROM customers WHERE personal_code = ANY($1)`, [Object.keys(DEMO_STATES)]);
    await prepareDatabase(app.core.db, app.clock, { demo: false, healthDataKeys: app.config.healthDataKeys });
    const demoPeople = async () => (await app.core.db.query(`SELECT 1 FROM customers WHERE personal_code = ANY($1)`, [Object.keys(DEMO_STATES)])).length;
    expect(await demoPeople()).toBe(0);
    // A database that serves customers no demo start seeded is no demo's: refused before it writes
    // anything, the mark and the migrations' record too.
    const { id } = await app.core.customers.findOrCreate({ personalCode: freshPersonalCode(), firstName: "Päris", lastName: "Klient" });
    const migrations = await app.core.db.query(`SELECT * FROM schema_migrations`);
    await expect(prepareDatabase(app.core.db, app.clock, { demo: true, healthDataKeys: app.config.healthDataKeys })).rejects.toThrow(/DEMO is true, but the database holds customers no demo start seeded/);
    expect(await demoPeople()).toBe(0);
    expect(await app.core.db.query(`SELECT 1 FROM demo_seed`)).toEqual([]);
    expect(await app.core.db.query(`SELECT * FROM schema_migrations`)).toEqual(migrations);
    await app.core.db.query(`DELETE FROM customers WHERE id = $1`, [id]);
    // A seed cut short before its mark (demo people only): still the demo's own.
    await app.core.customers.findOrCreate({ personalCode: Object.keys(DEMO_STATES)[0], firstName: "Demo", lastName: "Inimene" });
    await prepareDatabase(app.core.db, app.clock, { demo: true, healthDataKeys: app.config.healthDataKeys });
    expect(await demoPeople()).toBe(Object.keys(DEMO_STATES).length);
    expect((await app.core.db.query(`SELECT 1 FROM demo_seed`)).length).toBe(1);
  });
});

describe("INTEGRATIONS=off", () => {
  it("shows no integration and closes their doors", async () => {
    const { client } = await customerAt(app, "score");
    const score = (await (await client.fetch("/api/score")).json()) as { groups: Array<{ integrationCode: string | null; questions: Array<{ auto?: unknown }> }> };
    expect(score.groups.map((g) => g.integrationCode)).toEqual([null, null, null]);
    expect(score.groups.flatMap((g) => g.questions).some((q) => q.auto)).toBe(false);
    for (const [method, path] of [
      ["POST", "/api/score/health-measurement"],
      ["POST", "/api/integrations/activity/start"],
      ["GET", "/api/integrations/activity/poll"],
      ["GET", "/health.html"],
      ["GET", "/activity/consent.data"],
    ]) {
      const res = await client.fetch(path, { method, ...(method === "POST" ? { json: { bpm: 60, bmi: 22 } } : {}) });
      expect(res.status, path).toBe(404);
    }
  });
});
