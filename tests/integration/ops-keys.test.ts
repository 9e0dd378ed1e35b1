/**
 * The operator's doors and what `npm run ops -- keys` and `reseal` tell and record
 * (docs/operations.md "Rotating keys", docs/decisions/0313).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import { startTestApp, type TestApp } from "../support/app";
import { openStored } from "../support/documents";
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
