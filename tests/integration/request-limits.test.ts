/**
 * Limits before work (app/http/request-limits.server.ts), over HTTP through the whole Express
 * stack with the pages: bodies over the limit (413, also when streamed without a length),
 * wrong media types (415), malformed bodies, names, intents, paths and control characters
 * (400), each answered in the customer's language (pages) or as docs/api.md's JSON error
 * (/api); and the indexed-list attack on every list field: answered within a second while
 * /healthz keeps answering.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import { bodyLimit, QUESTIONNAIRE_LIMITS, REQUEST_LIMITS } from "~/http/request-checks";
import { QUESTION_SETS, SUB_TEXT_MAX, extraKey } from "~/lib/questionnaire-sets";
import { isPrintableText } from "~/lib/name-characters";
import { PAGE_PATH_FIELD, SESSION_PATH } from "~/lib/session-limits";
import { startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerAt, type Point } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const FORM = "application/x-www-form-urlencoded";

async function post(path: string, body: BodyInit, init: { type?: string; cookie?: string; lng?: string } = {}) {
  const headers: Record<string, string> = { Origin: app.url };
  // "" sends no Content-Type at all (fetch would add text/plain to a string body).
  if (init.type) headers["Content-Type"] = init.type;
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.lng) headers.Cookie = [headers.Cookie, `lng=${Buffer.from(JSON.stringify(init.lng)).toString("base64")}`].filter(Boolean).join("; ");
  return fetch(app.url + path, { method: "POST", headers, body: body === "" && !init.type ? undefined : body, redirect: "manual", duplex: "half" } as RequestInit);
}

describe("the longest answer a customer may type (decision 0401)", () => {
  // The widest character a questionnaire text may hold: three bytes of UTF-8, nine percent-escaped.
  const WIDEST = "\ufefc";
  const longest = WIDEST.repeat(SUB_TEXT_MAX);
  const content: Record<string, unknown> = {};
  for (const q of QUESTION_SETS.UW_L2) {
    content[q.code] = true;
    if (q.subs.length) content[extraKey(q.code)] = Object.fromEntries(q.subs.map((sub) => [sub.code, sub.kind === "integer" ? 10 : longest]));
  }

  it("every text of the long questionnaire at its longest is saved by the page and by the /api, not refused for its size", async () => {
    expect(isPrintableText(longest)).toBe(true);
    const page = await customerAt(app, "questionnaire", { age: 55 });
    const form = new URLSearchParams({ type: "UW_L2", height: "180", weight: "80" });
    for (const [code, answer] of Object.entries(content)) {
      if (answer === true) form.append(`content.${code}`, "yes");
      else for (const [sub, value] of Object.entries(answer as Record<string, string | number>)) form.append(`content.${code}.${sub}`, String(value));
    }
    const body = form.toString();
    expect(body.length).toBeGreaterThan(REQUEST_LIMITS.formBytes);
    expect(body.length).toBeLessThanOrEqual(QUESTIONNAIRE_LIMITS.formBytes);
    const saved = await post("/questionnaire", body, { type: FORM, cookie: page.client.cookieHeader });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/beneficiaries");

    const api = await customerAt(app, "questionnaire", { age: 55 });
    const json = JSON.stringify({ height: 180, weight: 80, content });
    expect(Buffer.byteLength(json)).toBeGreaterThan(REQUEST_LIMITS.jsonBytes);
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(QUESTIONNAIRE_LIMITS.jsonBytes);
    const res = await post("/api/onboarding/questionnaire", json, { type: "application/json", cookie: api.client.cookieHeader });
    expect(res.status).toBe(200);

    // Anywhere else a body that size is refused as before.
    expect((await post("/beneficiaries", body, { type: FORM, cookie: api.client.cookieHeader })).status).toBe(413);
  });

  it("the page's form at its longest is kept as a draft (the language switch, the session's end): /session takes it too", async () => {
    // later-layout.tsx and session-warning.tsx post `new FormData(pageForm())` (multipart) to SESSION_PATH.
    const page = await customerAt(app, "questionnaire", { age: 55 });
    const form = new FormData();
    for (const [name, value] of [["type", "UW_L2"], ["height", "180"], ["weight", "80"]]) form.append(name, value);
    for (const [code, answer] of Object.entries(content)) {
      if (answer === true) form.append(`content.${code}`, "yes");
      else for (const [sub, value] of Object.entries(answer as Record<string, string | number>)) form.append(`content.${code}.${sub}`, String(value));
    }
    form.set("intent", "keep");
    form.set(PAGE_PATH_FIELD, "/questionnaire");
    const kept = await post(SESSION_PATH, form, { cookie: page.client.cookieHeader });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ ended: false, kept: true });
  });
});

describe("body size", () => {
  it("a page form over the limit is 413 with a translated page, before the body is read", async () => {
    const big = `idCode=${"1".repeat(REQUEST_LIMITS.formBytes)}`;
    for (const [lng, text] of [
      ["et", "Saadetud andmeid on liiga palju."],
      ["en", "Too much data was sent."],
      ["ru", "Отправлено слишком много данных."],
    ] as const) {
      const res = await post("/login", big, { type: FORM, lng });
      expect(res.status).toBe(413);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lng}"`);
      expect(html).toContain(text);
    }
  });

  it("a streamed body without a length stops at the limit (413), however much more is sent", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 200 MB if the server kept reading.
        if (sent > 200 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await post("/login", stream, { type: FORM });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });

  // Refused before the body is read: Node would otherwise read and discard the whole declared
  // body on the event loop every request shares, keeping the connection (app/http/http-server.server.ts).
  it.each([
    ["a foreign write", "POST /login", "", 403],
    ["a type the path does not take", "POST /login", "Content-Type: text/plain", 415],
    ["an address the app cannot read", "POST /a%zz", "Content-Type: application/x-www-form-urlencoded", 400],
    ["a static file asked for with a body", "GET /favicon.ico", "", 200],
  ])("%s, answered before its gigabyte arrives, closes the connection instead of reading it", async (_what, target, header, status) => {
    const { hostname, port } = new URL(app.url);
    const origin = status === 403 ? "" : `Origin: ${app.url}\r\n`;
    const outcome = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answer = "";
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${origin}${header ? `${header}\r\n` : ""}Content-Length: 1000000000\r\n\r\n`);
        const chunk = Buffer.alloc(64 * 1024, 97);
        const pump = () => {
          while (!socket.destroyed && socket.write(chunk)) sent += chunk.length;
        };
        socket.on("drain", () => {
          sent += chunk.length;
          pump();
        });
        pump();
      });
      socket.on("data", (data) => (answer += data.toString("latin1")));
      socket.on("error", () => {});
      socket.on("close", () => resolve({ status: Number(answer.split(" ")[1]), sent }));
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`still open after 5 s, ${sent} bytes taken, answered ${JSON.stringify(answer.slice(0, 40))}`));
      }, 5_000);
    });
    expect(outcome.status).toBe(status);
    expect(outcome.sent).toBeLessThan(100 * 1024 * 1024);
  });

  it("an /api body over the limit is 413 in the JSON error shape", async () => {
    const res = await post("/api/auth/complete", JSON.stringify({ returnToken: "x".repeat(REQUEST_LIMITS.jsonBytes) }), { type: "application/json" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: [{ code: "error.payload_too_large" }] });
  });
});

describe("the self-service forms and the session's", () => {
  // The forms added after the limits: each is checked before its action reads anything, as /login is.
  const FORMS = [
    "/self-service/withdraw",
    "/self-service/withdraw.data",
    "/self-service/user",
    "/self-service/user.data",
    "/self-service/user/contact",
    "/self-service/user/contact.data",
    "/self-service/beneficiaries",
    "/self-service/beneficiaries.data",
    "/self-service/data",
    "/self-service/data.data",
    "/session",
  ];

  it("refuse a body over the limit (413), too many fields, a malformed conform state and another media type, translated, and change nothing", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const cookie = client.cookieHeader;
    const before = JSON.stringify(await app.core.db.query(`SELECT * FROM customers WHERE id = $1`, [customer.id]));
    const tooMany = Array.from({ length: REQUEST_LIMITS.fields + 1 }, (_, i) => `f${i}=1`).join("&");
    for (const path of FORMS) {
      for (const [body, type, status, text] of [
        // /session takes a draft of the long questionnaire's form (decision 0401): its own limit.
        [`confirm=on&email=${"1".repeat(bodyLimit("form", path))}`, FORM, 413, "Too much data was sent."],
        [tooMany, FORM, 400, "<html"],
        ["__state__=x&confirm=on", FORM, 400, "<html"],
        ['{"confirm":true}', "application/json", 415, "<html"],
      ] as const) {
        const res = await post(path, body, { type, cookie, lng: "en" });
        expect(res.status, `${path} ${body.slice(0, 20)}`).toBe(status);
        const html = await res.text();
        expect(html, path).toContain('<html lang="en"');
        expect(html, path).toContain(text);
      }
    }
    expect(JSON.stringify(await app.core.db.query(`SELECT * FROM customers WHERE id = $1`, [customer.id]))).toBe(before);
    // Still signed in and a policyholder: nothing reached an action.
    expect((await client.fetch("/api/self-service/withdrawal")).status).toBe(200);
  });
});

describe("media types and malformed bodies", () => {
  it.each([
    ["/login", "application/json", '{"idCode":"1"}', 415, "error.unsupported_media_type"],
    ["/login", "text/plain", "idCode=1", 415, "error.unsupported_media_type"],
    ["/login", "text/plain", "", 415, "error.unsupported_media_type"],
    ["/logout", "", "", 415, "error.unsupported_media_type"],
    ["/login", "application/x-www-form-urlencoded; charset=iso-8859-1", "idCode=1", 415, "error.unsupported_media_type"],
    ["/login", "multipart/form-data; boundary=x", "--x\r\nbroken", 400, "error.malformed_body"],
    ["/login", FORM, "idCode=%zz", 400, "error.malformed_body"],
    ["/login", FORM, "idCode=%C3%28", 400, "error.malformed_body"],
    ["/login", FORM, "idCode=1%002", 400, "error.control_characters"],
    ["/login", FORM, "idCode=1%C2%9B2", 400, "error.control_characters"],
    ["/login", FORM, "__intent__=null", 400, "error.invalid_intent"],
    ["/login", FORM, "__intent__=%7B", 400, "error.invalid_intent"],
    ["/login", FORM, "__intent__=%7B%22type%22%3A%22explode%22%2C%22payload%22%3A%7B%7D%7D", 400, "error.invalid_intent"],
    ["/login", FORM, "__proto__.x=1", 400, "error.invalid_field"],
    ["/login", FORM, "a.constructor.prototype=1", 400, "error.invalid_field"],
    ["/api/auth/complete", "application/x-www-form-urlencoded", "returnToken=x", 415, "error.unsupported_media_type"],
    ["/api/auth/complete", "application/json", "{", 400, "error.invalid_json"],
    ["/api/auth/complete", "application/json", '"a string"', 400, "error.invalid_json"],
    ["/api/auth/complete", "application/json", '{"returnToken":"a\\u0000b"}', 400, "error.control_characters"],
    ["/api/auth/complete", "application/json", '{"returnToken":"a\\u009bb"}', 400, "error.control_characters"],
    ["/api/auth/complete", "application/json", '{"__proto__":{"admin":true}}', 400, "error.invalid_field"],
  ])("POST %s as %s %j → %i %s", async (path, type, body, status, code) => {
    const res = await post(path, body, { type, lng: "en" });
    expect(res.status).toBe(status);
    if (path.startsWith("/api/")) expect(await res.json()).toEqual({ errors: [{ code }] });
    else {
      const html = await res.text();
      expect(html).toContain('<html lang="en"');
      expect(html).not.toContain(code);
    }
  });

  it("a JSON string holding half a surrogate pair (a support code kept as JSON) → 400 error.invalid_json, not PostgreSQL's 500", async () => {
    const { client } = await customerAt(app, "account");
    const account = '"email":"a@b.ee","phone":"+37255555555","occupation":"OFFICE","conditionsAgreement":true,"healthDataAgreement":true';
    const res = await client.fetch("/api/onboarding/registration", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{${account},"supportCode":"\\udfff"}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ code: "error.invalid_json" }] });
    // The same with a whole pair is a customer's text, saved.
    const whole = await client.fetch("/api/onboarding/registration", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{${account},"supportCode":"\\ud83d\\ude00"}`,
    });
    expect(whole.status).toBe(200);
  });

  // Node's parser refuses these bodies while the request is being read: the answer is still
  // ours, translated, and the connection closes after it (app/http/http-server.server.ts).
  it.each([
    ["/login", FORM, "zz\r\nidCode=1\r\n0\r\n\r\n", 400, "The form that was sent is malformed."],
    ["/login", FORM, "8\r\nidCode=1XX0\r\n\r\n", 400, "The form that was sent is malformed."],
    ["/login", FORM, `1;${"e".repeat(20_000)}\r\na\r\n0\r\n\r\n`, 413, "Too much data was sent."],
    ["/api/auth/complete", "application/json", "zz\r\n{}\r\n0\r\n\r\n", 400, '{"errors":[{"code":"error.malformed_body"}]}'],
  ])("POST %s as %s with a chunked body Node refuses (%#) → %i, answered", async (path, type, chunks, status, text) => {
    const { hostname, port } = new URL(app.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Origin: ${app.url}`, `Content-Type: ${type}`, "Transfer-Encoding: chunked", `Cookie: lng=${Buffer.from('"en"').toString("base64")}`];
        socket.write(`${head.join("\r\n")}\r\n\r\n`);
        // The body a moment later, as a client sends it: the request is being read by then.
        setTimeout(() => socket.write(chunks), 50);
      });
      const parts: Buffer[] = [];
      socket.on("data", (part) => parts.push(part));
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(parts).toString("utf8")));
    });
    expect(answer.split(" ")[1]).toBe(String(status));
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain(text);
    expect((await fetch(`${app.url}/login`)).status).toBe(200);
  });

  it("a multipart form of ours (what fetch sends with FormData) still reaches the route", async () => {
    const form = new FormData();
    form.set("method", "smart-id");
    form.set("idCode", "1");
    const res = await fetch(`${app.url}/login`, { method: "POST", headers: { Origin: app.url }, body: form, redirect: "manual" });
    // The login form's own validation answers, not the limits.
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("login");
  });

  it.each(["/%E0%A4%A", "/api/onboarding/wl/src/a%00b", "/login?src=%00", "/login?src=%zz", "/build/%ff.js"])("GET %s → 400, no stack", async (path) => {
    const res = await fetch(app.url + path, { redirect: "manual" });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).not.toMatch(/URIError|at [^\n]+\(|\/work\//);
  });
});

/** A signed-in customer in `state` (a policyholder for the self-service score), as a Cookie header. */
async function cookieIn(state: Point | "self-service") {
  const { client, code } = await customerAt(app, state === "self-service" ? "account" : state);
  if (state === "self-service") await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), code);
  return client;
}

