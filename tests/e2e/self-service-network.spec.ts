/**
 * Bad networks in self-service (docs/decisions/0268), JavaScript on: every self-service form
 * holds the edges the sign-up's steps hold (tests/e2e/network.spec.ts). A save that fails (the
 * post aborted, the whole browser offline, an answer lost after the server committed) keeps
 * every typed value, says error.technical in the alert region, keeps focus on a visible
 * control and never shows the error page; the second press goes through with the same
 * submission key, so a lost answer's save is not made twice. A failed save is not retried by
 * itself: the contact page offline or answered 503 makes a handful of requests, not thousands.
 * Each test makes its own policyholder (tests/e2e/policyholder.ts), but a score period opens
 * only once a policy is a quarter old: that form is Jaan Tamm's current period, as in
 * tests/e2e/self-service.spec.ts (which takes it as filled or not).
 * The table holds every form with a post outside the sign-up's steps (docs/decisions/0319):
 * self-service's, the data page's consents (an applicant's), the withdraw page for an
 * application under underwriting, a pending change's discard on both pages that show it, and
 * the analytics choice (its settings page, and the banner over a form typed into), and the
 * demo sign-in. Not here: a
 * contract's cancellation past 30 days (the same form and mechanism as the withdrawal row, other
 * words; only seeded policyholders are past 30 days, one cancellation each), the demo tracker's
 * and measurement's pages (stand-ins for the provider's own). The logout is a whole-page post
 * (its answer clears the page's state): offline it is kept back and the customer told they are
 * still signed in (the last test); a post that fails on its way is the browser's, as without JavaScript.
 */
import type { Page, Request } from "@playwright/test";
import { ANALYTICS_CONSENT_COOKIE, expect, expectNoAxeViolations, failedLoad, freshPersonalCode, hydrated, PERSONS, test } from "./fixtures";
import { api, customerOn, signInViaApi } from "./journey";
import { freshSignedCustomer } from "./policyholder";
import { NEEDS_JS } from "./projects";
import { timeLimit } from "./time-limits";

const TECHNICAL = "Tehniline viga. Palun proovi hiljem uuesti.";
const OFFLINE = "Tundub, et sul pole praegu internetiühendust.";
const ERROR_PAGE = "Ootamatu viga!";

/** What a failure that was not offline says besides: the request may have been handled, and sending again is safe. */
const UNKNOWN = "Sinu sisestatud andmed on alles. Me ei tea, kas päring jõudis meieni: saada see uuesti – midagi ei salvestata kaks korda.";

type Failure = "aborted" | "offline" | "lost" | "504";
const FAILURES: Failure[] = ["aborted", "offline", "lost", "504"];

/** The console errors a failed request leaves (the browser's, and Remix's for an undecodable answer). */
const NETWORK_ERRORS = [/Failed to load resource/, /Unable to decode turbo-stream/, /turbo-stream|Unexpected token|SyntaxError/];

const isSave = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname.endsWith(".data");
const keyOf = (request: Request) => new URLSearchParams(request.postData() ?? "").get("_submission");

/**
 * Fails the form's next save in the way asked; lets every later one through (offline: until
 * `restore`). `keys` are the submission keys of every save sent.
 */
async function failNextSave(page: Page, failure: Failure) {
  const keys: string[] = [];
  page.on("request", (request) => {
    const key = isSave(request) ? keyOf(request) : null;
    if (key) keys.push(key);
  });
  let failed = false;
  if (failure === "offline") {
    await page.context().setOffline(true);
    return { keys, failed: () => keys.length > 0, restore: () => page.context().setOffline(false) };
  }
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (!isSave(route.request()) || failed) return route.fallback();
      failed = true;
      if (failure === "aborted") return route.abort("internetdisconnected");
      // A proxy's own page after the server ran the post (its answer too late for the proxy).
      if (failure === "504") {
        await route.fetch();
        return route.fulfill({ status: 504, contentType: "text/html", body: "<html><body><h1>504 Gateway Time-out</h1><hr><center>nginx</center></body></html>" });
      }
      // The server gets the post and commits it; its answer never arrives.
      await route.fetch();
      return route.abort("connectionreset");
    },
  );
  return { keys, failed: () => failed, restore: async () => {} };
}

