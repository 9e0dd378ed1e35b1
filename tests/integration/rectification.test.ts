/**
 * The right to rectification (GDPR art. 16; docs/decisions/0310): the contact details corrected
 * online in every registered state (the contact page where the account step is not open, that
 * step where it is; the privacy notice's link leading to either), and the name the e-ID states
 * at a later sign-in replacing the stored one, each change kept, what was issued keeping the
 * name it was issued with. From the audit of 1 December 2026.
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EID_NAME_MAX } from "~/core/customers";
import { allNo } from "~/core/demo/ready-to-sign";
import { PRIVACY_PATHS } from "~/core/documents/privacy-notice";
import { loader as dataLoader } from "~/routes/self-service.data";
import { action as contactAction, loader as contactLoader } from "~/routes/self-service_.user.contact";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { customerReadyToSign } from "../support/offer-application";
import { pdfText } from "../support/pdf-text";
import { renamingDemoProvider } from "../support/providers";
import { freshPersonalCode } from "../support/personal-codes";
import { door, json, saveStep } from "../support/reach";
import { expectRedirect, routeArgs, run } from "../support/routes";
import { signOnDemoDesk } from "../support/walk";

/** What the e-ID states of a person, by personal code, at their next sign-in. */
const eidNames = new Map<string, { firstName: string; lastName: string }>();

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true, eid: renamingDemoProvider(eidNames) });
});
afterAll(() => app.close());

const sha = (bytes: ArrayBuffer) => createHash("sha256").update(new Uint8Array(bytes)).digest("hex");

async function changesOf(customerId: number) {
  return app.core.db.query<{ field: string; old_value: string | null; new_value: string }>(
    `SELECT field, old_value, new_value FROM contact_changes WHERE customer_id = $1 ORDER BY id`,
    [customerId],
  );
}

