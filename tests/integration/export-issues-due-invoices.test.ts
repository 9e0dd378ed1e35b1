/**
 * The data download holds the invoices the policy has billed (docs/decisions/0312, also): invoices
 * are issued when something reads them (decision 0011), and the download now issues the due
 * ones first, as GET /api/invoices and the bills tab do. From the audit of 1 December 2026,
 * where a policyholder's first download held none and GET /api/invoices listed 7 right after.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { json } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

describe("the access download's invoices", () => {
  it("a policyholder's first download holds the invoices their policy has billed (as GET /api/invoices lists them)", async () => {
    const { client } = await freshPolicyholder(app);
    const file = await json(await client.fetch("/api/self-service/export"));
    const listed = await json(await client.fetch("/api/invoices"));
    expect(listed.length).toBeGreaterThan(0);
    expect(file.tables.invoices.map((i: { pid: string }) => i.pid).sort()).toEqual(listed.map((i: { pid: string }) => i.pid).sort());
  });

  it("the page's download does too", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const response = await client.fetch("/self-service/data/download");
    expect(response.status).toBe(200);
    const file = JSON.parse(await response.text());
    const [{ count }] = await app.core.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM invoices WHERE customer_id = $1`, [customer.id]);
    expect(count).toBeGreaterThan(0);
    expect(file.tables.invoices).toHaveLength(count);
    expect((await json(await client.fetch("/api/invoices"))).length).toBe(count);
  });
});
