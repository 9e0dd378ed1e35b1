/**
 * Withdrawing from or cancelling the policy (issue 22 item 1, docs/decisions/0130), with
 * JavaScript on and off, by keyboard-reachable native controls, axe clean: a fresh
 * policyholder accepted today withdraws within 30 days (the bills show the credit note); a
 * policyholder six months in (Tiit Tuul with JavaScript, Malle Mets without: each project
 * cancels its own) cancels at the month's end. Nobody else's data is touched.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, failedLoad, freshPersonalCode, jsEnabled, signIn, test } from "./fixtures";
import { timeLimit } from "./time-limits";
import { api, registerViaApi, saveBeneficiariesViaApi, savePackageViaApi, saveQuestionnaireViaApi, saveScoreViaApi, signInViaApi } from "./journey";

/** The same token as playwright.config.ts gives the e2e server. */
const E2E_OPS_TOKEN = "e2e-ops-token-0123456789abcdef0123456789";

/** A new customer who signed today (a yes that needs the underwriter, accepted by `npm run ops`): SELF_SERVICE, within 30 days. */
async function policyholderSignedToday(page: Page): Promise<string> {
  const code = await signInViaApi(page, freshPersonalCode({ age: 35 }));
  await registerViaApi(page);
  await saveScoreViaApi(page);
  await savePackageViaApi(page);
  await saveQuestionnaireViaApi(page, {
    height: 180,
    weight: 80,
    content: {
      examination: false,
      medicines: false,
      sickLeave: false,
      hospitalization: true,
      hospitalizationExtra: { disease: "Kopsupõletik", whenDiagnosed: "2024" },
      treatment: false,
      disability: false,
    },
  });
  await saveBeneficiariesViaApi(page);
  await api(page, "POST", "/api/onboarding/offer", { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true });
  const signing = await api(page, "POST", "/api/sign/init");
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  const signed = await page.request.post(`${signing.baseUrl}/signing/${signing.signingToken}`, {
    form: { access_token: signing.accessToken, action: "sign", mode: "js" },
    headers: { Accept: "application/json", Origin: origin },
  });
  expect(signed.status()).toBeLessThan(400);
  expect((await api(page, "POST", "/api/sign/complete", {})).state).toBe("EUW");
  const port = new URL(origin).port;
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "ops", "--", "euw", "accept", code, "--reason", "e2e withdrawal"], {
    env: {
      ...process.env,
      OPS_TOKEN: E2E_OPS_TOKEN,
      OPS_URL: `http://127.0.0.1:${port}`,
      PORT: port,
      NODE_ENV: "production",
      DEMO: "true",
      SESSION_SECRET: "ops-e2e-unused-session-secret-0123456789",
      HEALTH_DATA_KEY: "0".repeat(64),
    },
  });
  expect(JSON.parse(stdout)).toEqual({ ok: true, value: { state: "SELF_SERVICE" } });
  return code;
}

/** The confirmation and the demo e-ID's fields, then the submit button named `submit`. */
async function confirmWithEid(page: Page, code: string, submit: string) {
  await page.getByRole("checkbox", { name: /^Kinnitan, et/ }).check();
  await page.getByRole("radio", { name: "Smart-ID", exact: true }).check();
  await page.getByLabel("Isikukood").fill(code);
  await page.getByRole("button", { name: submit }).click();
}

