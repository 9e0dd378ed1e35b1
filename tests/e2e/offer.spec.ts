/**
 * The offer, signing and confirmation (issue 5), with JavaScript on and off: consents,
 * the confirmation (modal or page state), the demo signing frame, /confirmation for a
 * signed agreement and for EUW, and the operator accepting an EUW case.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, failedLoad, freshPersonalCode, jsEnabled, signIn, stepFormReady, test } from "./fixtures";
import {
  customerOnOffer,
  registerViaApi,
  saveBeneficiariesViaApi,
  savePackageViaApi,
  saveQuestionnaireViaApi,
  saveScoreViaApi,
  signInViaApi,
} from "./journey";
import { E2E_OPS_TOKEN } from "./ops-token";
import { NEEDS_JS, WITHOUT_JS } from "./projects";

const KATI_KARU = "47001010335";

async function tickConsents(page: Page) {
  await page.getByLabel("Kinnitan, et taotluses esitatud andmed on õiged ja täielikud.").check();
  await page.getByLabel("Olen tutvunud kindlustustingimustega ja nõustun nendega.").check();
  await page.getByLabel(/Nõustun, et kindlustusandja küsib ja jagab minu andmeid/).check();
}

/** The short set UW_L1 answered all "no" (180 cm, 80 kg). */
const ALL_NO_UW_L1 = {
  height: 180,
  weight: 80,
  content: { examination: false, medicines: false, sickLeave: false, hospitalization: false, treatment: false, disability: false },
};

/**
 * Every step through the journey helpers with the given questionnaire answers, for someone
 * young enough (35) for the short set.
 */
async function customerWithAnswers(page: Page, answers: unknown): Promise<string> {
  const code = await signInViaApi(page, freshPersonalCode({ age: 35 }));
  await registerViaApi(page);
  await saveScoreViaApi(page);
  await savePackageViaApi(page);
  await saveQuestionnaireViaApi(page, answers);
  await saveBeneficiariesViaApi(page);
  return code;
}

/** From the offer page: consents, save, confirm (modal or page state), sign in the frame, /confirmation. */
async function signOffer(page: Page, options: { supportCode?: string } = {}) {
  // The dialog needs the offer's schema, which arrives after hydration (journey.ts offerConfirmation).
  if (jsEnabled()) await stepFormReady(page);
  await tickConsents(page);
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: "Kinnita pakkumine" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    if (options.supportCode) await dialog.getByLabel("Tugikood (valikuline)").fill(options.supportCode);
    await dialog.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();
  } else {
    await expect(page.getByRole("heading", { name: "Kinnita pakkumine" })).toBeVisible();
    await expectNoAxeViolations(page);
    if (options.supportCode) await page.getByLabel("Tugikood (valikuline)").fill(options.supportCode);
    await page.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();
  }
  await expect(page.getByRole("heading", { name: "Lepingu allkirjastamine" })).toBeVisible();
  const frameElement = page.getByTitle("Allkirjastamise aken");
  await expect(frameElement).toHaveAttribute("height", "500");
  const frame = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await expect(frame.getByRole("heading", { name: "Allkirjastamine (demo)" })).toBeVisible();
  await expect(frame.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await frame.getByRole("button", { name: "Allkirjasta" }).click();
  await page.waitForURL("**/confirmation");
  await expect(page.getByRole("heading", { name: "Aitäh!", level: 1 })).toBeVisible();
  // The illustration is decoration (docs/decisions/0376): seen, not heard.
  await expect(page.locator('main img[alt=""]')).toBeVisible();
}

