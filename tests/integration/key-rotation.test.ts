/**
 * Keys rotate without downtime (issue 21 item 3, docs/decisions/0105 and 0107,
 * docs/operations.md "Rotating keys"), on the engine the run uses (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a customer partway through the journey, their answers sealed under the
 * old key and their cookie signed with the old secret; the application restarted with the new
 * key and secret first and the old ones still in the rings; the customer carries on signed in,
 * old data reads, new writes are under the new key; the operator's reseal moves the rest; the
 * old key goes; everything still reads. A ring that lacks a key in use refuses to start.
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/core/config";
import type { Db } from "~/core/db/index";
import { healthCipher } from "~/core/health-data";
import { keyIdsInUse, SEALED_COLUMNS } from "~/core/health-keys";
import { prepareDatabase } from "~/core/startup";
import { systemClock } from "~/core/clock";
import { Client, startTestApp, type TestApp } from "../support/app";
import { copyTemplateDatabase } from "../support/database";
import { journeyToQuestionnaire, readQuestionnaire, saveQuestionnaire, signAgreement } from "../support/journey-api";
import { TEST_HEALTH_DATA_KEY } from "../support/keys";
import { freshPersonalCode } from "../support/personal-codes";
import { saveStep, walkTo } from "../support/reach";

const OLD_SECRET = "old-session-secret-old-session-secret-0123";
const NEW_SECRET = "new-session-secret-new-session-secret-4567";
const NEW_KEY = randomBytes(32).toString("hex");

let db: Db;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.close();
});

/** A (re)start on the shared database, as server.ts does it: prepare (which may refuse), then serve. */
async function start(env: Record<string, string | undefined>): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: "test", ...env });
  await prepareDatabase(db, systemClock, config);
  const app = await startTestApp({ db, env });
  apps.push(app);
  return app;
}

/** A restart's refusal, its problems. */
async function refusal(env: Record<string, string | undefined>): Promise<string[]> {
  const config = loadConfig({ NODE_ENV: "test", ...env });
  const error = await prepareDatabase(db, systemClock, config).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).problems;
}

