// The time until a page is usable on emulated Slow 3G (issue 11), in Debian's Chromium through
// Playwright: 2 000 ms latency and 400 kbps each way (CDP Network.emulateNetworkConditions),
// a cold cache (a new browser context per load, its cache cleared) and a warm one (issue 25
// item 4: a customer back the next day; the page loaded once before in the same context, so
// its immutable /build files are cached and only the HTML travels), JavaScript on and off.
//
// Painted: the first contentful paint. The form is in the server's HTML, so the first paint
// shows it, and from then it works as a plain HTML form, JavaScript on or off (DEVELOPERS.md's
// "form usable", budget 2.5 s).
// Usable: without JavaScript, the document's load event (HTML, styles and images in); with
// JavaScript, that and the page hydrated (Remix's router initialised: the form's enhancements
// answer; DEVELOPERS.md's "hydrated", budget 6 s).
//
// Beside it the physical floor: round trips × latency + bytes ÷ bandwidth, where the round
// trips are the depth of the chain of requests that had to answer one after another (a
// request started after another's first byte depends on it, at worst) among those done by the
// usable moment, and the bytes all they transferred (headers included). The ratio says how
// close to the network's own limit the page is; the waste is what is above 1.
//
// Warm, beside the painted time, the page's document alone painted (documentAlone): the same
// HTML with the same headers, less what it loads, runs or styles, from a server that only
// replays it. Its paint is the browser's own floor for that document: the network's, and the
// browser's work on it that no page of that size and those headers escapes (a new browsing
// context group for the opener policy, parsing, layout, the paint; decision 0232, item 4).
//
// Beside the pages, the bare Remix form of bench/reference (its files compressed as the app's):
// what the framework alone needs on this network, cold and warm (decision 0232, item 3).
import http from "node:http";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { customerAt } from "./customers.mjs";
import { HOP_BY_HOP, startHttp2Front } from "./h2-front.mjs";
import { round } from "./util.mjs";

export const SLOW_3G = { latencyMs: 2000, kbps: 400 };
const BYTES_PER_SECOND = (SLOW_3G.kbps * 1000) / 8;

/** The pages measured: the language switch's sign-in page, then each onboarding step for a customer on it. */
const SLOW_PAGES = [
  { page: "/login?lng=en", who: null, server: "app" },
  ...["account", "score", "package", "questionnaire", "beneficiaries", "offer"].map((step) => ({ page: `/${step}`, who: step, server: "app" })),
];

/** Request hops (a redirect is a hop of its own) from the CDP network events. */
function recorder(cdp) {
  const hops = new Map();
  const done = [];
  const close = (id, end, bytes) => {
    const hop = hops.get(id);
    if (!hop) return;
    hops.delete(id);
    done.push({ ...hop, end, bytes });
  };
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.redirectResponse) {
      const hop = hops.get(e.requestId);
      if (hop) hop.firstByte = e.timestamp;
      close(e.requestId, e.timestamp, e.redirectResponse.encodedDataLength ?? 0);
    }
    hops.set(e.requestId, { url: e.request.url, type: e.type, start: e.timestamp, firstByte: Infinity });
  });
  cdp.on("Network.responseReceived", (e) => {
    const hop = hops.get(e.requestId);
    if (!hop) return;
    hop.firstByte = e.timestamp;
    // When the request really went out: after waiting for one of the host's six HTTP/1.1
    // connections (the debug output shows it; the floor counts from when it was asked for).
    const timing = e.response.timing;
    if (timing && timing.sendStart >= 0) hop.sent = timing.requestTime + timing.sendStart / 1000;
    hop.cacheControl = Object.entries(e.response.headers ?? {}).find(([name]) => name.toLowerCase() === "cache-control")?.[1] ?? "";
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) hop.cached = true;
  });
  // Answered from the browser's cache: no trip over the network.
  cdp.on("Network.requestServedFromCache", (e) => {
    const hop = hops.get(e.requestId);
    if (hop) hop.cached = true;
  });
  cdp.on("Network.loadingFinished", (e) => close(e.requestId, e.timestamp, e.encodedDataLength ?? 0));
  cdp.on("Network.loadingFailed", (e) => close(e.requestId, e.timestamp, -1));
  return done;
}

/**
 * Round trips: the longest chain of hops each started after the one before it had answered
 * (its first byte: a page's head already names its styles and scripts). A hop counts from when
 * the page asked for it; over HTTP/1.1 the seventh file at once goes out later, when one of the
 * host's six connections is free (`sent`, printed with BENCH_SLOW3G_DEBUG=1): the floor is
 * the one of a connection that multiplexes (HTTP/2, as in production: docs/operations.md).
 */