/** Posts and meanwhile asks /healthz every 50 ms; returns the post's status and time and the slowest probe. */
async function postWatchingHealth(path: string, body: string, cookie: string) {
  const started = performance.now();
  let done = false;
  let slowest = 0;
  const probes = (async () => {
    while (!done) {
      const t = performance.now();
      await fetch(`${app.url}/healthz`);
      slowest = Math.max(slowest, performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const res = await post(path, body, { type: FORM, cookie });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  done = true;
  await probes;
  return { status: res.status, ms, slowest };
}

describe("forms no page sends, which the page could not show again", () => {
  const update = (payload: object) => `__intent__=${encodeURIComponent(JSON.stringify({ type: "update", payload }))}`;
  const ROW = "beneficiaries[0].type=P&beneficiaries[0].name=Tamm";
  // The beneficiaries are rows (beneficiaries[0].name): conform took anything else as the list and threw while showing it.
  const BODIES: Array<[string, string]> = [
    ["beneficiaries=x", "The form has an unknown field."],
    ["beneficiaries.a=x", "The form has an unknown field."],
    [`${ROW}&${update({ name: "beneficiaries", value: 5 })}`, "The value of a form button is malformed."],
    [`${ROW}&${update({ name: "beneficiaries", value: { a: 1 } })}`, "The value of a form button is malformed."],
    [`${ROW}&${update({ value: { beneficiaries: "x" } })}`, "The value of a form button is malformed."],
    // Conform marks fields validated in its state's object when it shows the form again.
    [`${ROW}&__state__=${encodeURIComponent('{"validated":"x"}')}`, "The value of a form button is malformed."],
  ];

  it.each([
    { path: "/beneficiaries", state: "beneficiaries" as const },
    { path: "/self-service/beneficiaries", state: "self-service" as const },
  ])("$path: a list of rows posted as text, a number or an object, or a state that is not conform's, is 400 in the customer's language", async ({ path, state }) => {
    const client = await cookieIn(state);
    const cookie = client.cookieHeader;
    for (const [body, message] of BODIES) {
      const res = await post(`${path}?lng=en`, body, { type: FORM, cookie });
      expect(res.status, body).toBe(400);
      const html = await res.text();
      expect(html, body).toContain('<html lang="en"');
      expect(html, body).toContain(message);
      // The same post as the page's JavaScript sends it.
      const data = await post(`${path}.data?lng=en`, body, { type: FORM, cookie });
      expect(data.status, body).toBe(400);
    }
    // A row posted as rows is the form again, as ever.
    expect((await post(`${path}?lng=en`, ROW, { type: FORM, cookie })).status).toBe(400);
    expect((await post(`${path}?lng=en`, `${ROW}&${update({ name: "beneficiaries[0].name", value: "Kask" })}`, { type: FORM, cookie })).status).toBe(200);
  });

  it("a state that is not conform's is refused on every form, the sign-in's too", async () => {
    const client = await cookieIn("account");
    for (const path of ["/login", "/account"]) {
      for (const validated of ['"x"', "1", '{"email":"yes"}']) {
        const res = await post(`${path}?lng=ru`, `__state__=${encodeURIComponent(`{"validated":${validated}}`)}`, { type: FORM, cookie: client.cookieHeader });
        expect(res.status, `${path} ${validated}`).toBe(400);
        expect(await res.text()).toContain("Значение кнопки формы повреждено.");
      }
    }
  });
});

describe("the indexed-list attack, on every list field", () => {
  const cases: Array<{ field: string; path: string | ((cookie: string) => Promise<string>); state: Point | "self-service"; item: (i: number) => string }> = [
    { field: "beneficiaries", path: "/beneficiaries", state: "beneficiaries", item: (i) => `beneficiaries[${i}].name=x` },
    { field: "services", path: "/package", state: "package", item: (i) => `services[${i}]=MENTAL` },
    { field: "multi-choice answers (onboarding score)", path: "/score", state: "score", item: (i) => `screenings[${i}]=dental` },
    {
      field: "multi-choice answers (a self-service score period)",
      path: async (cookie) => {
        const res = await fetch(`${app.url}/api/score/periods`, { headers: { Cookie: cookie } });
        const { items } = (await res.json()) as { items: Array<{ pid: number | null; enabled: boolean }> };
        return `/self-service/score/${items.find((p) => p.enabled)?.pid ?? "new"}`;
      },
      state: "self-service",
      item: (i) => `screenings[${i}]=dental`,
    },
    { field: "questionnaire sub-answers", path: "/questionnaire", state: "questionnaire", item: (i) => `content.medicinesExtra.medicine[${i}]=x` },
    { field: "beneficiaries (a self-service change)", path: "/self-service/beneficiaries", state: "self-service", item: (i) => `beneficiaries[${i}].name=x` },
  ];

  it.each(cases)("$field: one far index is refused at once, a full list at the bound answers within 1 s", async ({ path, state, item }) => {
    const client = await cookieIn(state);
    const cookie = client.cookieHeader;
    const target = typeof path === "string" ? path : await path(cookie);
    // The page once, so that what is timed is the answer, not the first compile of its code.
    await (await fetch(app.url + target, { headers: { Cookie: cookie } })).arrayBuffer();

    for (const index of [5000, 100_000]) {
      const far = await postWatchingHealth(target, `${item(index)}`, cookie);
      expect(far.status).toBe(400);
      expect(far.ms).toBeLessThan(1000);
      expect(far.slowest).toBeLessThan(1000);
    }
    // Every index up to the bound, as a browser would send a full list: the route answers.
    const full = Array.from({ length: REQUEST_LIMITS.listItems }, (_, i) => item(i)).join("&");
    const atBound = await postWatchingHealth(target, full, cookie);
    expect(atBound.status).toBeLessThan(500);
    expect(atBound.ms).toBeLessThan(1000);
    expect(atBound.slowest).toBeLessThan(1000);
    // One more is refused.
    const over = await postWatchingHealth(target, `${full}&${item(REQUEST_LIMITS.listItems)}`, cookie);
    expect(over.status).toBe(400);
  });

  it("an /api list over the bound is 400 before the core sees it", async () => {
    const { client } = await customerAt(app, "beneficiaries");
    const beneficiaries = Array.from({ length: REQUEST_LIMITS.listItems + 1 }, () => ({ type: "P" }));
    const res = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ code: "error.list_too_long" }] });
  });
});
