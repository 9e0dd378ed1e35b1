/**
 * Bad networks (issue 11), JavaScript on: a save or a step-dot navigation that fails (no
 * answer, a 500 from something on the way, an answer lost after the server committed) keeps
 * the form as typed, says error.technical under it, and the second press succeeds with
 * exactly one effect (the same submission key). Without JavaScript the browser's own form
 * post is the mechanism, and a failed one leaves the browser on the form (nothing to test
 * of ours).
 */
import type { Page, Route } from "@playwright/test";
import { et as questionnaireEt } from "~/locales/questionnaire";
import { UW_L1_QUESTIONS } from "~/lib/questionnaire-sets";
import { expect, freshPersonalCode, hydrated, stepFormReady, test } from "./fixtures";
import { api, customerOnOffer, customerOnPackage, registerViaApi, saveScoreViaApi, savePackageViaApi, saveQuestionnaireViaApi, signInViaApi } from "./journey";
import { NEEDS_JS } from "./projects";
import { formatMoney } from "~/lib/euro";

const TECHNICAL = "Tehniline viga. Palun proovi hiljem uuesti.";
const OFFLINE = "Tundub, et sul pole praegu internetiühendust.";

type Failure = "aborted" | "500" | "lost";
const FAILURES: Failure[] = ["aborted", "500", "lost"];

/** Fails the first request that `matches`, in the way asked; lets every later one through. */
async function failOnce(page: Page, failure: Failure, matches: (route: Route) => boolean): Promise<{ failed: () => boolean; keys: string[] }> {
  let failed = false;
  const keys: string[] = [];
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (!matches(route)) return route.fallback();
      const key = isSave(route) ? new URLSearchParams(route.request().postData() ?? "").get("_submission") : null;
      if (key) keys.push(key);
      if (failed) return route.fallback();
      failed = true;
      if (failure === "aborted") return route.abort("internetdisconnected");
      if (failure === "500") return route.fulfill({ status: 500, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
      // The server gets the post and commits it; its answer never arrives.
      await route.fetch();
      return route.abort("connectionreset");
    },
  );
  return { failed: () => failed, keys };
}

const isPost = (route: Route) => route.request().method() === "POST";
/** The form's save, not a live fetcher of the page (the package's estimate, the account's support-code lookup). */
const isSave = (route: Route) => isPost(route) && !/((^|&)intent=|name="intent"\r\n\r\n)(estimate|support-code)\b/.test(route.request().postData() ?? "");

/** A new customer on `step`'s page, its form filled in as `step.fill` does. */
async function filledIn(page: Page, step: StepCase) {
  await step.prepare(page);
  await page.goto(step.path);
  await stepFormReady(page);
  await step.fill(page);
}

/** The package step's life cover, typed. */
const lifeCover = (page: Page) => page.getByRole("textbox", { name: "Elukindlustuse kaitse eurodes" });

/** Another life cover typed into the package step's field, and the field left. */
async function typeLifeCover(page: Page, amount: string) {
  await lifeCover(page).fill(amount);
  await lifeCover(page).blur();
}

/**
 * The console errors a failed request leaves (the browser's, and Remix's for an undecodable
 * answer, or for a body cut off once its headers had come: on a loaded machine the abort can
 * land there, and Remix logs the fetch's AbortError).
 */
const NETWORK_ERRORS = [/Failed to load resource/, /Unable to decode turbo-stream/, /turbo-stream|Unexpected token|SyntaxError/, /AbortError: BodyStreamBuffer was aborted/];

interface StepCase {
  path: string;
  /** A new customer who may save the step. */
  prepare(page: Page): Promise<void>;
  fill(page: Page): Promise<void>;
  /** What fill typed is still there. */
  expectKept(page: Page): Promise<void>;
  /** The save button (and the confirmation the step asks for). */
  press(page: Page): Promise<void>;
  next: RegExp;
  /** The saved effect, once, through the /api. */
  expectSaved(page: Page): Promise<void>;
}

