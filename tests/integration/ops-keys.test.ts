/**
 * The operator's doors and what `npm run ops -- keys` and `reseal` tell and record
 * (docs/operations.md "Rotating keys", docs/decisions/0313).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KeyUse } from "~/core/health-keys";
import { prepareDatabase } from "~/core/startup";
import { startTestApp, type TestApp } from "../support/app";
import { policyholderWithPlainDocument } from "../support/documents";
import { customerAt } from "../support/reach";

const TOKEN = "ops-token-for-the-keys-tests-9Xq4Lm2Vb7";
const bearer = { Authorization: `Bearer ${TOKEN}` };
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { OPS_TOKEN: TOKEN } });
});
afterAll(() => app.close());

describe("the operator's doors", () => {
  it("answer only in lower case, as the proxy's rule that keeps them private reads them", async () => {
    expect((await fetch(`${app.url}/ops/keys`, { headers: bearer })).status).toBe(200);
    expect((await fetch(`${app.url}/metrics`, { headers: bearer })).status).toBe(200);
    for (const path of ["/OPS/keys", "/Ops/Keys", "/ops/KEYS", "/METRICS", "/Metrics"]) {
      const res = await fetch(`${app.url}${path}`, { headers: bearer });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/sealsNewValues|process_cpu/);
    }
  });
});

/** A customer whose application PDF is stored plain (before migration 0006). */
async function plainPolicyDocument(): Promise<number> {
  const { customer, code } = await customerAt(app, "account");
  await policyholderWithPlainDocument(app, customer.id, code);
  return customer.id;
}

describe("ops keys counts what the reseal has still to do", () => {
  it("counts an application PDF stored plain under `?`, and a start still opens (decision 0106)", async () => {
    await plainPolicyDocument();
    const plain = (await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM policies WHERE NOT document_sealed`))[0].n;
    expect(plain).toBeGreaterThan(0);
    const uses = (await (await fetch(`${app.url}/ops/keys`, { headers: bearer })).json()) as KeyUse[];
    expect(uses.find((use) => use.id === "?")).toMatchObject({ inRing: false, sealsNewValues: false, places: { "policies.signed_document": plain } });
    const counted = uses.reduce((sum, use) => sum + (use.places["policies.signed_document"] ?? 0), 0);
    const stored = (await app.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM policies WHERE signed_document IS NOT NULL`))[0].n;
    expect(counted).toBe(stored);
    await expect(prepareDatabase(app.core.db, app.clock, app.config)).resolves.toMatchObject({ plainDocuments: plain });
  });
});

describe("the reseal's reason", () => {
  it("is recorded with every audit row it writes", async () => {
    const customerId = await plainPolicyDocument();
    const reason = "Key rotation after the 2026-12 compromise";
    const res = await fetch(`${app.url}/ops/reseal`, { method: "POST", headers: { ...bearer, "Ops-Reason": encodeURIComponent(reason) } });
    expect(res.status).toBe(200);
    const rows = await app.core.db.query<{ actor: string; reason: string | null }>(
      `SELECT actor, reason FROM health_data_audit WHERE customer_id = $1 AND actor LIKE 'operator%' ORDER BY id`,
      [customerId],
    );
    expect(rows).toEqual([{ actor: "operator:reseal", reason }]);
  });
});
