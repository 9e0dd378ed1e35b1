/**
 * The account step (issue 3): the /account loader and action called directly with the
 * context the server builds, and the /api registration paths, on a fresh database.
 */
import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { readSessionToken } from "~/http/session-cookie.server";
import { action, loader } from "~/routes/account";
import { longDate } from "~/routes/account.server";
import { loader as rootLoader } from "~/root";
import { createObservability } from "~/http/observability.server";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";
import { walkTo } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

const VALID = {
  email: "test.kasutaja@example.com",
  phone: "+372 5123 4567",
  occupation: "Raamatupidaja",
  sourceOfFunds: "WAGE",
  conditionsAgreement: "on",
  healthDataAgreement: "on",
  newsletterAgreement: "on",
} as const;

const MARI = "49005150229";

/** A customer signed in through /api (query: the /login parameters, e.g. "?src=sportclub"). */
async function signedIn(options: { code?: string; query?: string } = {}) {
  const client = new Client(app.url);
  const code = options.code ?? freshPersonalCode({ age: 35 });
  const result = await client.signIn(code, "smart-id", options.query ?? "");
  expect(result.result).toBe("SUCCESS");
  const customer = (await app.core.customers.byPersonalCode(code))!;
  const token = readSessionToken(client.cookieHeader, app.config.sessionSecrets)!;
  return { client, code, customer, token };
}

const pageRequest = (client: Client, path = "/account") => new Request(`http://localhost${path}`, { headers: { Cookie: client.cookieHeader } });

