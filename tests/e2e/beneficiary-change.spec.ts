/**
 * Changing beneficiaries in self-service (issue 22 item 3, docs/decisions/0145), with
 * JavaScript on and off: the onboarding form from the insurance tab, nothing effective before
 * the demo signing in the offer's signing frame, the new policy version in force and the
 * earlier one readable; a pending change discarded. Each test makes its own policyholder (an
 * EUW case the operator accepts through the /ops door), so no seeded person changes, except the
 * cancelled policyholder's, who must be past the 30 days to withdraw: Rein Raud with JavaScript,
 * Ene Ilves without, seeded for it alone (docs/decisions/0291).
 */
import type { Page } from "@playwright/test";
import { expect, expectBeneficiariesNoticeLink, expectNoAxeViolations, failedLoad, jsEnabled, signIn, test } from "./fixtures";
import { timeLimit } from "./time-limits";
import { confirmWithEid, freshSignedCustomer } from "./policyholder";
import { countCommits, read, ready, Transcript } from "./screen-reader";

const beneficiariesRegion = (page: Page) => page.getByRole("region", { name: "Soodustatud isikud" });

test("a policyholder changes a beneficiary, signs the change, and the policy's version 1 stays readable", async ({ page, allowConsoleErrors }) => {
  // A whole journey to a policy, then five pages each with an axe scan: on a loaded machine
  // without JavaScript (every scan a copy in the scratch page) that ran past 90 s.
  test.setTimeout(timeLimit(240_000));
  allowConsoleErrors(failedLoad(400));
  await freshSignedCustomer(page, { inForce: true });
  await page.goto("/self-service/insurance");
  await expect(beneficiariesRegion(page)).toContainText("mari@example.com");
  await beneficiariesRegion(page).getByRole("link", { name: "Muuda soodustatud isikuid" }).click();
  await expect(page).toHaveURL("/self-service/beneficiaries");
  await expect(page).toHaveTitle("soodustatud isikute muutmine | Elukaitse");
  await expect(page.getByRole("heading", { level: 2, name: "Soodustatud isikute muutmine" })).toBeVisible();
  const first = page.getByRole("group", { name: "Soodustatud isik 1" });
  await expect(first.getByLabel("E-posti aadress")).toHaveValue("mari@example.com");
  await expectNoAxeViolations(page);
  await expectBeneficiariesNoticeLink(page);

  // The same list is no change: said in the error summary, the page titled as failed.
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Uus nimekiri on sama mis praegune" });
  await expect(summary).toBeVisible();
  await expect(page).toHaveTitle(/^Viga: /);
  await expectNoAxeViolations(page);

  await page.getByRole("group", { name: "Soodustatud isik 1" }).getByLabel("E-posti aadress").fill("mari.uus@example.com");
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  await expect(page).toHaveURL("/self-service/beneficiaries/sign");
  await expect(page.getByRole("heading", { name: "Muudatuse allkirjastamine" })).toBeVisible();
  const frame = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await expect(frame.getByRole("link", { name: /Soodustatud isikute muutmise avaldus/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Not signed yet: the insurance tab (another tab of the browser) still shows the old address.
  const other = await page.context().newPage();
  await other.goto("/self-service/insurance");
  await expect(beneficiariesRegion(other)).toContainText("mari@example.com");
  await expect(beneficiariesRegion(other)).toContainText(/allkirjastamata muudatus/);
  await other.close();

  await frame.getByRole("button", { name: "Allkirjasta" }).click();
  await page.waitForURL("**/self-service/insurance?beneficiaries=signed");
  await expect(page.getByRole("status").filter({ hasText: "Soodustatud isikud on muudetud. Kehtib poliisi versioon 2." })).toBeVisible();
  await expect(beneficiariesRegion(page)).toContainText("mari.uus@example.com");
  await expectNoAxeViolations(page);

  const documents = page.getByRole("region", { name: "Dokumendid" });
  const versionPdf = documents.getByRole("link", { name: /^Versioon 1, kehtis \d\d\.\d\d\.\d{4}–\d\d\.\d\d\.\d{4} \(PDF\)$/ });
  const pdf = await page.request.get((await versionPdf.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await documents.getByRole("link", { name: /^Versioon 1, kehtis .* veebilehena/ }).click();
  await expect(page).toHaveURL("/self-service/documents/policy/1");
  await expect(page.getByRole("main")).toContainText("mari@example.com");
  await expect(page.getByRole("main")).toContainText(/asendatud versiooniga 2/);
  await expectNoAxeViolations(page);
});

test("a pending change keeps the beneficiaries and can be discarded", async ({ page }) => {
  test.setTimeout(timeLimit(180_000));
  await freshSignedCustomer(page, { inForce: true });
  await page.goto("/self-service/beneficiaries");
  await page.getByRole("group", { name: "Soodustatud isik 1" }).getByLabel("E-posti aadress").fill("keegi@example.com");
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  await expect(page).toHaveURL("/self-service/beneficiaries/sign");

  await page.goto("/self-service/insurance");
  const region = beneficiariesRegion(page);
  await expect(region).toContainText("mari@example.com");
  await expect(region).toContainText(/Sul on allkirjastamata muudatus/);
  await expectNoAxeViolations(page);
  // The change page goes on from the pending list.
  await region.getByRole("link", { name: "Jätka muudatust" }).click();
  await expect(page).toHaveURL("/self-service/beneficiaries");
  await expect(page.getByRole("group", { name: "Soodustatud isik 1" }).getByLabel("E-posti aadress")).toHaveValue("keegi@example.com");
  await page.getByRole("button", { name: "Loobu muudatusest" }).click();
  await page.waitForURL("**/self-service/insurance?beneficiaries=discarded");
  await expect(page.getByRole("status").filter({ hasText: "Muudatusest loobuti" })).toBeVisible();
  await expect(beneficiariesRegion(page)).toContainText("mari@example.com");
  await expect(beneficiariesRegion(page)).not.toContainText(/allkirjastamata muudatus/);
  await expectNoAxeViolations(page);
});

test("a change signed after the policy ended is refused with the way back to the insurance tab, not buttons that fail again", async ({ page, allowConsoleErrors }) => {
  test.setTimeout(timeLimit(240_000));
  // With JavaScript the completion is refused with 409 (the browser logs it as a failed load).
  allowConsoleErrors(failedLoad(409));
  const code = await freshSignedCustomer(page, { inForce: true });
  await page.goto("/self-service/beneficiaries");
  await page.getByRole("group", { name: "Soodustatud isik 1" }).getByLabel("E-posti aadress").fill("hiljaks@example.com");
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  await expect(page).toHaveURL("/self-service/beneficiaries/sign");
  const frame = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await expect(frame.getByRole("button", { name: "Allkirjasta" })).toBeVisible();

  // Meanwhile, in another tab of the browser, the policy ends (a fresh policy: a withdrawal).
  const other = await page.context().newPage();
  await other.goto("/self-service/withdraw");
  await other.getByRole("checkbox", { name: /^Kinnitan, et/ }).check();
  await other.getByRole("radio", { name: "Smart-ID", exact: true }).check();
  await other.getByLabel("Isikukood").fill(code);
  await other.getByRole("button", { name: "Taganen lepingust" }).click();
  await expect(other).toHaveURL("/self-service/insurance");
  await other.close();

  await frame.getByRole("button", { name: "Allkirjasta" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Sul ei ole kehtivat kindlustuslepingut, mille soodustatud isikuid muuta." });
  await expect(refusal).toBeVisible();
  await expect(page).toHaveURL(/\/self-service\/beneficiaries\/sign/);
  // Nothing that would only fail again: no new signing, no change to go on with.
  await expect(page.getByRole("button", { name: "Proovi uuesti" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Jätka muudatust" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await refusal.getByRole("link", { name: "Tagasi kindlustuse juurde" }).click();
  await expect(page).toHaveURL("/self-service/insurance");
  await expect(page.getByRole("region", { name: "Lepingu lõpetamine" })).toContainText("Taganesid lepingust");
});

test("a cancelled policyholder changes beneficiaries while the cover runs, told until when (docs/decisions/0291)", async ({ page }, testInfo) => {
  test.setTimeout(timeLimit(240_000));
  const code = jsEnabled() ? "37804110237" : "48609230311";
  await countCommits(page);
  await signIn(page, code);
  await expect(page).toHaveURL("/self-service/insurance");
  const ending = page.getByRole("region", { name: "Lepingu lõpetamine" });
  const cancelled = /Ütlesid lepingu üles: kindlustuskaitse kehtib kuni \d{2}\.\d{2}\.\d{4}/;
  // A seeded person is cancelled once a run: a retry finds the first try's cancellation.
  await expect(ending).toContainText(testInfo.retry ? /Ütle leping üles|Ütlesid lepingu üles/ : "Ütle leping üles");
  if (!cancelled.test((await ending.textContent()) ?? "")) {
    await ending.getByRole("link", { name: "Ütle leping üles" }).click();
    await confirmWithEid(page, code, "Ütlen lepingu üles");
    await expect(page).toHaveURL("/self-service/insurance");
  }
  await expect(ending).toContainText(cancelled);
  // The tab as every later visit reads it, a retry's too: the cancellation's notice is heard once,
  // on the page the cancellation lands on (withdrawal.spec.ts).
  await page.goto("/self-service/insurance");
  // A first try that signed its change left version 1 among the documents: not the page heard.
  const changedBefore = (await page.getByRole("region", { name: "Dokumendid" }).getByRole("link", { name: /^Versioon 1,/ }).count()) > 0;
  const until = /Kindlustuskaitse kehtib kuni \d{2}\.\d{2}\.\d{4}: muudatus jõustub, kui allkirjastad selle hiljemalt sel päeval\./;
  await expect(beneficiariesRegion(page)).toContainText(until);
  await expectNoAxeViolations(page);
  // Heard too (the audit of 2 December 2026, item 4): only these seeded persons can be cancelled in the run.
  const transcript = new Transcript("self-service-beneficiaries-cancelled", "Iseteenindus: soodustatud isikute muutmine üles öeldud lepingu ajal");
  await ready(page);
  transcript.add("The insurance tab after the cancellation (/self-service/insurance), top to bottom", (await read(page)).phrases);

  await beneficiariesRegion(page).getByRole("link", { name: "Muuda soodustatud isikuid" }).click();
  await expect(page).toHaveURL("/self-service/beneficiaries");
  await expect(page.getByText(until)).toBeVisible();
  await expectNoAxeViolations(page);
  await ready(page);
  transcript.add("The change of beneficiaries (/self-service/beneficiaries), top to bottom", (await read(page)).phrases);
  if (!changedBefore) transcript.check();
  // Another address on a retry, so that the first try's signed change is not this one.
  const email = `mari.kaitse${testInfo.retry || ""}@example.com`;
  await page.getByRole("group", { name: "Soodustatud isik 1" }).getByLabel("E-posti aadress").fill(email);
  await page.getByRole("button", { name: "Salvesta ja allkirjasta" }).click();
  await expect(page).toHaveURL("/self-service/beneficiaries/sign");
  const frame = page.frameLocator('iframe[title="Allkirjastamise aken"]');
  await expect(frame.getByRole("link", { name: /Soodustatud isikute muutmise avaldus/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await frame.getByRole("button", { name: "Allkirjasta" }).click();
  await page.waitForURL("**/self-service/insurance?beneficiaries=signed");
  await expect(page.getByRole("status").filter({ hasText: /Soodustatud isikud on muudetud\. Kehtib poliisi versioon \d+\./ })).toBeVisible();
  await expect(beneficiariesRegion(page)).toContainText(email);
  await expect(page.getByRole("region", { name: "Dokumendid" }).getByRole("link", { name: /^Versioon 1, kehtis .* \(PDF\)$/ })).toBeVisible();
  await expectNoAxeViolations(page);
});
