/**
 * A step's save sent in the very task that sends its post in the background (the live
 * estimate, the support code's lookup: the end of their wait), before React has rendered the
 * fetcher as busy: the closest a customer's click can come. The page notes whether the save's
 * post left while the background one was still on its way (decision 0009: it must not).
 */
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./fixtures";

type Options = { path: string; intent: string; waitMs: number; save: string };
type Noted = { posting: number; posted: number; savedWhilePosting: boolean | null; armed: boolean };

function inThePage({ path, intent, waitMs, save }: Options) {
  const noted: Noted = { posting: 0, posted: 0, savedWhilePosting: null, armed: false };
  (window as unknown as { heldSave: Noted }).heldSave = noted;
  const fetch = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    if (init?.method?.toUpperCase() !== "POST" || !String(input).includes(path)) return fetch.call(this, input, init);
    const body = init.body;
    if ((body instanceof FormData || body instanceof URLSearchParams) && body.get("intent") === intent) {
      noted.posting += 1;
      noted.posted += 1;
      return fetch.call(this, input, init).finally(() => (noted.posting -= 1));
    }
    noted.savedWhilePosting ??= noted.posting > 0;
    return fetch.call(this, input, init);
  };
  const setTimeout = window.setTimeout;
  window.setTimeout = ((handler: () => void, ms?: number) =>
    setTimeout(() => {
      handler();
      if (ms !== waitMs || !noted.armed) return;
      noted.armed = false;
      const button = [...document.querySelectorAll("button")].find((candidate) => candidate.textContent?.trim() === save);
      button?.form?.requestSubmit(button);
    }, ms)) as typeof window.setTimeout;
}

/** Before the page loads. */
export const watchSave = (page: Page, options: Options) => page.addInitScript(inThePage, options);
/** The next wait of `waitMs` that ends sends the save. */
export const saveWithTheNextPost = (page: Page) => page.evaluate(() => void ((window as unknown as { heldSave: Noted }).heldSave.armed = true));
export const noted = (page: Page) => page.evaluate(() => (window as unknown as { heldSave: Noted }).heldSave);

/** Who judges the save: the browser (the schema loaded) or the server (its loading held back). */
export const JUDGES = ["browser", "server"] as const;

/** Before the page loads: holds back the validation's loading when the server is to judge. */
export async function judgedBy(page: Page, judge: (typeof JUDGES)[number]) {
  if (judge === "server") await page.route(/\/build\/.*zod-resolve-[^/]*\.js$/, () => undefined);
}

/** Once the page is in: hydrated, and its step form judged by `judge`. */
export async function readyJudgedBy(page: Page, judge: (typeof JUDGES)[number]) {
  await hydrated(page);
  await expect(page.locator("main form[data-validation]").first()).toHaveAttribute("data-validation", judge);
}
