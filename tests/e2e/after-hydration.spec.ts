/**
 * What the form pages load after hydration (docs/decisions/0043): the step's zod schema comes
 * with import() once the page is interactive. With it, the browser validates a submit itself
 * (no post); before it (here: when it cannot be had at all) the submit goes to the server,
 * which answers with the same errors as without JavaScript.
 */
import type { Page } from "@playwright/test";
import { expect, failedLoad, freshPersonalCode, hydrated, signIn, stepFormReady, test } from "./fixtures";
import { customerOnOffer, customerOnPackage } from "./journey";
import { NEEDS_JS } from "./projects";

const SCHEMA = /\/build\/_shared\/account-schema-[A-Z0-9]+\.js$/;

/** The posts of the account form (its action, with or without single fetch's suffix). */
function accountPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/account")) posts.push(request.url());
  });
  return posts;
}

const summary = (page: Page) => page.getByRole("alert").filter({ hasText: "Vormis on vigu" });
const occupationError = (page: Page) => summary(page).getByRole("link", { name: "Amet või tegevusala: See väli on kohustuslik." });

// Every test here is not in the js-off project: what they check happens after hydration, which
// needs JavaScript. Without JavaScript nothing is loaded later: the form posts, as the account
// tests check.
test("once the schema is loaded, a submit with a missing field is stopped in the browser", { tag: NEEDS_JS }, async ({ page }) => {
  const schemas: string[] = [];
  page.on("response", (response) => {
    if (SCHEMA.test(new URL(response.url()).pathname) && response.ok()) schemas.push(response.url());
  });
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await expect.poll(() => schemas.length).toBeGreaterThan(0);
  // Loaded is not yet in use: the form says when the browser judges its submits.
  await expect(page.locator("form[data-validation]").filter({ has: page.getByRole("button", { name: "Registreeri" }) })).toHaveAttribute("data-validation", "browser");
  const posts = accountPosts(page);

  await page.getByRole("button", { name: "Registreeri" }).click();
  await expect(occupationError(page)).toBeVisible();
  await expect(summary(page)).toBeFocused();
  expect(posts).toEqual([]);
});

test("without the schema (it could not be loaded), the server validates the submit and the page shows its errors", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  // The aborted chunk, and the server's 400 reply to the invalid form.
  allowConsoleErrors(/net::ERR_FAILED/, failedLoad(400));
  await page.route(SCHEMA, (route) => route.abort());
  await signIn(page, freshPersonalCode());
  await expect(page).toHaveURL("/account");
  await expect(page.getByLabel("Telefoninumber", { exact: true })).toHaveValue("+372 ");
  const posts = accountPosts(page);

  await page.getByLabel("E-posti aadress").fill("test.kasutaja@example.com");
  await page.getByRole("button", { name: "Registreeri" }).click();
  await expect(occupationError(page)).toBeVisible();
  await expect(summary(page)).toBeFocused();
  await expect(page).toHaveTitle("Viga: registreerimine | Elukaitse");
  expect(posts.length).toBe(1);
  // What was typed stays.
  await expect(page.getByLabel("E-posti aadress")).toHaveValue("test.kasutaja@example.com");
});

test("the offer's review before its schema is there: the server says what is missing, no confirmation opens", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/net::ERR_FAILED/, failedLoad(400));
  await page.route(/\/build\/_shared\/offer-schema-[A-Z0-9]+\.js$/, (route) => route.abort());
  await customerOnOffer(page);
  await page.goto("/offer");
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  const errors = summary(page);
  await expect(errors).toBeFocused();
  await expect(errors.getByRole("link")).toHaveCount(3);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

/**
 * The amounts are written with padStart: broken, and the life cover's slider moved, in one task,
 * so the next estimate's render throws. Apart, any render between the two (a later answer) showed
 * the error page first, and the slider to move was gone. Only once the parts hydrated after the
 * page (the language switch, the logout: app/components/later-layout.tsx) are: the error page
 * replacing them before that is an update to a boundary still hydrating, which React reports
 * (its error 421, a page error) as it renders them afresh; with their code late, as on a loaded
 * machine, the test failed so.
 */
async function renderThatThrows(page: Page) {
  await expect(page.locator("nav.language-switch[data-hydrated]")).toBeAttached();
  await expect(page.locator("form[action='/logout'][data-hydrated]")).toBeAttached();
  await page.evaluate(() => {
    String.prototype.padStart = () => {
      throw new TypeError("probe: a render that throws");
    };
    const slider = document.querySelector<HTMLInputElement>("#death-range")!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(slider, "120000");
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    slider.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

test("an error the browser meets is said to the server, with its route and kind; a page the server answered with an error is not", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  // The error thrown on purpose, and what React and the browser say of it and of the 404 below.
  allowConsoleErrors(/probe: a render that throws/, /The above error occurred/, failedLoad(404));
  const reports: URLSearchParams[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/client-error") reports.push(new URLSearchParams(request.postData() ?? ""));
  });

  // The server's own error page, hydrated: nothing to say (the server knows it).
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Ootamatu viga!" })).toBeVisible();
  await hydrated(page);

  await customerOnPackage(page);
  await page.goto("/package");
  await stepFormReady(page);
  const said = page.waitForRequest((request) => new URL(request.url()).pathname === "/client-error");
  await renderThatThrows(page);
  await said;
  await expect(page.getByRole("heading", { level: 1, name: "Ootamatu viga!" })).toBeVisible();
  expect(reports.map((body) => Object.fromEntries(body))).toEqual([{ route: "routes/package", name: "TypeError", message: "probe: a render that throws" }]);
});

test("an error the browser meets while the report's code cannot be had: the error page, and nothing thrown besides", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  // The error thrown on purpose, what React says of it, and the refused chunk's own line.
  allowConsoleErrors(/probe: a render that throws/, /The above error occurred/, /Failed to load resource/);
  await customerOnPackage(page);
  await page.goto("/package");
  await stepFormReady(page);
  // The network lost as the error page loads the report's code (app/lib/client-error.ts).
  const refused = page.waitForEvent("requestfailed", (request) => /\/client-error-\w+\.js$/.test(request.url()));
  await page.route(/\/client-error-\w+\.js$/, (route) => route.abort("internetdisconnected"));
  await renderThatThrows(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ootamatu viga!" })).toBeVisible();
  await refused;
  // An unhandled rejection is a page error the guard (tests/e2e/fixtures.ts) reports.
  await page.waitForTimeout(500);
});