/** An applicant who signed answers the underwriter looks at: waiting for them (EUW). */
async function waitingForUnderwriter() {
  const ready = await customerReadyToSign(app, {
    rows: { questionnaire: { type: "UW_L1" as const, height: 175, weight: 70, content: { ...allNo("UW_L1"), hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik" } } } },
  });
  await saveStep(ready.client, "offer");
  expect(await signOnDemoDesk(door(ready.client))).toMatchObject({ state: "EUW" });
  return ready;
}

/** An applicant who signed, the contract not started yet (AGREEMENT_SIGNED). */
async function signedNotStarted() {
  const ready = await customerReadyToSign(app);
  await saveStep(ready.client, "offer");
  expect(await signOnDemoDesk(door(ready.client))).toMatchObject({ state: "AGREEMENT_SIGNED" });
  return ready;
}

/** An applicant the underwriter declined (SERVICE_UNAVAILABLE with a declined policy). */
async function declined() {
  const euw = await waitingForUnderwriter();
  expect(await app.core.offer.operations.decline(euw.code)).toMatchObject({ ok: true });
  return euw;
}

describe("rectification of contact details", () => {
  it.each([
    ["waiting for the underwriter (EUW)", waitingForUnderwriter],
    ["signed, not started (AGREEMENT_SIGNED)", signedNotStarted],
    ["declined by the underwriter", declined],
  ])("is open online to an applicant %s, each change kept", async (_, make) => {
    const { client, customer } = await make();
    const r = await client.fetch("/api/self-service/contact", { method: "POST", json: { email: "parandatud@example.ee", phone: "5555 0000" } });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(await r.json()).toEqual({ email: "parandatud@example.ee", phone: "+372 5555 0000", changed: ["email", "phone"], replayed: false });
    expect(await json(await client.fetch("/api/account"))).toMatchObject({ email: "parandatud@example.ee", phoneNumber: "+372 5555 0000" });
    expect(await changesOf(customer.id)).toEqual([
      { field: "email", old_value: "test@example.ee", new_value: "parandatud@example.ee" },
      { field: "phone", old_value: "+372 5555 1234", new_value: "+372 5555 0000" },
    ]);
    // Nothing else of self-service opens.
    expect((await client.fetch("/self-service/insurance")).status).toBe(302);
  });

  it("works without JavaScript for an applicant waiting for the underwriter: linked from the data page, the form posted, back to the data page", async () => {
    const { client, customer } = await waitingForUnderwriter();
    // The data page links the contact page (and stays within its HTML budget, the stylesheet linked: docs/decisions/0324).
    await client.fetchStylesheet();
    for (const lng of ["et", "ru"]) {
      const data = await client.fetch(`/self-service/data?lng=${lng}`);
      expect(data.status).toBe(200);
      const html = await data.text();
      expect(html).toContain('href="/self-service/user/contact"');
      expect(gzipSync(html).length).toBeLessThanOrEqual(6144);
    }
    const page = await client.fetch("/self-service/user/contact");
    expect(page.status).toBe(200);
    const html = await page.text();
    const submissionKey = /name="_submission" value="([^"]+)"/.exec(html)?.[1];
    expect(submissionKey).toBeTruthy();
    // Its way back is the data page, not the user page the applicant cannot open.
    expect(html).toContain('href="/self-service/data"');

    const posted = await client.fetch("/self-service/user/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ilma.skriptita@example.ee", phone: "+372 5555 1234", emailWas: "test@example.ee", phoneWas: "+372 5555 1234", _submission: submissionKey! }),
    });
    expect([posted.status, posted.headers.get("location")]).toEqual([302, "/self-service/data"]);
    expect(await changesOf(customer.id)).toEqual([{ field: "email", old_value: "test@example.ee", new_value: "ilma.skriptita@example.ee" }]);
    // The next page says so.
    expect(await (await client.fetch("/self-service/data?lng=et")).text()).toContain("Sinu kontaktandmed on muudetud.");
  });

  it("the route module: the loader gives the details and the data page as the way back; a wrong e-mail answers 400", async () => {
    const { client } = await waitingForUnderwriter();
    const cookie = client.cookieHeader;
    const page = await run<{ defaults: { email: string; phone: string }; back: string; submissionKey: string }>(() => contactLoader(routeArgs(app, "/self-service/user/contact", { cookie })));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ defaults: { email: "test@example.ee", phone: "+372 5555 1234" }, back: "/self-service/data" });
    const wrong = await run(() => contactAction(routeArgs(app, "/self-service/user/contact", { cookie, form: { email: "vale", phone: "+372 5555 1234", _submission: page.data!.submissionKey } })));
    expect(wrong.status).toBe(400);
    const data = await run<{ contact: string | null }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
    expect(data.data!.contact).toBe("/self-service/user/contact");
  });

  it("the notice's link leads an applicant whose account step is open to that step, one turned away before registering to the data page", async () => {
    const { client } = await customerReadyToSign(app);
    expect(PRIVACY_PATHS.contact).toBe("/self-service/user/contact");
    const r = await client.fetch(PRIVACY_PATHS.contact);
    expect([r.status, r.headers.get("location")]).toEqual([302, "/account"]);
    const account = await client.fetch("/account");
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('name="email"');
    // The data page's link for them is the account step too.
    const data = await run<{ contact: string | null }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie: client.cookieHeader })));
    expect(data.data!.contact).toBe("/account");

    const tooYoung = new Client(app.url);
    expect((await tooYoung.signIn(freshPersonalCode({ age: 16 }))).result).toBe("SUCCESS");
    const nothingToCorrect = await tooYoung.fetch(PRIVACY_PATHS.contact);
    expect([nothingToCorrect.status, nothingToCorrect.headers.get("location")]).toEqual([302, "/self-service/data"]);
  });

  it("stays closed while the account step is open: the API says 409, the account step changes them", async () => {
    const { client } = await customerReadyToSign(app);
    const r = await client.fetch("/api/self-service/contact", { method: "POST", json: { email: "a@example.ee", phone: "+372 5123 4567" } });
    expect(r.status).toBe(409);
    expect(await r.json()).toEqual({ errors: [{ code: "error.wrong_state" }] });
    expectRedirect(await run(() => contactLoader(routeArgs(app, "/self-service/user/contact", { cookie: client.cookieHeader }))), "/account");
  });
});

