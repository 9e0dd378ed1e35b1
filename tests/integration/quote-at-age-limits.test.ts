/**
 * A year of birth's quote at the age limits (docs/decisions/0312): GET /api/quote and the
 * landing page without JavaScript say what a sign-in the same day gives someone born that year,
 * whichever side of this year's birthday they are on; and nothing keeps the answer past
 * Tallinn's new year. Started from the audit of 1 December 2026, which found
 * `birthYear=1961` "not available" to someone who could buy that day and `birthYear=2008`
 * priced for someone who could not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makePersonalCode } from "~/lib/personal-code";
import { Client, startTestApp, type TestApp } from "../support/app";

const NOW = "2026-12-01T10:00:00Z";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: NOW, remix: true });
});
beforeEach(() => app.clock.set(NOW));
afterAll(() => app.close());

const quote = async (query: string) => {
  const response = await fetch(`${app.url}/api/quote?${query}`);
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.json() };
};
const page = async (query: string) => {
  const response = await fetch(`${app.url}/?${query}`);
  return { status: response.status, cacheControl: response.headers.get("cache-control"), html: await response.text() };
};
/** What a sign-in today gives someone born on `birth`: available unless SERVICE_UNAVAILABLE. */
async function signInToday(birth: string, serial: number): Promise<boolean> {
  const client = new Client(app.url);
  expect((await client.signIn(makePersonalCode(birth, "F", serial))).result).toBe("SUCCESS");
  const { state } = await (await client.fetch("/api/onboarding/state")).json();
  return state !== "SERVICE_UNAVAILABLE";
}

describe("a year of birth's quote against the sign-in the same day", () => {
  it.each([
    // 64 before the birthday (may sign today), 65 after it (may not).
    { year: 1961, ahead: "1961-12-20", passed: "1961-01-15", age: 64, birthday: "ahead", otherwiseAge: 65 },
    // 17 before the birthday (may not sign today), 18 after it (may).
    { year: 2008, ahead: "2008-12-20", passed: "2008-01-15", age: 18, birthday: "passed", otherwiseAge: 17 },
  ])("born in $year: priced for the age that may sign today, holding for one side of the birthday", async ({ year, ahead, passed, age, birthday, otherwiseAge }) => {
    const { status, body } = await quote(`birthYear=${year}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      available: true,
      age,
      onlyIf: { birthday, code: `quote.only_if.birthday_${birthday}`, otherwise: { available: false, age: otherwiseAge, state: "SERVICE_UNAVAILABLE" } },
    });
    // The price is the age's own.
    expect(body.estimation).toEqual((await quote(`age=${age}`)).body.estimation);
    // Whoever the price holds for may sign in today and buy; whoever it does not hold for is turned away.
    const holds = { ahead: await signInToday(ahead, 321), passed: await signInToday(passed, 322) };
    expect(holds).toEqual(birthday === "ahead" ? { ahead: true, passed: false } : { ahead: false, passed: true });
  });

  it("says nothing more where both ages are on one side of the limits", async () => {
    expect((await quote("birthYear=1962")).body).toMatchObject({ available: true, age: 64 });
    expect((await quote("birthYear=1962")).body).not.toHaveProperty("onlyIf");
    expect((await quote("birthYear=1960")).body).toEqual({ available: false, age: 66, state: "SERVICE_UNAVAILABLE" });
    expect((await quote("birthYear=2009")).body).toEqual({ available: false, age: 17, state: "SERVICE_UNAVAILABLE" });
  });
});

describe("the landing page without JavaScript", () => {
  it.each([
    ["et", "Hind on 64-aastasele: see kehtib, kui sinu sünnipäev on tänavu alles ees. Kui oled tänavu juba 65-aastaseks saanud, ei saa kindlustust sõlmida."],
    ["en", "The price is for age 64: it holds if your birthday this year is still ahead. If you have already turned 65 this year, the insurance is not available to you."],
    ["ru", "Цена рассчитана для возраста 64: она действует, если день рождения в этом году у вас ещё впереди. Если в этом году вам уже исполнилось 65, страховка недоступна."],
  ])("born in 1961, in %s: the price for 64 and for which birthday it holds, not 'not available'", async (lng, text) => {
    const { status, html } = await page(`birthYear=1961&lng=${lng}`);
    expect(status).toBe(200);
    expect(html).toContain(text);
    expect(html).toMatch(/<input[^>]*id="age"[^>]*value="64"/);
    expect(html).toContain('data-line="discount-up-to"');
  });

  it.each([
    ["et", "Hind on 18-aastasele: see kehtib, kui sinu sünnipäev on tänavu juba olnud. Enne sünnipäeva oled 17-aastane ega saa veel kindlustust sõlmida."],
    ["en", "The price is for age 18: it holds if you have already had your birthday this year. Before your birthday you are 17 and cannot sign up yet."],
    ["ru", "Цена рассчитана для возраста 18: она действует, если день рождения в этом году у вас уже был. До дня рождения ваш возраст — 17, и оформить страховку пока нельзя."],
  ])("born in 2008, in %s: the price for 18, holding only once the birthday has come", async (lng, text) => {
    const { html } = await page(`birthYear=2008&lng=${lng}`);
    expect(html).toContain(text);
    expect(html).toMatch(/<input[^>]*id="age"[^>]*value="18"/);
  });

  it("says nothing of birthdays for an age typed", async () => {
    const { html } = await page("age=64&lng=en");
    expect(html).toContain('data-line="discount-up-to"');
    expect(html).not.toContain('data-line="only-if"');
  });
});

describe("across Tallinn's new year", () => {
  it("keeps a year of birth's answer no later than midnight of 31 December, and answers the new year's ages after it", async () => {
    // 23:30 on 31 December 2026 in Tallinn (UTC+2).
    app.clock.set("2026-12-31T21:30:00Z");
    const before = await quote("birthYear=2008");
    expect(before.body).toMatchObject({ available: true, age: 18, onlyIf: { birthday: "passed" } });
    expect(before.cacheControl).toBe("public, max-age=1800");
    // An age's answer does not change with the year.
    expect((await quote("age=40")).cacheControl).toBe("public, max-age=3600");
    expect((await page("birthYear=2008&lng=en")).cacheControl).toBe("no-store");

    // 00:30 on 1 January 2027 in Tallinn, still 31 December in UTC.
    app.clock.set("2026-12-31T22:30:00Z");
    const after = await quote("birthYear=2008");
    expect(after.body).toMatchObject({ available: true, age: 19 });
    expect(after.body).not.toHaveProperty("onlyIf");
    expect(after.cacheControl).toBe("public, max-age=3600");
    expect((await quote("birthYear=2009")).body).toMatchObject({ available: true, age: 18, onlyIf: { birthday: "passed", otherwise: { age: 17 } } });
    expect((await quote("birthYear=1962")).body).toMatchObject({ available: true, age: 64, onlyIf: { birthday: "ahead", otherwise: { age: 65 } } });
    expect((await page("birthYear=1962&lng=en")).html).toContain("The price is for age 64: it holds if your birthday this year is still ahead.");
  });
});
