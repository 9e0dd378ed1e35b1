/**
 * The signing screen on a bad network, JavaScript on (the offer's, and a change of
 * beneficiaries', one screen: app/components/offer/signing.tsx). The customer signed in the
 * frame; the screen's completion call to our /api then fails: no answer, an answer lost after the
 * server concluded the signature, a proxy's 502 or 504 page. Nothing says the signing failed: the
 * page says the signature could not be confirmed, that there is no need to sign again, and "try
 * again" asks about the same signing (no new signing, which would end the signed one:
 * docs/decisions/0289). One policy, one change, whatever came back.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, failedLoad, test } from "./fixtures";
import { api, customerOnOffer } from "./journey";
import { freshSignedCustomer } from "./policyholder";
import { NEEDS_JS } from "./projects";
import { timeLimit } from "./time-limits";

const CONSENTS = { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true };
const NETWORK_ERRORS = [/Failed to load resource/, failedLoad(502), failedLoad(504)];

type Failure = "aborted" | "offline" | "lost" | "502" | "504";
const FAILURES: Failure[] = ["aborted", "lost", "502", "504"];

/** Fails the first completion call as asked; counts the completions (their signing) and the starts. */
async function failFirstCompletion(page: Page, complete: string, init: string, failure: Failure) {
  const completions: string[] = [];
  let starts = 0;
  page.on("request", (request) => void (new URL(request.url()).pathname === init && starts++));
  await page.route(
    (url) => url.pathname === complete,
    async (route) => {
      completions.push(JSON.parse(route.request().postData() ?? "{}").signingToken);
      if (completions.length > 1) return route.continue();
      if (failure === "aborted") return route.abort("internetdisconnected");
      // The frame's signature reached the provider; the browser lost its connection just then.
      if (failure === "offline") return void (await page.context().setOffline(true), await route.abort("internetdisconnected"));
      if (failure === "502") return route.fulfill({ status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1></body></html>" });
      // The server concludes the signature; its answer is lost, or replaced by the proxy's.
      await route.fetch();
      if (failure === "504") return route.fulfill({ status: 504, contentType: "text/html", body: "<html><body><h1>504 Gateway Time-out</h1></body></html>" });
      return route.abort("connectionreset");
    },
  );
  return { completions, starts: () => starts };
}

/** A fresh customer's offer confirmed, on its signing screen (in `lng`): the frame's sign button. */
async function offerSigning(page: Page, lng: "et" | "ru", sign: string) {
  await customerOnOffer(page);
  await api(page, "POST", "/api/onboarding/offer", CONSENTS);
  await page.goto(`/offer?step=signing&lng=${lng}`);
  const button = page.frameLocator("iframe.signing__frame").getByRole("button", { name: sign });
  await expect(button).toBeVisible();
  return button;
}

test.describe("with JavaScript", { tag: NEEDS_JS }, () => {
  for (const failure of FAILURES) {
    test(`the offer's signing whose completion call fails (${failure}) says the signature is unconfirmed; "try again" concludes the same signing`, async ({ page, allowConsoleErrors }) => {
      test.slow();
      allowConsoleErrors(...NETWORK_ERRORS);
      const sign = await offerSigning(page, "et", "Allkirjasta");
      const network = await failFirstCompletion(page, "/api/sign/complete", "/api/sign/init", failure);

      await sign.click();
      const alert = page.getByRole("alert").filter({ hasText: "Allkirja ei saanud kinnitada" });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText("ei pea sa uuesti allkirjastama");
      await expect(page.getByText("Allkirjastamine ei õnnestunud")).toHaveCount(0);
      await expect(alert).toBeFocused();
      // Signing anew stays the customer's own choice, beside "try again".
      await expect(alert.getByRole("button")).toHaveText(["Proovi uuesti", "Allkirjasta uuesti"]);
      await expectNoAxeViolations(page);
      await alert.getByRole("button", { name: "Proovi uuesti" }).click();
      await expect(page.getByRole("heading", { name: "Aitäh!", level: 1 })).toBeVisible({ timeout: timeLimit(15_000) });
      await expect(page).toHaveURL(/\/confirmation$/);
      expect(network.completions).toHaveLength(2);
      expect(network.completions[1]).toBe(network.completions[0]);
      expect(network.starts()).toBe(0);
      expect(["AGREEMENT_SIGNED", "EUW"]).toContain((await api(page, "GET", "/api/onboarding/state")).state);
    });
  }

  test("offline as the signature is completed, in Russian: the offline note too; back online, \"try again\" concludes it", async ({ page, allowConsoleErrors }) => {
    test.slow();
    allowConsoleErrors(...NETWORK_ERRORS);
    const sign = await offerSigning(page, "ru", "Подписать");
    const network = await failFirstCompletion(page, "/api/sign/complete", "/api/sign/init", "offline");

    await sign.click();
    const alert = page.getByRole("alert").filter({ hasText: "Подпись не удалось подтвердить" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("подписывать снова не нужно");
    await expect(alert).toContainText("нет подключения к интернету");
    await expect(alert).toBeFocused();
    await page.context().setOffline(false);
    await alert.getByRole("button", { name: "Попробовать снова" }).click();
    await page.waitForURL("**/confirmation");
    expect(network.starts()).toBe(0);
  });

  test("offline as a new signing is started after a cancel: the offline note too; back online, \"try again\" starts it", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(...NETWORK_ERRORS);
    await offerSigning(page, "et", "Allkirjasta");
    await page.frameLocator("iframe.signing__frame").getByRole("button", { name: "Katkesta" }).click();
    const cancelled = page.getByRole("alert").filter({ hasText: "Sa katkestasid allkirjastamise." });
    await expect(cancelled).toBeVisible();
    await page.context().setOffline(true);
    await cancelled.getByRole("button", { name: "Proovi uuesti" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Tundub, et sul pole praegu internetiühendust." });
    await expect(alert).toBeVisible();
    await page.context().setOffline(false);
    await alert.getByRole("button", { name: "Proovi uuesti" }).click();
    await expect(page.frameLocator("iframe.signing__frame").getByRole("button", { name: "Allkirjasta" })).toBeVisible();
  });

  test("a change of beneficiaries whose completion call's answer is lost: in English, unconfirmed; \"try again\" concludes it once", async ({ page, allowConsoleErrors }) => {
    test.slow();
    allowConsoleErrors(...NETWORK_ERRORS);
    await freshSignedCustomer(page, { inForce: true });
    const { current } = await api(page, "GET", "/api/self-service/beneficiaries");
    await api(page, "POST", "/api/self-service/beneficiaries/change", { beneficiaries: [{ ...current[0], email: "kinnitus@example.com" }] });
    await page.goto("/self-service/beneficiaries/sign?lng=en");
    const frame = page.frameLocator("iframe.signing__frame");
    await expect(frame.getByRole("button").first()).toBeVisible();
    const network = await failFirstCompletion(page, "/api/self-service/beneficiaries/sign/complete", "/api/self-service/beneficiaries/sign/init", "lost");

    await frame.getByRole("button").first().click();
    const alert = page.getByRole("alert").filter({ hasText: "Your signature could not be confirmed" });
    await expect(alert).toBeVisible();
    await expect(page.getByText("Signing did not succeed")).toHaveCount(0);
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.waitForURL((url) => url.pathname === "/self-service/insurance");
    expect(network.completions).toHaveLength(2);
    expect(network.completions[1]).toBe(network.completions[0]);
    expect(network.starts()).toBe(0);
    const change = await api(page, "GET", "/api/self-service/beneficiaries");
    expect(change.pending).toBeNull();
    expect(change.current.map((b: { email: string }) => b.email)).toEqual(["kinnitus@example.com"]);
  });
});
