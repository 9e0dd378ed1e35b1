/**
 * No personal data in what an operator sees (docs/operations.md "Logs and metrics"), after the
 * sign-up too (tests/integration/observability.test.ts walks the sign-up): a policyholder's
 * whole self-service (every page, a contact change refused and saved, a signed change of
 * beneficiaries, a consent withdrawn, a score period, the withdrawal), an applicant under
 * underwriting who withdraws the application, the operator's command on both, and requests
 * that fail (a validation refusal, a broken body, a foreign origin, a replayed submission key)
 * with personal data in them. Every line the app writes is read: its JSON log, and whatever
 * else reaches the process's stdout, stderr or console. And a signing provider's refusal that
 * quotes the signer: the log's redaction of an error's words (docs/decisions/0318). PGlite by
 * default, PostgreSQL with TEST_DATABASE_URL.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { today } from "~/core/clock";
import { documentWorkers, type DocumentWorkers } from "~/core/documents/workers";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { QUESTION_SETS } from "~/lib/questionnaire-sets";
import { Client, startTestApp, type TestApp } from "../support/app";
import { noon } from "../support/customers";
import { runOps } from "../support/ops-command";
import { freshPersonalCode } from "../support/personal-codes";
import { renamingDemoProvider } from "../support/providers";
import { door, saveStep, walkTo } from "../support/reach";
import { signWithoutJs } from "../support/beneficiary-change";
import { customerReadyToSign } from "../support/offer-application";
import { startFakeDokobitGateway } from "../fakes/dokobit-gateway";
import { testDir } from "../support/temp-dir";
import { signOnDemoDesk } from "../support/walk";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";
const names = new Map<string, { firstName: string; lastName: string }>();
let app: TestApp;
let dataDir: string;
let workers: DocumentWorkers;
/** Every line the app wrote: its JSON log, and anything written to stdout, stderr or the console meanwhile. */
const lines: string[] = [];
const restore: Array<() => void> = [];

beforeAll(async () => {
  // The PDFs drawn in the server's document thread, as the built server draws them (its output is the process's).
  workers = documentWorkers({ filename: path.resolve("build/pdf-worker.js"), threads: 1 });
  app = await startTestApp({
    remix: true,
    eid: renamingDemoProvider(names),
    env: { OPS_TOKEN: TOKEN },
    log: { write: (line) => void lines.push(line) },
    pdf: workers.render,
  });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      lines.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => void (stream.write = write));
  }
  for (const method of ["log", "info", "warn", "error", "debug", "trace"] as const) {
    const spy = vi.spyOn(console, method);
    const original = spy.getMockImplementation();
    spy.mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    restore.push(() => (original ? spy.mockImplementation(original) : spy.mockRestore()));
  }
});
afterAll(async () => {
  for (const undo of restore) undo();
  await app?.close();
  await workers?.close();
});

const metrics = async () => (await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
const ops = (...args: string[]) => runOps(args, { NODE_ENV: "test", OPS_TOKEN: TOKEN, OPS_URL: app.url, DATA_DIR: dataDir });
const key = () => crypto.randomUUID();

/** A person of the test: a fresh code and a name only they carry. */
function person(firstName: string, lastName: string, age = 36) {
  const code = freshPersonalCode({ age, today: today(app.clock) });
  names.set(code, { firstName, lastName });
  return code;
}

/** A client's page and form requests, each answered below 400 unless the test says otherwise. */
function browser(client: Client) {
  const ok = async (response: Promise<Response>, what: string, below = 400) => {
    const answered = await response;
    const body = await answered.text();
    expect(answered.status, `${what}: ${body.slice(0, 300)}`).toBeLessThan(below);
    return { status: answered.status, location: answered.headers.get("location"), body };
  };
  return {
    page: (path: string) => ok(client.fetch(path), `GET ${path}`),
    form: (path: string, fields: Record<string, string>) =>
      client.fetch(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() }),
    ok,
  };
}