/** The same browser on another server: the cookie it holds goes along. */
function moved(client: Client, app: TestApp): Client {
  const next = new Client(app.url);
  for (const pair of client.cookieHeader.split("; ").filter(Boolean)) {
    const eq = pair.indexOf("=");
    next.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return next;
}

const sealedAnswers = async (customerId: number) =>
  (await db.query<{ answers_sealed: string }>(`SELECT answers_sealed FROM questionnaires WHERE customer_id = $1`, [customerId]))[0].answers_sealed;

describe("rotating HEALTH_DATA_KEY and SESSION_SECRET in the middle of a journey", () => {
  it("keeps the customer signed in and every answer readable, moves new writes and then old rows to the new key", async () => {
    db = await copyTemplateDatabase();
    // Before: the single key and secret (as every release before key rings): the key id `legacy`.
    const before = await start({ SESSION_SECRET: OLD_SECRET, HEALTH_DATA_KEY: TEST_HEALTH_DATA_KEY });
    const code = freshPersonalCode({ age: 35 });
    let client = new Client(before.url);
    await journeyToQuestionnaire(client, code);
    await saveQuestionnaire(client, "Kontroll-OLD-ROTATION-Vähk", { height: 187, weight: 83 });
    const customerId = (await before.core.customers.byPersonalCode(code))!.id;
    // Once signed, the answers are read where the server reads them (the onboarding's read is closed then).
    const signedAnswers = async (server: TestApp) => JSON.stringify((await server.core.questionnaire.get(customerId, "operator:underwriting"))?.content);
    // The key id legacy seals in the format releases before key rings read (a rolling deploy).
    expect((await sealedAnswers(customerId)).startsWith("v1.")).toBe(true);

    // The restart with the new key and secret first, the old ones still in the rings.
    const rotated = {
      SESSION_SECRET: undefined,
      HEALTH_DATA_KEY: undefined,
      SESSION_SECRETS: `${NEW_SECRET},${OLD_SECRET}`,
      HEALTH_DATA_KEYS: `k2:${NEW_KEY},legacy:${TEST_HEALTH_DATA_KEY}`,
    };
    const during = await start(rotated);
    client = moved(client, during);
    // Not signed out (the cookie signed with the old secret verifies), the old answers read.
    const read = await readQuestionnaire(client);
    expect(read).toMatchObject({ height: 187, weight: 83 });
    expect(JSON.stringify(read.content)).toContain("Kontroll-OLD-ROTATION-Vähk");
    // A new write is sealed under the new key at once.
    await saveQuestionnaire(client, "Kontroll-NEW-ROTATION-Süda");
    expect((await sealedAnswers(customerId)).startsWith("v2.k2.")).toBe(true);
    expect(JSON.stringify((await readQuestionnaire(client)).content)).toContain("Kontroll-NEW-ROTATION-Süda");
    // The journey continues to the signed agreement; its documents are sealed under the new key.
    expect(await signAgreement(client)).toBe("AGREEMENT_SIGNED");
    const application = await client.fetch("/api/documents/application");
    expect(application.status).toBe(200);
    expect(Buffer.from(await application.arrayBuffer()).subarray(0, 4).toString()).toBe("%PDF");
    const [policy] = await db.query<{ head: Uint8Array }>(`SELECT substring(signed_document from 1 for 4) AS head FROM policies WHERE customer_id = $1`, [
      customerId,
    ]);
    expect(Buffer.from(policy.head)).toEqual(Buffer.from([2, 2, ...Buffer.from("k2")]));

    // The old key is still in use (the score answers, the demo people): a ring without it refuses.
    expect([...(await keyIdsInUse(db)).keys()].sort()).toEqual(["k2", "legacy"]);
    // The operator sees it so (npm run ops -- keys): each key of the ring, what it seals, where.
    const uses = await during.core.keyUses();
    expect(uses.map(({ id, inRing, sealsNewValues }) => ({ id, inRing, sealsNewValues }))).toEqual([
      { id: "k2", inRing: true, sealsNewValues: true },
      { id: "legacy", inRing: true, sealsNewValues: false },
    ]);
    const legacy = uses.find((use) => use.id === "legacy")!;
    expect(legacy.places["score_profiles.answers_sealed"]).toBeGreaterThan(0);
    expect(legacy.values).toBe(Object.values(legacy.places).reduce((a, b) => a + b, 0));
    expect(uses.find((use) => use.id === "k2")!.places).toMatchObject({ "questionnaires.answers_sealed": 1, "policies.signed_document": 1 });
    const missing = await refusal({ ...rotated, HEALTH_DATA_KEYS: `k2:${NEW_KEY}` });
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatch(/^HEALTH_DATA_KEYS lacks the key id "legacy" that the database holds health data under \(.*questionnaires\.answers_sealed/);
    expect(missing[0]).not.toContain(TEST_HEALTH_DATA_KEY);

    // The operator's reseal while the application serves: a customer reads between the batches.
    const resealing = during.core.reseal({ text: "Key rotation: re-sealing under k2" }, { batchSize: 3 });
    expect(await signedAnswers(during)).toContain("Kontroll-NEW-ROTATION-Süda");
    const { resealed, keyId } = await resealing;
    expect(keyId).toBe("k2");
    expect(resealed["score_profiles.answers_sealed"]).toBeGreaterThan(0);
    expect([...(await keyIdsInUse(db)).keys()]).toEqual(["k2"]);
    const audited = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM health_data_audit WHERE actor = 'operator:reseal' AND action = 'write'`);
    expect(audited[0].n).toBe(Object.values(resealed).reduce((a, b) => a + b, 0));
    // Again: nothing left to do, and the old key seals nothing: it may go.
    expect(Object.values((await during.core.reseal({ text: "Key rotation: re-sealing under k2" })).resealed).every((n) => n === 0)).toBe(true);
    expect((await during.core.keyUses()).find((use) => use.id === "legacy")).toEqual({ id: "legacy", inRing: true, sealsNewValues: false, values: 0, places: {}, check: "right" });

    // The old key removed: everything still reads, the customer still signed in.
    const after = await start({ ...rotated, HEALTH_DATA_KEYS: `k2:${NEW_KEY}` });
    client = moved(client, after);
    expect(await signedAnswers(after)).toContain("Kontroll-NEW-ROTATION-Süda");
    expect((await client.fetch("/api/documents/application")).status).toBe(200);
    // Every sealed value in the database (the demo people's too) opens with the new key alone.
    const ring = healthCipher(after.config.healthDataKeys);
    let opened = 0;
    for (const c of SEALED_COLUMNS) {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${[...new Set([...c.key, "customer_id"])].join(", ")}, ${c.column} AS value FROM ${c.table} WHERE ${c.column} IS NOT NULL`,
      );
      for (const row of rows) {
        if (c.kind === "text") ring.decrypt(String(row.value), c.aad(row));
        else ring.openBytes(new Uint8Array(row.value as Uint8Array), c.aad(row));
        opened++;
      }
    }
    expect(opened).toBeGreaterThan(10);

    // Once every session signed with the old secret has run out (a day), the old secret goes:
    // its cookies no longer verify, a new sign-in is signed with the new one.
    const last = await start({ ...rotated, HEALTH_DATA_KEYS: `k2:${NEW_KEY}`, SESSION_SECRETS: NEW_SECRET });
    const stale = moved(client, last);
    expect((await stale.fetch("/api/onboarding/questionnaire")).status).toBe(401);
    const fresh = new Client(last.url);
    expect((await fresh.signIn(code)).result).toBe("SUCCESS");
    expect((await fresh.fetch("/api/documents/application")).status).toBe(200);
    expect(await signedAnswers(last)).toContain("Kontroll-NEW-ROTATION-Süda");
  }, 120_000);

  it("refuses a ring whose key under a used id is another key (a mistyped key), naming the id, before serving", async () => {
    const problems = await refusal({ SESSION_SECRET: OLD_SECRET, HEALTH_DATA_KEYS: `k2:${randomBytes(32).toString("hex")}` });
    expect(problems).toEqual([expect.stringMatching(/^the key with id "k2" does not open what the database holds under that id/)]);
  });
});

