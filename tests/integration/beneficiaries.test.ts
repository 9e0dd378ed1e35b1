/**
 * The beneficiaries step (issue 4): the /api paths and the /beneficiaries loader and action,
 * on a fresh database. Customers are put on the step with SQL (QUESTIONNAIRE_COMPLETE), as the
 * package and questionnaire steps would leave them.
 */
import { INTENT, serializeIntent } from "@conform-to/dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { NEW_BENEFICIARY } from "~/lib/beneficiaries-schema";
import { stateLandingOn } from "~/lib/onboarding";
import { action, loader } from "~/routes/beneficiaries";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerAskedAgain, customerAt, walkTo, type Point } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PERSON = { type: "P", firstName: "Mari", name: "Maasikas", idCode: "49005150229", sharePercent: 60, email: "mari@example.ee", phone: "+372 5555 1234" };
const COMPANY = { type: "C", name: "Näidis OÜ", idCode: "10123459", sharePercent: 40, email: "info@naidis.ee", phone: "+372 600 1234" };

/** A customer signed in through /api and put in `state` (by default on the beneficiaries step). */
const customerIn = (place: Point = "beneficiaries") => customerAt(app, place);

async function stateOf(customerId: number) {
  const [row] = await app.core.db.query<{ state: string }>(`SELECT state FROM customers WHERE id = $1`, [customerId]);
  return row.state;
}

const key = () => `bnf-${Math.random().toString(36).slice(2, 14)}-${Date.now().toString(36)}`;

describe("GET /api/onboarding/beneficiaries", () => {
  it("answers 401 without a session", async () => {
    const response = await new Client(app.url).fetch("/api/onboarding/beneficiaries");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: [{ code: "error.unauthenticated" }] });
  });

  it("is an empty list before the first save, then the saved list in order", async () => {
    const { client } = await customerIn();
    const before = await client.fetch("/api/onboarding/beneficiaries");
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual([]);
    const saved = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, COMPANY] } });
    expect(saved.status).toBe(200);
    expect(await (await client.fetch("/api/onboarding/beneficiaries")).json()).toEqual([PERSON, { ...COMPANY, firstName: null }]);
  });
});

