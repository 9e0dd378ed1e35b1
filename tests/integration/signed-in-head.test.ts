/**
 * A signed-in visitor's HEAD reads nothing (docs/decisions/0312, also): 405 with `Allow` naming
 * what the path takes other than HEAD, before any route runs, so it neither counts against the data download's limit nor writes a
 * read to the customer's access log. From the audit of 1 December 2026: `curl -I` on the
 * download answered 200, used one of the three downloads an hour and wrote "Download of your
 * data" and a read per sealed health value, for a read that never happened.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORTS_PER_WINDOW } from "~/core/my-data";
import type { ServerBuild } from "@remix-run/node";
import { startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { remixBuild } from "../support/remix-build";
import { ALL_CONSENTS, customerReadyToSign } from "../support/offer-application";

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

/** Every path the pages' route table serves with POST alone (an action, no loader, no page): a parameter's segment filled in. */
function postOnlyPaths(build: ServerBuild): string[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent || "/";
  };
  return Object.values(build.routes)
    .filter(({ module }) => module.action && !module.loader && !module.default)
    .map((route) => fullPath(route.id).replace(/:[^/]+/g, "x"));
}

describe("a path that takes POST alone", () => {
  it("answers GET and HEAD, signed in or not, 405 with Allow: POST (every such route of the table)", async () => {
    const paths = postOnlyPaths(await remixBuild());
    // The table is read, not a list kept by hand; /session (the session timer's posts) is among them.
    expect(paths).toContain("/session");
    const { client } = await freshPolicyholder(app);
    for (const path of paths) {
      for (const [who, ask] of [
        ["anonymous", (init: RequestInit) => fetch(`${app.url}${path}`, { ...init, redirect: "manual" })],
        ["signed in", (init: RequestInit) => client.fetch(path, { ...init, redirect: "manual" })],
      ] as const) {
        for (const method of ["GET", "HEAD"]) {
          const res = await ask({ method });
          expect({ path, who, method, status: res.status, allow: res.headers.get("allow") }).toEqual({ path, who, method, status: 405, allow: "POST" });
        }
      }
    }
  });
});

describe("the demo signing's pages (mounted before the pages, with a router of their own)", () => {
  it("refuse a signed-in HEAD with what the path takes, opening nothing; OPTIONS is 405 as on every other path", async () => {
    const { client, customer } = await customerReadyToSign(app);
    expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
    const signing = (await (await client.fetch("/api/sign/init", { method: "POST" })).json()) as { signingToken: string; accessToken: string };
    const page = `/sign/demo/signing/${signing.signingToken}`;
    const query = `?access_token=${signing.accessToken}`;
    const before = await auditRows(customer.id);
    // It answered 200 by running the GET's work: the document's read was recorded for a HEAD.
    for (const [path, allow] of [
      [`${page}${query}`, "GET, POST"],
      [`${page}/document${query}`, "GET"],
    ]) {
      const head = await client.fetch(path, { method: "HEAD" });
      expect({ path, status: head.status, allow: head.headers.get("allow"), cache: head.headers.get("cache-control") }).toEqual({ path, status: 405, allow, cache: "no-store" });
    }
    expect(await auditRows(customer.id)).toBe(before);
    // Without a session, as before: the page's headers alone.
    expect((await fetch(`${app.url}${page}${query}`, { method: "HEAD" })).status).toBe(200);
    // OPTIONS was Express's own 200.
    const options = await fetch(`${app.url}${page}`, { method: "OPTIONS" });
    expect([options.status, options.headers.get("allow")]).toEqual([405, "GET, HEAD, POST"]);
    // A path the router does not have is the pages' 404.
    expect((await client.fetch("/sign/demo/nothing-here", { method: "HEAD" })).status).toBe(404);
  });
});
