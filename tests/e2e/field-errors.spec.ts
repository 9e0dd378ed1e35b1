/**
 * The errors of the package's health services and the offer's support code are announced like
 * every other field error (issue 24): prefixed "Viga:" and pointed at by their control or
 * fieldset with aria-describedby, JavaScript on and off. Both come from FieldError
 * (app/components/form.tsx); tests/unit/field-errors.test.ts keeps hand-made ones out.
 */
import { expect, expectNoAxeViolations, failedLoad, jsEnabled, test } from "./fixtures";
import { customerOnPackage, offerConfirmation } from "./journey";

const SERVICES_HINT = "Valikulised, igakuise tasu eest. Võid valida mitu või mitte ühtegi.";
const SERVICES_ERROR = "Viga: Vali terviseteenused pakutud loetelust.";
const SUPPORT_CODE_HINT = "Kui said koodi koostööpartnerilt, sisesta see siia.";
const TOO_LONG = "Viga: Tekst on liiga pikk.";

test("package: a service not offered is an error the services fieldset points at, prefixed", async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(failedLoad(400));
  await customerOnPackage(page);
  await page.goto("/package");
  // With JavaScript, wait until it runs the page (the no-JavaScript recalculate button goes).
  if (jsEnabled()) await expect(page.getByRole("button", { name: "Arvuta uuesti" })).toHaveCount(0);
  const services = page.getByRole("group", { name: "Terviseteenused", exact: true });
  await expect(services).toHaveAccessibleDescription(SERVICES_HINT);
  // A code the catalogue does not hold, as a tampered post would send it.
  await services.evaluate((fieldset) => {
    const input = Object.assign(document.createElement("input"), { type: "hidden", name: "services", value: "NOT_OFFERED" });
    fieldset.append(input);
  });
  await page.getByRole("button", { name: "Salvesta ja jätka" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Vormis on vigu" })).toBeVisible();
  await expect(services).toHaveAccessibleDescription(`${SERVICES_HINT} ${SERVICES_ERROR}`);
  await expect(services.locator(".field__error")).toHaveText(SERVICES_ERROR);
  await expectNoAxeViolations(page);
});

test("offer: a support code too long is an error its input points at, prefixed", async ({ page, allowConsoleErrors }) => {
  test.slow();
  allowConsoleErrors(failedLoad(400));
  const confirmation = await offerConfirmation(page);
  const code = confirmation.getByLabel("Tugikood (valikuline)");
  await expect(code).toHaveAccessibleDescription(SUPPORT_CODE_HINT);
  // Past the input's own limit, as a post made without the page would be.
  await code.evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
  await code.fill("X".repeat(41));
  await confirmation.getByRole("button", { name: "Kinnitan ja allkirjastan" }).click();

  const field = page.getByLabel("Tugikood (valikuline)");
  await expect(field).toHaveAccessibleDescription(`${SUPPORT_CODE_HINT} ${TOO_LONG}`);
  await expect(page.locator(".field__error").filter({ hasText: "Tekst on liiga pikk." })).toHaveText(TOO_LONG);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
});
