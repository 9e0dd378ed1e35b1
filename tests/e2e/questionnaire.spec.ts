/** The questionnaire step (issue 4), with JavaScript on and off. */
import type { Page } from "@playwright/test";
import { et } from "~/locales/questionnaire";
import { UW_L1_QUESTIONS, UW_L2_QUESTIONS, type HealthQuestion } from "~/lib/questionnaire-sets";
import { nextPath } from "~/lib/route-access";
import { expect, expectNoAxeViolations, failedLoad, freshPersonalCode, jsEnabled, stepFormReady, test } from "./fixtures";
import { registerViaApi, saveQuestionnaireViaApi, savePackageViaApi, saveScoreViaApi, signInViaApi } from "./journey";
import { NEEDS_JS } from "./projects";

const SUMMARY = "Vormis on vigu";
const title = (code: string) => et[`questionnaire.q.${code}.title` as keyof typeof et];
const question = (page: Page, code: string) => page.getByRole("group", { name: title(code) });
const save = (page: Page) => page.getByRole("button", { name: et["questionnaire.submit"] }).click();

/**
 * A customer on /questionnaire, aged 35 so that the short set is what age and cover require
 * (journey.ts customerOnQuestionnaire picks a random age, and from 50 the long set is asked).
 */
async function customerOnQuestionnaire(page: Page, deathCover = 100_000): Promise<void> {
  await signInViaApi(page, freshPersonalCode({ age: 35 }));
  await registerViaApi(page);
  await saveScoreViaApi(page);
  await savePackageViaApi(page, { sumInsuredForDeathCover: deathCover, sumInsuredForDisabilityCover: 50_000, services: ["MENTAL"] });
}

async function answerNo(page: Page, set: readonly HealthQuestion[], except: string[] = []) {
  for (const q of set) if (!except.includes(q.code)) await question(page, q.code).getByLabel(et["questionnaire.no"], { exact: true }).check();
}

async function setBody(page: Page, height: string, weight: string) {
  await page.getByLabel(et["questionnaire.height"]).fill(height);
  await page.getByLabel(et["questionnaire.weight"]).fill(weight);
}

test("body-mass index switches the set, blocks when unavailable, and a yes asks its details; save reaches /beneficiaries", async ({
  page,
  allowConsoleErrors,
}) => {
  // Many steps, each a full page load without JavaScript, on a machine shared with other suites.
  test.slow();
  allowConsoleErrors(failedLoad(400));
  await customerOnQuestionnaire(page);
  await page.goto("/questionnaire");
  await expect(page).toHaveTitle("terviseankeet | Elukaitse");
  await expect(page.getByRole("heading", { level: 1, name: "Terviseankeet" })).toBeVisible();
  await expect(question(page, "examination")).toBeVisible();
  await expect(question(page, "respiratory")).toHaveCount(0);
  // With JavaScript the page is interactive once the sub-questions of unanswered questions hide.
  if (jsEnabled()) await expect(question(page, "examination").getByLabel(et["questionnaire.sub.reason"])).toBeHidden();
  await expectNoAxeViolations(page);

  // BMI 30.9: the long set.
  await setBody(page, "180", "100");
  if (!jsEnabled()) {
    await save(page);
    await expect(page.getByRole("alert").filter({ hasText: SUMMARY })).toContainText(et["questionnaire.set_changed"]);
    await expect(page.getByLabel(et["questionnaire.weight"])).toHaveValue("100");
  }
  await expect(question(page, "respiratory")).toBeVisible();
  await expect(question(page, "smoking")).toBeVisible();
  await expect(question(page, "examination")).toHaveCount(0);
  await expect(page.getByText(et["questionnaire.set.UW_L2"])).toBeVisible();

  // BMI 40.1: unavailable, no questions, forward blocked.
  await page.getByLabel(et["questionnaire.weight"]).fill("130");
  if (!jsEnabled()) await save(page);
  await expect(page.getByText(et["error.bmi_limit"])).toBeVisible();
  await expect(question(page, "respiratory")).toHaveCount(0);
  if (jsEnabled()) await expect(page.getByRole("button", { name: et["questionnaire.submit"] })).toBeDisabled();
  else await expect(page).toHaveTitle("Viga: terviseankeet | Elukaitse");
  await expectNoAxeViolations(page);

  // A normal one, with a decimal comma: the short set again.
  await page.getByLabel(et["questionnaire.weight"]).fill("80,5");
  if (!jsEnabled()) await save(page);
  await expect(question(page, "examination")).toBeVisible();
  await expect(page.getByText(et["error.bmi_limit"])).toHaveCount(0);
  await expect(page.getByRole("button", { name: et["questionnaire.submit"] })).toBeEnabled();

  // One yes: its details are asked, revealed only now (without JavaScript by CSS, decision 151).
  const hospital = question(page, "hospitalization");
  const disease = hospital.getByLabel(et["questionnaire.sub.disease"]);
  await expect(disease).toBeHidden();
  await answerNo(page, UW_L1_QUESTIONS, ["hospitalization"]);
  await hospital.getByLabel(et["questionnaire.yes"], { exact: true }).check();
  await expect(disease).toBeVisible();
  await disease.fill("Pimesoolepõletik, operatsioon");
  await save(page);

  // The date is missing: an error summary linking to the field, everything typed kept.
  const summary = page.getByRole("alert").filter({ hasText: SUMMARY });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link")).toHaveCount(1);
  const when = hospital.getByLabel(et["questionnaire.sub.whenDiagnosed"]);
  await expect(when).toHaveAttribute("aria-invalid", "true");
  await expect(when).toHaveAccessibleDescription(/See väli on kohustuslik\./);
  await expect(disease).toHaveValue("Pimesoolepõletik, operatsioon");
  await expect(page.getByLabel(et["questionnaire.weight"])).toHaveValue("80,5");
  await expect(hospital.getByLabel(et["questionnaire.yes"], { exact: true })).toBeChecked();
  await expect(page).toHaveTitle("Viga: terviseankeet | Elukaitse");
  if (jsEnabled()) await expect(summary).toBeFocused();
  await expectNoAxeViolations(page);

  await summary.getByRole("link").click();
  await when.fill("märts 2019");
  await save(page);
  await expect(page).toHaveURL(nextPath("questionnaire"));
  if (jsEnabled()) {
    // Pushed by the page after the save (queued in the session, handed over by the root loader).
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer?.find(
            (e) => e.event === "signup_progress" && e.signup_step === "questionnaire",
          ),
        ),
      )
      .toEqual({ event: "signup_progress", signup_step: "questionnaire", country: "ee" });
  }

  // Back on the step: height and weight are facts now, the answers as saved.
  await page.goto("/questionnaire");
  await expect(page.getByLabel(et["questionnaire.height"])).toHaveCount(0);
  const facts = page.getByRole("group", { name: et["questionnaire.body.heading"] });
  await expect(facts).toContainText("180");
  await expect(facts).toContainText("80,5");
  await expect(facts).toContainText("24,8");
  await expect(hospital.getByLabel(et["questionnaire.sub.disease"])).toHaveValue("Pimesoolepõletik, operatsioon");
  // Nothing changed: back leaves without asking.
  await page.getByRole("link", { name: et["questionnaire.back"] }).click();
  await expect(page).toHaveURL("/package");
});