const saveAndContinue = (page: Page) => page.getByRole("button", { name: "Salvesta ja jätka" }).click();
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const noTo = (page: Page, code: string) =>
  page.getByRole("group", { name: questionnaireEt[`questionnaire.q.${code}.title` as keyof typeof questionnaireEt] }).getByLabel(questionnaireEt["questionnaire.no"], { exact: true });

const STEPS: Record<string, StepCase> = {
  account: {
    path: "/account",
    prepare: async (page) => void (await signInViaApi(page)),
    async fill(page) {
      await page.getByLabel("E-posti aadress").fill("katkestus@example.com");
      await page.getByLabel("Telefoninumber", { exact: true }).fill("+372 5123 4567");
      await page.getByLabel("Amet või tegevusala").fill("Rongijuht");
      await page.getByRole("checkbox", { name: /kindlustustingimustega/ }).check();
      await page.getByRole("checkbox", { name: /terviseandmeid/ }).check();
    },
    async expectKept(page) {
      await expect(page.getByLabel("E-posti aadress")).toHaveValue("katkestus@example.com");
      await expect(page.getByLabel("Amet või tegevusala")).toHaveValue("Rongijuht");
      await expect(page.getByRole("checkbox", { name: /terviseandmeid/ })).toBeChecked();
    },
    press: (page) => page.getByRole("button", { name: "Registreeri" }).click(),
    next: /\/score$/,
    async expectSaved(page) {
      expect((await api(page, "GET", "/api/onboarding/registration")).email).toBe("katkestus@example.com");
      expect((await api(page, "GET", "/api/onboarding/state")).state).toBe("ACCOUNT_REGISTERED");
    },
  },
  score: {
    path: "/score",
    async prepare(page) {
      await signInViaApi(page);
      await registerViaApi(page);
    },
    async fill(page) {
      await page.getByRole("textbox", { name: "Sammude arv päevas" }).fill("8123");
      await group(page, "Kas suitsetad?").getByRole("radio", { name: "Ei" }).check();
    },
    async expectKept(page) {
      await expect(page.getByRole("textbox", { name: "Sammude arv päevas" })).toHaveValue("8123");
      await expect(group(page, "Kas suitsetad?").getByRole("radio", { name: "Ei" })).toBeChecked();
    },
    async press(page) {
      await saveAndContinue(page);
      await page.getByRole("dialog", { name: "Kõigile küsimustele pole vastatud" }).getByRole("button", { name: "Salvesta siiski" }).click();
    },
    next: /\/package$/,
    async expectSaved(page) {
      const score = await api(page, "GET", "/api/score");
      expect(JSON.stringify(score)).toContain("8123");
      expect((await api(page, "GET", "/api/onboarding/state")).state).toBe("WELLNESS_PROFILE_COMPLETE");
    },
  },
  package: {
    path: "/package",
    prepare: async (page) => void (await customerOnPackage(page)),
    async fill(page) {
      await typeLifeCover(page, "120000");
    },
    async expectKept(page) {
      await expect(lifeCover(page)).toHaveValue(/^120[\s\u00a0]?000$/);
    },
    press: saveAndContinue,
    next: /\/questionnaire$/,
    async expectSaved(page) {
      expect((await api(page, "GET", "/api/onboarding/proposal")).sumInsuredForDeathCover).toBe(120_000);
      expect((await api(page, "GET", "/api/onboarding/state")).state).toBe("SERVICE_SELECTED");
    },
  },
  questionnaire: {
    path: "/questionnaire",
    async prepare(page) {
      // Aged 35: the short set is what age and cover require.
      await signInViaApi(page, freshPersonalCode({ age: 35 }));
      await registerViaApi(page);
      await saveScoreViaApi(page);
      await savePackageViaApi(page);
    },
    async fill(page) {
      // The set is checked again 500 ms after the figures change, the save button disabled
      // meanwhile: a press in that moment would do nothing, so wait for the check.
      const rechecked = page.waitForResponse((r) => r.url().includes("/required-type"));
      await page.getByLabel(questionnaireEt["questionnaire.height"]).fill("181");
      await page.getByLabel(questionnaireEt["questionnaire.weight"]).fill("79");
      await rechecked;
      for (const q of UW_L1_QUESTIONS) await noTo(page, q.code).check();
      await expect(page.getByRole("button", { name: questionnaireEt["questionnaire.submit"] })).toBeEnabled();
    },
    async expectKept(page) {
      await expect(page.getByLabel(questionnaireEt["questionnaire.height"])).toHaveValue("181");
      for (const q of UW_L1_QUESTIONS) await expect(noTo(page, q.code)).toBeChecked();
    },
    press: (page) => page.getByRole("button", { name: questionnaireEt["questionnaire.submit"] }).click(),
    next: /\/beneficiaries$/,
    async expectSaved(page) {
      expect((await api(page, "GET", "/api/onboarding/questionnaire")).height).toBe(181);
      expect((await api(page, "GET", "/api/onboarding/state")).state).toBe("QUESTIONNAIRE_COMPLETE");
    },
  },
  beneficiaries: {
    path: "/beneficiaries",
    async prepare(page) {
      await customerOnPackage(page);
      await savePackageViaApi(page);
      await saveQuestionnaireViaApi(page);
    },
    async fill(page) {
      const row = page.getByRole("group", { name: "Soodustatud isik 1", exact: true });
      await row.getByRole("radio", { name: "Eraisik" }).check();
      await row.getByLabel("Eesnimi", { exact: true }).fill("Mari");
      await row.getByLabel("Perekonnanimi", { exact: true }).fill("Maasikas");
      await row.getByLabel("Isikukood", { exact: true }).fill("49005150229");
      await row.getByLabel("Osa protsentides", { exact: true }).fill("100");
      await row.getByLabel("E-posti aadress", { exact: true }).fill("mari@example.ee");
      await row.getByLabel("Telefoninumber", { exact: true }).fill("+372 5555 1234");
    },
    async expectKept(page) {
      const row = page.getByRole("group", { name: "Soodustatud isik 1", exact: true });
      await expect(row.getByLabel("Perekonnanimi", { exact: true })).toHaveValue("Maasikas");
      await expect(row.getByLabel("Telefoninumber", { exact: true })).toHaveValue("+372 5555 1234");
    },
    press: saveAndContinue,
    next: /\/offer$/,
    async expectSaved(page) {
      const beneficiaries = await api(page, "GET", "/api/onboarding/beneficiaries");
      expect(beneficiaries.map((b: { name: string }) => b.name)).toEqual(["Maasikas"]);
      expect((await api(page, "GET", "/api/onboarding/state")).state).toBe("BENEFICIARIES_DEFINED");
    },
  },
  offer: {
    path: "/offer",
    prepare: async (page) => void (await customerOnOffer(page)),
    async fill(page) {
      await page.getByLabel("Kinnitan, et taotluses esitatud andmed on õiged ja täielikud.").check();
      await page.getByLabel("Olen tutvunud kindlustustingimustega ja nõustun nendega.").check();
      await page.getByLabel(/Nõustun, et kindlustusandja küsib ja jagab minu andmeid/).check();
    },
    async expectKept(page) {
      await expect(page.getByLabel("Kinnitan, et taotluses esitatud andmed on õiged ja täielikud.")).toBeChecked();
      await expect(page.getByLabel(/Nõustun, et kindlustusandja küsib ja jagab minu andmeid/)).toBeChecked();
    },
    async press(page) {
      await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
      await page.getByRole("dialog", { name: "Kinnita pakkumine" }).getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();
    },
    next: /\/offer\?step=signing$/,
    async expectSaved(page) {
      const offer = await api(page, "GET", "/api/onboarding/offer");
      expect(offer.consents ?? offer).toMatchObject({ applicationConsent: true });
    },
  },
};

