/**
 * The pages a limit answers, through the whole server with the pages: the quote's 429 on "/" and
 * the sign-in's on /login say when to retry (`Retry-After`, which Remix passes to the document
 * only through a route's `headers`), and the sign-in's refusal page after a provider's return
 * says how many minutes in the customer's language (docs/decisions/0339).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTES_PER_ADDRESS } from "~/core/quote";
import { MAX_FAILURES_PER_CODE } from "~/core/rate-limit";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const from = (address: string, headers: Record<string, string> = {}) => ({ "X-Forwarded-For": address, ...headers });
const paragraphs = (html: string) => [...html.matchAll(/<p>([^<]*)<\/p>/g)].map((m) => m[1]);

describe("a limit's 429 says when to retry", () => {
  it("the quote on /: Retry-After in seconds, and the form as it was typed", async () => {
    const headers = from("10.9.0.1");
    for (let i = 0; i < QUOTES_PER_ADDRESS; i++) expect((await fetch(`${app.url}/?age=40`, { headers })).status).toBe(200);
    const limited = await fetch(`${app.url}/?age=41&life=60000&packages=MENTAL&lng=en`, { headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(html).toMatch(/Too many price requests\. Try again in \d+ seconds?\./);
    expect(html).toMatch(/<input[^>]*name="age"[^>]*value="41"/);
    expect(html).toMatch(/<input[^>]*name="life"[^>]*value="60000"/);
    expect(html).toMatch(/<input[^>]*name="packages"[^>]*checked=""[^>]*value="MENTAL"/);
  });

  it("the sign-in on /login: Retry-After in seconds after too many failures with one code", async () => {
    const post = () =>
      fetch(`${app.url}/login?lng=en`, {
        method: "POST",
        headers: from("10.9.0.2", { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" }),
        body: new URLSearchParams({ method: "id-card", idCode: "30403039983" }).toString(),
        redirect: "manual",
      });
    for (let i = 0; i < MAX_FAILURES_PER_CODE; i++) expect((await post()).headers.get("location")).toBe("/login-failed/unauthorized");
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("900");
    expect(await limited.text()).toContain("Too many failed sign-in attempts. Please try again in 15 minutes.");
  });
});

describe("the sign-in's refusal page after a provider's return", () => {
  it.each([
    ["?minutes=7&lng=en", "Too many failed sign-in attempts. Please try again in 7 minutes."],
    ["?minutes=1&lng=en", "Too many failed sign-in attempts. Please try again in 1 minute."],
    ["?minutes=2&lng=ru", "Слишком много неудачных попыток входа. Попробуйте снова через 2 минуты."],
    ["?lng=et", "Liiga palju ebaõnnestunud sisselogimiskatseid. Proovi uuesti 15 minuti pärast."],
    // Not a wait a limit sets: the limit's window.
    ["?minutes=9999&lng=en", "Too many failed sign-in attempts. Please try again in 15 minutes."],
    ["?minutes=1.5&minutes=x&lng=en", "Too many failed sign-in attempts. Please try again in 15 minutes."],
  ])("/login-failed/rate_limited%s says the minutes", async (query, text) => {
    const res = await fetch(`${app.url}/login-failed/rate_limited${query}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(paragraphs(html)).toContain(text);
    expect(html).not.toContain("error.rate_limited");
  });
});