function postRequest(client: Client, fields: Record<string, string>) {
  return new Request("http://localhost/account", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: client.cookieHeader, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

async function load(client: Client, path?: string) {
  const request = pageRequest(client, path);
  return loader({ request, context: app.context(request), params: {} });
}

/** Calls the action; a redirect comes back as a Response, a reply as { data, init }. */
async function submit(client: Client, fields: Record<string, string>, context?: ReturnType<TestApp["context"]>) {
  const request = postRequest(client, fields);
  try {
    return await action({ request, context: context ?? app.context(request), params: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type Reply = {
  data: { result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }; lookup: unknown };
  init: { status: number };
};
const asReply = (value: unknown) => value as Reply;

function expectRedirect(value: unknown, location: string) {
  expect(value).toBeInstanceOf(Response);
  expect((value as Response).status).toBe(302);
  expect((value as Response).headers.get("Location")).toBe(location);
}

async function customerRow(id: number) {
  const [row] = await app.core.db.query<{ state: string; email: string | null; phone: string | null; intermediary_source: string | null }>(
    `SELECT state, email, phone, intermediary_source FROM customers WHERE id = $1`,
    [id],
  );
  return row;
}

async function sessionData(token: string) {
  return (await app.core.sessions.get(token))!.data;
}

const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;

describe("the /account loader", () => {
  it("sends a signed-out visitor to /login", async () => {
    const request = new Request("http://localhost/account");
    await expect(loader({ request, context: app.context(request), params: {} })).rejects.toMatchObject({
      status: 302,
      headers: expect.objectContaining({}),
    });
    try {
      await loader({ request, context: app.context(request), params: {} });
    } catch (thrown) {
      expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
    }
  });

  it("offers the phone number signed in with by Mobiil-ID, not asked twice (WCAG 3.3.7); a saved one wins, a made-up one is not taken", async () => {
    const code = freshPersonalCode({ age: 35 });
    const mobile = new Client(app.url);
    await mobile.fetch("/api/auth/init", { method: "POST" });
    const done = await mobile.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `mobile-id:${code}:+372 5123 9876` } });
    expect((await done.json()).result).toBe("SUCCESS");
    expect((await load(mobile)).defaults.phone).toBe("+372 5123 9876");

    const other = new Client(app.url);
    await other.fetch("/api/auth/init", { method: "POST" });
    await other.fetch("/api/auth/complete", { method: "POST", json: { returnToken: `mobile-id:${freshPersonalCode({ age: 35 })}:<script>` } });
    expect((await load(other)).defaults.phone).toBe("+372 ");

    await submit(mobile, { ...VALID, [SUBMISSION_KEY_FIELD]: "k-phone-3-3-7" });
    expect((await load(mobile)).defaults.phone).toBe(VALID.phone);
  });

  it("shows the read-only details (long date per language) and SPEC.md's defaults, no consent ticked (decision 0256)", async () => {
    const { client } = await signedIn({ code: MARI });
    const page = await load(client);
    expect(page.user).toEqual({ firstName: "Mari", lastName: "Maasikas", userCode: MARI, dateOfBirth: "15. mai 1990" });
    expect((await load(client, "/account?lng=en")).user.dateOfBirth).toBe("15 May 1990");
    expect((await load(client, "/account?lng=ru")).user.dateOfBirth).toBe("15 мая 1990 г.");
    expect(page.defaults).toEqual({
      email: "",
      phone: "+372 ",
      occupation: "",
      sourceOfFunds: "WAGE",
      sourceOfFundsOther: "",
      supportCode: "",
      conditionsAgreement: false,
      healthDataAgreement: false,
      newsletterAgreement: false,
      wlAgreement: false,
    });
    expect(page.intermediary).toBeNull();
    expect(page.title).toBe("registreerimine | Elukaitse");
    expect(page.submissionKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await load(client)).submissionKey).not.toBe(page.submissionKey);
  });

  it("formats dates in UTC, whatever the server's zone", () => {
    expect(longDate("2000-01-01", "et")).toBe("1. jaanuar 2000");
    expect(longDate("1985-03-02", "en")).toBe("2 March 1985");
  });

  it("prefills the support code from the sign-in link's promo and shows what it attaches", async () => {
    const { client } = await signedIn({ query: "?promo=FIT10" });
    const page = await load(client);
    expect(page.defaults.supportCode).toBe("FIT10");
    expect(page.intermediary).toEqual({ name: "Spordiklubi", logo: "/intermediaries/sportclub.svg" });
    expect(page.lookUpOnLoad).toBe(true);
  });

  it("shows the partner from the sign-in link's src while the state is NEW", async () => {
    const { client } = await signedIn({ query: "?src=partnerbank" });
    const page = await load(client);
    expect(page.intermediary).toEqual({ name: "Partner Pank", logo: "/intermediaries/partnerbank.svg" });
    expect(page.lookUpOnLoad).toBe(false);
  });

  it("prefills the saved registration after a save", async () => {
    const { client } = await signedIn();
    expectRedirect(await submit(client, { ...VALID, sourceOfFunds: "OTHER", sourceOfFundsOther: "Laenutulu", supportCode: "fit20", wlAgreement: "on", newsletterAgreement: "" }), "/score");
    const page = await load(client);
    // ACCOUNT_REGISTERED: the step indicator links the account and the score.
    expect(page.openSteps).toEqual(["account", "score"]);
    expect(page.defaults).toEqual({
      email: VALID.email,
      phone: VALID.phone,
      occupation: VALID.occupation,
      sourceOfFunds: "OTHER",
      sourceOfFundsOther: "Laenutulu",
      supportCode: "fit20",
      conditionsAgreement: true,
      healthDataAgreement: true,
      newsletterAgreement: false,
      wlAgreement: true,
    });
    expect(page.intermediary?.name).toBe("Spordiklubi");
  });

  it("asks the core once for the page: the saved form, its support code and what it attaches (registration.page)", async () => {
    const { client } = await signedIn({ query: "?promo=FIT10" });
    const calls = (["get", "attachable", "page"] as const).map((name) => vi.spyOn(app.core.registration, name));
    const fresh = await load(client);
    expect(fresh).toMatchObject({ defaults: { supportCode: "FIT10" }, intermediary: { name: "Spordiklubi" } });
    expectRedirect(await submit(client, { ...VALID, supportCode: "PB2026" }), "/score");
    const saved = await load(client);
    expect(saved).toMatchObject({ defaults: { supportCode: "PB2026" }, intermediary: { name: "Partner Pank" } });
    expect(calls.map((call) => call.mock.calls.length)).toEqual([0, 0, 2]);
  });

  it("goes to / when the user details cannot be loaded", async () => {
    const { client, customer } = await signedIn();
    const request = pageRequest(client);
    const context = app.context(request);
    const visitor = await context.visitor();
    vi.spyOn(context, "visitor").mockResolvedValue({ ...visitor, customer: { ...customer, dateOfBirth: "not a date" } });
    const thrown = await loader({ request, context, params: {} }).catch((e) => e);
    expectRedirect(thrown, "/");
  });
});

describe("the /account action", () => {
  it("returns field errors (400) and keeps everything typed", async () => {
    const { client, customer } = await signedIn();
    const typed = { email: "not-an-email", phone: "+372 ", occupation: "", sourceOfFunds: "OTHER", sourceOfFundsOther: "", supportCode: "XYZ", newsletterAgreement: "on" };
    const reply = asReply(await submit(client, typed));
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error).toMatchObject({
      email: ["error.email"],
      phone: ["error.required"],
      occupation: ["error.required"],
      sourceOfFundsOther: ["error.required"],
      conditionsAgreement: ["error.required"],
      healthDataAgreement: ["error.required"],
    });
    // conform leaves out what was empty; everything typed comes back.
    expect(reply.data.result.initialValue).toEqual(Object.fromEntries(Object.entries(typed).filter(([, v]) => v !== "")));
    expect(reply.data.lookup).toEqual({ code: "XYZ", intermediary: null });
    expect((await customerRow(customer.id)).state).toBe("NEW");
  });

  it("shows what a typed support code attaches when the form comes back (the lookup on submit)", async () => {
    const { client } = await signedIn();
    const reply = asReply(await submit(client, { ...VALID, occupation: "", supportCode: "FIT10" }));
    expect(reply.data.lookup).toEqual({ code: "FIT10", intermediary: { name: "Spordiklubi", logo: "/intermediaries/sportclub.svg" } });
  });

  it("a save the core refuses carries what the typed code attaches; the page shown again asks the core nothing more", async () => {
    const { client, customer } = await signedIn();
    const request = postRequest(client, { ...VALID, supportCode: "FIT10" });
    const context = app.context(request);
    // The page was read while NEW; the customer signed in another tab since (the core sees
    // the row as it is now and refuses).
    const visitor = await context.visitor();
    await walkTo(client, "confirmation");
    vi.spyOn(context, "visitor").mockResolvedValue(visitor);
    const save = vi.spyOn(app.core.registration, "save");
    const attachable = vi.spyOn(app.core.registration, "attachable");
    const reply = asReply(await action({ request, context, params: {} }));
    expect(reply.init.status).toBe(409);
    expect(reply.data.result.error).toEqual({ "": ["error.wrong_state"] });
    expect(reply.data.lookup).toEqual({ code: "FIT10", intermediary: { name: "Spordiklubi", logo: "/intermediaries/sportclub.svg" } });
    // One trip through the core (docs/decisions/0171): the save, and no lookup after it.
    expect(save).toHaveBeenCalledTimes(1);
    expect(attachable).not.toHaveBeenCalled();
    expect(customer.state).toBe("NEW");
  });

  it("the core's refused save carries the partner the typed code attaches (or the sign-in link's), for the form shown again", async () => {
    const { customer, token } = await signedIn({ query: "?src=partnerbank" });
    const session = (await app.core.sessions.get(token))!;
    const form = { email: VALID.email, phone: VALID.phone, occupation: "", sourceOfFunds: "WAGE", conditionsAgreement: true, healthDataAgreement: true, newsletterAgreement: false, wlAgreement: false };
    const byCode = await app.core.registration.save({ customer, session, form: { ...form, supportCode: "FIT10" } });
    expect(byCode).toMatchObject({ ok: false, failure: [{ code: "error.required", context: "occupation" }], found: { intermediary: { name: "Spordiklubi" } } });
    const unknown = await app.core.registration.save({ customer, session, form: { ...form, supportCode: "NOPE" } });
    expect(unknown).toMatchObject({ ok: false, found: { intermediary: { name: "Partner Pank" } } });
  });

  it("puts the Error: prefix in the title of the page shown again in the same request", async () => {
    const { client } = await signedIn();
    const request = postRequest(client, { ...VALID, email: "" });
    const context = app.context(request);
    expect(asReply(await action({ request, context, params: {} })).init.status).toBe(400);
    const page = await loader({ request: pageRequest(client), context, params: {} });
    expect(page.title).toBe("Viga: registreerimine | Elukaitse");
    expect(page.plainTitle).toBe("registreerimine | Elukaitse");
  });

  it("turns core failures with a context into field errors and the rest into form messages", async () => {
    const { client } = await signedIn();
    vi.spyOn(app.core.registration, "save").mockResolvedValueOnce({
      ok: false,
      failure: [{ code: "error.phone", context: "phone" }, { code: "error.wrong_state" }],
      replayed: false,
    });
    const reply = asReply(await submit(client, VALID));
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error).toEqual({ phone: ["error.phone"], "": ["error.wrong_state"] });
  });

  it("shows error.technical for an unexpected failure, logging the message but never the form", async () => {
    const { client } = await signedIn();
    const lines: string[] = [];
    const observability = createObservability({ level: "info", destination: { write: (line) => void lines.push(line) }, defaultMetrics: false });
    vi.spyOn(app.core.registration, "save").mockRejectedValueOnce(new Error("connection reset"));
    const request = postRequest(client, VALID);
    const reply = asReply(await submit(client, VALID, { ...app.context(request), requestId: "req-1", observability }));
    expect(reply.init.status).toBe(500);
    expect(reply.data.result.error).toEqual({ "": ["error.technical"] });
    expect(reply.data.result.initialValue).toMatchObject({ email: VALID.email, occupation: VALID.occupation });
    const logged = lines.join("");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: "error", reqId: "req-1", event: "save_failed", form: "account", error: "connection reset" }),
    ]);
    expect(logged).not.toContain(VALID.email);
    // The number as typed or as digits: four digits alone may stand in a timestamp by chance.
    for (const phone of ["5123 4567", "51234567"]) expect(logged).not.toContain(phone);
  });

  it("saves, moves NEW → ACCOUNT_REGISTERED, stores phone and email on the customer and goes to /score", async () => {
    const { client, customer } = await signedIn();
    expectRedirect(await submit(client, { ...VALID, phone: "372 5123-4567 ", [SUBMISSION_KEY_FIELD]: key() }), "/score");
    expect(await customerRow(customer.id)).toEqual({
      state: "ACCOUNT_REGISTERED",
      email: VALID.email,
      phone: "+372 5123-4567",
      intermediary_source: null,
    });
    const saved = await app.core.registration.get(customer.id);
    expect(saved).toMatchObject({ phone: "+372 5123-4567", sourceOfFunds: "WAGE", sourceOfFundsOther: null, supportCode: null, wlAgreement: false });
  });

  it("queues generate_lead with the partner and the hashed user details for the next page, which pushes it once (with analytics consent)", async () => {
    const { client, token } = await signedIn({ code: freshPersonalCode({ age: 40 }) });
    expectRedirect(await submit(client, { ...VALID, supportCode: "FIT10", wlAgreement: "on", wlPartner: "Spordiklubi" }), "/score");
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    const lead = {
      event: "generate_lead",
      country: "ee",
      partner: "Spordiklubi",
      // SHA-256 of the normalised values (docs/decisions/0095): never the values themselves.
      user: {
        sha256_email_address: sha256("test.kasutaja@example.com"),
        sha256_phone_number: sha256("+37251234567"),
        address: { sha256_first_name: sha256("test"), sha256_last_name: sha256("kasutaja") },
      },
    };
    const queued = await sessionData(token);
    expect(queued.events).toContainEqual(lead);
    // Not in the session row either.
    expect(JSON.stringify(queued)).not.toContain(VALID.email);
    for (const phone of ["5123 4567", "51234567"]) expect(JSON.stringify(queued)).not.toContain(phone);
    client.setCookie("analytics_consent", "granted");

    const request = pageRequest(client, "/score");
    const root = await rootLoader({ request, context: app.context(request), params: {} });
    expect(root.data.events).toContainEqual(lead);
    expect(root.data.intermediary).toEqual({ name: "Spordiklubi", logo: "/intermediaries/sportclub.svg" });
    expect(root.data.notices).toEqual(["Tugikood FIT10: koostööpartner Spordiklubi on sinu taotlusega seotud."]);
    const again = await rootLoader({ request: pageRequest(client, "/score"), context: app.context(pageRequest(client)), params: {} });
    expect(again.data.events).toEqual([]);
    expect(again.data.notices).toEqual([]);
  });

  it("hands no page the generate_lead without analytics consent, and keeps none queued for later", async () => {
    const { client, token } = await signedIn();
    expectRedirect(await submit(client, VALID), "/score");
    client.setCookie("analytics_consent", "denied");
    const request = pageRequest(client, "/score");
    const root = await rootLoader({ request, context: app.context(request), params: {} });
    expect(root.data.events).toEqual([]);
    expect((await sessionData(token)).events ?? []).toEqual([]);
  });

  it("never moves the state backwards on a re-save", async () => {
    const { client, customer } = await signedIn();
    expectRedirect(await submit(client, VALID), "/score");
    await walkTo(client, "questionnaire");
    expectRedirect(await submit(client, { ...VALID, occupation: "Ehitaja" }), "/score");
    expect((await customerRow(customer.id)).state).toBe("SERVICE_SELECTED");
    expect((await app.core.registration.get(customer.id))?.occupation).toBe("Ehitaja");
  });

  it("has one effect when the same submission is fired twice in parallel", async () => {
    const { client, customer, token } = await signedIn();
    const submissionKey = key();
    const results = await Promise.all([1, 2].map(() => submit(client, { ...VALID, [SUBMISSION_KEY_FIELD]: submissionKey })));
    for (const result of results) expectRedirect(result, "/score");
    const leads = (await sessionData(token)).events?.filter((e) => e.event === "generate_lead");
    expect(leads).toHaveLength(1);
    const [row] = await app.core.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM form_submissions WHERE customer_id = $1`, [customer.id]);
    expect(Number(row.n)).toBe(1);
  });

  it("processes posts without a key normally (each one has its effect)", async () => {
    const { client, token } = await signedIn();
    expectRedirect(await submit(client, VALID), "/score");
    expectRedirect(await submit(client, VALID), "/score");
    expect((await sessionData(token)).events?.filter((e) => e.event === "generate_lead")).toHaveLength(2);
  });
});

describe("the support code", () => {
  it("attaches the partner it finds, and clearing the code detaches it", async () => {
    const { client, customer, token } = await signedIn();
    expectRedirect(await submit(client, { ...VALID, supportCode: "fit10", wlAgreement: "on", wlPartner: "Spordiklubi" }), "/score");
    expect((await customerRow(customer.id)).intermediary_source).toBe("sportclub");
    expect((await app.core.registration.get(customer.id))?.wlAgreement).toBe(true);
    expect((await load(client)).intermediary?.name).toBe("Spordiklubi");

    expectRedirect(await submit(client, { ...VALID, supportCode: "" }), "/score");
    expect((await customerRow(customer.id)).intermediary_source).toBeNull();
    expect((await app.core.registration.get(customer.id))?.wlAgreement).toBe(false);

    expectRedirect(await submit(client, { ...VALID, supportCode: "NOPE42" }), "/score");
    expect((await customerRow(customer.id)).intermediary_source).toBeNull();
    expect((await app.core.registration.get(customer.id))?.supportCode).toBeNull();
    expect((await sessionData(token)).notices).toContainEqual({ key: "account.notice.code_not_found", params: { code: "NOPE42" } });
  });

  it("keeps the sign-in link's partner when no code is given", async () => {
    const { client, customer } = await signedIn({ query: "?src=partnerbank" });
    expectRedirect(await submit(client, { ...VALID, wlAgreement: "on", wlPartner: "Partner Pank" }), "/score");
    expect((await customerRow(customer.id)).intermediary_source).toBe("partnerbank");
    expect((await app.core.registration.get(customer.id))?.wlAgreement).toBe(true);
    // A re-save without a code keeps a partner that did not come from a code.
    expectRedirect(await submit(client, VALID), "/score");
    expect((await customerRow(customer.id)).intermediary_source).toBe("partnerbank");
  });

  it("keeps the sign-in link's partner when the link's promo code finds nothing (/login?src=sportclub&promo=NOPE)", async () => {
    const { client, customer, token } = await signedIn({ query: "?src=sportclub&promo=NOPE" });
    const root = await rootLoader({ request: pageRequest(client), context: app.context(pageRequest(client)), params: {} });
    expect(root.data.intermediary).toEqual({ name: "Spordiklubi", logo: "/intermediaries/sportclub.svg" });
    const page = await load(client);
    // The code from the link is in the form, and the partner consent names Spordiklubi.
    expect(page.defaults.supportCode).toBe("NOPE");
    expect(page.intermediary?.name).toBe("Spordiklubi");
    expect(page.lookUpOnLoad).toBe(false);
    expectRedirect(await submit(client, { ...VALID, supportCode: "NOPE", wlAgreement: "on", wlPartner: "Spordiklubi" }), "/score");
    expect((await customerRow(customer.id)).intermediary_source).toBe("sportclub");
    expect((await app.core.registration.get(customer.id))?.wlAgreement).toBe(true);
    // The notice says the code found nothing and the link's partner stays, never that the code
    // linked it; the unknown code is not kept as the registration's (issue 23 item 9).
    const notices = (await sessionData(token)).notices;
    expect(notices).toContainEqual({ key: "account.notice.code_not_found_partner_kept", params: { code: "NOPE", name: "Spordiklubi" } });
    expect(notices?.map((n) => n.key)).not.toContain("account.notice.partner_attached");
    expect((await app.core.registration.get(customer.id))?.supportCode).toBeNull();
    // Saved again later with the same code: the partner stays; a code finding another replaces it.
    expectRedirect(await submit(client, { ...VALID, supportCode: "NOPE", wlAgreement: "on", wlPartner: "Spordiklubi" }), "/score");
    expect((await customerRow(customer.id)).intermediary_source).toBe("sportclub");
    expectRedirect(await submit(client, { ...VALID, supportCode: "PB2026" }), "/score");
    expect((await customerRow(customer.id)).intermediary_source).toBe("partnerbank");
  });

  it("does not store a partner consent given to another partner than the one attached", async () => {
    const { client, customer } = await signedIn({ query: "?src=partnerbank" });
    // The form named Partner Pank; the code typed meanwhile attaches Spordiklubi.
    expectRedirect(await submit(client, { ...VALID, supportCode: "FIT10", wlAgreement: "on", wlPartner: "Partner Pank" }), "/score");
    expect((await customerRow(customer.id)).intermediary_source).toBe("sportclub");
    expect((await app.core.registration.get(customer.id))?.wlAgreement).toBe(false);
  });

  it("is looked up live and remembered in the session while NEW (the header reads it)", async () => {
    const { client, token } = await signedIn({ query: "?src=partnerbank" });
    const found = await submit(client, { intent: "support-code", supportCode: "fit10" });
    expect(found).toEqual({ lookup: { code: "fit10", intermediary: { name: "Spordiklubi", logo: "/intermediaries/sportclub.svg" } } });
    expect((await sessionData(token)).promoIntermediary?.source).toBe("sportclub");
    const root = await rootLoader({ request: pageRequest(client), context: app.context(pageRequest(client)), params: {} });
    expect(root.data.intermediary?.name).toBe("Spordiklubi");

    // The sign-in link's partner stays unless a code finds another (decision 0033).
    const partnerBank = { name: "Partner Pank", logo: "/intermediaries/partnerbank.svg" };
    const unknown = await submit(client, { intent: "support-code", supportCode: "NOPE" });
    expect(unknown).toEqual({ lookup: { code: "NOPE", intermediary: partnerBank } });
    expect((await sessionData(token)).promoIntermediary?.source).toBe("partnerbank");
    const cleared = await submit(client, { intent: "support-code", supportCode: "" });
    expect(cleared).toEqual({ lookup: { code: "", intermediary: partnerBank } });
    expect((await load(client)).intermediary).toEqual(partnerBank);
  });

  it("without a partner from the sign-in link, a cleared code removes the one a code found", async () => {
    const { client, token } = await signedIn();
    expect(await submit(client, { intent: "support-code", supportCode: "PB2026" })).toMatchObject({ lookup: { intermediary: { name: "Partner Pank" } } });
    const cleared = await submit(client, { intent: "support-code", supportCode: "" });
    expect(cleared).toEqual({ lookup: { code: "", intermediary: null } });
    expect((await sessionData(token)).promoIntermediary).toBeUndefined();
    expect((await load(client)).intermediary).toBeNull();
  });
});

describe("GET and POST /api/onboarding/registration", () => {
  const JSON_FORM = {
    email: VALID.email,
    phone: "+372 5123 4567",
    occupation: "Arst",
    sourceOfFunds: "DIVIDENDS",
    conditionsAgreement: true,
    healthDataAgreement: true,
    newsletterAgreement: false,
  };

  it("answers 401 without a signed-in customer", async () => {
    const client = new Client(app.url);
    expect((await client.fetch("/api/onboarding/registration")).status).toBe(401);
    expect((await client.fetch("/api/onboarding/registration", { method: "POST", json: JSON_FORM })).status).toBe(401);
  });

  it("returns {} before the first save, saves, and returns the saved form", async () => {
    const { client, customer } = await signedIn();
    const empty = await client.fetch("/api/onboarding/registration");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({});

    const saved = await client.fetch("/api/onboarding/registration", { method: "POST", json: { ...JSON_FORM, supportCode: "PB2026", wlAgreement: true } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      state: "ACCOUNT_REGISTERED",
      intermediary: { name: "Partner Pank", logo: "/intermediaries/partnerbank.svg" },
      replayed: false,
    });
    expect((await customerRow(customer.id)).intermediary_source).toBe("partnerbank");

    const read = await client.fetch("/api/onboarding/registration");
    expect(await read.json()).toEqual({
      email: VALID.email,
      phone: "+372 5123 4567",
      occupation: "Arst",
      sourceOfFunds: "DIVIDENDS",
      sourceOfFundsOther: null,
      supportCode: "PB2026",
      conditionsAgreement: true,
      healthDataAgreement: true,
      newsletterAgreement: false,
      wlAgreement: true,
    });
    const state = await client.fetch("/api/onboarding/state");
    expect(await state.json()).toEqual({ state: "ACCOUNT_REGISTERED", intermediary: { name: "Partner Pank", logo: "/intermediaries/partnerbank.svg" } });
  });

  it("answers 400 with { code, context } items", async () => {
    const { client } = await signedIn();
    const response = await client.fetch("/api/onboarding/registration", {
      method: "POST",
      json: { ...JSON_FORM, email: "", phone: "5", sourceOfFunds: "OTHER", conditionsAgreement: false, healthDataAgreement: "yes" },
    });
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors).toEqual(
      expect.arrayContaining([
        { code: "error.required", context: "email" },
        { code: "error.phone", context: "phone" },
        { code: "error.required", context: "conditionsAgreement" },
        { code: "error.invalid", context: "healthDataAgreement" },
      ]),
    );
    const other = await client.fetch("/api/onboarding/registration", { method: "POST", json: { ...JSON_FORM, sourceOfFunds: "OTHER" } });
    expect((await other.json()).errors).toEqual([{ code: "error.required", context: "sourceOfFundsOther" }]);
    const notObject = await client.fetch("/api/onboarding/registration", { method: "POST", json: [1, 2] });
    expect(notObject.status).toBe(400);
  });

  it("replays a submission key: one effect, the first outcome", async () => {
    const { client, customer } = await signedIn();
    const submissionKey = key();
    const [a, b] = await Promise.all(
      [1, 2].map(() => client.fetch("/api/onboarding/registration", { method: "POST", json: { ...JSON_FORM, submissionKey } })),
    );
    const bodies = [await a.json(), await b.json()];
    expect(bodies.map((body) => body.replayed).sort()).toEqual([false, true]);
    expect(bodies.every((body) => body.state === "ACCOUNT_REGISTERED")).toBe(true);
    const [row] = await app.core.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM form_submissions WHERE customer_id = $1`, [customer.id]);
    expect(Number(row.n)).toBe(1);
  });

  it("refuses a save in a state that has moved past the onboarding steps (409)", async () => {
    const { client, customer } = await signedIn();
    await walkTo(client, "confirmation");
    const saved = await app.core.registration.get(customer.id);
    const response = await client.fetch("/api/onboarding/registration", { method: "POST", json: JSON_FORM });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });
    expect(await app.core.registration.get(customer.id)).toEqual(saved);
  });

  it("GET /api/onboarding/wl/promo/{code} finds Spordiklubi for FIT10 and nothing for an unknown code", async () => {
    const { client } = await signedIn();
    const found = await client.fetch("/api/onboarding/wl/promo/fit10");
    expect(await found.json()).toEqual({ name: "Spordiklubi", logo: "/intermediaries/sportclub.svg" });
    expect((await client.fetch("/api/onboarding/wl/promo/NOPE")).status).toBe(404);
  });
});