test.describe("with JavaScript", { tag: NEEDS_JS }, () => {
  // Without JavaScript the browser posts the form itself: a failed post leaves it on the form.
  // Not in the js-off project: the browser's own form post has no client half to test

  for (const [name, step] of Object.entries(STEPS)) {
    for (const failure of FAILURES) {
      test(`${name}: a save ${failure === "lost" ? "whose answer is lost" : failure === "500" ? "answered 500" : "aborted"} keeps the form; the second press saves once`, async ({
        page,
        allowConsoleErrors,
      }) => {
        test.slow();
        allowConsoleErrors(...NETWORK_ERRORS);
        await filledIn(page, step);
        const route = await failOnce(page, failure, isSave);
        await step.press(page);
        await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible({ timeout: 15_000 });
        expect(route.failed()).toBe(true);
        await expect(page.getByText(OFFLINE)).toHaveCount(0);
        expect(new URL(page.url()).pathname).toBe(step.path);
        await step.expectKept(page);
        // Focus stayed on the button pressed (or where its dialog gave it back), not thrown to the page's body.
        await expect(page.locator("button:focus")).toBeVisible();
        // The lost answer's save was made: the resend must not make it again.
        if (failure === "lost") await step.expectSaved(page);

        await step.press(page);
        // Generous: on a busy machine the resend, its redirect and the next step's data take a while.
        await expect(page).toHaveURL(step.next, { timeout: 15_000 });
        await step.expectSaved(page);
        // The resend carried the failed post's submission key (the core replays, never saves twice).
        expect(route.keys.length).toBeGreaterThanOrEqual(2);
        expect(new Set(route.keys).size).toBe(1);
      });
    }
  }

  test("offline: the save says so, keeps the form, and goes through once the connection is back", async ({ page, context, allowConsoleErrors }) => {
    allowConsoleErrors(...NETWORK_ERRORS);
    const step = STEPS.account;
    await filledIn(page, step);
    await context.setOffline(true);
    await step.press(page);
    const alert = page.getByRole("alert").filter({ hasText: TECHNICAL });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(OFFLINE);
    await step.expectKept(page);
    await context.setOffline(false);
    await step.press(page);
    await expect(page).toHaveURL(step.next);
    await step.expectSaved(page);
  });

  test("the offer: a support code typed in the confirmation is kept after a failed save, and the resend saves it", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(...NETWORK_ERRORS);
    const step = STEPS.offer;
    await filledIn(page, step);
    const route = await failOnce(page, "aborted", isSave);
    await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
    const dialog = page.getByRole("dialog", { name: "Kinnita pakkumine" });
    await dialog.getByLabel("Tugikood (valikuline)").fill("PB2026");
    await dialog.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();
    await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible({ timeout: 15_000 });
    expect(route.failed()).toBe(true);
    await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
    await expect(dialog.getByLabel("Tugikood (valikuline)")).toHaveValue("PB2026");
    await dialog.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();
    await expect(page).toHaveURL(step.next, { timeout: 15_000 });
    expect(new Set(route.keys).size).toBe(1);
    expect(route.keys.length).toBeGreaterThanOrEqual(2);
  });

  /** A fresh customer on the questionnaire, every question of the short set answered no (the figures left to the test). */
  async function questionnaireAnsweredNo(page: Page) {
    const step = STEPS.questionnaire;
    await step.prepare(page);
    await page.goto(step.path);
    await stepFormReady(page);
    for (const q of UW_L1_QUESTIONS) await noTo(page, q.code).check();
    return step;
  }

  test("the questionnaire's set check sent offline: said so, the figures kept, and the save is not blocked once the connection is back", async ({ page, context, allowConsoleErrors }) => {
    allowConsoleErrors(...NETWORK_ERRORS);
    const step = await questionnaireAnsweredNo(page);
    await context.setOffline(true);
    const failed = page.waitForEvent("requestfailed", (request) => request.url().includes("/required-type"));
    await page.getByLabel(questionnaireEt["questionnaire.height"]).fill("181");
    await page.getByLabel(questionnaireEt["questionnaire.weight"]).fill("79");
    await failed;
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await expect(page.getByLabel(questionnaireEt["questionnaire.weight"])).toHaveValue("79");
    // Back online, the check is asked again; it fails on the way too: the save decides the set (decision 0008), so it is not blocked.
    await page.route("**/required-type?*", (route) => route.abort("connectionreset"));
    const again = page.waitForEvent("requestfailed", (request) => request.url().includes("/required-type"));
    await context.setOffline(false);
    await again;
    await expect(page.getByText(questionnaireEt["questionnaire.check_failed"])).toBeVisible();
    await expect(page.getByText(OFFLINE)).toHaveCount(0);
    await step.press(page);
    await expect(page).toHaveURL(step.next, { timeout: 15_000 });
    await step.expectSaved(page);
  });

  test("the questionnaire's set check that fails after one outside the limits: the limit no longer blocks the save, which decides", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(...NETWORK_ERRORS);
    const step = await questionnaireAnsweredNo(page);
    const submit = page.getByRole("button", { name: questionnaireEt["questionnaire.submit"] });
    await page.getByLabel(questionnaireEt["questionnaire.height"]).fill("181");
    await page.getByLabel(questionnaireEt["questionnaire.weight"]).fill("190");
    await expect(page.locator("#bmi-limit")).toBeVisible();
    await expect(submit).toHaveAttribute("aria-disabled", "true");
    // The corrected weight's check gets a proxy's page.
    await page.route("**/required-type?*", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" }));
    await page.getByLabel(questionnaireEt["questionnaire.weight"]).fill("79");
    await expect(page.getByText(questionnaireEt["questionnaire.check_failed"])).toBeVisible();
    await expect(page.locator("#bmi-limit")).toHaveCount(0);
    await expect(submit).not.toHaveAttribute("aria-disabled", "true");
    await step.press(page);
    await expect(page).toHaveURL(step.next, { timeout: 15_000 });
    await step.expectSaved(page);
  });

  for (const failure of ["aborted", "lost"] as const) {
    test(`the health measurement window: a save ${failure === "lost" ? "whose answer is lost" : "aborted"} keeps the typed readings and says so; the second press saves once`, async ({ page, allowConsoleErrors }) => {
      allowConsoleErrors(...NETWORK_ERRORS);
      await signInViaApi(page);
      await registerViaApi(page);
      // As the score screen opens it, the consent given in its dialog.
      await page.goto("/health.html?popup=1&consent=1&returnTo=%2Fscore");
      await hydrated(page);
      await page.getByRole("textbox", { name: "Puhkepulss (lööki minutis)" }).fill("61");
      await page.getByRole("textbox", { name: "Kehamassiindeks" }).fill("22,5");
      const route = await failOnce(page, failure, isSave);
      await page.getByRole("button", { name: "Salvesta mõõtmine" }).click();
      await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible({ timeout: 15_000 });
      expect(route.failed()).toBe(true);
      await expect(page.getByRole("textbox", { name: "Puhkepulss (lööki minutis)" })).toHaveValue("61");
      await expect(page.getByRole("textbox", { name: "Kehamassiindeks" })).toHaveValue("22,5");
      await page.getByRole("button", { name: "Salvesta mõõtmine" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Mõõtmine on salvestatud." })).toBeVisible({ timeout: 15_000 });
      expect(route.keys.length).toBeGreaterThanOrEqual(2);
      expect(new Set(route.keys).size).toBe(1);
    });
  }

  test("the activity tracker's consent window: a decision whose answer is lost leaves the page and says so; the second press decides", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(...NETWORK_ERRORS);
    await signInViaApi(page);
    await registerViaApi(page);
    const { consentUrl } = (await api(page, "POST", "/api/integrations/activity/start")) as { consentUrl: string };
    await page.goto(`${consentUrl}&popup=1`);
    await hydrated(page);
    const route = await failOnce(page, "lost", isPost);
    await page.getByRole("button", { name: "Luba" }).click();
    await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible({ timeout: 15_000 });
    expect(route.failed()).toBe(true);
    await page.getByRole("button", { name: "Luba" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Ühendus on loodud." })).toBeVisible({ timeout: 15_000 });
    expect((await api(page, "GET", "/api/integrations/activity/poll")).status).toBe("approved");
  });

  test("a save whose answer is lost, then another amount typed: the second press saves what is typed now (decision 0314)", async ({ page, allowConsoleErrors }) => {
    test.slow();
    allowConsoleErrors(...NETWORK_ERRORS);
    const step = STEPS.package;
    await filledIn(page, step);
    const route = await failOnce(page, "lost", isSave);
    await step.press(page);
    await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible({ timeout: 15_000 });
    await step.expectSaved(page);
    // The customer takes another amount before sending again, from the same page (the same key).
    await typeLifeCover(page, "130000");
    await step.press(page);
    await expect(page).toHaveURL(step.next, { timeout: 15_000 });
    expect((await api(page, "GET", "/api/onboarding/proposal")).sumInsuredForDeathCover).toBe(130_000);
    expect(new Set(route.keys).size).toBe(1);
  });

  for (const failure of ["aborted", "offline"] as const) {
    test(`after a save ${failure === "offline" ? "sent offline" : "aborted"}, the estimate follows the covers again: what is typed next is priced and announced`, async ({ page, context, allowConsoleErrors }) => {
      allowConsoleErrors(...NETWORK_ERRORS);
      const step = STEPS.package;
      await filledIn(page, step);
      if (failure === "offline") await context.setOffline(true);
      else await failOnce(page, failure, isSave);
      await step.press(page);
      await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible({ timeout: 15_000 });
      if (failure === "offline") await context.setOffline(false);

      await typeLifeCover(page, "130000");
      const disability = Number((await page.getByRole("textbox", { name: "Töövõimetuskindlustuse kaitse eurodes" }).inputValue()).replace(/\D/g, ""));
      const services = await page.locator('input[type="checkbox"][name="services"]:checked').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
      const { premiumTotal } = (await api(page, "POST", "/api/onboarding/calculation", { sumInsuredForDeathCover: 130_000, sumInsuredForDisabilityCover: disability, services })) as { premiumTotal: number };
      const price = formatMoney(premiumTotal, "et");
      await expect(page.locator('[data-line="total"]')).toHaveText(price);
      await expect(page.locator("[data-estimate-announcement]")).toContainText(price);
    });
  }

  for (const failure of FAILURES) {
    for (const [from, to] of [
      ["/account", "Pakkumine"],
      ["/package", "Konto"],
      ["/questionnaire", "Pakett"],
      ["/beneficiaries", "Terviseankeet"],
      ["/offer", "Soodustatud isikud"],
    ] as const) {
      test(`a step-dot navigation from ${from} to ${to} (${failure}) stays on the page; the second press goes`, async ({ page, allowConsoleErrors }) => {
        allowConsoleErrors(...NETWORK_ERRORS);
        await customerOnOffer(page);
        await page.goto(from);
        await hydrated(page);
        // The page's own first requests (the package's estimate) settled: a navigation aborts a request still on its way.
        await page.waitForLoadState("networkidle");
        const steps = page.getByRole("navigation", { name: "Taotluse sammud" });
        const route = await failOnce(page, failure, (r) => !isPost(r));
        await steps.getByRole("link", { name: to }).click();
        await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible();
        expect(route.failed()).toBe(true);
        expect(new URL(page.url()).pathname).toBe(from);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

        await steps.getByRole("link", { name: to }).click();
        await expect(page).not.toHaveURL(new RegExp(`${from}$`));
        await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toHaveCount(0);
      });
    }
  }

  test("a navigation that fails keeps what was typed (after the leave-page question)", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(...NETWORK_ERRORS);
    await customerOnOffer(page);
    await page.goto("/account");
    await hydrated(page);
    await page.getByLabel("Amet või tegevusala").fill("Vagunisaatja");
    const route = await failOnce(page, "aborted", (r) => !isPost(r));
    await page.getByRole("navigation", { name: "Taotluse sammud" }).getByRole("link", { name: "Pakett" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Lahku salvestamata" }).click();
    await expect(page.getByRole("alert").filter({ hasText: TECHNICAL })).toBeVisible();
    expect(route.failed()).toBe(true);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByLabel("Amet või tegevusala")).toHaveValue("Vagunisaatja");
  });
});