describe("npm run ops -- reseal through a running server (PGlite's way: only the serving process opens its folder)", () => {
  it("needs the token, then re-seals in batches under the first key and answers the counts", async () => {
    const token = "ops-token-for-key-rotation-0123456789abcd";
    const env = { OPS_TOKEN: token, HEALTH_DATA_KEY: undefined, HEALTH_DATA_KEYS: `k3:${NEW_KEY},legacy:${TEST_HEALTH_DATA_KEY}` };
    const app = await startTestApp({ env });
    try {
      // What the server's start does before it serves (server.ts): the ring checked, k3 seen.
      await prepareDatabase(app.core.db, systemClock, loadConfig({ NODE_ENV: "test", ...env }));
      expect((await fetch(`${app.url}/ops/reseal`, { method: "POST" })).status).toBe(404);
      expect((await fetch(`${app.url}/ops/keys`)).status).toBe(404);
      const auth = { Authorization: `Bearer ${token}` };
      const keys = async () => (await (await fetch(`${app.url}/ops/keys`, { headers: auth })).json()) as Array<{ id: string; values: number }>;
      // Counts only: no reason asked.
      expect((await keys()).map((use) => use.id)).toEqual(["k3", "legacy"]);
      expect((await keys()).find((use) => use.id === "legacy")!.values).toBeGreaterThan(0);
      // A batch size out of range is refused, not replaced by the default.
      const outOfRange = await fetch(`${app.url}/ops/reseal?batch=20000`, { method: "POST", headers: { ...auth, "Ops-Reason": encodeURIComponent("Key rotation: re-sealing under k3") } });
      expect(outOfRange.status).toBe(400);
      const answer = await fetch(`${app.url}/ops/reseal?batch=7`, {
        method: "POST",
        // Every operator command states why (docs/decisions/0112).
        headers: { Authorization: `Bearer ${token}`, "Ops-Reason": encodeURIComponent("Key rotation: re-sealing under k3") },
      });
      expect(answer.status).toBe(200);
      const { resealed, keyId } = (await answer.json()) as { resealed: Record<string, number>; keyId: string };
      expect(keyId).toBe("k3");
      expect(resealed["questionnaires.answers_sealed"]).toBeGreaterThan(0);
      expect(resealed["policies.signed_document"]).toBeGreaterThan(0);
      expect([...(await keyIdsInUse(app.core.db)).keys()]).toEqual(["k3"]);
      expect((await keys()).find((use) => use.id === "legacy")!.values).toBe(0);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe("a demo signing across app servers in the middle of a rotation of SESSION_SECRETS", () => {
  it("is started on a server with the old secret first, then opened, signed and completed on one with the new secret first", async () => {
    const shared = await copyTemplateDatabase();
    const ring = (secrets: string) => startTestApp({ db: shared, env: { SESSION_SECRET: undefined, SESSION_SECRETS: secrets } });
    const notYet = await ring(`${OLD_SECRET},${NEW_SECRET}`);
    const restarted = await ring(`${NEW_SECRET},${OLD_SECRET}`);
    try {
      const client = new Client(notYet.url);
      await journeyToQuestionnaire(client, freshPersonalCode({ age: 35 }));
      await saveQuestionnaire(client, "Kontroll-DEMO-SIGNING-ROTATION");
      await walkTo(client, "offer");
      await saveStep(client, "offer");
      const signing = await (await client.fetch("/api/sign/init", { method: "POST" })).json();
      // The demo signing page, reached through the other server (a load balancer's turn).
      const there = moved(client, restarted);
      const frame = `${signing.baseUrl}/signing/${signing.signingToken}`;
      // Its sign button, not the demo page's "this link is not valid" (role alert).
      const page = await (await there.fetch(`${frame}?access_token=${encodeURIComponent(signing.accessToken)}`)).text();
      expect(page).toContain('id="demo-sign"');
      const signed = await there.fetch(frame, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ access_token: signing.accessToken, action: "sign", mode: "js" }).toString(),
      });
      expect(signed.status).toBeLessThan(400);
      expect((await (await there.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).state).toBe("AGREEMENT_SIGNED");
    } finally {
      await Promise.all([notYet.close(), restarted.close()]);
      await shared.close();
    }
  });
});