/** Every signed-in page reachable by a link from `start`: the self-service tabs, each bill, document and download. */
async function visitEverything(client: Client, start: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length && seen.size < 120) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await client.fetch(path);
    const body = await response.text();
    expect(response.status, `GET ${path}`).toBeLessThan(400);
    if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) continue;
    for (const [, href] of body.matchAll(/href="(\/(?:self-service|api\/documents|api\/self-service)[^"#]*)"/g)) {
      const link = href.replaceAll("&amp;", "&");
      if (!seen.has(link) && !/logout|withdraw|beneficiaries\/sign|lng=/.test(link)) queue.push(link);
    }
  }
  return [...seen];
}

describe("self-service and the operator's tools", () => {
  it("leave no personal code, name, e-mail, phone, occupation or free-text answer in the log or the metrics, errors included", async () => {
    dataDir = testDir("observability-ops-");
    const logFrom = lines.length;
    const before = await metrics();

    // The policyholder, signed up through the /api with their own details.
    const code = person("Leelo", "Vaatlusmets");
    const email = "leelo.vaatlus@example.ee";
    const phone = "+372 5813 4420";
    const occupation = "Majakavaht";
    const client = new Client(app.url);
    const { page, form, ok } = browser(client);
    expect((await client.signIn(code)).result).toBe("SUCCESS");
    const registration = { email, phone, occupation, sourceOfFunds: "WAGE", conditionsAgreement: true, healthDataAgreement: true, newsletterAgreement: true, wlAgreement: false };
    const signedUpWith = [{ type: "P", firstName: "Tiiu", name: "Vaatluskask", idCode: person("Tiiu", "Vaatluskask", 40), sharePercent: 100, email: "tiiu.kask@example.ee", phone: "+372 5230 9911" }];
    expect(await walkTo(client, "confirmation", { registration, beneficiaries: signedUpWith })).toBe("AGREEMENT_SIGNED");

    // The start day comes: the operator activates it.
    const [{ start_date }] = await app.core.db.query<{ start_date: string }>(`SELECT p.start_date::text AS start_date FROM policies p JOIN customers c ON c.id = p.customer_id WHERE c.personal_code = $1`, [code]);
    app.clock.set(noon(start_date));
    // A reason naming the customer by code or e-mail is refused (decision 0346), and says nothing of them.
    const named = await ops("activate", "--reason", `Start of day for ${code} ${email}`);
    expect(named.code).toBe(2);
    const activated = await ops("activate", "--reason", `Start of day, as ${occupation} at ${phone} asked`);
    expect(activated.code, activated.stderr).toBe(0);
    expect(JSON.parse(activated.stdout).activated.length).toBeGreaterThan(0);

    // Signed in again on the start day; every page, each bill, each document, the data and its download.
    expect((await client.signIn(code)).result).toBe("SUCCESS");
    const visited = await visitEverything(client, [
      "/self-service",
      "/self-service/insurance",
      "/self-service/services",
      "/self-service/bills",
      "/self-service/score",
      "/self-service/data",
      "/self-service/data/download",
      "/self-service/user",
      "/self-service/user/contact",
      "/self-service/beneficiaries",
      "/self-service/withdraw",
    ]);
    expect(visited.some((p) => /^\/self-service\/bills\/[^/]+$/.test(p)), visited.join(" ")).toBe(true);
    expect(visited.some((p) => p.startsWith("/self-service/documents/")), visited.join(" ")).toBe(true);

    // The contact details through the page's form: refused (a wrong e-mail), then saved.
    const newEmail = "leelo.uus@example.ee";
    const newPhone = "+372 5644 7120";
    const refusedContact = await ok(form("/self-service/user/contact", { email: `${newEmail}@`, phone: newPhone, [SUBMISSION_KEY_FIELD]: key() }), "contact refused", 500);
    expect(refusedContact.status).toBe(400);
    expect((await ok(form("/self-service/user/contact", { email: newEmail, phone: newPhone, [SUBMISSION_KEY_FIELD]: key() }), "contact saved")).status).toBe(302);

    // New beneficiaries through the page's form (once refused: the shares do not add up), signed on the demo page.
    const heir = { firstName: "Rasmus", name: "Vaatlusmänd", idCode: person("Rasmus", "Vaatlusmänd", 20), email: "rasmus.mand@example.ee", phone: "+372 5377 6610" };
    const fields = (share: string) => ({
      "beneficiaries[0].type": "P",
      "beneficiaries[0].firstName": heir.firstName,
      "beneficiaries[0].name": heir.name,
      "beneficiaries[0].idCode": heir.idCode,
      "beneficiaries[0].sharePercent": share,
      "beneficiaries[0].email": heir.email,
      "beneficiaries[0].phone": heir.phone,
    });
    expect((await ok(form("/self-service/beneficiaries", { ...fields("90"), [SUBMISSION_KEY_FIELD]: key() }), "beneficiaries refused", 500)).status).toBe(400);
    expect((await ok(form("/self-service/beneficiaries", { ...fields("100"), [SUBMISSION_KEY_FIELD]: key() }), "beneficiaries saved")).location).toBe("/self-service/beneficiaries/sign");
    const signingScreen = (await page("/self-service/beneficiaries/sign")).body;
    const frameUrl = /\/sign\/demo\/signing\/[^"?]+\?access_token=[^"&]+/.exec(signingScreen.replaceAll("&amp;", "&"))![0];
    await page(frameUrl);
    const signed = await signWithoutJs(client, frameUrl);
    expect(signed.headers.get("location")).toBe("/self-service/insurance?beneficiaries=signed");
    await page("/self-service/insurance?beneficiaries=signed");
    await page("/self-service/documents/policy/2");

    // The newsletter withdrawn on the user page; a score period filled on its page.
    expect((await ok(form("/self-service/user", { intent: "consent", consent: "newsletter", [SUBMISSION_KEY_FIELD]: key() }), "consent")).status).toBe(302);
    await page("/self-service/score/new");
    const period = await ok(form("/self-service/score/new", { intent: "confirm", smoking: "yes", stress: "5", stress__range: "5", sleepHours: "4", alcoholUnits: "19" }), "score period");
    expect(period.status).toBeLessThan(400);
    await page("/self-service/score");

    // Errors with personal data in them: a validation refusal, a broken JSON body, a foreign origin, a replayed key.
    const contactApi = (json: unknown, headers: Record<string, string> = {}) => client.fetch("/api/self-service/contact", { method: "POST", json, headers });
    expect((await contactApi({ email: `${newEmail}@@`, phone: `${newPhone}x` })).status).toBe(400);
    const broken = await client.fetch("/api/self-service/contact", { method: "POST", headers: { "Content-Type": "application/json" }, body: `{"email":"${newEmail}","idCode":"${code}"` });
    expect(broken.status).toBe(400);
    expect((await contactApi({ email: newEmail, phone: newPhone }, { Origin: "https://elsewhere.example" })).status).toBe(403);
    const replayKey = key();
    expect((await contactApi({ email: "leelo.kolmas@example.ee", phone: newPhone, submissionKey: replayKey })).status).toBe(200);
    const replayed = await contactApi({ email: "leelo.neljas@example.ee", phone: "+372 5990 1234", submissionKey: replayKey });
    expect(replayed.status).toBeLessThan(500);
    const brokenForm = await form("/self-service/beneficiaries", { "beneficiaries[0].idCode": heir.idCode, "beneficiaries[0].email": "%E0%A4%A", [SUBMISSION_KEY_FIELD]: key() });
    expect(brokenForm.status).toBeLessThan(500);
    const wrongCode = person("Wrong", "Vaatlusvale");
    const refusedWithdrawal = await form("/self-service/withdraw", { confirm: "on", method: "smart-id", idCode: wrongCode, reason: "wish", [SUBMISSION_KEY_FIELD]: key() });
    expect(refusedWithdrawal.status).toBe(400);

    // The withdrawal within the 30 days (the e-ID confirmation names the code), then what is left to see.
    const withdrawn = await form("/self-service/withdraw", { confirm: "on", method: "smart-id", idCode: code, reason: "wish", [SUBMISSION_KEY_FIELD]: key() });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(302);
    await visitEverything(client, [withdrawn.headers.get("location")!, "/self-service/data", "/self-service/data/download", "/self-service/documents/ending"]);

    // The applicant under underwriting: a yes with its free text in the questionnaire, signed, then withdrawn.
    app.clock.set(new Date());
    const applicantCode = person("Aino", "Vaatluspuu", 45);
    const applicant = new Client(app.url);
    const applicantPages = browser(applicant);
    const applicantEmail = "aino.puu@example.ee";
    const applicantPhone = "+372 5122 8843";
    const illness = "Kroonilinevaatlusbronhiit";
    const treatment = "Inhalaatorravi kolm aastat vaatluses";
    expect((await applicant.signIn(applicantCode)).result).toBe("SUCCESS");
    await walkTo(applicant, "questionnaire", { registration: { ...registration, email: applicantEmail, phone: applicantPhone, occupation: "Tuletornivaht" } });
    const { type } = await door(applicant).get("/api/onboarding/questionnaire/required-type?h=170&w=70");
    const content = Object.fromEntries(QUESTION_SETS[type as keyof typeof QUESTION_SETS]!.map((q) => [q.code, false]));
    await door(applicant).post("/api/onboarding/questionnaire", { height: 170, weight: 70, content: { ...content, treatment: true, treatmentExtra: { disease: illness, treatmentAndDuration: treatment } } });
    await saveStep(applicant, "beneficiaries", { beneficiaries: signedUpWith });
    await saveStep(applicant, "offer");
    expect((await signOnDemoDesk(door(applicant))).state).toBe("EUW");
    await applicantPages.page("/confirmation");
    const listed = await ops("euw", "list", "--reason", "Weekly review of the open cases");
    expect(listed.stdout).toContain(applicantCode);
    const applicationWithdrawn = await applicantPages.form("/self-service/withdraw", { confirm: "on", method: "smart-id", idCode: applicantCode, reason: "wish", [SUBMISSION_KEY_FIELD]: key() });
    expect(applicationWithdrawn.status, await applicationWithdrawn.clone().text()).toBe(302);
    await applicantPages.page("/self-service/data");
    await applicantPages.page("/self-service/data/download");
    // The operator's decisions on both: refused (withdrawn; not a case), and an unknown code.
    const accepted = await ops("euw", "accept", applicantCode, "--reason", `Accepted after the letter about ${illness}`);
    expect(accepted.code).toBe(1);
    expect((await ops("euw", "decline", code, "--reason", "Declined: the treatment is ongoing")).code).toBe(1);
    // The door the command asks, straight: an unknown code, a re-sealing, and a request refused (a wrong token).
    const opsDoor = (route: string, reason: string, token = TOKEN) =>
      fetch(`${app.url}/ops${route}`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Ops-Reason": encodeURIComponent(reason) } });
    expect(await (await opsDoor(`/euw/${freshPersonalCode({ age: 50 })}/accept`, "A code nobody has signed in with")).json()).toMatchObject({ ok: false });
    expect((await opsDoor("/reseal", `Key rotation after ${applicantEmail}`)).status).toBe(400);
    expect((await opsDoor("/reseal", `Key rotation after the ${illness} case`)).status).toBe(200);
    expect((await opsDoor(`/euw/${applicantCode}/accept`, "A wrong token", "wrong")).status).toBe(404);
    await applicant.fetch("/api/logout", { method: "POST" });

    // Failures inside requests (the database gone) while the customer, still signed in, posts their values: the error lines name the failure only.
    await app.closeDatabase();
    const stranded = new Client(app.url);
    await stranded.fetch("/api/auth/init", { method: "POST" });
    expect((await stranded.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `smart-id:${code}` } })).status).toBeGreaterThanOrEqual(500);
    expect((await form("/self-service/user/contact", { email: newEmail, phone: newPhone, [SUBMISSION_KEY_FIELD]: key() })).status).toBeGreaterThanOrEqual(500);
    expect((await contactApi({ email: newEmail, phone: newPhone, idCode: heir.idCode })).status).toBeGreaterThanOrEqual(500);

    const after = await metrics();
    expect(after).not.toBe(before);
    const logged = lines.slice(logFrom);
    expect(logged.length).toBeGreaterThan(60);
    expect(logged.filter((line) => line.includes('"level":"error"') && !line.includes('"msg":"request"')).length, "error lines to read").toBeGreaterThan(2);
    const everything = logged.join("\n") + after;
    const secrets = [
      code,
      applicantCode,
      signedUpWith[0].idCode,
      heir.idCode,
      wrongCode,
      "Leelo",
      "Vaatlusmets",
      "Aino",
      "Vaatluspuu",
      "Vaatluskask",
      "Rasmus",
      "Vaatlusmänd",
      "Vaatlusvale",
      email,
      newEmail,
      "leelo.kolmas@example.ee",
      "leelo.neljas@example.ee",
      applicantEmail,
      "tiiu.kask@example.ee",
      heir.email,
      "leelo.",
      "@example.ee",
      occupation,
      "Tuletornivaht",
      illness,
      treatment,
    ];
    for (const typed of [phone, newPhone, applicantPhone, "+372 5230 9911", heir.phone, "+372 5990 1234"]) secrets.push(typed, typed.replace(/\D/g, ""), typed.replace(/\D/g, "").slice(3));
    const leaks = secrets.filter((secret) => everything.includes(secret));
    expect(leaks, `personal values in the log or the metrics:\n${logged.filter((line) => leaks.some((s) => line.includes(s))).join("\n").slice(0, 3000)}`).toEqual([]);
  }, 240_000);
});

