/**
 * Session limits and drafts (issue 11), with a moved clock, through the whole Express stack:
 * idle 30 minutes and absolute one day, both server-side; what a customer posted after the
 * end (no JavaScript) or what the page held at the end (JavaScript: /session intent=end) is
 * kept for them, sealed, given back to the form after the next sign-in, and purged after
 * its life.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAFT_TTL_MS, SWITCH_DRAFT_TTL_MS } from "~/core/drafts";
import { SESSION_IDLE_MS, SESSION_TTL_MS } from "~/core/sessions";
import { Client, startTestApp, type TestApp } from "../support/app";
import { customerAt, saveStep } from "../support/reach";
import { REGISTRATION } from "../support/walk";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const MINUTE = 60_000;
const later = (ms: number) => app.clock.set(new Date(app.clock.now().getTime() + ms));
const state = (client: Client) => client.fetch("/api/onboarding/state");
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("the idle limit", () => {
  it("ends a session after 30 minutes without a request; every request starts the half hour again", async () => {
    const { client } = await customerAt(app, "account");
    later(SESSION_IDLE_MS - MINUTE);
    expect((await state(client)).status).toBe(200);
    later(SESSION_IDLE_MS - MINUTE);
    expect((await state(client)).status).toBe(200);
    later(SESSION_IDLE_MS + 1000);
    expect((await state(client)).status).toBe(401);
    // A page goes to the sign-in, remembering where the customer was.
    expect((await client.fetch("/account")).headers.get("location")).toBe("/login?redirectTo=%2Faccount");
  });

  it("ends a session a day after sign-in however active the customer is", async () => {
    const { client } = await customerAt(app, "account");
    for (let elapsed = 0; elapsed + 20 * MINUTE < SESSION_TTL_MS; elapsed += 20 * MINUTE) {
      later(20 * MINUTE);
      expect((await state(client)).status, `after ${elapsed / MINUTE + 20} minutes`).toBe(200);
    }
    later(20 * MINUTE);
    expect((await state(client)).status).toBe(401);
  });

  it("/session intent=extend answers the new ends; the page's root knows them too; after the end, 401", async () => {
    const { client } = await customerAt(app, "account");
    later(20 * MINUTE);
    const extended = await client.fetch("/session", { method: "POST", body: form({ intent: "extend" }) });
    expect(extended.status).toBe(200);
    const times = (await extended.json()) as { ended: boolean; idleMs: number; absoluteMs: number };
    expect(times).toMatchObject({ ended: false, idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_TTL_MS - 20 * MINUTE });
    later(SESSION_IDLE_MS + 1000);
    const over = await client.fetch("/session", { method: "POST", body: form({ intent: "extend" }) });
    expect(over.status).toBe(401);
    expect(await over.json()).toEqual({ ended: true });
  });

  it("without JavaScript a step's page says when the session ends, in Tallinn's time as every instant the app shows", async () => {
    const before = app.clock.now();
    // Signed in at 03:00 on the autumn change's night, in its first hour (UTC+3): the idle end
    // falls in the hour that comes twice, so it names its offset; the day's end is a day later.
    app.clock.set(new Date("2026-10-25T00:00:00Z"));
    try {
      const { client } = await customerAt(app, "account");
      const note = async (lng: string) => (await (await client.fetch(`/account?lng=${lng}`)).text()).match(/<noscript><p class="note">(.*?)<\/p>/)?.[1];
      expect(await note("en")).toBe(
        "If you do not send the form, your session ends at 03:30 (UTC+3) (30 minutes after the last request), at the latest on 26.10.2026 at 02:00. You will then be asked to sign in again; what you sent is kept.",
      );
      expect(await note("ru")).toContain("не позднее 26.10.2026 в 02:00.");
      expect(await note("et")).toContain("lõpeb seanss kell 03:30 (UTC+3) (30 minutit pärast viimast päringut), hiljemalt 26.10.2026 kell 02:00.");
      // Only the server renders the note: its times are not in the data handed to the browser.
      const handed = [...(await (await client.fetch("/account")).text()).matchAll(/<script[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]).join("");
      expect(handed).toContain("idleMs");
      expect(handed).not.toMatch(/EndsAt|endsOn|26\.10\.2026/);
    } finally {
      app.clock.set(before);
    }
  });
});

const ACCOUNT = {
  email: "unustaja@example.com",
  phone: "+372 5123 4567",
  occupation: "Kirjanik",
  sourceOfFunds: "WAGE",
  conditionsAgreement: "on",
  healthDataAgreement: "on",
};

describe("drafts", () => {
  it("a form posted after the idle end (no JavaScript) is kept, sealed, and back in the form after signing in again", async () => {
    const { client, code, customer } = await customerAt(app, "account");
    later(SESSION_IDLE_MS + MINUTE);
    const posted = await client.fetch("/account", { method: "POST", body: form({ ...ACCOUNT, _submission: "draft-key-0123456789ab" }) });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/login?redirectTo=%2Faccount&ended=1");
    // Sealed: nothing typed is readable in the table.
    const [row] = await app.core.db.query<{ fields: string }>(`SELECT fields FROM drafts WHERE customer_id = $1 AND form = 'account'`, [customer.id]);
    // The sealed value is base64url, which may hold any run of letters or digits by chance; the
    // plain value's characters ("@", quotes) cannot stand in it.
    expect(row.fields).not.toContain("unustaja@");
    expect(row.fields).toMatch(/^v1\./);
    // The sign-in page says what happened.
    expect(await (await new Client(app.url).fetch("/login?redirectTo=%2Faccount&ended=1")).text()).toContain("Sinu seanss lõppes.");

    const again = new Client(app.url);
    expect((await again.signIn(code)).result).toBe("SUCCESS");
    const page = await (await again.fetch("/account")).text();
    expect(page).toContain('value="unustaja@example.com"');
    expect(page).toContain('value="Kirjanik"');
    // Saved, the draft has done its work.
    const saved = await again.fetch("/account", { method: "POST", body: form({ ...ACCOUNT, _submission: "draft-key-0123456789cd" }) });
    expect(saved.headers.get("location")).toBe("/score");
    expect(await app.core.drafts.read(customer.id, "account")).toBeNull();
  });

  it("the page's form at the idle end (JavaScript: /session intent=end) is kept, health answers too, and the session and its cookie are over", async () => {
    const { client, code, customer } = await customerAt(app, "questionnaire");
    later(SESSION_IDLE_MS - 10_000);
    const ended = await client.fetch("/session", {
      method: "POST",
      body: form({ intent: "end", _path: "/questionnaire", height: "177", weight: "71", "content.smoking.answer": "true", _submission: "x" }),
    });
    expect(await ended.json()).toEqual({ ended: true });
    expect(ended.headers.getSetCookie()[0]).toMatch(/^session=;/);
    expect(client.cookieHeader).not.toMatch(/(?:^|; )session=/);
    expect((await state(client)).status).toBe(401);
    const [row] = await app.core.db.query<{ fields: string }>(`SELECT fields FROM drafts WHERE customer_id = $1 AND form = 'questionnaire'`, [customer.id]);
    expect(row.fields).not.toContain('"177"');
    const fields = await app.core.drafts.read(customer.id, "questionnaire");
    expect(fields).toEqual([
      ["height", "177"],
      ["weight", "71"],
      ["content.smoking.answer", "true"],
    ]);

    const again = new Client(app.url);
    expect((await again.signIn(code)).result).toBe("SUCCESS");
    const page = await (await again.fetch("/questionnaire")).text();
    expect(page).toContain('value="177"');
    expect(page).toContain('value="71"');
    // Its write and each opening (the read above, the page's) are audited as the customer's.
    const audited = await app.core.db.query(
      `SELECT actor, action FROM health_data_audit WHERE customer_id = $1 AND subject = 'draft:questionnaire' ORDER BY id`,
      [customer.id],
    );
    const actor = `customer:${customer.id}`;
    expect(audited).toEqual([
      { actor, action: "write" },
      { actor, action: "read" },
      { actor, action: "read" },
    ]);
  });

  it("the page's form kept before a language switch (JavaScript: /session intent=keep) comes back on the page in that language, sealed; the session goes on", async () => {
    const { client, customer } = await customerAt(app, "questionnaire");
    const kept = await client.fetch("/session", {
      method: "POST",
      body: form({ intent: "keep", _path: "/questionnaire", height: "183", weight: "79", _submission: "x" }),
    });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ ended: false, kept: true, idleMs: SESSION_IDLE_MS });
    expect((await state(client)).status).toBe(200);
    const [row] = await app.core.db.query<{ fields: string }>(`SELECT fields FROM drafts WHERE customer_id = $1 AND form = 'questionnaire'`, [customer.id]);
    expect(row.fields).not.toContain('"183"');
    const page = await (await client.fetch("/questionnaire?lng=ru")).text();
    expect(page).toContain('<html lang="ru"');
    expect(page).toContain('value="183"');
    expect(page).toContain('value="79"');
    // It carried the typed values across; a quarter of an hour on, the page is as saved (none here).
    later(SWITCH_DRAFT_TTL_MS + 1000);
    expect((await state(client)).status).toBe(200);
    const after = await (await client.fetch("/questionnaire")).text();
    expect(after).not.toContain('value="183"');

    // A page that is no step keeps nothing, and says so (the switch then goes as a plain link).
    const elsewhere = await client.fetch("/session", { method: "POST", body: form({ intent: "keep", _path: "/self-service/user/contact", email: "x@example.com" }) });
    expect(await elsewhere.json()).toMatchObject({ ended: false, kept: false });
    // Signed out: 401, nothing kept.
    const stranger = await new Client(app.url).fetch("/session", { method: "POST", body: form({ intent: "keep", _path: "/account", email: "y@example.com" }) });
    expect(stranger.status).toBe(401);
  });

  it("a kept draft is done with once the form is saved through the /api, as through the page", async () => {
    const { client, customer } = await customerAt(app, "account");
    await client.fetch("/session", { method: "POST", body: form({ intent: "keep", _path: "/account", email: "vahetaja@example.com", occupation: "Tõlkija" }) });
    expect(await (await client.fetch("/account")).text()).toContain('value="vahetaja@example.com"');
    await saveStep(client, "account");
    expect(await app.core.drafts.read(customer.id, "account")).toBeNull();
  });

  it("keeps no draft of a form whose save came first (a switch pressed, then save, the keep arriving after): the saved values stay what the page shows", async () => {
    const { client, customer } = await customerAt(app, "account");
    const submissionKey = "switch-then-save-0001";
    const saved = await client.fetch("/api/onboarding/registration", { method: "POST", json: { ...REGISTRATION, email: "salvestatud@example.com", submissionKey } });
    expect(saved.status).toBe(200);
    const typed = { intent: "keep", _path: "/account", email: "vahepealne@example.com", _submission: submissionKey };
    const late = await client.fetch("/session", { method: "POST", body: form(typed) });
    expect(await late.json()).toMatchObject({ ended: false, kept: false });
    expect(await app.core.db.query(`SELECT 1 FROM drafts WHERE customer_id = $1`, [customer.id])).toEqual([]);
    expect(await (await client.fetch("/account?lng=en")).text()).toContain('value="salvestatud@example.com"');
    // The page after that save carries a new key: what is typed there is kept as before.
    const fresh = await client.fetch("/session", { method: "POST", body: form({ ...typed, _submission: "switch-then-save-0002" }) });
    expect(await fresh.json()).toMatchObject({ ended: false, kept: true });
  });

  it("keeps no draft of a step the customer's state no longer lets them save (signed in another tab, health-data consent withdrawn): no health answers held without need", async () => {
    const answers = { height: "183", weight: "79", "content.smoking.answer": "true", _submission: "x" };
    // The questionnaire open in one tab, the offer signed in another.
    const signed = await customerAt(app, "confirmation");
    const keep = await signed.client.fetch("/session", { method: "POST", body: form({ intent: "keep", _path: "/questionnaire", ...answers }) });
    expect(await keep.json()).toMatchObject({ ended: false, kept: false });
    const end = await signed.client.fetch("/session", { method: "POST", body: form({ intent: "end", _path: "/questionnaire", ...answers }) });
    expect(await end.json()).toEqual({ ended: true });
    expect(await app.core.db.query(`SELECT 1 FROM drafts WHERE customer_id = $1`, [signed.customer.id])).toEqual([]);

    // The questionnaire open in one tab, the health-data consent withdrawn in another: back at the account step.
    const withdrawn = await customerAt(app, "questionnaire");
    const consent = await withdrawn.client.fetch("/api/self-service/consents", { method: "POST", json: { consent: "health-data", given: false } });
    expect(consent.status).toBe(200);
    const kept = await withdrawn.client.fetch("/session", { method: "POST", body: form({ intent: "keep", _path: "/questionnaire", ...answers }) });
    expect(await kept.json()).toMatchObject({ ended: false, kept: false });
    // Without JavaScript, the form posted after the session's end.
    later(SESSION_IDLE_MS + MINUTE);
    const posted = await withdrawn.client.fetch("/questionnaire", { method: "POST", body: form(answers) });
    expect(posted.headers.get("location")).toBe("/login?redirectTo=%2Fquestionnaire&ended=unsaved");
    expect(await app.core.db.query(`SELECT 1 FROM drafts WHERE customer_id = $1`, [withdrawn.customer.id])).toEqual([]);
  });

  it("a kept post its form refuses (the beneficiaries as text) is dropped at the next visit, and the page answers", async () => {
    const { client, code, customer } = await customerAt(app, "beneficiaries");
    later(SESSION_IDLE_MS + MINUTE);
    const posted = await client.fetch("/beneficiaries", { method: "POST", body: form({ beneficiaries: "x" }) });
    expect(posted.headers.get("location")).toBe("/login?redirectTo=%2Fbeneficiaries&ended=1");
    expect(await app.core.drafts.read(customer.id, "beneficiaries")).toEqual([["beneficiaries", "x"]]);

    const again = new Client(app.url);
    expect((await again.signIn(code)).result).toBe("SUCCESS");
    const page = await again.fetch("/beneficiaries");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="beneficiaries[0].name"');
    expect(await app.core.drafts.read(customer.id, "beneficiaries")).toBeNull();
  });

  it("a post after a logout (another tab signed out) keeps nothing, and the sign-in page says it was not saved", async () => {
    const { client, customer } = await customerAt(app, "account");
    const cookie = client.cookieHeader;
    expect((await client.fetch("/logout", { method: "POST", body: form({}) })).status).toBe(302);
    // The other tab still sends the cookie it had.
    const posted = await client.fetch("/account", { method: "POST", body: form(ACCOUNT), headers: { Cookie: cookie } });
    expect(posted.headers.get("location")).toBe("/login?redirectTo=%2Faccount&ended=unsaved");
    expect(await app.core.drafts.read(customer.id, "account")).toBeNull();
    const login = await (await new Client(app.url).fetch(posted.headers.get("location")!)).text();
    expect(login).toContain("seega saadetud andmeid ei salvestatud");
    expect(login).not.toContain("Sinu seanss lõppes.");
    const ru = await (await new Client(app.url).fetch(`${posted.headers.get("location")}&lng=ru`)).text();
    expect(ru).toContain("поэтому отправленные данные не сохранены");
  });

  it("a self-service form posted after the idle end keeps no draft, and the sign-in page says it was not saved", async () => {
    const { client } = await customerAt(app, "confirmation");
    later(SESSION_IDLE_MS + MINUTE);
    const posted = await client.fetch("/self-service/user/contact", { method: "POST", body: form({ email: "uus@example.com", phone: "+372 5123 4567" }) });
    expect(posted.headers.get("location")).toBe("/login?redirectTo=%2Fself-service%2Fuser%2Fcontact&ended=unsaved");
    // A visit that posted nothing is sent to sign in without a word.
    expect((await client.fetch("/self-service/user/contact")).headers.get("location")).toBe("/login?redirectTo=%2Fself-service%2Fuser%2Fcontact");
  });

  it("are purged by the housekeeping after their life", async () => {
    const { customer } = await customerAt(app, "account");
    await app.core.drafts.save(customer.id, "account", [["email", "vana@example.com"]]);
    later(DRAFT_TTL_MS - MINUTE);
    await app.core.housekeeping();
    expect(await app.core.drafts.read(customer.id, "account")).not.toBeNull();
    later(2 * MINUTE);
    const report = await app.core.housekeeping();
    expect(report.drafts).toBeGreaterThanOrEqual(1);
    expect(await app.core.db.query(`SELECT 1 FROM drafts WHERE customer_id = $1`, [customer.id])).toEqual([]);
  });
});
