/**
 * A request refused with a 4xx outside a page's own validation is answered in the customer's
 * language, with the status the refusal means: a static file's range past its end (416) or a
 * failed precondition (412), which serve-static passes on as errors (app/http/error-page.server.ts
 * `clientErrorOf`); a form posted to a page that takes none and a query it cannot read (the
 * root's error page, app/components/page.tsx); a method a resource route does not take, and
 * OPTIONS anywhere (the server's page, with Allow); an unknown translations file or demo signing
 * document. Never a 500, never Remix's English status text. A refusal's language is the page's.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

/** What the error page says went wrong (its data for the browser carries Remix's own status text). */
const detail = (html: string) => /<p class="error-detail">([^<]*)<\/p>/.exec(html)?.[1];
const lng = (value: string) => `lng=${Buffer.from(JSON.stringify(value)).toString("base64")}`;
const script = readdirSync("public/build").find((name) => name.endsWith(".js"))!;
const STATIC = [
  [`/build/${script}`, statSync(path.join("public/build", script)).size],
  ["/favicon.ico", statSync("public/favicon.ico").size],
] as const;

describe("a static file's client errors", () => {
  it.each(STATIC)("%s: a range past its end is 416 with the file's size, in the customer's language", async (file, size) => {
    // As a browser asks (br: the file's compressed copy was chosen before the range failed) and without.
    for (const [range, encoding] of [["bytes=999999999-", "gzip, deflate, br"], ["bytes=5-1", "identity"]]) {
      const res = await fetch(app.url + file, { headers: { Range: range, Cookie: lng("ru"), "Accept-Encoding": encoding } });
      expect(res.status, range).toBe(416);
      // The range is of what would be sent: the compressed copy to a browser that takes one.
      const brotli = path.join("public", `${file}.br`);
      expect(res.headers.get("content-range")).toBe(`bytes */${encoding !== "identity" && existsSync(brotli) ? statSync(brotli).size : size}`);
      expect(await res.text()).toContain("Запрошенной части файла не существует.");
    }
    const ok = await fetch(app.url + file, { headers: { Range: "bytes=0-3", "Accept-Encoding": "identity" } });
    expect(ok.status).toBe(206);
  });

  it.each(STATIC)("%s: a failed If-Match or If-Unmodified-Since is 412, translated", async (file) => {
    for (const headers of [{ "If-Match": '"nope"' }, { "If-Unmodified-Since": "Mon, 01 Jan 2001 00:00:00 GMT" }] as Array<Record<string, string>>) {
      const res = await fetch(app.url + file, { headers: { ...headers, Cookie: lng("en"), "Accept-Encoding": "gzip, deflate, br" } });
      expect(res.status).toBe(412);
      expect(await res.text()).toContain("The file has changed in the meantime.");
    }
  });
});

describe("pages and their neighbours", () => {

  // Remix answered these `{"message":"Unexpected Server Error"}` in English, or for `.data` its
  // message naming the route's file; OPTIONS of a page drew the error page without the root's data.
  it.each([
    ["OPTIONS", "/login", "GET, HEAD, POST"],
    ["OPTIONS", "/accessibility", "GET, HEAD"],
    // A form posted to a page that takes none: Remix's error page lacked the root's data.
    ["POST", "/accessibility", "GET, HEAD"],
    ["POST", "/", "GET, HEAD"],
    ["DELETE", "/accessibility", "GET, HEAD"],
    ["OPTIONS", "/session", "POST"],
    ["GET", "/session", "POST"],
    ["GET", "/session.data", "POST"],
    ["POST", "/locales/en.json", "GET, HEAD"],
    ["PUT", "/self-service/data/download", "GET, HEAD"],
    ["DELETE", "/login/return", "GET, HEAD"],
    ["PATCH", "/self-service", "GET, HEAD"],
    ["POST", "/self-service.data", "GET, HEAD"],
    ["POST", "/self-service/withdraw/return.data", "GET, HEAD"],
    ["PUT", "/logout", "GET, HEAD, POST"],
  ])("%s %s, a method the address does not take, is 405 with Allow: %s, in the customer's words", async (method, target, allow) => {
    const body = method === "GET" || method === "OPTIONS" ? undefined : "a=b";
    const res = await fetch(`${app.url}${target}?lng=ru`, { method, headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" }, body });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    const html = await res.text();
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain("Это действие по этому адресу выполнить нельзя.");
    expect(html).toContain("| Elukaitse</title>");
    expect(html).not.toMatch(/Unexpected Server Error|routes\//);
  });

  it("TRACE, which fetch cannot carry, with a form: 405 with Allow where a page is, 404 elsewhere, never a 500", async () => {
    // Node's parser takes TRACE; `new Request` for Remix threw "'TRACE' HTTP method is unsupported." (500).
    const trace = (target: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(app.url);
        const req = http.request({ hostname, port, path: target, method: "TRACE", headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "3", Cookie: lng("ru") } }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, allow: res.headers.allow, body }));
        });
        req.on("error", reject);
        req.end("a=b");
      });
    for (const [target, status, allow] of [
      ["/login", 405, "GET, HEAD, POST"],
      ["/account", 405, "GET, HEAD, POST"],
      ["/privacy/analytics", 405, "GET, HEAD, POST"],
      ["/no-such-page", 404, undefined],
      ["/favicon.ico", 404, undefined],
    ] as const) {
      const res = await trace(target);
      expect(res.status, target).toBe(status);
      expect(res.allow, target).toBe(allow);
      expect(res.body, target).toContain('<html lang="ru"');
    }
  });

  it("a refusal speaks the language the page would have: ?lng= as the pages read it", async () => {
    for (const query of ["lng=EN", "lng=en-US", "%6Cng=en"]) {
      const res = await fetch(`${app.url}/login?${query}`, { method: "POST", headers: { Origin: app.url, "Content-Type": "text/plain" }, body: "x" });
      expect(res.status, query).toBe(415);
      expect(await res.text(), query).toContain('<html lang="en"');
    }
    // The cookie, when the query names no language of ours.
    const cookie = await fetch(`${app.url}/login?lng=xx`, { method: "POST", headers: { Origin: app.url, "Content-Type": "text/plain", Cookie: lng("ru") }, body: "x" });
    expect(await cookie.text()).toContain('<html lang="ru"');
    // A broken address keeps its language for the page that says so.
    const broken = await fetch(`${app.url}/a%zz?lng=EN&x=%zz`);
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain('<html lang="en"');
  });

  it("a query a page cannot read is 400 in the customer's words, not Remix's status text", async () => {
    const { cookie } = await freshPolicyholder(app);
    const res = await fetch(`${app.url}/self-service/data?page=abc`, { headers: { Cookie: `${cookie}; ${lng("et")}` } });
    expect(res.status).toBe(400);
    expect(detail(await res.text())).toBe("Päring on vigane. (400)");
  });

  it("an unknown translations file and an unknown demo signing document are translated 404s", async () => {
    const locales = await fetch(`${app.url}/locales/xx.json?lng=ru`);
    expect(locales.status).toBe(404);
    expect(await locales.text()).toBe("Не найдено.");
    const document = await fetch(`${app.url}/sign/demo/signing/abc/document`, { headers: { Cookie: lng("en") } });
    expect(document.status).toBe(404);
    expect(document.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await document.text()).toContain("Not found.");
  });
});