describe("POST and PUT /api/onboarding/beneficiaries", () => {
  it("saves, moves QUESTIONNAIRE_COMPLETE → BENEFICIARIES_DEFINED and points to /offer", async () => {
    const { client, customer } = await customerIn();
    const response = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, COMPANY] } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ state: "BENEFICIARIES_DEFINED", redirectTo: "/offer", replayed: false });
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
    // core.beneficiaries.list is what the offer document and self-service read.
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([PERSON, { ...COMPANY, firstName: null }]);
  });

  it("replaces the list on a re-save (PUT as well) and never moves a later state back", async () => {
    const { client, customer } = await customerIn();
    await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, COMPANY] } });
    const again = await client.fetch("/api/onboarding/beneficiaries", {
      method: "PUT",
      json: { beneficiaries: [{ ...COMPANY, sharePercent: 100, firstName: "dropped" }] },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ state: "BENEFICIARIES_DEFINED" });
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([{ ...COMPANY, sharePercent: 100, firstName: null }]);
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
  });

  it("answers field errors with their context, and keeps nothing", async () => {
    const { client, customer } = await customerIn();
    const response = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: {
        beneficiaries: [
          { ...PERSON, idCode: "49005150228", sharePercent: 50 },
          { ...COMPANY, idCode: "1234567", email: "nope", phone: "+372 55", sharePercent: "x" },
          { type: "P" },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { code: "error.idCode", context: "beneficiaries[0].idCode" },
        { code: "error.sharePercent", context: "beneficiaries[1].sharePercent" },
        { code: "error.phone", context: "beneficiaries[1].phone" },
        { code: "error.registryCode", context: "beneficiaries[1].idCode" },
        { code: "error.email", context: "beneficiaries[1].email" },
        { code: "error.required", context: "beneficiaries[2].sharePercent" },
        { code: "error.required", context: "beneficiaries[2].phone" },
        { code: "error.required", context: "beneficiaries[2].firstName" },
        { code: "error.required", context: "beneficiaries[2].name" },
        { code: "error.required", context: "beneficiaries[2].idCode" },
        { code: "error.required", context: "beneficiaries[2].email" },
      ],
    });
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([]);
    expect(await stateOf(customer.id)).toBe(stateLandingOn("beneficiaries"));
  });

  it("refuses a registry code whose check digit is wrong (a typo of 10123459: no such company)", async () => {
    const { client, customer } = await customerIn();
    const response = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, { ...COMPANY, idCode: "10123456" }] } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ code: "error.registryCode", context: "beneficiaries[1].idCode" }] });
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([]);
  });

  it("takes names in several scripts, and refuses one the documents cannot print (error.name_characters)", async () => {
    const { client, customer } = await customerIn();
    const names = [
      { ...PERSON, firstName: "דוד", name: "כהן-לוי", sharePercent: 50 },
      { ...PERSON, firstName: "Юлия", name: "Γεωργίου", idCode: "38503020139", sharePercent: 50 },
    ];
    const refused = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: { beneficiaries: [{ ...names[0], firstName: "小明" }, { ...names[1], name: "Smith 😀" }] },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      errors: [
        { code: "error.name_characters", context: "beneficiaries[0].firstName" },
        { code: "error.name_characters", context: "beneficiaries[1].name" },
      ],
    });
    const saved = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: names } });
    expect(saved.status).toBe(200);
    expect((await app.core.beneficiaries.list(customer.id)).map((b) => `${b.firstName} ${b.name}`)).toEqual(["דוד כהן-לוי", "Юлия Γεωργίου"]);
  });

  it("answers error.total on `beneficiaries` when the shares do not add up to 100", async () => {
    const { client, customer } = await customerIn();
    const response = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: { beneficiaries: [PERSON, { ...COMPANY, sharePercent: 30 }] },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ code: "error.total", context: "beneficiaries" }] });
    expect(await stateOf(customer.id)).toBe(stateLandingOn("beneficiaries"));
  });

  it("refuses an empty list and a body that is not an object", async () => {
    const { client } = await customerIn();
    const empty = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [] } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ errors: [{ code: "error.required", context: "beneficiaries" }] });
    const missing = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: {} });
    expect(await missing.json()).toEqual({ errors: [{ code: "error.required", context: "beneficiaries" }] });
    const list = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: [PERSON] });
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({ errors: [{ code: "error.invalid" }] });
  });

  it("answers 409 error.wrong_state when the state does not allow the step", async () => {
    // Before the questionnaire, asked to answer it again, signed, a policyholder.
    for (const { client, customer } of [await customerIn("questionnaire"), await customerAskedAgain(app), await customerIn("confirmation"), await freshPolicyholder(app)]) {
      const before = { state: await stateOf(customer.id), list: await app.core.beneficiaries.list(customer.id) };
      const response = await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [{ ...PERSON, sharePercent: 100 }] } });
      expect(response.status, before.state).toBe(409);
      expect(await response.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });
      expect({ state: await stateOf(customer.id), list: await app.core.beneficiaries.list(customer.id) }).toEqual(before);
    }
  });

  it("has one effect when the same submissionKey is sent twice in parallel", async () => {
    const { client, customer } = await customerIn();
    const submissionKey = key();
    const send = () => client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, COMPANY], submissionKey } });
    const responses = await Promise.all([send(), send()]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(bodies.map((b) => b.replayed).sort()).toEqual([false, true]);
    expect(bodies.map((b) => b.state)).toEqual(["BENEFICIARIES_DEFINED", "BENEFICIARIES_DEFINED"]);
    const [{ count }] = await app.core.db.query<{ count: string }>(`SELECT count(*) FROM form_submissions WHERE key = $1`, [submissionKey]);
    expect(Number(count)).toBe(1);
    expect(await app.core.beneficiaries.list(customer.id)).toHaveLength(2);
    // The key sent again with another list is a new save (decision 0314): what was sent last is kept.
    const changed = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: { beneficiaries: [{ ...PERSON, sharePercent: 100 }], submissionKey },
    });
    expect(await changed.json()).toMatchObject({ replayed: false });
    expect(await app.core.beneficiaries.list(customer.id)).toHaveLength(1);
  });

  it("lets a key be used again after a failed save", async () => {
    const { client } = await customerIn();
    const submissionKey = key();
    const failed = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: { beneficiaries: [{ ...PERSON, sharePercent: 90 }], submissionKey },
    });
    expect(failed.status).toBe(400);
    const fixed = await client.fetch("/api/onboarding/beneficiaries", {
      method: "POST",
      json: { beneficiaries: [{ ...PERSON, sharePercent: 100 }], submissionKey },
    });
    expect(await fixed.json()).toEqual({ state: "BENEFICIARIES_DEFINED", redirectTo: "/offer", replayed: false });
  });

  it("answers 401 without a session", async () => {
    const response = await new Client(app.url).fetch("/api/onboarding/beneficiaries", { method: "PUT", json: { beneficiaries: [PERSON] } });
    expect(response.status).toBe(401);
  });
});


