/**
 * Issue 23 item 9's loose ends on a real database: an unknown support code on the offer is a
 * field error that saves nothing and keeps the partner from the sign-in link; the demo
 * signing's cancel without JavaScript comes back to the signing screen with its outcome, which
 * the page words in our language, never the provider's text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as offerAction, loader as offerLoader } from "~/routes/offer";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { routeArgs, run } from "../support/routes";
import { ALL_CONSENTS, customerReadyToSign, demoSigningPost } from "../support/offer-application";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-03-10T10:00:00Z" });
});
afterAll(() => app.close());

/** A customer ready to sign whose partner came from the sign-in link (no support code of their own). */
async function linkedCustomer() {
  const ready = await customerReadyToSign(app);
  await app.core.db.query(`UPDATE customers SET intermediary_source = 'sportclub' WHERE id = $1`, [ready.customer.id]);
  return ready;
}

async function stored(customerId: number) {
  const [row] = await app.core.db.query<{ support_code: string | null; intermediary_source: string | null; offers: number }>(
    `SELECT r.support_code, c.intermediary_source, (SELECT count(*)::int FROM offers o WHERE o.customer_id = c.id) AS offers
     FROM customers c JOIN registrations r ON r.customer_id = c.id WHERE c.id = $1`,
    [customerId],
  );
  return row;
}

const saveOffer = (client: Client, body: Record<string, unknown>) => client.fetch("/api/onboarding/offer", { method: "POST", json: body });

describe("an unknown support code on the offer", () => {
  it("/api: a field error on supportCode, nothing saved, the link's partner kept; a known code still attaches", async () => {
    const { client, customer } = await linkedCustomer();
    const refused = await saveOffer(client, { ...ALL_CONSENTS, supportCode: " NOPE42 " });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ errors: [{ code: "error.support_code_unknown", context: "supportCode" }] });
    expect(await stored(customer.id)).toEqual({ support_code: null, intermediary_source: "sportclub", offers: 0 });
    // Without a code the same consents save.
    expect((await saveOffer(client, ALL_CONSENTS)).status).toBe(200);
    expect(await stored(customer.id)).toEqual({ support_code: null, intermediary_source: "sportclub", offers: 1 });
    // A code a partner has is stored; the link's partner stays attached (decision 0033).
    expect((await saveOffer(client, { ...ALL_CONSENTS, supportCode: "pb2026" })).status).toBe(200);
    expect(await stored(customer.id)).toEqual({ support_code: "pb2026", intermediary_source: "sportclub", offers: 1 });
  });

  it("/api: an unknown code with a missing consent reports both", async () => {
    const { client } = await customerReadyToSign(app);
    const refused = await saveOffer(client, { applicationConsent: true, insuranceConditionsConsent: true, supportCode: "NOPE42" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual([
      { code: "error.consent_required", context: "insurerDataSharingConsent" },
      { code: "error.support_code_unknown", context: "supportCode" },
    ]);
  });

  it("the page (JavaScript off): the confirmation comes back with the error on the support code field", async () => {
    const { client, customer } = await linkedCustomer();
    const form = { applicationConsent: "on", insuranceConditionsConsent: "on", insurerDataSharingConsent: "on", supportCode: "NOPE42", intent: "save" };
    const reply = await run<{ result: { error?: Record<string, string[]> }; confirm: boolean }>(() =>
      offerAction(routeArgs(app, "/offer", { cookie: client.cookieHeader, form })),
    );
    expect(reply.status).toBe(400);
    expect(reply.data?.result.error).toEqual({ supportCode: ["error.support_code_unknown"] });
    expect(reply.data?.confirm).toBe(true);
    expect(await stored(customer.id)).toEqual({ support_code: null, intermediary_source: "sportclub", offers: 0 });
  });
});

describe("the demo signing's outcome without JavaScript", () => {
  async function startSigning(client: Client) {
    expect((await saveOffer(client, ALL_CONSENTS)).status).toBe(200);
    const init = await client.fetch("/api/sign/init", { method: "POST" });
    return (await init.json()) as { signingToken: string; accessToken: string };
  }

  it("cancel goes back to the signing screen saying cancelled; the page gets the outcome, not the text", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const cancelled = await demoSigningPost(client, await startSigning(client), "cancel");
    expect(cancelled.status).toBe(303);
    const location = cancelled.headers.get("location")!;
    expect(location).toBe("/offer?step=signing&signing=cancelled");
    // The provider's text is recorded with the signing, for the operator.
    const [row] = await app.core.db.query<{ status: string; errors: string }>(
      `SELECT status, errors FROM signings WHERE customer_id = $1 ORDER BY id DESC LIMIT 1`,
      [customer.id],
    );
    expect(row).toEqual({ status: "failed", errors: "cancelled by the signer" });
    const page = await run<{ signingFailed: string | null }>(() => offerLoader(routeArgs(app, location, { cookie: client.cookieHeader })));
    expect(page.status).toBe(200);
    expect(page.data?.signingFailed).toBe("cancelled");
  });

  it("a refused sign says failed; an unknown outcome in the address is none", async () => {
    const { client } = await customerReadyToSign(app);
    const config = await startSigning(client);
    // A wrong access token: the demo desk refuses to sign, and the screen says it failed.
    const refused = await demoSigningPost(client, { ...config, accessToken: "wrong" }, "sign");
    expect(refused.headers.get("location")).toBe("/offer?step=signing&signing=failed");
    const page = await run<{ signingFailed: string | null }>(() =>
      offerLoader(routeArgs(app, "/offer?step=signing&signing=cancelled%20by%20the%20signer", { cookie: client.cookieHeader })),
    );
    expect(page.data?.signingFailed).toBeNull();
  });
});