test("the error summary lists the fields in the page's order, with JavaScript and without", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(failedLoad(400));
  await customerOnQuestionnaire(page);
  await page.goto("/questionnaire");
  await save(page);
  const summary = page.getByRole("alert").filter({ hasText: SUMMARY });
  await expect(summary).toBeVisible();
  const labels = [et["questionnaire.height"], et["questionnaire.weight"], ...UW_L1_QUESTIONS.map((q) => title(q.code))];
  const links = await summary.getByRole("link").allTextContents();
  expect(links.map((text) => labels.findIndex((label) => text.startsWith(`${label}:`)))).toEqual(labels.map((_, index) => index));
});

test("a customer whose cover now needs the long set is warned, then answers it", async ({ page }) => {
  test.slow();
  await customerOnQuestionnaire(page);
  await saveQuestionnaireViaApi(page);
  // Above 150 000 of death cover the long set is required: QUESTIONNAIRE_REQ_CHANGE.
  await savePackageViaApi(page, { sumInsuredForDeathCover: 200_000, sumInsuredForDisabilityCover: 50_000, services: [] });
  await page.goto("/questionnaire");
  await expect(page).toHaveURL("/questionnaire");

  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: et["questionnaire.req_change.heading"] });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(et["warn.age_questionnaire_req"]);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: et["questionnaire.req_change.close"] }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(page.getByRole("status").filter({ hasText: et["warn.age_questionnaire_req"] })).toBeVisible();
    await expectNoAxeViolations(page);
  }

  await expect(question(page, "smoking")).toBeVisible();
  if (jsEnabled()) await expect(question(page, "smoking").getByLabel(et["questionnaire.sub.howMany"])).toBeHidden();
  await answerNo(page, UW_L2_QUESTIONS, ["smoking"]);
  await question(page, "smoking").getByLabel(et["questionnaire.yes"], { exact: true }).check();
  await question(page, "smoking").getByLabel(et["questionnaire.sub.howMany"]).fill("12");
  await save(page);
  await expect(page).toHaveURL(nextPath("questionnaire"));
  const saved = await (await page.request.get("/api/onboarding/questionnaire")).json();
  expect(saved).toMatchObject({ height: 180, weight: 80, type: "UW_L2", content: { smoking: true, smokingExtra: { howMany: 12 } } });
});