/** The form fields of a list, named as the page names them. */
function formOf(rows: Array<Record<string, string | number | undefined>>, extra: Record<string, string> = {}) {
  const fields: Record<string, string> = {};
  rows.forEach((row, index) => {
    for (const [k, v] of Object.entries(row)) if (v !== undefined) fields[`beneficiaries[${index}].${k}`] = String(v);
  });
  return { ...fields, ...extra };
}

// What the page's add button carries (conform's insert intent with a new person).
const insertIntent = () =>
  serializeIntent<Array<Record<string, string>>>({ type: "insert", payload: { name: "beneficiaries", defaultValue: { ...NEW_BENEFICIARY } } });
const removeIntent = (index: number) => serializeIntent({ type: "remove", payload: { name: "beneficiaries", index } });

function pageRequest(client: Client, path = "/beneficiaries") {
  return new Request(`http://localhost${path}`, { headers: { Cookie: client.cookieHeader } });
}

async function load(client: Client, path?: string) {
  const request = pageRequest(client, path);
  try {
    return await loader({ request, context: app.context(request), params: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type Reply = {
  data: { result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };
  init: { status?: number } | null;
};

/** Posts the form as a browser without JavaScript would; answers a Response (redirect) or the reply. */
async function submit(client: Client, fields: Record<string, string>, context?: ReturnType<TestApp["context"]>) {
  const request = new Request("http://localhost/beneficiaries", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: client.cookieHeader, "Content-Type": "application/x-www-form-urlencoded" },
  });
  try {
    const result = await action({ request, context: context ?? app.context(request), params: {} });
    return result as unknown as Reply | Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function expectRedirect(value: unknown, location: string) {
  expect(value).toBeInstanceOf(Response);
  expect((value as Response).status).toBe(302);
  expect((value as Response).headers.get("Location")).toBe(location);
}

const asReply = (value: unknown) => value as Reply;
const FORM_PERSON = { ...PERSON, sharePercent: "60" };
const FORM_COMPANY = { ...COMPANY, firstName: "", sharePercent: "40" };

describe("the /beneficiaries loader", () => {
  it("sends a signed-out visitor to /login and a customer of another step away", async () => {
    const signedOut = await load(new Client(app.url));
    expectRedirect(signedOut, "/login?redirectTo=%2Fbeneficiaries");
    const { client } = await customerIn("questionnaire");
    expectRedirect(await load(client), "/unavailable");
    const { client: signed } = await customerIn("confirmation");
    expectRedirect(await load(signed), "/confirmation");
  });

  it("starts with one empty person before a save, then shows the saved list", async () => {
    const { client } = await customerIn();
    const page = (await load(client)) as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
    expect(page.defaults).toEqual({ beneficiaries: [NEW_BENEFICIARY] });
    expect(page.defaults.beneficiaries[0]).toMatchObject({ type: "P", phone: "+372 " });
    expect(page.title).toBe("soodustatud isikud | Elukaitse");
    expect(page.submissionKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    await client.fetch("/api/onboarding/beneficiaries", { method: "POST", json: { beneficiaries: [PERSON, COMPANY] } });
    const again = (await load(client)) as typeof page;
    expect(again.defaults.beneficiaries).toEqual([FORM_PERSON, FORM_COMPANY]);
    expect(((await load(client, "/beneficiaries?lng=en")) as typeof page).title).toBe("beneficiaries | Elukaitse");
  });
});

describe("the /beneficiaries action", () => {
  it("saves a person and a company 60/40, moves to BENEFICIARIES_DEFINED and goes to /offer", async () => {
    const { client, customer } = await customerIn();
    const result = await submit(client, formOf([FORM_PERSON, FORM_COMPANY], { [SUBMISSION_KEY_FIELD]: key() }));
    expectRedirect(result, "/offer");
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([PERSON, { ...COMPANY, firstName: null }]);
    // A re-save later keeps the state; the list is replaced.
    expectRedirect(await submit(client, formOf([{ ...FORM_PERSON, sharePercent: "100" }])), "/offer");
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([{ ...PERSON, sharePercent: 100 }]);
  });

  it("answers a wrong total with error.total on the list, status 400, everything typed kept, and an Error: title", async () => {
    const { client, customer } = await customerIn();
    const typed = formOf([FORM_PERSON, { ...FORM_COMPANY, sharePercent: "30" }]);
    const request = new Request("http://localhost/beneficiaries", {
      method: "POST",
      body: new URLSearchParams(typed),
      headers: { Cookie: client.cookieHeader, "Content-Type": "application/x-www-form-urlencoded" },
    });
    const context = app.context(request);
    const reply = asReply(await submit(client, typed, context));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ beneficiaries: ["error.total"] });
    expect(reply.data.result.initialValue).toEqual({ beneficiaries: [FORM_PERSON, { ...FORM_COMPANY, firstName: undefined, sharePercent: "30" }] });
    expect(await stateOf(customer.id)).toBe(stateLandingOn("beneficiaries"));
    // The page rendered in the same (JavaScript-off) request gets the prefix.
    const page = (await loader({ request: pageRequest(client), context, params: {} })) as { title: string };
    expect(page.title).toBe("Viga: soodustatud isikud | Elukaitse");
  });

  it("answers field errors per row with the conform names", async () => {
    const { client } = await customerIn();
    const reply = asReply(await submit(client, formOf([{ ...FORM_PERSON, idCode: "49005150228" }, { ...FORM_COMPANY, idCode: "123", email: "x" }])));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({
      "beneficiaries[0].idCode": ["error.idCode"],
      "beneficiaries[1].idCode": ["error.registryCode"],
      "beneficiaries[1].email": ["error.email"],
    });
  });

  it("answers a registry code with a wrong check digit on the page as on the /api", async () => {
    const { client } = await customerIn();
    const reply = asReply(await submit(client, formOf([{ ...FORM_PERSON, sharePercent: "60" }, { ...FORM_COMPANY, idCode: "10123456" }])));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ "beneficiaries[1].idCode": ["error.registryCode"] });
  });

  it("adds a person without JavaScript, keeping every typed value and saving nothing", async () => {
    const { client, customer } = await customerIn();
    const typed = formOf([{ ...FORM_PERSON, email: "half-typed" }], { [INTENT]: insertIntent() });
    const reply = asReply(await submit(client, typed));
    expect(reply).not.toBeInstanceOf(Response);
    expect(reply.init?.status ?? 200).toBe(200);
    expect(reply.data.result.status).toBeUndefined();
    expect(reply.data.result.initialValue).toEqual({ beneficiaries: [{ ...FORM_PERSON, email: "half-typed" }, { ...NEW_BENEFICIARY, firstName: undefined, name: undefined, idCode: undefined, sharePercent: undefined, email: undefined }] });
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([]);
    expect(await stateOf(customer.id)).toBe(stateLandingOn("beneficiaries"));
  });

  it("removes a row without JavaScript, keeping the others as typed", async () => {
    const { client, customer } = await customerIn();
    const third = { ...FORM_PERSON, firstName: "Jaan", name: "Tamm", idCode: "38503020139", sharePercent: "7" };
    const reply = asReply(await submit(client, formOf([FORM_PERSON, FORM_COMPANY, third], { [INTENT]: removeIntent(1) })));
    expect(reply.data.result.status).toBeUndefined();
    expect(reply.data.result.initialValue).toEqual({ beneficiaries: [FORM_PERSON, third] });
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([]);
  });

  it("keeps both field sets when the type changes without JavaScript (a company's first name is just not stored)", async () => {
    const { client, customer } = await customerIn();
    const switched = { ...FORM_PERSON, type: "C", name: "Maasikas AS", idCode: "10987651", sharePercent: "100" };
    expectRedirect(await submit(client, formOf([switched])), "/offer");
    expect(await app.core.beneficiaries.list(customer.id)).toEqual([
      { type: "C", firstName: null, name: "Maasikas AS", idCode: "10987651", sharePercent: 100, email: PERSON.email, phone: PERSON.phone },
    ]);
  });

  it("has one effect when the same submission is posted twice in parallel", async () => {
    const { client, customer } = await customerIn();
    const form = formOf([FORM_PERSON, FORM_COMPANY], { [SUBMISSION_KEY_FIELD]: key() });
    const results = await Promise.all([submit(client, form), submit(client, form)]);
    for (const result of results) expectRedirect(result, "/offer");
    const [{ count }] = await app.core.db.query<{ count: string }>(`SELECT count(*) FROM form_submissions WHERE key = $1`, [form[SUBMISSION_KEY_FIELD]]);
    expect(Number(count)).toBe(1);
    expect(await app.core.beneficiaries.list(customer.id)).toHaveLength(2);
  });

  it("sends away a customer whose state changed under the page, saving nothing", async () => {
    const { client, customer } = await customerIn("offer");
    const page = await load(client);
    expect(page).not.toBeInstanceOf(Response);
    const saved = await app.core.beneficiaries.list(customer.id);
    // Signed in another tab meanwhile: the guard of the action sends the customer away.
    await walkTo(client, "confirmation");
    expectRedirect(await submit(client, formOf([{ ...FORM_PERSON, sharePercent: "100" }])), "/confirmation");
    expect(await app.core.beneficiaries.list(customer.id)).toEqual(saved);
  });
});
