/**
 * Withdrawing from or cancelling the policy (issue 22 item 1, docs/decisions/0130), with
 * JavaScript on and off, by keyboard-reachable native controls, axe clean: a fresh
 * policyholder accepted today withdraws within 30 days (the bills show the credit note); a
 * policyholder six months in (Tiit Tuul with JavaScript, Malle Mets without: each project
 * cancels its own) cancels and, signing up again, finds every bill of the
 * ended contract from the data page; one who has just signed withdraws from the
 * confirmation page's door before the start day. Nobody else's data is touched.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, failedLoad, jsEnabled, signIn, stepFormReady, test } from "./fixtures";
import { timeLimit } from "./time-limits";
import { confirmWithEid, freshSignedCustomer } from "./policyholder";

test("within 30 days: the insurance tab shows the last day; withdrawing needs the confirmation and the e-ID; afterwards a new sign-up is offered", async ({ page, allowConsoleErrors }) => {
  // A journey, a signing, the operator's acceptance and five axe scans: past 90 s on a loaded machine.
  test.setTimeout(timeLimit(240_000));
  // The refused posts answer 400 (the browser logs them as failed loads).
  allowConsoleErrors(failedLoad(400));
  const code = await freshSignedCustomer(page, { inForce: true });
  await page.goto("/self-service/insurance");
  const ending = page.getByRole("region", { name: "Lepingu lõpetamine" });
  await expect(ending).toContainText(/Saad lepingust taganeda põhjust esitamata kuni \d{2}\.\d{2}\.\d{4}\./);
  await expectNoAxeViolations(page);
  await ending.getByRole("link", { name: "Tagane lepingust" }).click();
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
  // The error summary (the page's other alert region is the failed request's, empty).
  const summary = page.getByRole("alert", { name: "Vormis on vigu" });
  await expect(summary).toContainText("Märgi ruut, et oma otsust kinnitada.");
  await expect(page).toHaveTitle(/^Viga: /);
  await expectNoAxeViolations(page);
  await confirmWithEid(page, "38503020139", "Taganen lepingust");
  await expect(page.getByRole("alert").filter({ hasText: "E-ID ei kinnitanud sinu isikut" })).toBeVisible();

  await confirmWithEid(page, code, "Taganen lepingust");
  await expect(page).toHaveURL("/self-service/insurance");
  // The page it lands on says what was just done, in the root's notices (docs/decisions/0321), where it starts.
  await expect(page.getByRole("status").filter({ hasText: /^Taganesid lepingust EK-\d+: leping lõppes algusest peale\.$/ })).toBeFocused();
  await expect(page.getByRole("region", { name: "Lepingu lõpetamine" })).toContainText("Taganesid lepingust");
  await expect(page.getByRole("link", { name: "Liitu uuesti" })).toHaveAttribute("href", "/account");
  await expectNoAxeViolations(page);

  await page.goto("/self-service/bills");
  await expect(page.getByText("Sul ei ole veel ühtegi arvet.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("on the day of signing: the confirmation leads to the door, and withdrawing there ends the policy before it starts (docs/decisions/0258)", async ({ page }) => {
  // A journey through /api, a signing and four axe scans.
  test.setTimeout(timeLimit(180_000));
  const code = await freshSignedCustomer(page);
  await page.goto("/confirmation");
  const door = page.getByRole("region", { name: "Lepingu lõpetamine" });
  await expect(door).toContainText(/Saad lepingust taganeda põhjust esitamata kuni \d{2}\.\d{2}\.\d{4}\./);
  await expectNoAxeViolations(page);
  await door.getByRole("link", { name: "Tagane lepingust" }).click();
  await expect(page).toHaveURL("/self-service/withdraw");
  await expect(page.getByRole("heading", { level: 2, name: "Lepingust taganemine" })).toBeVisible();
  // The rest of self-service opens on the start day: no tabs yet, and back is the confirmation.
  await expect(page.getByRole("navigation", { name: "Iseteeninduse menüü" })).toHaveCount(0);
  // Before the start day there is no insurance tab yet: the link names the confirmation it goes back to.
  await expect(page.getByRole("link", { name: "Tagasi kinnituse juurde" })).toHaveAttribute("href", "/confirmation");
  await expect(page.getByRole("region", { name: "Mis juhtub" })).toContainText("Arveid ei ole veel esitatud");
  await expectNoAxeViolations(page);
  await confirmWithEid(page, code, "Taganen lepingust");
  await expect(page).toHaveURL("/self-service/insurance");
  const ended = page.getByRole("region", { name: "Lepingu lõpetamine" });
  await expect(ended).toContainText("Taganesid lepingust");
  await expectNoAxeViolations(page);
  // The acknowledgement to keep (docs/decisions/0259): the PDF, and the same as a web page.
  await expect(ended.getByRole("link", { name: "Kinnitus lepingust taganemise kohta (PDF)" })).toHaveAttribute("href", "/api/documents/ending");
  await ended.getByRole("link", { name: "Kinnitus lepingust taganemise kohta veebilehena" }).click();
  await expect(page).toHaveURL("/self-service/documents/ending");
  await expect(page.getByRole("heading", { level: 2, name: "Kinnitus lepingust taganemise kohta" })).toBeVisible();
  await expect(page).toHaveTitle(/^Kinnitus lepingust taganemise kohta EK-\d+ \| /);
  await expect(page.getByText(/^Kinnitame, et saime \d{2}\.\d{2}\.\d{4} kell \d{2}:\d{2} sinu taganemise kindlustuslepingust EK-\d+\.$/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("after 30 days: cancelling, with the same confirmation; signing up again, the bill and the confirmation stay on the data page", async ({ page }) => {
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
  await expect(page.getByRole("status").filter({ hasText: /^Ütlesid lepingu EK-\d+ üles: kindlustuskaitse kehtib kuni \d{2}\.\d{2}\.\d{4}\.$/ })).toBeFocused();
  await expect(page.getByRole("region", { name: "Lepingu lõpetamine" })).toContainText(/Ütlesid lepingu üles: kindlustuskaitse kehtib kuni \d{2}\.\d{2}\.\d{4}/);
  await expectNoAxeViolations(page);
  // Nothing left to end: the page says so, under neither right's heading.
  await page.goto("/self-service/withdraw");
  await expect(page.getByText("Sul ei ole kehtivat lepingut, mida saaks lõpetada.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Lepingu lõpetamine" })).toBeVisible();
  // The cover runs to its last day: the services stay until then, and the page says so (docs/decisions/0269).
  await page.goto("/self-service/services");
  await expect(page.getByText(/^Leping on üles öeldud: terviseteenused on sinu kasutada kuni kindlustuskaitse lõpuni \d{2}\.\d{2}\.\d{4}\.$/)).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 3 }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  // The schedule says the contract was cancelled and promises no invoice set with a discount to come.
  await page.goto("/self-service/documents/payment-schedule");
  await expect(page.getByText(/^Ütlesid selle lepingu üles \d{2}\.\d{2}\.\d{4}\. Kindlustuskaitse kehtib kuni/)).toBeVisible();
  await expect(page.getByText(/Tulevased summad on arvutatud/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await signUpAgainAndReachTheEndedContract(page);
});

/**
 * After a cancellation the customer signs up again (the account step saved anew): the ended
 * contract's bills and the confirmation of its ending stay on the data page, each as a web page
 * and a PDF, though self-service's tabs are closed now (docs/decisions/0272).
 */
