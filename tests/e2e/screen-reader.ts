/**
 * What a screen-reader user hears (issue 24), through @guidepup/virtual-screen-reader: a
 * screen-reader model (ARIA, accname, HTML-AAM) run inside the page, so what it says comes
 * from the markup the customer gets, not from a DevTools field that changes with Chromium.
 *
 * - `readPage(page)`: the page read from top to bottom (the reading cursor's "next" until
 *   "end of document"), one phrase a line; controls heard without a name are listed apart.
 *   `read(page)` the same, asserting it reached the end and every control has a name.
 * - `ready(page)` before a reading with JavaScript: React has hydrated the page and settled
 *   (`countCommits(page)` before the test's first page lets it count React's commits).
 * - `listen(page)` before an action, `.heard()` after it: what was announced meanwhile, the
 *   focus moves and the live regions. A page that was loaded anew (a post without
 *   JavaScript) is heard as a screen reader meets a new page: its title, then where focus is.
 * - `Transcript`: the phrases of one screen and mode as a text file in tests/e2e/transcripts,
 *   written with UPDATE_TRANSCRIPTS=1 and compared otherwise (docs/decisions/0190).
 *
 * The model is bundled from the installed package into one script (esbuild, once per
 * worker, nothing fetched) and evaluated in the page. Without JavaScript a page runs no
 * script, not even one the test injects, so its markup as it is now is read in a scratch
 * page that has JavaScript (its own scripts removed, `<noscript>` shown as it is to the
 * customer), as the axe scan does (tests/e2e/fixtures.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "@playwright/test";
import { transformSync } from "esbuild";
import { expect, jsEnabled, scratchCopy, test } from "./fixtures";
import { timeLimit } from "./time-limits";

const require = createRequire(import.meta.url);

let bundle: string | null = null;
/** The model as one classic script defining `window.__screenReader` (the package's browser build). */
function screenReaderScript(): string {
  if (bundle === null) {
    const entry = require.resolve("@guidepup/virtual-screen-reader/browser.js");
    const built = transformSync(readFileSync(entry, "utf8"), { format: "iife", globalName: "__screenReaderModule", target: "es2022", loader: "js" });
    bundle = `${built.code}\nwindow.__screenReader = __screenReaderModule.virtual;`;
  }
  return bundle;
}

/** The page to run the model in: the page itself, or (JavaScript off) its markup in the scratch page. */
async function readablePage(page: Page): Promise<Page> {
  if (jsEnabled()) {
    // <noscript> is never shown with scripting on; the model would read its text.
    await page.evaluate(() => document.querySelectorAll("noscript").forEach((n) => n.setAttribute("aria-hidden", "true")));
    return page;
  }
  // What the customer typed, chose or moved lives in properties, which the markup lacks.
  await page.evaluate(() => {
    for (const input of Array.from(document.querySelectorAll("input"))) {
      if (input.type === "checkbox" || input.type === "radio") input.toggleAttribute("checked", input.checked);
      else if (input.type !== "hidden" && input.type !== "file") input.setAttribute("value", input.value);
    }
    for (const area of Array.from(document.querySelectorAll("textarea"))) area.textContent = area.value;
    for (const option of Array.from(document.querySelectorAll("option"))) option.toggleAttribute("selected", option.selected);
  });
  // With scripting on, a browser parses <noscript> as text; the customer without it sees its content.
  return scratchCopy(page, (await page.content()).replace(/<\/?noscript>/gi, ""));
}

async function inject(page: Page) {
  if (!(await page.evaluate(() => "__screenReader" in window))) await page.evaluate(screenReaderScript());
}

interface Commits {
  /** React's commits so far, and those whose effects have run. */
  all: number;
  flushed: number;
}

/**
 * Counts React's commits through the hook React reports them to (the one its DevTools
 * install), from before the page's scripts run: `ready` waits for the states it reads. A test
 * that reads a page with JavaScript calls it before its first page.
 */
export async function countCommits(page: Page) {
  if (!jsEnabled()) return;
  await page.addInitScript(() => {
    const counted: Commits = { all: 0, flushed: 0 };
    Object.assign(window, {
      __commits: counted,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => undefined,
        onCommitFiberRoot: () => void counted.all++,
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => void counted.flushed++,
      },
    });
  });
}

const commits = (page: Page) => page.evaluate(() => (window as unknown as { __commits?: Commits }).__commits ?? { all: 0, flushed: 0 });

/** A ceiling on a loaded machine, not a wait (issue 24 item 6). */
const READY = { timeout: timeLimit(45_000) };