test("Kati Karu, seeded ready to sign, signs with the demo provider and reaches /confirmation", { tag: NEEDS_JS }, async ({ page }) => {
  // She is seeded once per server: the JavaScript run signs her; both runs sign new customers below.
  // Not in the js-off project: the seeded Kati Karu can sign once per e2e server and the JavaScript run does it;
  // the no-JS run signs a fresh customer through every step in the next test.
  await signIn(page, KATI_KARU);
  await expect(page).toHaveURL(/\/offer$/);
  await expect(page.getByText("Kati Karu")).toBeVisible();
  await expect(page.getByText("100\u00a0000\u00a0€")).toBeVisible();
  await expectNoAxeViolations(page);
  await signOffer(page);
  await expect(page.getByText(/Leping on allkirjastatud\. Kindlustuskaitse algab \d\d\.\d\d\.\d{4}/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a new customer who went through every step signs and reaches /confirmation", async ({ page }) => {
  test.slow();
  await customerOnOffer(page);
  await page.goto("/offer");
  await expect(page.getByRole("heading", { name: "Minu andmed" })).toBeVisible();
  // The breakdown: an SVG donut with SPEC.md's colours and a legend, the list a screen reader reads.
  const donut = page.getByRole("img", { name: "Esimese makse jaotus" });
  await expect(donut).toBeVisible();
  await expect(donut.locator('path[fill="#F2FEB1"]')).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Esimese makse jaotus" })).toBeVisible();
  const box = await donut.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(480.5);
  expect(Math.abs(box!.height - box!.width)).toBeLessThan(1);
  // The documents open in a new view.
  await expect(page.getByRole("link", { name: /Vaata taotlust \(PDF\)/ })).toHaveAttribute("target", "_blank");
  const pdf = await page.request.get("/api/onboarding/documents/application");
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await expectNoAxeViolations(page);
  await signOffer(page, { supportCode: "PB2026" });
  await expect(page.getByText(/Leping on allkirjastatud/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the conditions are linked beside the consents, which are required: an error summary links to each", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await customerOnOffer(page);
  await page.goto("/offer");
  // The conditions the customer is asked to accept are a link away on the same page.
  const conditions = page.getByRole("link", { name: "Kindlustustingimused (avaneb uues aknas)" });
  await expect(conditions).toHaveAttribute("href", "/insurance-conditions?lng=et");
  expect((await page.request.get("/insurance-conditions?lng=et")).status()).toBe(200);
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Vormis on vigu" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link")).toHaveCount(3);
  await expect(page).toHaveTitle(/^Viga: /);
  await expectNoAxeViolations(page);
});

// docs/decisions/0305: the amount confirmed is the amount signed.
test("an offer changed in another tab while the confirmation was open: confirming says so, nothing is saved, the new price is shown; confirmed again, the signing starts", async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(failedLoad(409));
  await customerOnOffer(page);
  await page.goto("/offer");
  if (jsEnabled()) await stepFormReady(page);
  const total = page.locator(".breakdown__total");
  const shown = (await total.textContent())!;
  await tickConsents(page);
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  const confirmation = jsEnabled() ? page.getByRole("dialog", { name: "Kinnita pakkumine" }) : page.locator("section.confirm-panel");
  await expect(confirmation).toBeVisible();
  // Another tab: the package step saved with a higher death cover.
  await savePackageViaApi(page, { sumInsuredForDeathCover: 150_000, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL"] });
  await confirmation.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "Sinu pakkumine muutus pärast selle lehe avamist" });
  await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Viga: /);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(total).not.toHaveText(shown);
  await expect(page.getByRole("heading", { name: "Lepingu allkirjastamine" })).toHaveCount(0);
  await expect(page.getByLabel("Kinnitan, et taotluses esitatud andmed on õiged ja täielikud.")).toBeChecked();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  await confirmation.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();
  await expect(page.getByRole("heading", { name: "Lepingu allkirjastamine" })).toBeVisible();
});

// Without JavaScript only: with it the confirmation opens on the page, with the offer shown (above).
test("without JavaScript, an offer changed in another tab before the confirmation: asking to confirm says so and shows the new price, not the confirmation", { tag: WITHOUT_JS }, async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(409));
  await customerOnOffer(page);
  await page.goto("/offer");
  const total = page.locator(".breakdown__total");
  const shown = (await total.textContent())!;
  await tickConsents(page);
  await savePackageViaApi(page, { sumInsuredForDeathCover: 150_000, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL"] });
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "Sinu pakkumine muutus pärast selle lehe avamist" });
  await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Viga: /);
  await expect(page.locator("section.confirm-panel")).toHaveCount(0);
  await expect(total).not.toHaveText(shown);
  await expect(page.getByLabel("Kinnitan, et taotluses esitatud andmed on õiged ja täielikud.")).toBeChecked();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  await page.locator("section.confirm-panel").getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();
  await expect(page.getByRole("heading", { name: "Lepingu allkirjastamine" })).toBeVisible();
});

test("a yes on a serious question reaches the EUW text; the operator accepts and they land in self-service", async ({ page }) => {
  // The whole journey, a signing and a separate `npm run ops` process.
  test.slow();
  const code = await customerWithAnswers(page, {
    ...ALL_NO_UW_L1,
    content: { ...ALL_NO_UW_L1.content, hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik", whenDiagnosed: "2024" } },
  });
  await page.goto("/offer");
  // The contract is concluded on the acceptance: the days to withdraw count from it (docs/decisions/0273).
  await expect(page.getByText("30 päeva jooksul alates päevast, mil kindlustusandja taotluse vastu võtab, põhjust esitamata.")).toBeVisible();
  await signOffer(page);
  await expect(page.getByText(/vaatab taotluse üle meie riskihindaja/)).toBeVisible();
  await expect(page.getByText(/Lepingust taganemise aeg algab päeval, mil taotlus vastu võetakse\./)).toBeVisible();
  await expectNoAxeViolations(page);

  const port = new URL(page.url()).port;
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "ops", "--", "euw", "accept", code, "--reason", "Underwriter's review of the hospitalisation"], {
    env: {
      ...process.env,
      OPS_TOKEN: E2E_OPS_TOKEN,
      OPS_URL: `http://127.0.0.1:${port}`,
      PORT: port,
      // The same deployment as the e2e server (playwright.config.ts): a demo.
      NODE_ENV: "production",
      DEMO: "true",
      SESSION_SECRET: "ops-e2e-unused-session-secret-0123456789",
      HEALTH_DATA_KEY: "0".repeat(64),
    },
  });
  expect(JSON.parse(stdout)).toEqual({ ok: true, value: { state: "SELF_SERVICE" } });
  await page.goto("/confirmation");
  await expect(page).toHaveURL(/\/self-service\/insurance$/);
});