describe("a signing provider's refusal", () => {
  it("is logged without the name, code, phone or e-mail the provider's message quotes", async () => {
    const fake = await startFakeDokobitGateway();
    const logged: string[] = [];
    const dokobit = await startTestApp({
      env: { SIGNING_PROVIDER: "dokobit", DOKOBIT_GATEWAY_URL: fake.url, DOKOBIT_GATEWAY_ACCESS_TOKEN: fake.accessToken },
      log: { write: (line) => void logged.push(line) },
    });
    try {
      const phone = "+372 5318 2277";
      const { client, code } = await customerReadyToSign(dokobit, { firstName: "Helgi", lastName: "Vaatlusallkiri" });
      expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true } })).status).toBe(200);
      // The gateway refuses the signer, quoting what it was sent (as a validation message may).
      const quoted = `Signer Helgi Vaatlusallkiri (code ${code}, phone ${phone.replace(/\s/g, "")}, e-mail helgi.allkiri@example.ee) is not valid`;
      fake.breakNext("/api/signing/create.json", { status: 200, body: JSON.stringify({ status: "error", message: quoted }) });
      const refused = await client.fetch("/api/sign/init", { method: "POST" });
      expect(refused.status).toBeGreaterThanOrEqual(500);
      const failure = logged.find((line) => line.includes('"event":"signing_start_failed"'));
      expect(failure, logged.join("")).toBeDefined();
      // What failed stays readable to the operator; whose values the provider quoted do not.
      expect(failure).toContain("signing creation refused");
      for (const secret of [code, phone.replace(/\D/g, ""), phone.replace(/\D/g, "").slice(3), "helgi.allkiri@example.ee", "Helgi", "Vaatlusallkiri"]) expect(failure, secret).not.toContain(secret);
    } finally {
      await dokobit.close();
      await fake.close();
    }
  });
});