function roundTrips(hops) {
  const sorted = [...hops].sort((a, b) => a.start - b.start);
  const depth = [];
  sorted.forEach((hop, i) => {
    let before = 0;
    for (let j = 0; j < i; j++) if (Math.min(sorted[j].firstByte, sorted[j].end) <= hop.start) before = Math.max(before, depth[j]);
    depth[i] = before + 1;
  });
  return Math.max(0, ...depth);
}

/** `hydrates: false`: a page without Remix (a document alone), done at its load event. */
async function measureOnce(browser, base, { page: pathname, cookie, hydrates = true }, javaScriptEnabled, warm = false) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: base });
  try {
    if (cookie) {
      const [name, ...value] = cookie.split("=");
      await context.addCookies([{ name, value: value.join("="), url: base }]);
    }
    if (warm) {
      // The earlier visit, at full speed: it fills the context's HTTP cache.
      const earlier = await context.newPage();
      await earlier.goto(pathname, { waitUntil: "load", timeout: 120_000 });
      if (javaScriptEnabled && hydrates) await earlier.waitForFunction(() => window.__remixRouter?.state?.initialized === true, null, { timeout: 120_000, polling: 50 });
      // What it fetches after its load event (a first page's prefetch of the stylesheet, whose
      // answer sets the cookie that makes later pages link it) is done too: closed before, the
      // measured visit now and then was a first one again (its stylesheet inline, 3 requests).
      await earlier.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
      await earlier.close();
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    if (!warm) await cdp.send("Network.clearBrowserCache");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_3G.latencyMs,
      downloadThroughput: BYTES_PER_SECOND,
      uploadThroughput: BYTES_PER_SECOND,
    });
    const hops = recorder(cdp);
    const t0 = performance.now();
    await page.goto(pathname, { waitUntil: "load", timeout: 120_000 });
    if (javaScriptEnabled && hydrates) {
      await page.waitForFunction(() => window.__remixRouter?.state?.initialized === true, null, { timeout: 120_000, polling: 50 });
    }
    const usableMs = performance.now() - t0;
    // The page's own answer has arrived by now, but its CDP event can come a moment after the
    // load event: without this wait a warm page now and then counted no request and a floor of 0.
    const address = page.url();
    for (let tries = 0; tries < 100 && !hops.some((h) => h.type === "Document" && h.url === address); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const doneByUsable = [...hops];
    // The paint's time from the navigation's start, plus the few milliseconds from t0 to that start.
    // (The paint entry can come a frame after the load event: asked again for up to 5 s.)
    let painted;
    for (let tries = 0; tries < 100; tries++) {
      painted = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        sinceOrigin: performance.now(),
      }));
      painted.elapsed = performance.now() - t0;
      if (painted.fcp !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const paintedMs = painted.fcp === null ? null : painted.fcp + Math.max(0, painted.elapsed - painted.sinceOrigin);
    const finalPath = new URL(page.url()).pathname;
    if (process.env.BENCH_SLOW3G_DEBUG) {
      const t0Stamp = Math.min(...doneByUsable.map((h) => h.start));
      console.log(pathname, javaScriptEnabled, doneByUsable.map((h) => `${h.url.replace(base, "")} sent +${Math.round(((h.sent ?? h.start) - t0Stamp) * 1000)}ms, ${Math.round((h.end - h.start) * 1000)}ms ${h.bytes}B${h.cached ? " cached" : ""}`));
    }
    // What reached the network: not inline data, not what the browser gave up on (a module
    // preload with JavaScript off).
    const counted = doneByUsable.filter((h) => !h.url.startsWith("data:") && h.bytes >= 0 && !h.cached);
    const bytes = counted.reduce((sum, h) => sum + h.bytes, 0);
    const trips = roundTrips(counted);
    const floorMs = trips * SLOW_3G.latencyMs + (bytes / BYTES_PER_SECOND) * 1000;
    return {
      paintedMs: paintedMs === null ? null : Math.round(paintedMs),
      usableMs: Math.round(usableMs),
      requests: counted.length,
      roundTrips: trips,
      kB: round(bytes / 1000),
      floorMs: Math.round(floorMs),
      ratio: round(usableMs / floorMs, 2),
      landedOn: finalPath,
      // Warm: the files taken from the cache that a visit the next day would revalidate.
      staleNextDay: doneByUsable.filter((h) => h.cached && !freshForADay(h.cacheControl)).map((h) => h.url.replace(base, "")),
    };
  } finally {
    await context.close();
  }
}