test("keyboard only: height and weight, every answer and the save", { tag: NEEDS_JS }, async ({ page }) => {
  // Not in the js-off project: it checks that revealed and hidden sub-questions keep the Tab order right, which
  // only JavaScript changes; without it every field is a plain, always-visible control.
  test.slow();
  await customerOnQuestionnaire(page);
  await page.goto("/questionnaire");
  // Hydrated: the sub-questions of unanswered questions are hidden (and out of the Tab order).
  await expect(question(page, "examination").getByLabel(et["questionnaire.sub.reason"])).toBeHidden();
  const focused = () => page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return { name: el?.name ?? "", value: el?.value ?? "", type: el?.type ?? "" };
  });
  const tabTo = async (name: string) => {
    for (let i = 0; i < 60 && (await focused()).name !== name; i++) await page.keyboard.press("Tab");
    expect((await focused()).name).toBe(name);
  };

  await tabTo("height");
  await page.keyboard.type("180");
  await page.keyboard.press("Tab");
  expect((await focused()).name).toBe("weight");
  // Height and weight are checked for the question set half a second after the last key.
  const setChecked = page.waitForResponse((response) => response.url().includes("/api/onboarding/questionnaire/required-type"));
  await page.keyboard.type("80");
  await setChecked;

  for (const q of UW_L1_QUESTIONS) {
    await tabTo(`content.${q.code}`);
    // Tab enters the group on its first radio ("yes"); an arrow key moves to "no" and checks it.
    if ((await focused()).value !== "no") await page.keyboard.press("ArrowRight");
    await expect(question(page, q.code).getByLabel(et["questionnaire.no"], { exact: true })).toBeChecked();
  }

  const submit = page.getByRole("button", { name: et["questionnaire.submit"] });
  // The save waits (disabled) while that check is on its way: enabled again once it is back.
  await expect(submit).toBeEnabled();
  for (let i = 0; i < 60 && !(await submit.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(submit).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/beneficiaries");
});

/** Holds each check of the question set (the recheck after height and weight) until the test releases it. */
async function holdSetChecks(page: Page) {
  const held = { count: 0, release: () => {} };
  await page.route((url) => url.pathname === "/api/onboarding/questionnaire/required-type", async (route) => {
    held.count += 1;
    await new Promise<void>((resolve) => (held.release = resolve));
    await route.continue();
  });
  return held;
}

test("the save keeps focus and its place in the Tab order while the set is checked, and does nothing until the check is back", { tag: NEEDS_JS }, async ({ page }) => {
  // Not in the js-off project: without JavaScript the set is decided on submit, nothing is checked meanwhile.
  await customerOnQuestionnaire(page);
  const checks = await holdSetChecks(page);
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  await page.goto("/questionnaire");
  await stepFormReady(page);
  await answerNo(page, UW_L1_QUESTIONS);
  await setBody(page, "180", "80");

  const submit = page.getByRole("button", { name: et["questionnaire.submit"] });
  await submit.focus();
  // The check goes out half a second after the last key; the save waits, focused.
  await expect.poll(() => checks.count).toBe(1);
  await expect(submit).toBeDisabled();
  await expect(submit).toBeFocused();
  // Still reached by Tab (a disabled button is skipped), and a press does nothing.
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("link", { name: et["questionnaire.back"] })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(submit).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/questionnaire");
  expect(posts).toEqual([]);

  checks.release();
  await expect(submit).toBeEnabled();
  await expect(submit).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/beneficiaries");
});

test("a set that changes under the customer's focus gives it to the new set's first question, or to the weight when none is left", { tag: NEEDS_JS }, async ({ page }) => {
  // Not in the js-off project: without JavaScript the set changes only with the page.
  await customerOnQuestionnaire(page);
  // The customer is on a question by the time each check is let go.
  const checks = await holdSetChecks(page);
  await page.goto("/questionnaire");
  await stepFormReady(page);
  const yesTo = (code: string) => question(page, code).getByLabel(et["questionnaire.yes"], { exact: true });
  await page.getByLabel(et["questionnaire.height"]).fill("180");

  // BMI 34: the long set comes while the customer is on the short set's first question.
  await page.getByLabel(et["questionnaire.weight"]).focus();
  await page.keyboard.type("110");
  await page.keyboard.press("Tab");
  await expect(yesTo(UW_L1_QUESTIONS[0].code)).toBeFocused();
  await expect.poll(() => checks.count).toBe(1);
  checks.release();
  await expect(question(page, "respiratory")).toBeVisible();
  await expect(yesTo(UW_L2_QUESTIONS[0].code)).toBeFocused();

  // BMI 40.1: no set at all; the weight has focus, to correct.
  await page.getByLabel(et["questionnaire.weight"]).fill("130");
  await page.keyboard.press("Tab");
  await expect(yesTo(UW_L2_QUESTIONS[0].code)).toBeFocused();
  await expect.poll(() => checks.count).toBe(2);
  checks.release();
  await expect(page.getByText(et["error.bmi_limit"])).toBeVisible();
  await expect(page.getByLabel(et["questionnaire.weight"])).toBeFocused();
});