test("within 30 days: the insurance tab shows the last day; withdrawing needs the confirmation and the e-ID; afterwards a new sign-up is offered", async ({ page, allowConsoleErrors }) => {
  // A journey, a signing, an `npm run ops` process and five axe scans: past 90 s on a loaded machine.
  test.setTimeout(timeLimit(240_000));
  // The refused posts answer 400 (the browser logs them as failed loads).
  allowConsoleErrors(failedLoad(400));
  const code = await policyholderSignedToday(page);
  await page.goto("/self-service/insurance");
  const ending = page.getByRole("region", { name: "Lepingu lõpetamine" });
  await expect(ending).toContainText(/Saad lepingust taganeda põhjust andmata kuni \d{2}\.\d{2}\.\d{4}\./);
  await expectNoAxeViolations(page);
  await ending.getByRole("link", { name: "Taganen lepingust" }).click();
  await expect(page).toHaveURL("/self-service/withdraw");
  await expect(page.getByRole("heading", { level: 2, name: "Lepingust taganemine" })).toBeVisible();
  const effects = page.getByRole("region", { name: "Mis juhtub" });
  await expect(effects).toContainText("Leping lõpeb algusest peale");
  // Accepted today, the cover starting tomorrow: no bill yet, nothing to credit.
  await expect(effects).toContainText("Arveid ei ole veel esitatud");
  await expectNoAxeViolations(page);

  // Without the confirmation, and with someone else's code: refused, with an error summary.
  await page.getByLabel("Isikukood").fill("38503020139");
  await page.getByRole("button", { name: "Taganen lepingust" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Kinnita, et soovid lepingu lõpetada.");
  await expect(page).toHaveTitle(/^Viga: /);
  await expectNoAxeViolations(page);
  await confirmWithEid(page, "38503020139", "Taganen lepingust");
  await expect(page.getByRole("alert")).toContainText("E-ID ei kinnitanud sinu isikut");

  await confirmWithEid(page, code, "Taganen lepingust");
  await expect(page).toHaveURL("/self-service/insurance");
  await expect(page.getByRole("region", { name: "Lepingu lõpetamine" })).toContainText("Taganesid lepingust");
  await expect(page.getByRole("link", { name: "Liitu uuesti" })).toHaveAttribute("href", "/account");
  await expectNoAxeViolations(page);

  await page.goto("/self-service/bills");
  await expect(page.getByText("Sul ei ole veel ühtegi arvet.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("after 30 days: cancelling at the month's end, with the same confirmation", async ({ page }) => {
  test.slow();
  const code = jsEnabled() ? "38006150242" : "48309200314";
  await signIn(page, code);
  await expect(page).toHaveURL("/self-service/insurance");
  const ending = page.getByRole("region", { name: "Lepingu lõpetamine" });
  await expect(ending).toContainText("Saad lepingu igal ajal üles öelda");
  await ending.getByRole("link", { name: "Ütle leping üles" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Lepingu ülesütlemine" })).toBeVisible();
  await expect(page.locator(".lead")).toContainText(/kuni \d{2}\.\d{2}\.\d{4}\./);
  await expectNoAxeViolations(page);
  await confirmWithEid(page, code, "Ütlen lepingu üles");
  await expect(page).toHaveURL("/self-service/insurance");
  await expect(page.getByRole("region", { name: "Lepingu lõpetamine" })).toContainText(/Ütlesid lepingu üles: kindlustuskaitse kehtib kuni \d{2}\.\d{2}\.\d{4}/);
  await expectNoAxeViolations(page);
  // Nothing left to end: the page says so.
  await page.goto("/self-service/withdraw");
  await expect(page.getByText("Sul ei ole kehtivat lepingut, mida saaks lõpetada.")).toBeVisible();
});

test("withdrawing the health-data consent explains that the insurance cannot go on without it", async ({ page }) => {
  test.slow();
  await policyholderSignedToday(page);
  await page.goto("/self-service/insurance");
  await page.getByRole("region", { name: "Terviseandmete töötlemise nõusolek" }).getByRole("link", { name: "Võta nõusolek tagasi" }).click();
  await expect(page).toHaveURL("/self-service/withdraw?reason=health-data");
  await expect(page.getByRole("heading", { level: 2, name: "Terviseandmete nõusoleku tagasivõtmine" })).toBeVisible();
  await expect(page.getByText(/ei saa kindlustus jätkuda/)).toBeVisible();
  await expectNoAxeViolations(page);
});
