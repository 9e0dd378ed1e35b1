/**
 * The operator's token rotates as the session secret does (docs/operations.md "Rotating keys",
 * docs/decisions/0315): with OPS_TOKENS the old and the new token both open the doors (/ops
 * from the loopback interface, /metrics) while callers switch, a removed one opens nothing,
 * npm run ops sends the first of its list, and /metrics counts the uses of each position.
 * Through the whole Express stack; PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { sample } from "../support/metrics";
import { runOps } from "../support/ops-command";
import { testDir } from "../support/temp-dir";

const OLD = "ops-token-rotation-old-7Qx2Lm9Vb4Rt8Nz1";
const NEW = "ops-token-rotation-new-3Tk8Wq1Zr6Yn4Bm9";

/** What each door answers to a bearer token: the status of GET /ops/keys and of GET /metrics. */
async function doors(app: TestApp, token: string): Promise<[number, number]> {
  const headers = { Authorization: `Bearer ${token}` };
  const [ops, metrics] = await Promise.all([fetch(`${app.url}/ops/keys`, { headers }), fetch(`${app.url}/metrics`, { headers })]);
  return [ops.status, metrics.status];
}

const uses = async (app: TestApp, token: string, position: string) =>
  sample(await (await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).text(), "ops_token_uses_total", { position });

// Step 1: the new token second. Step 3: the new token first. Step 4: the old one removed.
// Each a restart of the instance on the same database with its new configuration.
let added: TestApp;
let first: TestApp;
let removed: TestApp;
beforeAll(async () => {
  added = await startTestApp({ env: { OPS_TOKENS: `${OLD},${NEW}` } });
  [first, removed] = await Promise.all([
    startTestApp({ db: added.core.db, env: { OPS_TOKENS: `${NEW},${OLD}` } }),
    startTestApp({ db: added.core.db, env: { OPS_TOKENS: NEW } }),
  ]);
});
afterAll(async () => {
  await Promise.all([first?.close(), removed?.close()]);
  await added?.close();
});

describe("a rotation of OPS_TOKENS", () => {
  it("opens both doors to the old and the new token while both are listed, in either order", async () => {
    for (const app of [added, first]) {
      expect(await doors(app, OLD)).toEqual([200, 200]);
      expect(await doors(app, NEW)).toEqual([200, 200]);
      expect(await doors(app, "ops-token-rotation-xyz-3Tk8Wq1Zr6Yn4Bm9")).toEqual([404, 401]);
    }
  });

  it("opens neither door to the token once it is removed", async () => {
    expect(await doors(removed, OLD)).toEqual([404, 401]);
    expect(await doors(removed, NEW)).toEqual([200, 200]);
  });

  it("counts each position's uses in /metrics, never the token, every position shown from the start", async () => {
    const text = await (await fetch(`${first.url}/metrics`, { headers: { Authorization: `Bearer ${NEW}` } })).text();
    expect(text).toMatch(/^ops_token_uses_total\{position="1"\} [1-9]/m);
    expect(text).toMatch(/^ops_token_uses_total\{position="2"\} \d/m);
    expect(text).not.toContain(NEW.slice(-12));
    expect(text).not.toContain(OLD.slice(-12));
    const fresh = await startTestApp({ db: added.core.db, env: { OPS_TOKENS: `${NEW},${OLD}` } });
    try {
      expect(await uses(fresh, NEW, "2")).toBe(0);
      const before = await uses(fresh, NEW, "1");
      expect(await doors(fresh, OLD)).toEqual([200, 200]);
      expect(await uses(fresh, NEW, "2")).toBe(2);
      expect(await uses(fresh, NEW, "1")).toBe(before + 2);
    } finally {
      await fresh.close();
    }
  });

  it("lets npm run ops through with the first token of its list, and only the first", async () => {
    const dataDir = testDir("elukaitse-ops-rotation-");
    const ops = (app: TestApp, tokens: string) => runOps(["keys"], { NODE_ENV: "test", OPS_TOKENS: tokens, OPS_URL: app.url, DATA_DIR: dataDir });

    // The command's environment already rotated (step 3) against an instance still at step 1.
    const before = await uses(added, OLD, "2");
    const sent = await ops(added, `${NEW},${OLD}`);
    expect(sent.code, sent.stderr).toBe(0);
    expect((JSON.parse(sent.stdout) as Array<{ id: string }>).map((use) => use.id)).toContain("legacy");
    expect(await uses(added, OLD, "2")).toBe(before + 1);

    // A command that still lists the removed token first is refused: it sends the first only.
    const refused = await ops(removed, `${OLD},${NEW}`);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("HTTP 404");
    expect(refused.stderr).not.toContain(OLD);
    expect((await ops(removed, NEW)).code).toBe(0);
  }, 120_000);
});