/**
 * JavaScript has taken the page over: the router runs, React has hydrated the page and run its
 * effects, what they load after hydration is in (the forms' schemas, docs/decisions/0043) and
 * rendered. On a loaded machine the router was up and the network quiet while hydration was
 * still rendering: the page was read as the server sent it (issue 24 item 6).
 */
export async function ready(page: Page) {
  if (!jsEnabled()) return;
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await expect.poll(async () => (await commits(page)).flushed, { message: "React hydrated the page and ran its effects", ...READY }).toBeGreaterThan(0);
  // The schemas and what else the effects import: a form without a browser schema (the user
  // page's consents) stays data-validation=server, so the network going quiet, not every form
  // switching, says it is in.
  await page.waitForLoadState("networkidle");
  // Rendered: no commit between three reads a quarter second apart.
  let seen: string[] = [];
  await expect
    .poll(
      async () => {
        seen = [...seen, JSON.stringify(await commits(page))].slice(-3);
        return seen.length === 3 && new Set(seen).size === 1;
      },
      { intervals: [250], ...READY },
    )
    .toBe(true);
}

/** Roles a customer operates: each must be heard with a name. */
const CONTROLS =
  "input:not([type=hidden]), select, textarea, button, a[href], [role=button], [role=link], [role=checkbox], [role=radio], [role=slider], [role=textbox], [role=combobox], [role=switch], [role=tab]";

export interface PageReading {
  /** What is heard, phrase by phrase, from the top to "end of document". */
  phrases: string[];
  /** Controls heard without a name (their phrase). */
  nameless: string[];
}

/** The page read from top to bottom by the reading cursor. */
export async function readPage(page: Page): Promise<PageReading> {
  const target = await readablePage(page);
  await inject(target);
  return target.evaluate(async (controls) => {
    const sr = (window as unknown as { __screenReader: ScreenReader }).__screenReader;
    await sr.start({ container: document.body });
    const nameless: string[] = [];
    try {
      for (let i = 0; i < 3000 && (await sr.lastSpokenPhrase()) !== "end of document"; i++) {
        await sr.next();
        const node = sr.activeNode;
        if (!(node instanceof Element) || !node.matches(controls)) continue;
        const item = await sr.itemText();
        const choice = node instanceof HTMLInputElement && (node.type === "checkbox" || node.type === "radio");
        const value = node instanceof HTMLInputElement && !choice ? (node.getAttribute("aria-valuetext") ?? node.value) : "";
        if (!item || (value !== "" && item === value)) nameless.push(await sr.lastSpokenPhrase());
      }
      return { phrases: await sr.spokenPhraseLog(), nameless };
    } finally {
      await sr.stop();
    }
  }, CONTROLS);
}

/** The page read top to bottom, to its end; no control without a name. */
export async function read(page: Page): Promise<PageReading> {
  // After a client-side change of page the announcer says the new title, then empties itself
  // (app/components/focus.tsx): the page is read as a customer reading on meets it.
  await expect(page.locator("[data-route-announcer]")).toBeEmpty(READY);
  const reading = await readPage(page);
  expect(reading.phrases.at(-1)).toBe("end of document");
  expect(reading.nameless, "controls heard without a name").toEqual([]);
  // The title is said once on arriving (a live region with JavaScript); the cursor must not meet it again as text.
  const title = await page.title();
  expect(reading.phrases.filter((phrase) => phrase === title), "the page's title read as the page's text").toEqual([]);
  return reading;
}

interface ScreenReader {
  start(options: { container: Element }): Promise<void>;
  stop(): Promise<void>;
  next(): Promise<void>;
  lastSpokenPhrase(): Promise<string>;
  itemText(): Promise<string>;
  spokenPhraseLog(): Promise<string[]>;
  clearSpokenPhraseLog(): Promise<void>;
  activeNode: Node | null;
}

/** What a screen reader says on arriving at a freshly loaded page: its title, then where focus is. */
async function arrival(page: Page): Promise<string[]> {
  const target = await readablePage(page);
  await inject(target);
  return target.evaluate(async () => {
    const sr = (window as unknown as { __screenReader: ScreenReader }).__screenReader;
    await sr.start({ container: document.body });
    await sr.clearSpokenPhraseLog();
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body) {
      focused.blur();
      focused.focus();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    const said = await sr.spokenPhraseLog();
    await sr.stop();
    return [`page: ${document.title}`, ...said];
  });
}

export interface Listener {
  /** What was announced since `listen`, once nothing new has come for a moment. */
  heard(): Promise<string[]>;
}