/** Headers of a page's answer not replayed with its document alone: the connection's, the body's, the answer's own. */
const NOT_REPLAYED = new Set([...HOP_BY_HOP, "content-encoding", "content-length", "date", "set-cookie", "x-request-id"]);

/** A page's HTML less what it loads, runs or styles: its scripts, links (styles, preloads), styles and images. */
export function documentAlone(html) {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<style\b[\s\S]*?<\/style>/gi, "")
    .replace(/<link\b[^>]*>/gi, "")
    .replace(/<img\b[^>]*>/gi, "");
}

/**
 * An HTTP/1.1 server that answers each page's document alone, kept with `keep`, gzipped as the
 * app's own answers are, with the page's own headers (no-store, the opener policy, ...).
 */
async function startDocumentReplay() {
  const documents = [];
  const server = http.createServer((request, response) => {
    const found = /^\/document\/(\d+)$/.exec(request.url ?? "");
    const document = found ? documents[Number(found[1])] : undefined;
    if (!document) return response.writeHead(404).end();
    response.writeHead(200, { ...document.headers, "content-encoding": "gzip" }).end(document.body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    /** The page at `url` as the customer of `cookie` is answered, kept as its document alone: its path here. */
    async keep(url, cookie) {
      const answer = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
      const headers = {};
      for (const [name, value] of answer.headers) if (!NOT_REPLAYED.has(name)) headers[name] = value;
      documents.push({ headers, body: gzipSync(documentAlone(await answer.text())) });
      return `/document/${documents.length - 1}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Whether a cached answer is still fresh a day later (issue 25 item 4: a customer back the next
 * day): immutable, or a max-age of a day or more. One that is not costs that visit a round trip
 * to revalidate, which the warm load here, right after the first, does not show.
 */
export function freshForADay(cacheControl) {
  const directives = String(cacheControl ?? "").toLowerCase();
  if (/(^|[,\s])(no-store|no-cache)\b/.test(directives)) return false;
  if (/(^|[,\s])immutable\b/.test(directives)) return true;
  const maxAge = /(^|[,\s])max-age=(\d+)/.exec(directives);
  return maxAge !== null && Number(maxAge[2]) >= DAY_SECONDS;
}

/** The bare Remix form (bench/reference) the pages are measured against, of a step's size. */
const BARE_PAGE = { page: "/?fields=9", who: null, server: "bare", label: "bare Remix form (bench/reference, 9 fields)" };

/**
 * Every page (whose address contains `only`), JavaScript on and off, cold and warm, over
 * HTTP/1.1 straight to the app and over HTTP/2 through a TLS front (scripts/bench/h2-front.mjs),
 * as production's load balancer serves it; `base` is a running production server. With
 * `bareBase` (the running bench/reference), the bare Remix form too, measured the same way: the
 * framework's own floor on this network.
 */
export async function measureSlow3g(base, only = "", bareBase = null) {
  const replay = await startDocumentReplay();
  const fronts = await Promise.all([base, replay.base, ...(bareBase ? [bareBase] : [])].map(startHttp2Front));
  const [front, replayFront, bareFront] = fronts;
  const browser = await chromium.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", `--ignore-certificate-errors-spki-list=${fronts.map((f) => f.spkiHash).join(",")}`],
  });
  const pages = [...SLOW_PAGES.filter((p) => p.page.includes(only)), ...(bareBase ? [BARE_PAGE] : [])];
  // Each server's address over HTTP/1.1, straight to it.
  const plain = { app: base, replay: replay.base, bare: bareBase };
  const rows = [];
  try {
    for (const cache of ["cold", "warm"]) {
      for (const [protocol, origins] of [
        ["http/1.1", plain],
        ["h2", { app: front.base, replay: replayFront.base, bare: bareFront?.base }],
      ]) {
        for (const entry of pages) {
          for (const js of [true, false]) {
            // A new customer per load: the step in its state, nothing cached of them.
            const cookie = entry.who ? (await customerAt(base, entry.who)).cookie : null;
            const measured = await measureOnce(browser, origins[entry.server], { page: entry.page, cookie }, js, cache === "warm");
            const row = { page: entry.label ?? entry.page, cache, protocol, javaScript: js ? "on" : "off", ...measured };
            if (cache === "warm") {
              const alone = { page: await replay.keep(plain[entry.server] + entry.page, cookie), hydrates: false };
              row.documentAlonePaintedMs = (await measureOnce(browser, origins.replay, alone, js, true)).paintedMs;
            }
            rows.push(row);
          }
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all([...fronts.map((f) => f.stop()), replay.stop()]);
  }
  return rows;
}