async function signUpAgainAndReachTheEndedContract(page: Page) {
  await page.goto("/self-service/insurance");
  await page.getByRole("link", { name: "Liitu uuesti" }).click();
  await expect(page).toHaveURL("/account");
  await page.getByRole("checkbox", { name: /kindlustustingimustega/ }).check();
  await page.getByRole("checkbox", { name: /terviseandmeid/ }).check();
  await page.getByRole("button", { name: "Registreeri" }).click();
  await expect(page).toHaveURL("/score");
  // The bills tab is the policyholder's: closed while signing up.
  await page.goto("/self-service/bills");
  await expect(page).toHaveURL("/score");

  await page.goto("/self-service/data");
  const earlier = page.getByRole("region", { name: /^Sinu varasem leping EK-\d+$/ });
  await expect(earlier).toContainText(/Ütlesid selle lepingu üles \d{2}\.\d{2}\.\d{4}, kindlustuskaitsega kuni \d{2}\.\d{2}\.\d{4}\./);
  await expect(page.getByRole("navigation", { name: "Iseteeninduse menüü" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The latest bill: what it is, to pay by when, its PDF as the /api serves it.
  const bill = earlier.getByRole("listitem").filter({ hasText: /^Arve EK-/ }).first();
  await expect(bill).toContainText(/: tasuda hiljemalt \d{2}\.\d{2}\.\d{4}$/);
  const billLink = bill.getByRole("link", { name: /^Arve EK-[\d-]+$/ });
  const pid = (await billLink.textContent())!.replace("Arve ", "");
  const billPdf = bill.getByRole("link", { name: `Arve ${pid} (PDF)` });
  await expect(billPdf).toHaveAttribute("href", `/api/invoices/${pid}`);
  const pdf = await page.request.get(`/api/invoices/${pid}`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await billLink.click();
  await expect(page).toHaveURL(`/self-service/data/earlier/invoice/${pid}`);
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^Arve ${pid}`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Tagasi andmejälgija juurde" }).click();
  await expect(page).toHaveURL("/self-service/data");

  // Six months of bills and today's: the data page lists the latest six and links the list of
  // every one (docs/decisions/0301), where the oldest opens as its web page and its PDF.
  await expect(earlier).toContainText("Lisaks 1 varasem arve.");
  await earlier.getByRole("link", { name: "Kõik selle lepingu arved (7)" }).click();
  const policy = pid.replace(/-\d{6}$/, "");
  await expect(page).toHaveURL(`/self-service/data/earlier/invoices/${policy}`);
  await expect(page.getByRole("heading", { level: 2, name: `Lepingu ${policy} arved` })).toBeVisible();
  const all = page.getByRole("main").getByRole("listitem");
  await expect(all).toHaveCount(7);
  await expect(all.first()).toContainText(pid);
  // One page: no page links.
  await expect(page.getByRole("navigation", { name: "Arvete leheküljed" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const oldest = all.last().getByRole("link", { name: /^Arve EK-[\d-]+$/ });
  const oldestPid = (await oldest.textContent())!.replace("Arve ", "");
  await expect(all.last().getByRole("link", { name: `Arve ${oldestPid} (PDF)` })).toHaveAttribute("href", `/api/invoices/${oldestPid}`);
  // By keyboard: the link takes focus and Enter opens it.
  await oldest.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/self-service/data/earlier/invoice/${oldestPid}`);
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^Arve ${oldestPid}`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(page).toHaveURL(`/self-service/data/earlier/invoices/${policy}`);
  await page.getByRole("link", { name: "Tagasi andmejälgija juurde" }).click();
  await expect(page).toHaveURL("/self-service/data");

  // The confirmation to keep: its web page and its PDF.
  const confirmation = page.getByRole("region", { name: /^Sinu varasem leping EK-\d+$/ }).getByRole("link", { name: "Kinnitus lepingu ülesütlemise kohta", exact: true });
  await confirmation.click();
  await expect(page).toHaveURL(/\/self-service\/data\/earlier\/ending\/EK-\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Kinnitus lepingu ülesütlemise kohta" })).toBeVisible();
  await expectNoAxeViolations(page);
  const ending = await page.request.get(String(await page.locator(".document__links a[download]").getAttribute("href")));
  expect(ending.headers()["content-type"]).toBe("application/pdf");

  // Its signed documents (docs/decisions/0309): the application as signed (PDF), the policy as a web page by keyboard.
  await page.getByRole("link", { name: "Tagasi andmejälgija juurde" }).click();
  await expect(page).toHaveURL("/self-service/data");
  const documents = page.getByRole("region", { name: `Sinu varasem leping ${policy}` });
  const application = documents.getByRole("link", { name: "Allkirjastatud kindlustustaotlus (PDF)" });
  await expect(application).toHaveAttribute("href", `/api/documents/application?policy=${policy}`);
  expect((await page.request.get(`/api/documents/application?policy=${policy}`)).headers()["content-type"]).toBe("application/pdf");
  await documents.getByRole("link", { name: "Kindlustuspoliis", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/self-service/data/earlier/policy/${policy}`);
  await expect(page.getByRole("heading", { level: 2, name: /^Kindlustuspoliis/ })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(policy);
  await expectNoAxeViolations(page);
}

test("withdrawing the health-data consent explains that the insurance cannot go on without it", async ({ page }) => {
  test.slow();
  await freshSignedCustomer(page, { inForce: true });
  await page.goto("/self-service/insurance");
  await page.getByRole("region", { name: "Terviseandmete töötlemise nõusolek" }).getByRole("link", { name: "Võta nõusolek tagasi" }).click();
  await expect(page).toHaveURL("/self-service/withdraw?reason=health-data");
  await expect(page.getByRole("heading", { level: 2, name: "Terviseandmete nõusoleku tagasivõtmine" })).toBeVisible();
  await expect(page.getByText(/ei saa kindlustus jätkuda/)).toBeVisible();
  // What withdrawing the consent erases, before the button is pressed (docs/decisions/0303).
  await expect(page.getByRole("region", { name: "Mis juhtub" }).getByRole("listitem").filter({ hasText: "Sinu terviseandmed kustutatakse" })).toBeVisible();
  await expectNoAxeViolations(page);
});

/**
 * The tab an ending lands on says what was done (the root's notices, docs/decisions/0321), in
 * the page's language, once: ended for the health-data consent's sake, the contract and the
 * consent. The form found by its fields' names: its labels are English here.
 */
test("after a withdrawal the insurance tab says what was ended, in the customer's language, once", async ({ page }) => {
  test.slow();
  const code = await freshSignedCustomer(page, { inForce: true });
  await page.goto("/self-service/withdraw?reason=health-data&lng=en");
  if (jsEnabled()) await stepFormReady(page);
  const form = page.getByRole("main").locator("form[method=post]");
  await form.locator('input[name="confirm"]').check();
  await form.locator('input[name="idCode"]').fill(code);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL("/self-service/insurance");
  const notices = page.locator(".notices[role=status]");
  await expect(notices).toBeFocused();
  await expect(notices.getByText(/^You withdrew from contract EK-\d+: it ended from its start\.$/)).toBeVisible();
  await expect(notices.getByText("The consent to process health data is withdrawn and your health data erased; the signed application stays.", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "My insurance" })).toBeVisible();
  await expectNoAxeViolations(page);
  // Said once: the next page has no notice.
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "My insurance" })).toBeVisible();
  await expect(notices).toHaveCount(0);
});