describe("rectification of the name", () => {
  it("a name the e-ID confirms at a later sign-in replaces the one stored, the change kept; what was issued keeps its name", async () => {
    const { client, customer, code } = await freshPolicyholder(app);
    const [invoice] = await json(await client.fetch("/api/invoices"));
    const before = await client.fetch(`/api/invoices/${invoice.pid}`);
    const invoiceBytes = sha(await before.arrayBuffer());
    const [policy] = await app.core.db.query<{ document_sha256: string }>(`SELECT document_sha256 FROM policies WHERE customer_id = $1`, [customer.id]);

    // Married since: the e-ID states another last name.
    eidNames.set(code, { firstName: customer.firstName, lastName: "Abielunimi" });
    const again = new Client(app.url);
    expect((await again.signIn(code)).result).toBe("SUCCESS");
    expect(await json(await again.fetch("/api/account"))).toMatchObject({ firstName: customer.firstName, lastName: "Abielunimi", userCode: code });
    expect(await changesOf(customer.id)).toEqual([{ field: "last_name", old_value: customer.lastName, new_value: "Abielunimi" }]);
    // Said once, on the first page after that sign-in (docs/decisions/0321).
    const RENAMED = "Sinu nimi on uuendatud nii, nagu selle kinnitas sinu e-ID.";
    const landing = await (await again.fetch("/self-service/insurance")).text();
    expect(landing).toContain(RENAMED);
    expect(await (await again.fetch("/self-service/insurance")).text()).not.toContain(RENAMED);
    // The same name again changes nothing more, and says nothing.
    const same = new Client(app.url);
    expect((await same.signIn(code)).result).toBe("SUCCESS");
    expect(await changesOf(customer.id)).toHaveLength(1);
    expect(await (await same.fetch("/self-service/insurance")).text()).not.toContain(RENAMED);
    // In the access download, with the e-mail's and phone's changes.
    const file = await json(await again.fetch("/api/self-service/export"));
    expect(file.tables.contact_changes).toEqual([expect.objectContaining({ field: "last_name", old_value: customer.lastName, new_value: "Abielunimi" })]);

    // Issued: the invoice (frozen at issue) and the signed application keep the name they were issued with.
    const invoiceAfter = await again.fetch(`/api/invoices/${invoice.pid}`);
    const invoicePdf = await invoiceAfter.arrayBuffer();
    expect(sha(invoicePdf)).toBe(invoiceBytes);
    expect(await pdfText(new Uint8Array(invoicePdf))).toContain(customer.lastName);
    const application = await again.fetch("/api/documents/application");
    expect(sha(await application.arrayBuffer())).toBe(policy.document_sha256);
    // Its web page says what was signed too, the name of then (an audit found today's there).
    const view = JSON.stringify((await app.core.offer.applicationView((await app.core.customers.byId(customer.id))!, "et"))!.blocks);
    expect(view).toContain(customer.lastName);
    expect(view).not.toContain("Abielunimi");
    // Drawn again today from the data: the policy names its holder as they are now.
    const policyPdf = await again.fetch("/api/documents/policy");
    expect(policyPdf.status).toBe(200);
    expect(await pdfText(new Uint8Array(await policyPdf.arrayBuffer()))).toContain("Abielunimi");
  });

  it("a hostile name from the e-ID (control characters, a direction override, very long) breaks nothing and is stored clean", async () => {
    const { client, customer, code } = await freshPolicyholder(app);
    eidNames.set(code, { firstName: "Ma\u0000ri\u202E\n\tLiis", lastName: "Ä".repeat(10_000) });
    const again = new Client(app.url);
    expect((await again.signIn(code)).result).toBe("SUCCESS");
    const account = await json(await again.fetch("/api/account"));
    expect(account.firstName).toBe("Mari Liis");
    expect(account.lastName).toBe("Ä".repeat(EID_NAME_MAX));
    expect((await again.fetch("/self-service/user")).status).toBe(200);
    expect((await again.fetch("/api/documents/policy")).status).toBe(200);
    expect((await again.fetch("/api/documents/payment-schedule")).status).toBe(200);

    // A name that is nothing once cleaned changes nothing.
    eidNames.set(code, { firstName: "\u0000\u200B", lastName: " \u0007 " });
    expect((await new Client(app.url).signIn(code)).result).toBe("SUCCESS");
    expect(await json(await client.fetch("/api/account"))).toMatchObject({ firstName: "Mari Liis", lastName: "Ä".repeat(EID_NAME_MAX) });
    expect((await changesOf(customer.id)).map((c) => c.field)).toEqual(["first_name", "last_name"]);
  });

  it("a first sign-in with a hostile name creates the customer with the name cleaned", async () => {
    const code = freshPersonalCode({ age: 45 });
    eidNames.set(code, { firstName: "Jaan\u0000", lastName: "Tamm\u202E" });
    const client = new Client(app.url);
    expect((await client.signIn(code)).result).toBe("SUCCESS");
    expect(await app.core.customers.byPersonalCode(code)).toMatchObject({ firstName: "Jaan", lastName: "Tamm" });
    expect((await client.fetch("/account")).status).toBe(200);
  });
});
