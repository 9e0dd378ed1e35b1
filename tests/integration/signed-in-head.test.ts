/**
 * A signed-in visitor's HEAD reads nothing (docs/decisions/0312, also): 405 with `Allow` naming
 * what the path takes other than HEAD, before any route runs, so it neither counts against the data download's limit nor writes a
 * read to the customer's access log. From the audit of 1 December 2026: `curl -I` on the
 * download answered 200, used one of the three downloads an hour and wrote "Download of your
 * data" and a read per sealed health value, for a read that never happened.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORTS_PER_WINDOW } from "~/core/my-data";
import { startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

/** The customer's audit rows: what their access log and the download's limit count. */
const auditRows = async (customerId: number) =>
  (await app.core.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM health_data_audit WHERE customer_id = $1`, [customerId]))[0].count;

/** What opens the customer's data on GET and records it: the downloads, a document's PDF and page, the data page; and what else each takes. */
const READS: [path: string, allow: string][] = [
  ["/self-service/data/download", "GET"],
  ["/api/self-service/export", "GET"],
  ["/api/documents/policy", "GET"],
  ["/api/documents/application", "GET"],
  ["/self-service/documents/policy", "GET"],
  // The page's forms (the consents withdrawn, the data's changes) post to it.
  ["/self-service/data", "GET, POST"],
  ["/self-service", "GET"],
  ["/api/invoices", "GET"],
];

describe("a signed-in visitor's HEAD", () => {
  it("is answered 405 with the path's other methods on every door that reads the customer's data, recording nothing", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const before = await auditRows(customer.id);
    for (const [path, allow] of READS) {
      const head = await client.fetch(path, { method: "HEAD" });
      expect({ path, status: head.status, allow: head.headers.get("allow"), cache: head.headers.get("cache-control") }).toEqual({ path, status: 405, allow, cache: "no-store" });
    }
    expect(await auditRows(customer.id)).toBe(before);
    // None of the downloads an hour was used: all of them are still there.
    for (let i = 0; i < EXPORTS_PER_WINDOW; i++) expect((await client.fetch("/self-service/data/download", { redirect: "manual" })).status).toBe(200);
    expect(await auditRows(customer.id)).toBeGreaterThan(before);
  });

  it("names what the path takes: POST alone for /session, GET and POST for a page with a form (it said GET for every path)", async () => {
    const { client } = await freshPolicyholder(app);
    for (const [path, allow] of [
      ["/session", "POST"],
      ["/account", "GET, POST"],
      ["/self-service/insurance", "GET, POST"],
      ["/self-service/bills", "GET"],
    ]) {
      const head = await client.fetch(path, { method: "HEAD" });
      expect({ path, status: head.status, allow: head.headers.get("allow") }).toEqual({ path, status: 405, allow });
    }
    // A path nothing has is not found, whatever the method.
    expect((await client.fetch("/no-such-page", { method: "HEAD" })).status).toBe(404);
  });

  it("answers in its door's own kind (an error page, the /api's JSON error); a HEAD without a session as before", async () => {
    const { client } = await freshPolicyholder(app);
    const page = await client.fetch("/self-service/data/download?lng=en", { method: "HEAD" });
    expect([page.status, page.headers.get("content-type")]).toEqual([405, "text/html; charset=utf-8"]);
    const api = await client.fetch("/api/self-service/export", { method: "HEAD" });
    expect([api.status, api.headers.get("content-type")]).toEqual([405, "application/json; charset=utf-8"]);
    // Without a session, as before: a public page is 200, a signed-in door opens nothing.
    expect((await fetch(`${app.url}/`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${app.url}/api/self-service/export`, { method: "HEAD" })).status).toBe(401);
    const download = await fetch(`${app.url}/self-service/data/download`, { method: "HEAD", redirect: "manual" });
    expect([download.status, download.headers.get("location")]).toEqual([302, "/login?redirectTo=%2Fself-service%2Fdata%2Fdownload"]);
  });
});