/**
 * A form the customer did not change as the page shows it (docs/decisions/0338): its hidden
 * reason changed, or a field sent twice. With JavaScript the browser judges the submit: it says
 * so at the form's top, as the server does, the summary focused; it did nothing visible (the
 * reason) or said "This field is required" beside a filled-in code (the repeated field).
 */
test("a changed hidden input and a field sent twice are said at the form's top, focused, in the customer's language", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await signIn(page, "38503020139");
  for (const [lng, changed, twice] of [
    ["et", "Vormi on muudetud väljaspool seda lehte. Laadi leht uuesti ja proovi uuesti.", "Vormi väli saadeti mitu korda."],
    ["ru", "Форма была изменена вне этой страницы. Перезагрузите страницу и попробуйте снова.", "Поле формы отправлено несколько раз."],
  ] as const) {
    await page.goto(`/self-service/withdraw?reason=health-data&lng=${lng}`);
    if (jsEnabled()) await stepFormReady(page);
    const form = page.getByRole("main").locator("form[method=post]");
    await form.locator('input[name="confirm"]').check();
    await form.locator('input[name="idCode"]').fill("38503020139");
    await form.locator('input[name="reason"]').evaluate((input: HTMLInputElement) => (input.value = "bogus"));
    await form.locator('button[type="submit"]').click();
    const summary = page.locator(".error-summary");
    await expect(summary).toContainText(changed);
    await expect(summary).toBeFocused();

    await page.goto(`/self-service/withdraw?lng=${lng}`);
    if (jsEnabled()) await stepFormReady(page);
    await form.locator('input[name="confirm"]').check();
    await form.locator('input[name="idCode"]').fill("38503020139");
    await form.evaluate((element: HTMLFormElement) => element.insertAdjacentHTML("beforeend", '<input type="hidden" name="idCode" value="38503020139">'));
    await form.locator('button[type="submit"]').click();
    if (jsEnabled()) {
      await expect(summary).toContainText(twice);
      await expect(summary).toBeFocused();
      await expect(summary).not.toContainText(lng === "et" ? "See väli on kohustuslik" : "Это поле обязательно");
    } else {
      // Without JavaScript the server refuses it (400), on the page's error page in the customer's language.
      await expect(page.getByRole("main")).toContainText(twice);
    }
  }
  await expectNoAxeViolations(page);
});
