/**
 * Analytics only with consent (issue 20 item 4, docs/decisions/0095) through the whole
 * Express stack: the banner on the first page, the consent post (cookie, redirect back,
 * hostile input, cross-site), the settings page in three languages, and a registration whose
 * generate_lead carries hashes and no raw e-mail or phone anywhere in the HTML or the data.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageCookie } from "~/i18n/language.server";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const lng = async (language: string) => (await languageCookie.serialize(language)).split(";")[0];

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  // A browser names the page's origin on every write (docs/decisions/0101).
  return fetch(app.url + path, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers: { Origin: app.url, ...headers } });
}

const page = async (path: string, cookie = "") => {
  const res = await fetch(app.url + path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, html: await res.text() };
};

const BANNER = 'class="consent-banner"';

describe("the banner", () => {
  it("asks on whatever page is opened first, in the page's language, with a plain form back to that page", async () => {
    const login = await page("/login?src=sportclub");
    expect(login.status).toBe(200);
    expect(login.html).toContain(BANNER);
    expect(login.html).toContain("Analüütika ja sinu privaatsus");
    expect(login.html).toMatch(/<form method="post" action="\/privacy\/analytics"/);
    expect(login.html).toContain('name="redirectTo" value="/login?src=sportclub"');
    expect(login.html).toMatch(/<button type="submit" name="choice" value="granted"[^>]*>Luban analüütika</);
    expect(login.html).toMatch(/<button type="submit" name="choice" value="denied"[^>]*>Ei luba</);

    const home = await page("/", await lng("ru"));
    expect(home.html).toContain(BANNER);
    expect(home.html).toContain("Аналитика и ваша конфиденциальность");
    const missing = await page("/no-such-page", await lng("en"));
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("Analytics and your privacy");
  });

  it("is gone once answered, either way; the footer's link to the settings stays on every page", async () => {
    for (const choice of ["granted", "denied"]) {
      const login = await page("/login", `analytics_consent=${choice}`);
      expect(login.html).not.toContain(BANNER);
      expect(login.html).toMatch(/<footer[\s\S]*href="\/privacy\/analytics"[^>]*>Analüütika seaded</);
    }
    expect((await page("/login", "analytics_consent=maybe")).html).toContain(BANNER);
  });
});

describe("the consent post", () => {
  it.each(["granted", "denied"])("stores %s in a cookie of its own and returns to the page it came from", async (choice) => {
    const res = await post("/privacy/analytics", { choice, redirectTo: "/login?src=sportclub" }, { Origin: app.url, "Sec-Fetch-Site": "same-origin" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/login?src=sportclub");
    const [cookie] = res.headers.getSetCookie();
    expect(cookie.split("; ").sort()).toEqual(["HttpOnly", "Max-Age=15552000", "Path=/", "SameSite=Lax", "Secure", `analytics_consent=${choice}`]);
  });

  it("returns only to a same-site path: anything else goes to the settings page", async () => {
    for (const redirectTo of ["//evil.example/x", "https://evil.example/", "javascript:alert(1)", "/\\evil.example", "", "/€", "/\u2028x", "/ü"]) {
      const res = await post("/privacy/analytics", { choice: "denied", redirectTo });
      expect(res.status, redirectTo).toBe(303);
      expect(res.headers.get("Location"), redirectTo).toBe("/privacy/analytics");
    }
  });

  it("answers the form with JavaScript with the choice (no redirect), with the cookie", async () => {
    const res = await post("/privacy/analytics.data", { choice: "granted", redirectTo: "/login", enhanced: "1" });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/^analytics_consent=granted;/);
    expect(await res.text()).toContain("granted");
  });

  it.each([
    [{ choice: "yes" }, "et", "Vali, kas lubad analüütika või mitte."],
    [{ choice: "GRANTED", redirectTo: "/login" }, "en", "Choose whether you allow analytics or not."],
    [{ redirectTo: "/login" }, "ru", "Выберите, разрешаете ли вы аналитику."],
    [{ choice: "__proto__", enhanced: "1" }, "et", "Vali, kas lubad analüütika või mitte."],
  ])("refuses hostile input %j with a translated 400 and no cookie", async (fields, language, message) => {
    const res = await post("/privacy/analytics", fields as Record<string, string>, { Cookie: await lng(language) });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("analytics_consent="))).toEqual([]);
    const html = await res.text();
    expect(html).toContain(message);
    expect(html).toMatch(/<title>(Viga|Error|Ошибка): /);
  });

  it("refuses a body that is no form, and a repeated field, with a 4xx, never a 5xx", async () => {
    const json = await fetch(`${app.url}/privacy/analytics`, { method: "POST", body: '{"choice":"granted"}', headers: { "Content-Type": "application/json", Origin: app.url }, redirect: "manual" });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(json.headers.getSetCookie().filter((c) => c.startsWith("analytics_consent="))).toEqual([]);
    const twice = await fetch(`${app.url}/privacy/analytics`, { method: "POST", body: "choice=denied&choice=granted", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url }, redirect: "manual" });
    expect(twice.status).toBeLessThan(500);
  });

  it("refuses a cross-site post like every other form: 403, translated, no cookie", async () => {
    const res = await post("/privacy/analytics", { choice: "granted", redirectTo: "/" }, { Origin: "https://evil.example", Cookie: await lng("en") });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("analytics_consent="))).toEqual([]);
    expect(await res.text()).toContain("The request came from another website and was not carried out.");
    const noOrigin = await fetch(app.url + "/privacy/analytics", { method: "POST", body: new URLSearchParams({ choice: "granted" }), redirect: "manual", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(noOrigin.status).toBe(403);
  });
});

describe("the settings page", () => {
  it.each([
    ["et", "Analüütika seaded", "Praegu: sa pole veel valinud", "Praegu: analüütika on lubatud.", "Praegu: analüütikat ei kasutata"],
    ["en", "Analytics settings", "Now: you have not chosen yet", "Now: analytics is allowed.", "Now: no analytics"],
    ["ru", "Настройки аналитики", "Сейчас: вы ещё не сделали выбор", "Сейчас: аналитика разрешена.", "Сейчас: аналитика не используется"],
  ])("shows the current choice and the form to change it (%s)", async (language, heading, none, granted, denied) => {
    const cookie = await lng(language);
    const first = await page("/privacy/analytics", cookie);
    expect(first.status).toBe(200);
    expect(first.html).toMatch(new RegExp(`<h1 tabindex="-1" autofocus="">${heading}</h1>`));
    expect(first.html).toContain(`<title>${heading.toLowerCase()} | Elukaitse</title>`);
    expect(first.html).toContain(none);
    // The form is the page's own; no banner asks the same above it.
    expect(first.html).not.toContain(BANNER);
    expect(first.html).toContain('name="redirectTo" value="/privacy/analytics?saved=1"');
    expect((await page("/privacy/analytics", `${cookie}; analytics_consent=granted`)).html).toContain(granted);
    expect((await page("/privacy/analytics", `${cookie}; analytics_consent=denied`)).html).toContain(denied);
  });

  it("changes the choice later (the post without JavaScript comes back saying it saved)", async () => {
    const client = new Client(app.url);
    client.setCookie("analytics_consent", "granted");
    const res = await client.fetch("/privacy/analytics", { method: "POST", body: new URLSearchParams({ choice: "denied", redirectTo: "/privacy/analytics?saved=1" }) });
    expect(res.status).toBe(303);
    expect(client.cookieHeader).toContain("analytics_consent=denied");
    const back = await client.fetch(res.headers.get("Location")!);
    const html = await back.text();
    expect(html).toContain("Sinu valik on salvestatud.");
    expect(html).toContain("Praegu: analüütikat ei kasutata");
  });
});

describe("a registration's generate_lead", () => {
  const EMAIL = "Mari.Maasikas@Example.com";
  const PHONE = "+372 5123-4567";
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  const RAW = ["mari.maasikas@example.com", "Mari.Maasikas", "5123-4567", "5123 4567", "51234567"];

  async function register(consent: string | null) {
    const client = new Client(app.url);
    expect((await client.signIn(freshPersonalCode())).result).toBe("SUCCESS");
    if (consent) client.setCookie("analytics_consent", consent);
    const form = new URLSearchParams({
      email: EMAIL,
      phone: PHONE,
      occupation: "Raamatupidaja",
      sourceOfFunds: "WAGE",
      conditionsAgreement: "on",
      healthDataAgreement: "on",
    });
    return { client, form };
  }

  const expectNoRaw = (text: string) => {
    for (const raw of RAW) expect(text.toLowerCase(), raw).not.toContain(raw.toLowerCase());
  };

  it("carries the hashes and no raw e-mail or phone in the next page's HTML (without JavaScript)", async () => {
    const { client, form } = await register("granted");
    const saved = await client.fetch("/account", { method: "POST", body: form });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/score");
    const html = await (await client.fetch("/score")).text();
    expect(html).toContain("generate_lead");
    expect(html).toContain(sha256("mari.maasikas@example.com"));
    expect(html).toContain(sha256("+37251234567"));
    expect(html).toContain("sha256_email_address");
    expectNoRaw(html);
  });

  it("carries the hashes and no raw e-mail or phone in the data the page loads with JavaScript", async () => {
    const { client, form } = await register("granted");
    const saved = await client.fetch("/account.data", { method: "POST", body: form });
    const answer = await saved.text();
    expectNoRaw(answer);
    const data = await (await client.fetch("/score.data?_routes=root,routes%2Fscore")).text();
    expect(data).toContain("generate_lead");
    expect(data).toContain(sha256("mari.maasikas@example.com"));
    expect(data).toContain(sha256("+37251234567"));
    expectNoRaw(data);
  });

  it.each([["denied"], [null]])("is not on the page at all without consent (%s), nor later", async (consent) => {
    const { client, form } = await register(consent);
    expect((await client.fetch("/account", { method: "POST", body: form })).status).toBe(302);
    const html = await (await client.fetch("/score")).text();
    expect(html).not.toContain("generate_lead");
    expect(html).not.toContain("signup_login");
    expect(html).not.toContain(sha256("mari.maasikas@example.com"));
    client.setCookie("analytics_consent", "granted");
    expect(await (await client.fetch("/score")).text()).not.toContain("generate_lead");
  });
});
