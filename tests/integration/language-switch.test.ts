/**
 * The language switch through the whole Express stack (issue 11): `?lng=` answers the page in
 * that language at once, with the cookie, and no redirect first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageCookie } from "~/i18n/language.server";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

describe("the language switch", () => {
  it.each([
    ["en", "Welcome!"],
    ["ru", "Добро пожаловать!"],
    ["et", "Tere tulemast!"],
  ])("/login?lng=%s is that language's page in one answer, and remembers it", async (lng, heading) => {
    const other = (await languageCookie.serialize(lng === "et" ? "en" : "et")).split(";")[0];
    const res = await fetch(`${app.url}/login?lng=${lng}`, { redirect: "manual", headers: { Cookie: other } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lng}"`);
    expect(html).toContain(heading);
    const set = res.headers.getSetCookie().find((c) => c.startsWith("lng="));
    expect(await languageCookie.parse(set!.split(";")[0])).toBe(lng);
    // As every cookie of ours: only over HTTPS, and no script reads it (docs/decisions/0352).
    expect(set).toMatch(/; Secure/);
    expect(set).toMatch(/; HttpOnly/);
  });

  it("an unknown language leaves the cookie alone and answers in the remembered one", async () => {
    const en = (await languageCookie.serialize("en")).split(";")[0];
    const res = await fetch(`${app.url}/login?lng=xx`, { redirect: "manual", headers: { Cookie: en } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="en"');
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("lng="))).toEqual([]);
  });

  it.each([
    ["EN", "en"],
    ["ru-RU", "ru"],
  ])("/login?lng=%s, answered in that language, remembers it too: the next page is not in another", async (query, lng) => {
    const et = (await languageCookie.serialize("et")).split(";")[0];
    const res = await fetch(`${app.url}/login?lng=${query}`, { redirect: "manual", headers: { Cookie: et } });
    expect(await res.text()).toContain(`<html lang="${lng}"`);
    const set = res.headers.getSetCookie().filter((c) => c.startsWith("lng="));
    expect(set).toHaveLength(1);
    expect(await languageCookie.parse(set[0].split(";")[0])).toBe(lng);
    // The redirect's door reads it the same way.
    const redirected = await fetch(`${app.url}/self-service/insurance?lng=${query}`, { redirect: "manual", headers: { Cookie: et } });
    const remembered = redirected.headers.getSetCookie().filter((c) => c.startsWith("lng="));
    expect(remembered).toHaveLength(1);
    expect(await languageCookie.parse(remembered[0].split(";")[0])).toBe(lng);
  });

  it("a page that redirects remembers the language asked for, so the page it leads to is in it (an audit found it lost)", async () => {
    const et = (await languageCookie.serialize("et")).split(";")[0];
    const res = await fetch(`${app.url}/self-service/insurance?lng=ru`, { redirect: "manual", headers: { Cookie: et } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const set = res.headers.getSetCookie().filter((c) => c.startsWith("lng="));
    expect(set).toHaveLength(1);
    expect(await languageCookie.parse(set[0].split(";")[0])).toBe("ru");
    const next = await fetch(`${app.url}${res.headers.get("location")}`, { headers: { Cookie: set[0].split(";")[0] } });
    expect(await next.text()).toContain('<html lang="ru"');
    // An unknown one is no language: nothing remembered.
    const unknown = await fetch(`${app.url}/self-service/insurance?lng=xx`, { redirect: "manual", headers: { Cookie: et } });
    expect(unknown.headers.getSetCookie().filter((c) => c.startsWith("lng="))).toEqual([]);
  });
});
