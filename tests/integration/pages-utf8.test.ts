/**
 * Every page, in et, en and ru, through the whole Express stack: the HTML and the `.data`
 * answer are valid UTF-8 without a NUL byte (React 18.3's stream padded some; a page is rendered
 * to one string since docs/decisions/0254, with no part left for the browser to render),
 * and personal answers are never cached (`no-store`, `.data` included); every file a page names
 * (scripts, styles, translations, images, icons) is cached for good, so that a customer back
 * the next day sends only the page's own request (issue 25 item 4, docs/decisions/0236).
 */
import { request } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localeAsset, parseLocaleFile } from "~/i18n/locales-asset.server";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { customerAt, type Point } from "../support/reach";
import { ALL_CONSENTS, customerReadyToSign } from "../support/offer-application";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const LANGUAGES = ["et", "en", "ru"] as const;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Who sees which pages: a customer in each state, and an anonymous visitor. */
async function visitors(): Promise<Array<{ who: string; client: Client | null; paths: string[] }>> {
  const inState = async (state: Point) => (await customerAt(app, state)).client;
  const ready = await customerReadyToSign(app);
  expect((await ready.client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
  const policyholder = await customerAt(app, "account");
  await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), policyholder.code);
  const periods = (await (await policyholder.client.fetch("/api/score/periods")).json()) as { items: Array<{ pid: number | null }> };
  const pastPeriod = periods.items.find((p) => p.pid !== null)?.pid;
  const invoices = (await (await policyholder.client.fetch("/api/invoices")).json()) as Array<{ pid: string }>;
  expect(invoices.length).toBeGreaterThan(0);
  return [
    { who: "anonymous", client: null, paths: ["/", "/login", "/login-failed/locked", "/login-failed/unauthorized", "/no-such-page"] },
    { who: "account", client: await inState("account"), paths: ["/account"] },
    { who: "score", client: await inState("score"), paths: ["/score", "/health.html", "/activity/consent"] },
    { who: "package", client: await inState("package"), paths: ["/package"] },
    { who: "questionnaire", client: await inState("questionnaire"), paths: ["/questionnaire"] },
    { who: "beneficiaries", client: await inState("beneficiaries"), paths: ["/beneficiaries"] },
    {
      who: "ready to sign",
      client: ready.client,
      paths: ["/offer", "/offer/documents/application", "/offer/documents/payment-schedule", "/offer?step=signing"],
    },
    { who: "unavailable", client: await inState("unavailable"), paths: ["/unavailable"] },
    { who: "signed", client: await inState("confirmation"), paths: ["/confirmation"] },
    {
      who: "policyholder",
      client: policyholder.client,
      paths: [
        "/self-service/insurance",
        "/self-service/services",
        "/self-service/bills",
        `/self-service/bills/${invoices[0].pid}`,
        "/self-service/documents/policy",
        "/self-service/documents/application",
        "/self-service/documents/payment-schedule",
        "/self-service/score",
        `/self-service/score/${pastPeriod}`,
        "/self-service/score/new",
        "/self-service/user",
      ],
    },
  ];
}

const lngCookie = (lng: string) => `lng=${Buffer.from(JSON.stringify(lng)).toString("base64")}`;

