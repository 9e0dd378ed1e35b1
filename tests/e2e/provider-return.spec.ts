/**
 * Back from a provider's page on another site (docs/decisions/0351). A server of this file's own
 * signs in through the fake Dokobit Identity Gateway (tests/fakes/dokobit-identity.ts), at
 * 127.0.0.1 while the app is at localhost: two sites, as Dokobit's and ours are. The session
 * cookie is SameSite Strict, so the navigation back from the provider's page carries none; the
 * return is loaded again from our own page, and the customer lands signed in.
 */
import type { Page } from "@playwright/test";
import { startFakeDokobitIdentity, type FakeDokobitIdentity } from "../fakes/dokobit-identity";
import { startBuiltServer, stopChild, type BuiltServer } from "../support/built-server";
import { freshPersonalCode } from "../support/personal-codes";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { timeLimit } from "./time-limits";

const JAAN_TAMM = "38503020139";

let fake: FakeDokobitIdentity;
let server: BuiltServer;
/** The app as the browser reaches it: localhost, another site than the fake's 127.0.0.1. */
let origin: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(timeLimit(180_000));
  fake = await startFakeDokobitIdentity();
  server = await startBuiltServer({ EID_PROVIDER: "dokobit", DOKOBIT_IDENTITY_URL: fake.url, DOKOBIT_IDENTITY_ACCESS_TOKEN: fake.accessToken });
  origin = server.base.replace("127.0.0.1", "localhost");
});

test.afterAll(async () => {
  test.setTimeout(timeLimit(60_000));
  if (server) await stopChild(server.child);
  await fake?.close();
});

/** The fake provider's page, on its own site: the person confirmed. */
async function confirmOnProvidersPage(page: Page, code: string) {
  await expect(page.getByRole("heading", { name: "Dokobit Identity Gateway (fake)" })).toBeVisible();
  expect(new URL(page.url()).hostname).toBe("127.0.0.1");
  await page.getByLabel("Isikukood").fill(code);
  await page.getByRole("button", { name: "Autendi" }).click();
}

test("a sign-in on Dokobit's page lands signed in, not on the sign-in page again", async ({ page }) => {
  test.slow();
  await page.goto(`${origin}/login`);
  await page.getByRole("button", { name: "Jätka sisselogimisega" }).click();
  await confirmOnProvidersPage(page, freshPersonalCode());
  await expect(page).toHaveURL(`${origin}/account`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logi välja" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a cancellation confirmed on Dokobit's page says so on the page after it", async ({ page }) => {
  test.slow();
  await page.goto(`${origin}/login`);
  await page.getByRole("button", { name: "Jätka sisselogimisega" }).click();
  await confirmOnProvidersPage(page, JAAN_TAMM);
  await expect(page).toHaveURL(`${origin}/self-service/insurance`);
  await page.getByRole("region", { name: "Lepingu lõpetamine" }).getByRole("link", { name: "Ütle leping üles" }).click();
  await page.getByRole("checkbox", { name: /^Kinnitan, et/ }).check();
  await page.getByRole("button", { name: "Ütlen lepingu üles" }).click();
  await confirmOnProvidersPage(page, JAAN_TAMM);
  await expect(page).toHaveURL(`${origin}/self-service/insurance`);
  await expect(page.getByRole("status").filter({ hasText: /^Ütlesid lepingu EK-\d+ üles: kindlustuskaitse kehtib kuni \d{2}\.\d{2}\.\d{4}\.$/ })).toBeVisible();
  await expectNoAxeViolations(page);
});
