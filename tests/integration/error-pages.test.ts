/**
 * An error nobody expected shows no details outside NODE_ENV=development: no message, no
 * stack, no file path, on pages (Remix in production mode), on the Express error handler's
 * page, and on /api; every answer translated and never cached.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccessToken } from "~/core/signing/demo";
import { startTestApp, type TestApp } from "../support/app";
import { signedInCustomer } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  // NODE_ENV=test, as a test run has it: like production, no details.
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const DETAILS = /\n\s+at |\bat [\w.<>$]+ \(|\/work\/|node_modules|file:\/\/|\.[jt]sx?:\d+:\d+|PGlite is closed/;
const lng = (value: string) => `lng=${Buffer.from(JSON.stringify(value)).toString("base64")}`;

describe("with the database gone", () => {
  it("pages, the demo signing page and /api answer 5xx without details", async () => {
    const { cookie } = await signedInCustomer(app);
    await app.closeDatabase();

    const page = await fetch(`${app.url}/account`, { headers: { Cookie: `${cookie}; ${lng("en")}` } });
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(DETAILS.exec(html)?.[0]).toBeUndefined();
    expect(html).toContain("Unexpected error!");
    expect(page.headers.get("cache-control")).toBe("no-store");
    // The signed-in customer's error page is the product's all the same: its name in the title
    // and the footer, the insurer and its licence there (docs/decisions/0091), not '© 2026 .'.
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(`Unexpected error! | ${app.config.productName}`);
    expect(html).toContain(`${app.config.productName}.`);
    expect(html).toContain(app.config.insurer.licence);

    // Single fetch carries the error inside its answer.
    const data = await fetch(`${app.url}/account.data`, { headers: { Cookie: cookie } });
    const payload = await data.text();
    expect(payload).toContain("Unexpected Server Error");
    expect(DETAILS.exec(payload)?.[0]).toBeUndefined();

    const token = "some-signing-token";
    const signing = await fetch(`${app.url}/sign/demo/signing/${token}?access_token=${demoAccessToken(app.config.sessionSecrets, token)}`, {
      headers: { Cookie: lng("ru") },
    });
    expect(signing.status).toBe(500);
    const signingHtml = await signing.text();
    expect(DETAILS.exec(signingHtml)?.[0]).toBeUndefined();
    expect(signingHtml).toContain("Техническая ошибка");

    const api = await fetch(`${app.url}/api/onboarding/state`, { headers: { Cookie: cookie } });
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ errors: [{ code: "error.technical" }] });
  });
});