/**
 * Starts listening to the page as it is (JavaScript on: the model stays in the page across
 * client-side navigations and hears the focus moves and live regions). A page loaded anew
 * since (every post without JavaScript) is heard as an arrival.
 */
export async function listen(page: Page): Promise<Listener> {
  const document = jsEnabled() ? await startListening(page) : null;
  return {
    async heard() {
      if (document !== null && (await stillListening(page, document))) {
        let last = "";
        // The announcements are in when two reads a quarter second apart agree.
        await expect
          .poll(async () => {
            const now = JSON.stringify(await page.evaluate(() => (window as unknown as { __screenReader: ScreenReader }).__screenReader.spokenPhraseLog()));
            const settled = now === last;
            last = now;
            return settled;
          }, { intervals: [250] })
          .toBe(true);
        // A live region emptied (the route announcer after saying a title) is an announcement of
        // nothing in the model; a screen reader says nothing.
        const said = (JSON.parse(last) as string[]).filter((phrase) => !/^(polite|assertive): $/.test(phrase));
        await page.evaluate(() => (window as unknown as { __screenReader: ScreenReader }).__screenReader.stop());
        return said;
      }
      return arrival(page);
    },
  };
}

async function startListening(page: Page): Promise<string> {
  await inject(page);
  const mark = `listening-${Math.random().toString(36).slice(2)}`;
  await page.evaluate(async (id) => {
    const sr = (window as unknown as { __screenReader: ScreenReader }).__screenReader;
    await sr.stop();
    await sr.start({ container: document.body });
    await sr.clearSpokenPhraseLog();
    (window as unknown as { __listening: string }).__listening = id;
  }, mark);
  return mark;
}

const stillListening = (page: Page, mark: string) => page.evaluate((id) => (window as unknown as { __listening?: string }).__listening === id, mark).catch(() => false);

/** Live-region announcements among phrases ("polite: …", "assertive: …"). */
export const announcements = (phrases: string[]) => phrases.filter((p) => /^(polite|assertive): /.test(p));

/**
 * What changes from run to run, replaced by a placeholder: personal codes, policy numbers, dates, times,
 * the footer's year, document and reference numbers, so a transcript changes only when what is heard does.
 */
function mask(line: string): string {
  return line
    .replace(/\b[1-6]\d{2}[01]\d[0-3]\d{5}\b/g, "‹isikukood›")
    // A policy's number follows how many were signed before it in the run.
    .replace(/\bEK-\d+\b/g, "‹poliisi number›")
    .replace(/\b\d{1,2}\.\d{1,2}\.\d{4}\b/g, "‹kuupäev›")
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, "‹kuupäev›")
    .replace(/\b\d{1,2}\. (jaanuar|veebruar|märts|aprill|mai|juuni|juuli|august|september|oktoober|november|detsember) \d{4}\b/g, "‹kuupäev›")
    .replace(/\b\d{1,2}:\d{2}\b/g, "‹kell›")
    // The footer's year is the server clock's: the transcripts would all change on 1 January.
    .replace(/© \d{4}\b/g, "© ‹aasta›");
}

const TRANSCRIPTS = path.join(path.dirname(new URL(import.meta.url).pathname), "transcripts");

/**
 * The transcript of one screen in one mode: sections of phrases, masked, kept in
 * tests/e2e/transcripts/<screen>.<js-on|js-off>.txt. `UPDATE_TRANSCRIPTS=1` writes it;
 * otherwise it must equal the file (a change in what is heard fails and shows in the diff).
 */
export class Transcript {
  private readonly lines: string[];
  constructor(private readonly screen: string, title: string) {
    this.lines = [`# ${title} (${jsEnabled() ? "JavaScript on" : "JavaScript off"})`];
  }
  add(section: string, phrases: string[]) {
    this.lines.push("", `## ${section}`, ...phrases.map(mask));
  }
  check() {
    const file = path.join(TRANSCRIPTS, `${this.screen}.${test.info().project.name}.txt`);
    const text = `${this.lines.join("\n")}\n`;
    if (process.env.UPDATE_TRANSCRIPTS === "1") {
      mkdirSync(TRANSCRIPTS, { recursive: true });
      writeFileSync(file, text);
      return;
    }
    expect(existsSync(file), `${path.relative(process.cwd(), file)} is missing: run with UPDATE_TRANSCRIPTS=1 and review it`).toBe(true);
    expect(text, `what is heard on ${this.screen} changed: review the diff, then UPDATE_TRANSCRIPTS=1`).toBe(readFileSync(file, "utf8"));
  }
}