function dataPath(path: string): string {
  const [pathname, query] = path.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${query ? `?${query}` : ""}`;
}

describe("every page in every language", () => {
  it("is valid UTF-8 without NUL bytes, HTML and .data, and never cached", async () => {
    let pages = 0;
    for (const { who, client, paths } of await visitors()) {
      for (const lng of LANGUAGES) {
        for (const path of paths) {
          for (const target of [path, dataPath(path)]) {
            const headers = { Cookie: [client?.cookieHeader, lngCookie(lng)].filter(Boolean).join("; ") };
            const res = await fetch(app.url + target, { headers, redirect: "manual" });
            const bytes = new Uint8Array(await res.arrayBuffer());
            const where = `${who} ${lng} ${target} (${res.status})`;
            expect(res.status, where).toBeLessThan(500);
            expect(res.status === 200 || res.status === 404 || target.endsWith(".data") || target.includes(".data?"), where).toBe(true);
            expect(bytes.indexOf(0), `${where}: a NUL byte`).toBe(-1);
            expect(() => utf8.decode(bytes), `${where}: invalid UTF-8`).not.toThrow();
            expect(res.headers.get("cache-control"), where).toMatch(/no-store/);
            if (!target.includes(".data") && res.status === 200) {
              const html = utf8.decode(bytes);
              expect(html, where).toContain(`<html lang="${lng}"`);
              expect(html, `${where}: a part left for the browser to render`).not.toContain("<!--$!-->");
            }
            pages++;
          }
        }
      }
    }
    expect(pages).toBeGreaterThan(100);
  }, 120_000);
});

/** A browser's own user agent: Remix's default entry renders a page for it otherwise than for a robot. */
const CHROMIUM = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

describe("a page's body (rendered whole, handed to the socket in one piece: docs/decisions/0248)", () => {
  it("is the whole page plain, in brotli and in gzip, the same for a browser as for a robot, and HEAD sends the headers alone", async () => {
    const { client } = await customerAt(app, "score");
    const wire = (method: string, acceptEncoding: string, userAgent = CHROMIUM) =>
      onTheWire("/score", acceptEncoding, { method, headers: { Cookie: client.cookieHeader, "User-Agent": userAgent } });
    const plain = await wire("GET", "identity");
    expect([plain.status, plain.type, plain.encoding]).toEqual([200, "text/html; charset=utf-8", undefined]);
    const html = utf8.decode(plain.body);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="et"/);
    // Its last part: Remix's data for the browser, closed.
    expect(html).toContain("</html>");
    expect(html).toMatch(/streamController\.close\(\);<\/script>(<!--\/\$-->)+$/);
    // No part left for React to fill after the shell: no hidden segment, no script swapping it in.
    expect(html).not.toMatch(/\$RC\(|<template id="B:|<div hidden id="S:/);
    // The same page but for what every answer makes anew: its nonce, its submission key (24
    // characters of base64url: it may begin or end with "-", so not cut at word boundaries) and
    // the session's time left in milliseconds.
    const fresh = (page: string) => page.replace(/nonce(="|-)[^"']+|(?<![\w-])[\w-]{24}(?![\w-])|\d{5,}/g, "");
    for (const robot of ["Googlebot/2.1 (+http://www.google.com/bot.html)", ""]) expect(fresh(utf8.decode((await wire("GET", "identity", robot)).body)), robot).toBe(fresh(html));
    const br = await wire("GET", "br");
    expect(br.encoding).toBe("br");
    expect(fresh(utf8.decode(brotliDecompressSync(br.body)))).toBe(fresh(html));
    const gz = await wire("GET", "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(fresh(utf8.decode(gunzipSync(gz.body)))).toBe(fresh(html));
    // A page's HEAD has the headers alone; a signed-in visitor's reads nothing, 405 (docs/decisions/0312).
    const head = await onTheWire("/", "identity", { method: "HEAD", headers: { "User-Agent": CHROMIUM } });
    expect([head.status, head.type, head.body.length]).toEqual([200, "text/html; charset=utf-8", 0]);
    expect((await wire("HEAD", "identity")).status).toBe(405);
  });
});

/**
 * The same-origin files a page loads with it (not the links a customer may follow): `<link>`s'
 * hrefs, `src`s, and the scripts and translations named in the module script.
 */
function filesLoaded(html: string): string[] {
  const named = [...html.matchAll(/<link\b[^>]*\bhref="(\/[^"?#]+)"|\bsrc="(\/[^"?#]+)"|"(\/(?:build|locales)\/[^"\\]+)"/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  return [...new Set(named)];
}

/** Every file the pages of every visitor load, gathered once for the tests below. */
let pageFiles: Promise<string[]> | undefined;
function filesThePagesLoad(): Promise<string[]> {
  return (pageFiles ??= (async () => {
    const files = new Set<string>();
    for (const { client, paths } of await visitors()) {
      for (const path of paths) {
        const res = await fetch(app.url + path, { headers: { Cookie: client?.cookieHeader ?? "" }, redirect: "manual" });
        if (res.status === 200) for (const file of filesLoaded(await res.text())) files.add(file);
      }
    }
    return [...files];
  })());
}

/** An answer as it travels: its encoding and bytes, not decoded (fetch would decode them). */
function onTheWire(path: string, acceptEncoding: string, { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; type: string | undefined; encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
    request(app.url + path, { method, headers: { ...headers, "Accept-Encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers["content-type"],
          encoding: res.headers["content-encoding"],
          vary: res.headers.vary,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on("error", reject)
      .end();
  });
}

describe("every file a page loads", () => {
  it("is cached for good (immutable): a next-day visit revalidates nothing", async () => {
    const files = await filesThePagesLoad();
    // The stylesheet, the icons and logo, the confirmation's image, the translations, the scripts.
    for (const kind of [".css", ".svg", ".ico", ".json", ".js"]) expect(files.some((f) => f.endsWith(kind)), kind).toBe(true);
    for (const file of files) {
      const res = await fetch(app.url + file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("cache-control"), file).toMatch(/immutable/);
    }
  }, 120_000);

  it("travels compressed once at its best: brotli to a browser that takes it, else gzip (docs/decisions/0243)", async () => {
    const text = (await filesThePagesLoad()).filter((f) => /\.(js|css|svg|json)$/.test(f));
    // The translations' copies are made in the background from their first request on.
    for (const file of text.filter((f) => f.startsWith("/locales/"))) {
      await onTheWire(file, "identity");
      await localeAsset(parseLocaleFile(file.slice("/locales/".length))!.lng).copies;
    }
    let sent = 0;
    let onTheFly = 0;
    for (const file of text) {
      const plain = await onTheWire(file, "identity");
      expect([plain.status, plain.encoding], file).toEqual([200, undefined]);
      // Under a kilobyte a file travels as it is (its copies would be no smaller: none is written).
      if (plain.body.length < 1024) continue;
      // Chromium's own header: it lists gzip first, and brotli is still chosen.
      const br = await onTheWire(file, "gzip, deflate, br, zstd");
      expect([br.status, br.encoding, br.vary], file).toEqual([200, "br", "Accept-Encoding"]);
      expect(brotliDecompressSync(br.body).equals(plain.body), file).toBe(true);
      const gz = await onTheWire(file, "gzip, deflate");
      expect([gz.status, gz.encoding], file).toEqual([200, "gzip"]);
      expect(gunzipSync(gz.body).equals(plain.body), file).toBe(true);
      sent += br.body.length;
      // What the compression middleware would send instead (brotli at its quality 4).
      onTheFly += brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
    }
    expect(sent).toBeLessThan(onTheFly * 0.92);
  }, 120_000);
});
