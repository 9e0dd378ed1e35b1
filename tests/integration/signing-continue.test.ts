/**
 * A Dokobit signing when our JavaScript did not run (docs/decisions/0290): the gateway's frame
 * tells its outcome only by a message to our script, so the customer's way on is the screen's
 * "I have signed — continue", a load of the signing screen naming the frame's signing. Against
 * the local fake of the gateway, with the loaders as the server runs them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEETER_ALONE } from "../support/beneficiary-change";
import { changeOutcomePath } from "~/lib/beneficiary-change";
import { SIGNED_IN_FRAME, signingTokenOf } from "~/lib/signing";
import { loader as offerLoader } from "~/routes/offer";
import { loader as changeSigningLoader } from "~/routes/self-service.beneficiaries_.sign";
import { freshPolicyholder } from "../support/customers";
import { startFakeDokobitGateway, type FakeDokobitGateway } from "../fakes/dokobit-gateway";
import type { Client, TestApp } from "../support/app";
import { startTestApp } from "../support/app";
import { expectRedirect, routeArgs, run } from "../support/routes";
import { ALL_CONSENTS, customerReadyToSign } from "../support/offer-application";

interface Screen {
  signing: { frameUrl: string } | null;
  signingError: string | null;
  notSignedYet: boolean;
}

let fake: FakeDokobitGateway;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeDokobitGateway();
  app = await startTestApp({
    now: "2026-03-10T10:00:00Z",
    env: { SIGNING_PROVIDER: "dokobit", DOKOBIT_GATEWAY_URL: fake.url, DOKOBIT_GATEWAY_ACCESS_TOKEN: fake.accessToken },
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const signingsOf = (id: number) => app.core.db.query<{ status: string; frame_sealed: string | null }>(`SELECT status, frame_sealed FROM signings WHERE customer_id = $1 ORDER BY id`, [id]);
const policiesOf = (id: number) => app.core.db.query(`SELECT id FROM policies WHERE customer_id = $1`, [id]);
const continued = (path: string, frameUrl: string) => `${path}?step=signing&${SIGNED_IN_FRAME}=${encodeURIComponent(signingTokenOf(frameUrl)!)}`;

/** A customer on the offer's signing screen without JavaScript: the consents saved, the screen loaded (a signing started). */
async function onSigningScreen() {
  const ready = await customerReadyToSign(app);
  expect((await ready.client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
  const screen = offerScreen(ready.client);
  const entered = await screen("/offer?step=signing");
  expect(entered.data?.signing).toEqual({ frameUrl: expect.stringContaining(fake.url) });
  return { ...ready, screen, frameUrl: entered.data!.signing!.frameUrl };
}

const offerScreen = (client: Client) => (path: string) => run<Screen>(() => offerLoader(routeArgs(app, path, { cookie: client.cookieHeader })));

describe("the offer's signing screen without our JavaScript, on Dokobit", () => {
  it("signed at the gateway: 'I have signed — continue' concludes the signing the frame showed, once, and goes on to /confirmation", async () => {
    const { customer, screen, frameUrl } = await onSigningScreen();
    fake.sign(signingTokenOf(frameUrl)!);
    expectRedirect(await screen(continued("/offer", frameUrl)), "/confirmation");
    expect(await policiesOf(customer.id)).toHaveLength(1);
    expect((await signingsOf(customer.id)).map((s) => [s.status, s.frame_sealed])).toEqual([["signed", null]]);
    // Sent again (a reload, a double click): the same answer, nothing concluded twice.
    expectRedirect(await screen(continued("/offer", frameUrl)), "/confirmation");
    expect(await policiesOf(customer.id)).toHaveLength(1);
  });

  it("not signed yet: the same signing's frame again with the notice, no new signing; signed afterwards, it concludes", async () => {
    const { customer, screen, frameUrl } = await onSigningScreen();
    const waiting = await screen(continued("/offer", frameUrl));
    expect(waiting.status).toBe(200);
    expect(waiting.data).toMatchObject({ signing: { frameUrl }, signingError: null, notSignedYet: true });
    expect((await signingsOf(customer.id)).map((s) => s.status)).toEqual(["pending"]);
    // The frame's access token is kept sealed, never as it is.
    const [row] = await signingsOf(customer.id);
    expect(row.frame_sealed).not.toContain(new URL(frameUrl).searchParams.get("access_token"));
    fake.sign(signingTokenOf(frameUrl)!);
    expectRedirect(await screen(continued("/offer", frameUrl)), "/confirmation");
    expect(await policiesOf(customer.id)).toHaveLength(1);
  });

  it("an older tab's continue neither concludes nor ends the newer tab's signing", async () => {
    const { customer, screen, frameUrl: older } = await onSigningScreen();
    const newer = (await screen("/offer?step=signing")).data!.signing!.frameUrl;
    expect(signingTokenOf(newer)).not.toBe(signingTokenOf(older));
    // The customer signs in the newer frame; the older tab's button is pressed.
    fake.sign(signingTokenOf(newer)!);
    const refused = await screen(continued("/offer", older));
    expect(refused.data).toMatchObject({ signing: null, signingError: "error.signing_ended", notSignedYet: false });
    expect(await policiesOf(customer.id)).toHaveLength(0);
    expect((await signingsOf(customer.id)).map((s) => s.status)).toEqual(["failed", "pending"]);
    // The newer tab's own continue concludes it.
    expectRedirect(await screen(continued("/offer", newer)), "/confirmation");
    expect(await policiesOf(customer.id)).toHaveLength(1);
  });

  it("the gateway not answering: 'could not be confirmed yet', the signing kept and nothing started", async () => {
    const { customer, screen, frameUrl } = await onSigningScreen();
    fake.sign(signingTokenOf(frameUrl)!);
    fake.breakNext(`/api/signing/${signingTokenOf(frameUrl)}/status.json`, { status: 502, body: "<html>Bad gateway</html>" });
    expect((await screen(continued("/offer", frameUrl))).data).toMatchObject({ signing: null, signingError: "error.signing_unconfirmed" });
    expect((await signingsOf(customer.id)).map((s) => s.status)).toEqual(["pending"]);
  });

  it("declined at the gateway: the failed outcome, as the frame's own message gives it", async () => {
    const { customer, screen, frameUrl } = await onSigningScreen();
    fake.decline(signingTokenOf(frameUrl)!);
    expectRedirect(await screen(continued("/offer", frameUrl)), "/offer?step=signing&signing=failed");
    expect((await signingsOf(customer.id)).map((s) => [s.status, s.frame_sealed])).toEqual([["failed", null]]);
  });
});

describe("a policyholder's beneficiary change's signing screen without our JavaScript, on Dokobit", () => {
  it("not signed yet: the same frame; signed: the change is concluded once and the done page follows, also when sent again", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const beneficiaries = PEETER_ALONE;
    expect((await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries } })).status).toBe(200);
    const screen = (path: string) => run<Screen>(() => changeSigningLoader(routeArgs(app, path, { cookie: client.cookieHeader })));
    const path = "/self-service/beneficiaries/sign";
    const frameUrl = (await screen(path)).data!.signing!.frameUrl;
    expect((await screen(continued(path, frameUrl))).data).toMatchObject({ signing: { frameUrl }, notSignedYet: true });
    expect((await signingsOf(customer.id)).map((s) => s.status)).toEqual(["pending"]);
    // The kept frame is the key of the gateway's page: not in the customer's data export either.
    const exported = await (await client.fetch("/api/self-service/export")).text();
    expect(exported).toContain('"signings"');
    expect(exported).not.toContain(new URL(frameUrl).searchParams.get("access_token")!);
    expect(exported).not.toContain('"frame');
    fake.sign(signingTokenOf(frameUrl)!);
    const done = changeOutcomePath("signed");
    expectRedirect(await screen(continued(path, frameUrl)), done);
    expectRedirect(await screen(continued(path, frameUrl)), done);
    const versions = await app.core.db.query(`SELECT version FROM policy_versions WHERE customer_id = $1 ORDER BY version`, [customer.id]);
    expect(versions.map((v) => Number((v as { version: number }).version))).toEqual([1, 2]);
  });
});
