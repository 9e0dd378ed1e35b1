/**
 * An applicant waiting for the underwriter withdraws the application (docs/decisions/0295), with
 * JavaScript on and off, axe clean on every screen: the confirmation's door, the withdraw page
 * (the confirmation and the demo e-ID), then the data page with the withdrawn application and
 * its acknowledgement. A request lost on the network is said in Russian, every typed value kept.
 */
import { gzipSync } from "node:zlib";
import { expect, expectNoAxeViolations, failedLoad, hydrated, loseNextPost, returningPageHtml, test } from "./fixtures";
import { NEEDS_JS } from "./projects";
import { timeLimit } from "./time-limits";
import { confirmWithEid, freshSignedCustomer } from "./policyholder";

test("the confirmation leads to the door; confirmed with the e-ID, the application is withdrawn and its acknowledgement is on the data page", async ({ page, allowConsoleErrors }) => {
  // A journey through /api, a signing and five axe scans.
  test.setTimeout(timeLimit(180_000));
  // The refused post answers 400 (the browser logs it as a failed load).
  allowConsoleErrors(failedLoad(400));
  const code = await freshSignedCustomer(page, { underwriting: true });
  await page.goto("/confirmation");
  const door = page.getByRole("region", { name: "Taotluse tagasivõtmine" });
  await expect(door).toContainText("Kuni riskihindaja pole otsustanud, saad taotluse põhjust esitamata tagasi võtta.");
  await expectNoAxeViolations(page);
  // The page's own HTML with the door, in Estonian, within the 6 KB gzip budget (docs/decisions/0040).
  const html = await returningPageHtml(page, "/confirmation");
  expect(gzipSync(html).length).toBeLessThanOrEqual(6 * 1024);
  await door.getByRole("link", { name: "Võta taotlus tagasi" }).click();

  await expect(page).toHaveURL("/self-service/withdraw");
  await expect(page.getByRole("heading", { level: 2, name: "Taotluse tagasivõtmine" })).toBeVisible();
  const effects = page.getByRole("region", { name: "Mis juhtub" });
  await expect(effects).toContainText("Taotlus lõpeb: lepingut ei sõlmita ja kindlustuskaitset ei ole.");
  await expect(effects).toContainText("Arveid ei ole esitatud ega tule.");
  // An applicant has no insurance yet: the link names the confirmation it goes back to.
  await expect(page.getByRole("link", { name: "Tagasi kinnituse juurde" })).toHaveAttribute("href", "/confirmation");
  await expectNoAxeViolations(page);

  // Without the confirmation: refused, with an error summary.
  await page.getByLabel("Isikukood").fill(code);
  await page.getByRole("button", { name: "Võtan taotluse tagasi" }).click();
  await expect(page.getByRole("alert", { name: "Vormis on vigu" })).toContainText("Märgi ruut, et oma otsust kinnitada.");
  await expectNoAxeViolations(page);

  await confirmWithEid(page, code, "Võtan taotluse tagasi");
  await expect(page).toHaveURL("/self-service/data");
  // The page it lands on starts at what was just done (the root's notices, docs/decisions/0321).
  await expect(page.getByRole("status").filter({ hasText: /^Võtsid taotluse EK-\d+ tagasi: lepingut ei sõlmita\.$/ })).toBeFocused();
  const earlier = page.getByRole("region", { name: /^Sinu varasem taotlus EK-\d+$/ });
  await expect(earlier).toContainText(/Võtsid selle taotluse tagasi \d{2}\.\d{2}\.\d{4}, enne riskihindaja otsust/);
  // An application, not a contract: its documents and its acknowledgement say so (the audit of 2 December 2026).
  await expect(earlier).toContainText("Hoia kinnitus alles: see tõendab taotluse tagasivõtmist.");
  await expect(earlier.getByRole("heading", { name: "Taotluse dokumendid" })).toBeVisible();
  await expect(earlier).not.toContainText("lepingu lõppemist");
  await expect(earlier).not.toContainText("Lepingu dokumendid");
  await expectNoAxeViolations(page);
  await earlier.getByRole("link", { name: "Kinnitus taotluse tagasivõtmise kohta", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Kinnitus taotluse tagasivõtmise kohta" })).toBeVisible();
  await expect(page.getByText("Lepingut ei sõlmitud.", { exact: false }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // A new sign-up starts at the account step.
  await page.goto("/confirmation");
  await expect(page).toHaveURL("/account");
});

test("a withdrawal lost on the network is said in Russian, every typed value kept; the second press withdraws", { tag: NEEDS_JS }, async ({ page, allowConsoleErrors }) => {
  // Not in the js-off project: without JavaScript the browser's own form post stays on the page.
  test.setTimeout(timeLimit(180_000));
  allowConsoleErrors(/Failed to load resource/);
  const code = await freshSignedCustomer(page, { underwriting: true });
  await page.goto("/self-service/withdraw?lng=ru");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: "Отзыв заявления" })).toBeVisible();
  const lost = await loseNextPost(page, "/self-service/withdraw");
  await page.getByRole("checkbox", { name: /^Подтверждаю, что отзываю страховое заявление EK-\d+\.$/ }).check();
  await page.getByRole("radio", { name: "Smart-ID", exact: true }).check();
  await page.getByLabel("Личный код").fill(code);
  const submit = page.getByRole("button", { name: "Отозвать заявление" });
  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "Техническая ошибка. Пожалуйста, попробуйте позже." })).toBeVisible();
  expect(lost()).toBe(true);
  await expect(page).toHaveURL("/self-service/withdraw?lng=ru");
  await expect(page.getByRole("checkbox", { name: /^Подтверждаю, что отзываю/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Smart-ID", exact: true })).toBeChecked();
  await expect(page.getByLabel("Личный код")).toHaveValue(code);
  await expectNoAxeViolations(page);

  await submit.click();
  await expect(page).toHaveURL("/self-service/data");
  await expect(page.getByRole("status").filter({ hasText: /^Вы отозвали заявление EK-\d+: договор не будет заключён\.$/ })).toBeFocused();
  await expect(page.getByRole("region", { name: /^Ваше прежнее заявление EK-\d+$/ })).toContainText("Вы отозвали это заявление");
  await expectNoAxeViolations(page);
});
