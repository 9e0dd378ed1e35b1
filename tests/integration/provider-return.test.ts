/**
 * Back from a provider's page on its own site (docs/decisions/0351): an arrival the browser
 * marks `Sec-Fetch-Site: cross-site` carries no SameSite Strict cookie, so /login/return and
 * the withdrawal's return first load themselves again from our own page; that load is
 * same-origin and does the work. The browser's side is tests/e2e/provider-return.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDokobitIdentity, type FakeDokobitIdentity } from "../fakes/dokobit-identity";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";

let fake: FakeDokobitIdentity;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeDokobitIdentity({ accessToken: "integration-dokobit-token" });
  app = await startTestApp({
    remix: true,
    env: { EID_PROVIDER: "dokobit", DOKOBIT_IDENTITY_URL: fake.url, DOKOBIT_IDENTITY_ACCESS_TOKEN: fake.accessToken },
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

/** A sign-in under way on `client`, confirmed on Dokobit's page: the address it sends the customer back to (path and query). */
async function confirmedSignIn(client: Client): Promise<string> {
  const started = await client.fetch("/api/auth/init", { method: "POST" });
  const { sessionToken } = (await started.json()) as { sessionToken: string };
  fake.authenticate(sessionToken, { code: freshPersonalCode({ age: 30 }), name: "TEST", surname: "KASUTAJA" });
  const back = new URL(fake.returnUrlFor(sessionToken));
  return back.pathname + back.search;
}

const arrive = (client: Client, path: string, site: string | null, method = "GET") =>
  fetch(app.url + path, {
    method,
    redirect: "manual",
    headers: { Cookie: client.cookieHeader, ...(site ? { "Sec-Fetch-Site": site } : {}), ...(method === "POST" ? { Origin: app.url } : {}) },
  });

const html = (s: string) => s.replace(/&/g, "&amp;");

describe("a provider's return reached from its own site (decision 0351)", () => {
  it("is loaded again from our page, the same address marked, in the customer's language, nothing done yet", async () => {
    const client = new Client(app.url);
    const back = await confirmedSignIn(client);
    const statusReads = fake.requests.filter((r) => r.path.endsWith("/status")).length;

    const bounced = await arrive(client, `${back}&lng=ru`, "cross-site");
    expect(bounced.status).toBe(200);
    expect(bounced.headers.get("content-type")).toMatch(/^text\/html/);
    expect(bounced.headers.get("cache-control")).toBe("no-store");
    expect(bounced.headers.get("referrer-policy")).toBe("no-referrer");
    expect(bounced.headers.get("set-cookie")).toBeNull();
    const again = `${back}&lng=ru&same_site=1`;
    const page = await bounced.text();
    expect(page).toContain('<html lang="ru"');
    expect(page).toContain(`<meta http-equiv="refresh" content="0; url=${html(again)}">`);
    expect(page).toContain("<title>Продолжаем… | ");
    expect(page).toContain(`<a href="${html(again)}">Продолжить</a>`);
    // Dokobit was not asked: the sign-in is still under way.
    expect(fake.requests.filter((r) => r.path.endsWith("/status"))).toHaveLength(statusReads);

    // The repeat, from our page, signs the customer in as before.
    const done = await arrive(client, again, "same-origin");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/account");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(true);
  });

  it("is bounced only once, and only a cross-site GET of a return path", async () => {
    const client = new Client(app.url);
    const back = await confirmedSignIn(client);
    // Marked as the repeat already: never again, whatever the browser says.
    expect((await arrive(client, `${back}&same_site=1`, "cross-site")).status).toBe(302);
    // Same-origin, with no header at all (a browser without Fetch Metadata), or another path: as before.
    const other = await confirmedSignIn(new Client(app.url));
    expect((await arrive(new Client(app.url), other, "same-origin")).status).toBe(302);
    expect((await arrive(new Client(app.url), other, null)).status).toBe(302);
    expect((await arrive(client, "/login?x=1", "cross-site")).status).toBe(200);
    expect(await (await arrive(client, "/login?x=1", "cross-site")).text()).not.toContain('http-equiv="refresh"');
  });

  it("the withdrawal's return is loaded again the same way", async () => {
    const client = new Client(app.url);
    const bounced = await arrive(client, "/self-service/withdraw/return?session_token=abc", "cross-site");
    expect(bounced.status).toBe(200);
    expect(await bounced.text()).toContain(`<meta http-equiv="refresh" content="0; url=${html("/self-service/withdraw/return?session_token=abc&same_site=1")}">`);
    // A HEAD or a POST there is no provider's navigation.
    expect((await arrive(client, "/self-service/withdraw/return?session_token=abc", "cross-site", "HEAD")).status).not.toBe(200);
  });
});