interface FormCase {
  /** A customer who may use the form, and the page with it, hydrated. */
  open(page: Page): Promise<void>;
  fill(page: Page): Promise<void>;
  /** What fill typed (or what the page showed) is still there. */
  expectKept(page: Page): Promise<void>;
  /** The save button (and the confirmation the form asks for). */
  press(page: Page): Promise<void>;
  /** Where a save that went through leads, or what it says. */
  expectDone(page: Page): Promise<void>;
  /** The saved effect, through the /api or the page. */
  expectSaved(page: Page): Promise<void>;
  /** The form posts no submission key: what it stores is the same however often it is sent (the analytics choice, a cookie). */
  keyless?: true;
}

const row = (page: Page) => page.getByRole("group", { name: "Soodustatud isik 1", exact: true });
const newsletter = (page: Page) =>
  page.getByRole("region", { name: "Nõusolekud" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Uudiskiri" }) });
let withdrawingCode = "";
let signingInCode = "";
const healthData = (page: Page) =>
  page.getByRole("region", { name: "Nõusolekud" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Terviseandmete töötlemine" }) });
const withdrawHealthData = (page: Page) => healthData(page).getByRole("button", { name: "Võta nõusolek tagasi: Terviseandmete töötlemine" });
const analyticsCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === ANALYTICS_CONSENT_COOKIE)?.value;

/** The next page data a navigation loads (a tab's link) fails on the network; later ones go. Whether it failed yet. */
async function failNextTabLoad(page: Page) {
  let failed = false;
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => {
      if (route.request().method() !== "GET" || failed) return route.fallback();
      failed = true;
      return route.abort("internetdisconnected");
    },
  );
  return { failed: () => failed };
}

/** A policyholder with an unsigned change of beneficiaries (the first one's e-mail), through the /api. */
async function pendingChange(page: Page) {
  await freshSignedCustomer(page, { inForce: true });
  const { current } = await api(page, "GET", "/api/self-service/beneficiaries");
  await api(page, "POST", "/api/self-service/beneficiaries/change", { beneficiaries: [{ ...current[0], email: "ootel@example.com" }] });
}
const discard = (page: Page) => page.getByRole("button", { name: "Loobu muudatusest" });

/** The pending change's discard on `path` (the change page, the insurance tab), with what the page keeps besides. */
const discardCase = (path: string, own: Pick<FormCase, "fill" | "expectKept">): FormCase => ({
  async open(page) {
    await pendingChange(page);
    await page.goto(path);
  },
  fill: own.fill,
  async expectKept(page) {
    await own.expectKept(page);
    await expect(discard(page)).toBeFocused();
  },
  press: (page) => discard(page).click(),
  async expectDone(page) {
    await expect(page).toHaveURL("/self-service/insurance?beneficiaries=discarded", { timeout: timeLimit(15_000) });
    await expect(page.getByRole("status").filter({ hasText: "Muudatusest loobuti" })).toBeVisible();
  },
  expectSaved: async (page) => expect((await api(page, "GET", "/api/self-service/beneficiaries")).pending).toBeNull(),
});

/** The withdraw page's form (a contract's ending, an application's withdrawal): a fresh customer `who`, the confirmation and the demo e-ID. */
const endingForm = (who: { inForce?: boolean; underwriting?: boolean }, submit: string): Pick<FormCase, "open" | "fill" | "expectKept" | "press"> => ({
  async open(page) {
    withdrawingCode = await freshSignedCustomer(page, who);
    await page.goto("/self-service/withdraw");
  },
  async fill(page) {
    await page.getByRole("checkbox", { name: /^Kinnitan, et/ }).check();
    await page.getByRole("radio", { name: "Smart-ID", exact: true }).check();
    await page.getByLabel("Isikukood").fill(withdrawingCode);
  },
  async expectKept(page) {
    await expect(page.getByRole("checkbox", { name: /^Kinnitan, et/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Smart-ID", exact: true })).toBeChecked();
    await expect(page.getByLabel("Isikukood")).toHaveValue(withdrawingCode);
  },
  press: (page) => page.getByRole("button", { name: submit }).click(),
});

const FORMS: Record<string, FormCase> = {
  "beneficiary change": {
    async open(page) {
      await freshSignedCustomer(page, { inForce: true });
      await page.goto("/self-service/beneficiaries");
    },
    fill: (page) => row(page).getByLabel("E-posti aadress", { exact: true }).fill("mari.katkestus@example.com"),
    expectKept: (page) => expect(row(page).getByLabel("E-posti aadress", { exact: true })).toHaveValue("mari.katkestus@example.com"),
    press: (page) => page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click(),
    expectDone: (page) => expect(page).toHaveURL("/self-service/beneficiaries/sign", { timeout: timeLimit(15_000) }),
    async expectSaved(page) {
      const change = await api(page, "GET", "/api/self-service/beneficiaries");
      expect(change.pending.beneficiaries.map((b: { email: string }) => b.email)).toEqual(["mari.katkestus@example.com"]);
    },
  },
  consents: {
    async open(page) {
      await freshSignedCustomer(page, { inForce: true });
      await page.goto("/self-service/user");
    },
    fill: async () => {},
    async expectKept(page) {
      await expect(newsletter(page)).toContainText(/Ei ole antud/);
      await expect(newsletter(page).getByRole("button", { name: "Anna nõusolek: Uudiskiri" })).toBeFocused();
    },
    press: (page) => newsletter(page).getByRole("button", { name: "Anna nõusolek: Uudiskiri" }).click(),
    expectDone: (page) => expect(page.getByRole("status").filter({ hasText: "Uudiskirja nõusolek on antud." })).toBeVisible({ timeout: timeLimit(15_000) }),
    async expectSaved(page) {
      const { consents } = await api(page, "GET", "/api/self-service/consents");
      expect(consents.find((c: { consent: string }) => c.consent === "newsletter")).toMatchObject({ given: true });
    },
  },
  "withdraw or cancel": {
    ...endingForm({ inForce: true }, "Taganen lepingust"),
    async expectDone(page) {
      await expect(page).toHaveURL("/self-service/insurance", { timeout: timeLimit(15_000) });
      await expect(page.getByRole("region", { name: "Lepingu lõpetamine" })).toContainText("Taganesid lepingust");
    },
    expectSaved: async (page) => expect((await api(page, "GET", "/api/onboarding/state")).state).toBe("WITHDRAWN"),
  },
  "application withdrawal under underwriting": {
    ...endingForm({ underwriting: true }, "Võtan taotluse tagasi"),
    // Its answer lost, the resend comes when the state (NEW) no longer views the page: the key
    // saved lets it through to the replay, which lands on the data page (decision 0322).
    async expectDone(page) {
      await expect(page).toHaveURL("/self-service/data", { timeout: timeLimit(15_000) });
      await expect(page.getByRole("region", { name: /^Sinu varasem taotlus EK-\d+$/ })).toContainText("Võtsid selle taotluse tagasi");
    },
    async expectSaved(page) {
      // In a second tab: the data page shows the application withdrawn, once.
      const other = await page.context().newPage();
      await other.goto("/self-service/data");
      await expect(other.getByRole("region", { name: /^Sinu varasem taotlus EK-\d+$/ })).toHaveCount(1);
      await other.close();
    },
  },
  "health-data consent on the data page": {
    async open(page) {
      await customerOn(page, "offer");
      await page.goto("/self-service/data");
    },
    fill: async () => {},
    async expectKept(page) {
      await expect(healthData(page)).toContainText(/Antud \d\d\.\d\d\.\d{4} kell \d\d:\d\d/);
      await expect(withdrawHealthData(page)).toBeFocused();
    },
    press: (page) => withdrawHealthData(page).click(),
    async expectDone(page) {
      await expect(page.getByRole("status").filter({ hasText: "Terviseandmete töötlemise nõusolek on tagasi võetud" })).toBeVisible({ timeout: timeLimit(15_000) });
      await expect(healthData(page)).toContainText(/Ei ole antud \(alates/);
    },
    async expectSaved(page) {
      const { consents } = await api(page, "GET", "/api/self-service/consents");
      expect(consents.find((c: { consent: string }) => c.consent === "health-data")).toMatchObject({ given: false });
    },
  },
  "discarding a pending change of beneficiaries": discardCase("/self-service/beneficiaries", {
    fill: (page) => row(page).getByLabel("Eesnimi", { exact: true }).fill("Katkestus"),
    expectKept: (page) => expect(row(page).getByLabel("Eesnimi", { exact: true })).toHaveValue("Katkestus"),
  }),
  "discarding a pending change from the insurance tab": discardCase("/self-service/insurance", {
    fill: async () => {},
    async expectKept(page) {
      await expect(page).toHaveURL("/self-service/insurance");
      await expect(page.getByText(/Sul on allkirjastamata muudatus/)).toBeVisible();
    },
  }),
  "analytics settings": {
    async open(page) {
      // The browser starts with analytics allowed (the fixture's cookie); nobody signs in.
      await page.goto("/privacy/analytics");
      await expect(page.locator("form.consent-form[data-hydrated]")).toHaveCount(1);
    },
    fill: async () => {},
    async expectKept(page) {
      await expect(page.getByRole("status").filter({ hasText: "Praegu:" })).toHaveText("Praegu: analüütika on lubatud.");
      await expect(page.getByRole("button", { name: "Ei luba" })).toBeFocused();
    },
    press: (page) => page.getByRole("button", { name: "Ei luba" }).click(),
    expectDone: (page) => expect(page.getByRole("status").filter({ hasText: "Praegu:" })).toHaveText("Sinu valik on salvestatud. Praegu: analüütikat ei kasutata (keeldusid)."),
    expectSaved: (page) => expect.poll(() => analyticsCookie(page)).toBe("denied"),
    keyless: true,
  },
  "analytics banner (over the sign-in form)": {
    async open(page) {
      // No answer yet: the banner asks, over the sign-in form typed into.
      await page.context().clearCookies({ name: ANALYTICS_CONSENT_COOKIE });
      await page.goto("/login");
      await expect(page.locator("form.consent-form[data-hydrated]")).toHaveCount(1);
    },
    fill: (page) => page.getByLabel("Isikukood").fill("38503020139"),
    async expectKept(page) {
      await expect(page.getByLabel("Isikukood")).toHaveValue("38503020139");
      await expect(page.getByRole("region", { name: "Analüütika ja sinu privaatsus" }).getByRole("button", { name: "Ei luba" })).toBeFocused();
    },
    press: (page) => page.getByRole("region", { name: "Analüütika ja sinu privaatsus" }).getByRole("button", { name: "Ei luba" }).click(),
    async expectDone(page) {
      await expect(page.getByText("Salvestatud: analüütikat ei kasutata.")).toBeVisible();
      await expect(page.getByLabel("Isikukood")).toHaveValue("38503020139");
    },
    expectSaved: (page) => expect.poll(() => analyticsCookie(page)).toBe("denied"),
    keyless: true,
  },
  "sign-in": {
    async open(page) {
      signingInCode = freshPersonalCode({ age: 35 });
      await page.goto("/login");
    },
    fill: (page) => page.getByLabel("Isikukood").fill(signingInCode),
    async expectKept(page) {
      await expect(page).toHaveURL("/login");
      await expect(page.getByLabel("Isikukood")).toHaveValue(signingInCode);
    },
    press: (page) => page.getByRole("button", { name: "Logi sisse" }).click(),
    expectDone: (page) => expect(page).toHaveURL("/account", { timeout: timeLimit(15_000) }),
    expectSaved: async (page) => expect((await api(page, "GET", "/api/onboarding/state")).state).toBe("NEW"),
    // Signing in again is signing in: no submission key.
    keyless: true,
  },
  contact: {
    async open(page) {
      await freshSignedCustomer(page, { inForce: true });
      await page.goto("/self-service/user/contact");
    },
    async fill(page) {
      await page.getByRole("textbox", { name: "E-posti aadress" }).fill("katkestus@example.ee");
      await page.getByRole("textbox", { name: "Telefoninumber" }).fill("+372 5555 1234");
    },
    async expectKept(page) {
      await expect(page.getByRole("textbox", { name: "E-posti aadress" })).toHaveValue("katkestus@example.ee");
      await expect(page.getByRole("textbox", { name: "Telefoninumber" })).toHaveValue("+372 5555 1234");
    },
    press: (page) => page.getByRole("button", { name: "Salvesta kontaktandmed" }).click(),
    expectDone: (page) => expect(page).toHaveURL("/self-service/user", { timeout: timeLimit(15_000) }),
    async expectSaved(page) {
      expect(await api(page, "GET", "/api/self-service/contact")).toMatchObject({ email: "katkestus@example.ee", phone: "+372 5555 1234" });
    },
  },
  "score period": {
    async open(page) {
      await signInViaApi(page, PERSONS.jaanTamm);
      await page.goto("/self-service/score");
      await page.getByRole("table").getByRole("link", { name: /^(alusta täitmist|muuda),/ }).first().click();
      await expect(page).toHaveURL(/\/self-service\/score\/(new|\d+)$/);
    },
    async fill(page) {
      await page.getByRole("textbox", { name: "Sammude arv päevas" }).fill("8123");
      await page.getByRole("group", { name: "Kas suitsetad?", exact: true }).getByRole("radio", { name: "Ei" }).check();
    },
    async expectKept(page) {
      await expect(page.getByRole("textbox", { name: "Sammude arv päevas" })).toHaveValue("8123");
      await expect(page.getByRole("group", { name: "Kas suitsetad?", exact: true }).getByRole("radio", { name: "Ei" })).toBeChecked();
    },
    async press(page) {
      await page.getByRole("button", { name: "Salvesta", exact: true }).click();
      // Not every question is answered (no test answers them all): the confirmation first.
      await page.getByRole("dialog", { name: "Kõigile küsimustele pole vastatud" }).getByRole("button", { name: "Salvesta siiski" }).click();
    },
    async expectDone(page) {
      await expect(page).toHaveURL("/self-service/score", { timeout: timeLimit(15_000) });
      // One current period, saved once: the four rows of the list, the top one to edit.
      const table = page.getByRole("table", { name: "Perioodid, uusim eespool" });
      await expect(table.getByRole("row")).toHaveCount(4);
      await expect(table.getByRole("row").nth(1).getByRole("link", { name: /^muuda,/ })).toBeVisible();
    },
    async expectSaved(page) {
      // In a second tab: the current period, to edit, holds what was saved.
      const other = await page.context().newPage();
      await other.goto("/self-service/score");
      await other.getByRole("table").getByRole("link", { name: /^muuda,/ }).first().click();
      await expect(other.getByRole("textbox", { name: "Sammude arv päevas" })).toHaveValue("8123");
      await other.close();
    },
  },
};

test.describe("with JavaScript", { tag: NEEDS_JS }, () => {
  // Without JavaScript the browser posts the form itself: a failed post leaves it on the form.

  for (const [name, form] of Object.entries(FORMS)) {
    for (const failure of FAILURES) {
      const how = failure === "lost" ? "whose answer is lost" : failure === "offline" ? "offline" : failure === "aborted" ? "aborted" : "answered 504 by a proxy after the server ran it";
      test(`${name}: a save ${how} keeps the form and says so; the second press saves once`, async ({ page, allowConsoleErrors }) => {
        // A policy through the /api and the operator first.
        test.setTimeout(timeLimit(120_000));
        allowConsoleErrors(...NETWORK_ERRORS, failedLoad(400), failedLoad(504));
        await form.open(page);
        await hydrated(page);
        await page.waitForLoadState("networkidle");
        await form.fill(page);
        const network = await failNextSave(page, failure);
        await form.press(page);

        const alert = page.getByRole("alert").filter({ hasText: TECHNICAL });
        await expect(alert).toBeVisible({ timeout: timeLimit(15_000) });
        // Offline, the analytics form keeps its post back (the browser says it is offline): nothing sent to count.
        if (!(form.keyless && failure === "offline")) expect(network.failed()).toBe(true);
        if (failure === "offline") await expect(alert).toContainText(OFFLINE);
        else {
          await expect(page.getByText(OFFLINE)).toHaveCount(0);
          await expect(alert).toContainText(UNKNOWN);
        }
        await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
        await form.expectKept(page);
        // Focus stayed on the button pressed (or where its dialog gave it back), not thrown to the page's body.
        await expect(page.locator("button:focus")).toBeVisible();
        if (failure === "aborted") await expectNoAxeViolations(page);
        await network.restore();
        // The lost answer's save was made: the resend must not make it again.
        if (failure === "lost" || failure === "504") await form.expectSaved(page);

        await form.press(page);
        await form.expectDone(page);
        await form.expectSaved(page);
        // The resend carried the failed post's submission key (the core replays, never saves twice).
        if (form.keyless) return;
        expect(network.keys.length).toBeGreaterThanOrEqual(2);
        expect(new Set(network.keys).size).toBe(1);
      });
    }
  }

  for (const failure of ["offline", "503"] as const) {
    test(`the contact page ${failure === "offline" ? "offline" : "answered 503"} after a failed save makes a handful of requests, not a storm`, async ({ page, allowConsoleErrors }) => {
      test.setTimeout(timeLimit(120_000));
      allowConsoleErrors(...NETWORK_ERRORS, failedLoad(503));
      await FORMS.contact.open(page);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      await FORMS.contact.fill(page);
      const sent: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) sent.push(`${request.method()} ${request.url()}`);
      });
      if (failure === "offline") await page.context().setOffline(true);
      else await page.route((url) => url.pathname.endsWith(".data"), (route) => route.fulfill({ status: 503, contentType: "text/html", body: "<h1>503 Service Unavailable</h1>" }));
      await FORMS.contact.press(page);
      await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible({ timeout: timeLimit(15_000) });
      // What the page does by itself afterwards: a storm was about 500 requests a second.
      await page.waitForTimeout(3_000);
      expect(sent.length, sent.join("\n")).toBeLessThanOrEqual(3);
      await FORMS.contact.expectKept(page);
      await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
      if (failure === "offline") await page.context().setOffline(false);
    });
  }

  test("the layout's later code lost on the network: the footer and the logout stay as the server made them, then hydrate back online", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource/);
    await signInViaApi(page);
    // The chunk of the footer, the consent banner and the logout (app/components/hydrate-later.tsx).
    let lost = true;
    await page.route(/\/later-layout-\w+\.js$/, (route) => (lost ? route.abort("internetdisconnected") : route.continue()));
    const failed = page.waitForEvent("requestfailed", (request) => /later-layout/.test(request.url()));
    await page.goto("/account");
    await hydrated(page);
    await failed;
    const logout = page.locator("form[action='/logout']").getByRole("button", { name: "Logi välja" });
    // The server's markup stays (it used to be thrown away as a hydration mismatch, #418, #422).
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privaatsusteade" })).toBeVisible();
    await expect(logout).toBeVisible();
    await expect(page.locator("form[action='/logout'][data-hydrated]")).toHaveCount(0);
    lost = false;
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect(page.locator("form[action='/logout'][data-hydrated]")).toHaveCount(1);
    await logout.click();
    await expect(page).toHaveURL("/");
  });

  test("the layout's later code lost again on the first return online: it is asked for again on the next", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource/);
    await signInViaApi(page);
    let lost = true;
    let asked = 0;
    await page.route(/\/later-layout-\w+\.js$/, (route) => (asked++, lost ? route.abort("internetdisconnected") : route.continue()));
    await page.goto("/account");
    await hydrated(page);
    await expect.poll(() => asked).toBe(1);
    // Back online, but the network still loses it (a captive portal, a link not yet routed).
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect.poll(() => asked).toBe(2);
    lost = false;
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect(page.locator("form[action='/logout'][data-hydrated]")).toHaveCount(1);
  });

  for (const tab of ["Teenused", "Arved", "Heaoluskoor", "Kindlustus"] as const) {
    test(`a tab's navigation (${tab}) that fails from a form with typed changes keeps them, after the leave-page question, and says so`, async ({ page, allowConsoleErrors }) => {
      allowConsoleErrors(...NETWORK_ERRORS);
      await FORMS["beneficiary change"].open(page);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      await FORMS["beneficiary change"].fill(page);
      const failing = await failNextTabLoad(page);
      await page.getByRole("navigation", { name: "Iseteeninduse menüü" }).getByRole("link", { name: tab }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Lahku salvestamata" }).click();
      await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible();
      expect(failing.failed()).toBe(true);
      await expect(page).toHaveURL(/\/self-service\/beneficiaries$/);
      await FORMS["beneficiary change"].expectKept(page);
    });
  }

  test("a tab's navigation that fails from a tab without a form says so there; the second press goes", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(...NETWORK_ERRORS);
    await freshSignedCustomer(page, { inForce: true });
    await page.goto("/self-service/services");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await failNextTabLoad(page);
    const tabs = page.getByRole("navigation", { name: "Iseteeninduse menüü" });
    await tabs.getByRole("link", { name: "Arved" }).click();
    await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible();
    await expect(page).toHaveURL(/\/self-service\/services$/);
    await tabs.getByRole("link", { name: "Arved" }).click();
    await expect(page).toHaveURL(/\/self-service\/bills$/);
    await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toHaveCount(0);
  });

  for (const from of ["insurance", "data"] as const) {
    test(`a tab's navigation that fails from the ${from} tab (no form with its own notice) says so there`, async ({ page, allowConsoleErrors }) => {
      allowConsoleErrors(...NETWORK_ERRORS);
      await freshSignedCustomer(page, { inForce: true });
      await page.goto(`/self-service/${from}`);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      await failNextTabLoad(page);
      await page.getByRole("navigation", { name: "Iseteeninduse menüü" }).getByRole("link", { name: "Arved" }).click();
      await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`/self-service/${from}$`));
    });
  }

  test("the logout offline is kept back: still signed in, said in a dialog, in Russian; back online it logs out", async ({ page }) => {
    await signInViaApi(page);
    await page.goto("/account?lng=ru");
    await hydrated(page);
    const logout = page.locator("form[action='/logout'][data-hydrated]").getByRole("button", { name: "Выйти" });
    await expect(logout).toBeVisible();
    await page.context().setOffline(true);
    await logout.click();
    const dialog = page.getByRole("dialog", { name: "Вы не вышли из системы" });
    await expect(dialog).toContainText("вы по-прежнему в системе");
    await expect(dialog.getByRole("button", { name: "Закрыть" })).toBeFocused();
    await expect(page).toHaveURL("/account");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Закрыть" }).click();
    await expect(logout).toBeFocused();
    await page.context().setOffline(false);
    await logout.click();
    await expect(page).toHaveURL("/");
    expect((await page.context().cookies()).find((c) => c.name === "session")).toBeUndefined();
  });

  test("unsaved changes, then offline at 'sign out without saving': the offline note takes focus, not <body>", async ({ page }) => {
    await signInViaApi(page);
    await page.goto("/account?lng=en");
    await hydrated(page);
    await page.getByRole("textbox").first().fill("poolik@example.ee");
    const logout = page.locator("form[action='/logout'][data-hydrated]").getByRole("button", { name: "Sign out" });
    await logout.click();
    const unsaved = page.getByRole("dialog", { name: "Unsaved changes" });
    await expect(unsaved.getByRole("button", { name: "Stay on this page" })).toBeFocused();
    await page.context().setOffline(true);
    await unsaved.getByRole("button", { name: "Sign out without saving" }).click();
    const offline = page.getByRole("dialog", { name: "You are not signed out" });
    await expect(offline.getByRole("button", { name: "Close" })).toBeFocused();
    await offline.getByRole("button", { name: "Close" }).click();
    await expect(logout).toBeFocused();
    await expect(page).toHaveURL("/account");
    await page.context().setOffline(false);
  });

  for (const [lng, technical, unknown] of [
    ["en", "A technical error occurred. Please try again later.", "What you typed is kept. We cannot tell whether your request reached us: send it again – nothing is saved twice."],
    ["ru", "Техническая ошибка. Пожалуйста, попробуйте позже.", "Введённые данные на месте. Неизвестно, дошёл ли запрос до нас: отправьте его ещё раз – ничего не будет сохранено дважды."],
  ] as const) {
    test(`the contact page in ${lng}: an answer lost says so in ${lng}, the values kept`, async ({ page, allowConsoleErrors }) => {
      test.setTimeout(timeLimit(120_000));
      allowConsoleErrors(...NETWORK_ERRORS);
      await freshSignedCustomer(page, { inForce: true });
      await page.goto(`/self-service/user/contact?lng=${lng}`);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const email = page.locator("input[name=email]");
      await email.fill("keel@example.ee");
      await failNextSave(page, "lost");
      await email.press("Enter");
      const alert = page.getByRole("alert").filter({ hasText: technical });
      await expect(alert).toContainText(unknown, { timeout: timeLimit(15_000) });
      await expect(email).toHaveValue("keel@example.ee");
    });
  }
});
