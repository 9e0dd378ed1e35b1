/**
 * The e2e `test`: fails any test in which the page logs a console error or throws a page
 * error (CSP violations, hydration mismatches and failed loads all surface as console
 * errors). Also: the demo sign-in, fresh personal codes and the axe scan.
 */
import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Browser, type Page } from "@playwright/test";

export { expect };
// Through tsconfig's `~` alias, which Playwright's loader resolves.
export { freshPersonalCode } from "../support/personal-codes";

/** Demo persons seeded in every fresh database (PRODUCT.md section 2). */
export const PERSONS = {
  jaanTamm: "38503020139",
  antsVanamees: "35001010210",
  locked: "39001010447",
} as const;

/** The analytics consent cookie (docs/decisions/0095), as the server sets it. */
export const ANALYTICS_CONSENT_COOKIE = "analytics_consent";

export const test = base.extend<{
  /**
   * The analytics answer the browser starts with: "granted" unless a test says otherwise
   * (`test.use({ analyticsConsent: null })`), so a test about something else meets the page
   * without the banner (tests/e2e/analytics-consent.spec.ts and accessibility.spec.ts meet it).
   */
  analyticsConsent: "granted" | "denied" | null;
  consentCookie: void;
  /**
   * Console errors a test expects, by pattern: the browser logs an error for every response
   * with an error status (a 404 page, a 400 form reply), which is then not a fault.
   */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleGuard: { allowed: RegExp[] };
}>({
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const { url, lineNumber } = message.location();
        errors.push(`console error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
      });
      page.on("pageerror", (error) => errors.push(`page error: ${error.stack ?? error.message}`));
      const guard = { allowed: [] as RegExp[] };
      await use(guard);
      const unexpected = errors.filter((e) => !guard.allowed.some((pattern) => pattern.test(e)));
      expect(unexpected, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
  analyticsConsent: ["granted", { option: true }],
  consentCookie: [
    async ({ context, analyticsConsent, baseURL }, use) => {
      if (analyticsConsent) await context.addCookies([{ name: ANALYTICS_CONSENT_COOKIE, value: analyticsConsent, url: baseURL!, sameSite: "Lax" }]);
      await use();
    },
    { auto: true },
  ],
  allowConsoleErrors: async ({ consoleGuard }, use) => {
    await use((...patterns) => void consoleGuard.allowed.push(...patterns));
  },
});

/**
 * The page's own HTML as a returning browser is sent it: once the browser has fetched the
 * stylesheet its first page prefetched (the `css` cookie its answer set), pages link the file
 * rather than carry it inline (docs/decisions/0324); the HTML budget is that page's.
 */
export async function returningPageHtml(page: Page, path: string): Promise<Buffer> {
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "css"), { message: "the stylesheet prefetched" }).toBe(true);
  const html = await (await page.request.get(path)).body();
  expect(html.toString()).toContain('<link rel="stylesheet"');
  return html;
}

/** The browser's message for a response with an error status. */
export const failedLoad = (status: number) => new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);

/**
 * The next post to a path under `prefix` is lost on the network (the connection drops), the
 * ones after it go through. Answers whether it was lost yet.
 */
export async function loseNextPost(page: Page, prefix: string): Promise<() => boolean> {
  let lost = false;
  await page.route(
    (url) => url.pathname.startsWith(prefix),
    (route) => {
      if (route.request().method() !== "POST" || lost) return route.fallback();
      lost = true;
      return route.abort("internetdisconnected");
    },
  );
  return () => lost;
}

/** WCAG contrast of a computed `rgb(r, g, b)` colour against white. */
export function contrastWithWhite(rgb: string) {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return 1.05 / (luminance + 0.05);
}

/** Whether this project runs with JavaScript on. */
export const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;

/** Until a page is hydrated a press is the browser's own post (progressive enhancement): wait for Remix's router. */
export const hydrated = (page: Page) => page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);

/** The analytics question's banner, on a page in Estonian. */
export const consentBanner = (page: Page) => page.getByRole("region", { name: "Analüütika ja sinu privaatsus" });

/**
 * With JavaScript, waits until the banner's code is there: it comes after hydration
 * (docs/decisions/0115), and a click before that is the plain post (as without JavaScript).
 */
export async function consentBannerReady(page: Page) {
  if (jsEnabled()) await expect(consentBanner(page).locator("form[data-hydrated]")).toBeAttached();
}

/**
 * Hydrated, and the step's form judges its submits in the browser: its schema arrives after
 * hydration, and until then a press is posted for the server to judge, which asks its
 * questions (the score's unanswered ones, the offer's confirmation) as a page, not a dialog.
 */
export async function stepFormReady(page: Page) {
  await hydrated(page);
  await expect(page.locator("main form[data-validation]").first()).toHaveAttribute("data-validation", "browser");
}

export type SignInMethod = "smart-id" | "mobile-id" | "id-card";

const METHOD_LABELS: Record<SignInMethod, string> = { "smart-id": "Smart-ID", "mobile-id": "Mobiil-ID", "id-card": "ID-kaart" };

/** Fills the demo sign-in form on the open /login page (Estonian) and submits it. */
export async function submitSignIn(page: Page, idCode: string, options: { method?: SignInMethod; phone?: string } = {}) {
  await page.getByRole("radio", { name: METHOD_LABELS[options.method ?? "smart-id"], exact: true }).check();
  await page.getByLabel("Isikukood").fill(idCode);
  if (options.phone !== undefined) await page.getByLabel("Telefoninumber (Mobiil-ID)").fill(options.phone);
  await page.getByRole("button", { name: "Logi sisse" }).click();
}

/**
 * Signs in through the demo form and waits until the browser has left /login. Opens /login
 * first unless the page is already there (for example with ?redirectTo or ?src).
 */
export async function signIn(page: Page, idCode: string, options: { method?: SignInMethod; phone?: string } = {}) {
  if (new URL(page.url()).pathname !== "/login") await page.goto("/login");
  await submitSignIn(page, idCode, options);
  await page.waitForURL((url) => url.pathname !== "/login");
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/**
 * Beyond the tags: landmarks told apart by role and name (a best practice). axe compares the
 * page's landmarks with those of the documents in its frames, as a screen reader's list of
 * landmarks does: the demo signing frame's <main> beside the page's own. And by name, whatever
 * its tags in the axe of the day: a box that scrolls is reached by keyboard (WCAG 2.1.1), as a
 * table scrolling in its own box at 320 px was not (docs/decisions/0281).
 */
const AXE_RULES = { "landmark-unique": { enabled: true }, "scrollable-region-focusable": { enabled: true } };
/**
 * axe's code, evaluated only where the document has none yet: AxeBuilder evaluates its source
 * once before a scan and again in every frame, twice in the page itself, and a scan of the same
 * document again brings it a third time. Every scan asks for the violations only: axe then
 * builds the selectors of the other results' first node alone (its `resultTypes`). Together a
 * scan costs about a fifth less in a quiet page (docs/decisions/0325). The code is the package's
 * minified build (`axe.source` is its 1.3 MB unminified one, 0.58 MB minified): the same axe,
 * evaluated in about an eighth less of the renderer's time.
 */
const require = createRequire(import.meta.url);
const AXE_MIN = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const AXE_SOURCE = `if (typeof window.axe === "undefined") {\n${AXE_MIN}\n}`;

/** Each browser's scratch page, and the markup it shows on its next load. */
const scratches = new WeakMap<Browser, Promise<{ page: Page; html: string }>>();

/**
 * `html` (a page's markup; its scripts are removed here) at `page`'s address, in a page that runs
 * JavaScript: where the axe scan and the screen-reader model run for a page without it. One
 * page per browser, kept from one copy to the next: a context of its own each time cost about
 * a second more a copy (the context, the styles fetched again, axe's code compiled again in a
 * new renderer). Each copy meets it as its own context did: at the page's size, without
 * cookies, from a blank page (so a copy at the same address and another #fragment loads too).
 * Its own load is the copy; a frame in it (the signing's) loads its document as usual.
 */
export async function scratchCopy(page: Page, html: string): Promise<Page> {
  const browser = page.context().browser()!;
  let made = scratches.get(browser);
  if (!made) {
    made = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      const scratch = { page: await context.newPage(), html: "" };
      // The copy is served through DevTools' Fetch domain, for the main frame's documents only:
      // Playwright's own routing would turn the HTTP cache off, and every copy would fetch its
      // stylesheets and fonts again.
      const cdp = await context.newCDPSession(scratch.page);
      const { frameTree } = await cdp.send("Page.getFrameTree");
      cdp.on("Fetch.requestPaused", ({ requestId, frameId }) => {
        const answered =
          frameId === frameTree.frame.id
            ? cdp.send("Fetch.fulfillRequest", {
                requestId,
                responseCode: 200,
                responseHeaders: [{ name: "Content-Type", value: "text/html; charset=utf-8" }],
                body: Buffer.from(scratch.html).toString("base64"),
              })
            : cdp.send("Fetch.continueRequest", { requestId });
        // Refused only once the browser is closing at the worker's end; a copy that did not load fails its test.
        answered.catch(() => undefined);
      });
      await cdp.send("Fetch.enable", { patterns: [{ resourceType: "Document" }] });
      return scratch;
    })();
    scratches.set(browser, made);
  }
  const scratch = await made;
  scratch.html = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const target = scratch.page;
  const size = page.viewportSize();
  if (size) await target.setViewportSize(size);
  await target.context().clearCookies();
  await target.goto("about:blank");
  await target.goto(page.url());
  // A browser applies `autofocus` at the first rendering after the load, which can come after
  // `goto` returned (8 loads in 60 here; a screen-reader arrival then heard the title alone).
  // One animation frame comes after that step, so the copy has its focus as the page had.
  await target.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return target;
}

/**
 * An axe scan (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA) of the page as it is now; no violations.
 * axe runs as page script, which a page without JavaScript cannot do: then the page's
 * current markup is scanned in a scratch page that has JavaScript (the markup's own scripts
 * removed, its styles and images loaded from the server as usual).
 */
export async function expectNoAxeViolations(page: Page) {
  const target = jsEnabled() ? page : await scratchCopy(page, await page.content());
  // Axe measures the page as styled (target sizes, contrast): every stylesheet in first. A
  // copy's stylesheet that did not arrive fails here, by name, not as a page of tiny targets.
  await expect
    .poll(() => target.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet).map((link) => link.href)), {
      message: `stylesheets of ${page.url()} not applied`,
    })
    .toEqual([]);
  // A frame from another origin (Dokobit's) is reached only by axe's run per frame, which finishes
  // in a page of its own opened for each scan; axe's one run in the page reaches the frames
  // of its own origin (the demo signing's) and costs about 0.4 s less a scan.
  const origin = new URL(target.url()).origin;
  const otherOrigin = target.frames().some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  const results = await new AxeBuilder({ page: target, axeSource: AXE_SOURCE }).setLegacyMode(!otherOrigin).options({ rules: AXE_RULES, resultTypes: ["violations"] }).withTags(AXE_TAGS).analyze();
  const violations = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
  }));
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
  // A name, description or label naming an id that is not on the page (axe leaves an
  // aria-labelledby whose ids are all missing for review, not as a violation).
  const dangling = await target.evaluate(() =>
    [...document.querySelectorAll("[aria-labelledby], [aria-describedby], label[for], output[for]")].flatMap((element) =>
      ["aria-labelledby", "aria-describedby", "for"].flatMap((attribute) =>
        (element.getAttribute(attribute) ?? "")
          .split(/\s+/)
          .filter((id) => id && !document.getElementById(id))
          .map((id) => `<${element.localName} ${attribute}="${id}">`),
      ),
    ),
  );
  expect(dangling, `references to no element on ${page.url()}`).toEqual([]);
}

/**
 * The beneficiaries' form (the onboarding step, the self-service change) asks the customer to
 * tell the people named and links the privacy notice's section for them (GDPR art. 14,
 * docs/decisions/0316): in a new tab, so nothing typed is lost, opened at that section.
 */
export async function expectBeneficiariesNoticeLink(page: Page) {
  await expect(page.getByText("Palun anna nimetatud isikutele teada, et nende andmed on meil:")).toBeVisible();
  const link = page.getByRole("link", { name: "mida me nendega teeme (avaneb uues aknas)", exact: true });
  await expect(link).toHaveAttribute("href", "/privacy#beneficiaries");
  const [notice] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  const section = notice.locator(":target");
  await expect(section).toHaveText("Kui oled nimetatud soodustatud isikuks");
  await expect(section).toHaveRole("heading");
  await expect(section).toBeInViewport();
  await expect(notice.getByRole("link", { name: "andmekaitse@elukaitse.ee" }).last()).toHaveAttribute("href", "mailto:andmekaitse@elukaitse.ee");
  await expectNoAxeViolations(notice);
  await notice.close();
}
