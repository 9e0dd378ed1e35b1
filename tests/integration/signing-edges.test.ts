/**
 * The signing at its edges (docs/audit-2026-12-01.md, "Audit of the signing"): what a
 * completion may conclude when the application, the signing or the provider's answer is not
 * the one the customer was shown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allNo } from "~/core/demo/ready-to-sign";
import { loader as offerLoader } from "~/routes/offer";
import { startFakeDokobitGateway, type FakeDokobitGateway } from "../fakes/dokobit-gateway";
import { Client, startTestApp, type TestApp } from "../support/app";
import { routeArgs, run } from "../support/routes";
import { ALL_CONSENTS, customerReadyToSign, demoSigningPost } from "../support/offer-application";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-03-10T10:00:00Z" });
});
afterAll(() => app.close());

const stateOf = async (id: number) => (await app.core.db.query<{ state: string }>(`SELECT state FROM customers WHERE id = $1`, [id]))[0].state;

async function startSigning(client: Client) {
  expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
  const init = await client.fetch("/api/sign/init", { method: "POST" });
  expect(init.status).toBe(200);
  return (await init.json()) as { signingToken: string; accessToken: string };
}

const demoSign = (client: Client, config: { signingToken: string; accessToken: string }) => demoSigningPost(client, config, "sign", true);

const hospitalized = { type: "UW_L1" as const, height: 180, weight: 80, content: { ...allNo("UW_L1"), hospitalization: true, hospitalizationExtra: { disease: "Kopsupõletik" } } };

describe("the application changed while its signing ran", () => {
  it("answers saved again in another tab end the signing: the answers signed for underwriting never conclude a contract without it", async () => {
    const { client, customer } = await customerReadyToSign(app, { rows: { questionnaire: hospitalized } });
    const config = await startSigning(client);
    // Another tab: the questionnaire saved again, every answer "no".
    const saved = await client.fetch("/api/onboarding/questionnaire", { method: "POST", json: { height: 180, weight: 80, content: allNo("UW_L1") } });
    expect(saved.status).toBe(200);
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
    await demoSign(client, config);
    const completed = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(await stateOf(customer.id)).toBe("BENEFICIARIES_DEFINED");
    expect(completed.status).toBe(409);
    expect(await app.core.db.query(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id])).toEqual([]);
  });
});

describe("two tabs, two signings", () => {
  it("the first tab's frame, ended by the second tab's signing, leaves the second tab's signing as it was", async () => {
    const { client, customer } = await customerReadyToSign(app);
    const first = await startSigning(client);
    const second = await startSigning(client);
    // Without JavaScript: the first tab's sign button, then its cancel.
    expect((await demoSigningPost(client, first)).headers.get("location")).toBe("/offer?step=signing&signing=failed");
    expect((await demoSigningPost(client, first, "cancel")).headers.get("location")).toBe("/offer?step=signing&signing=cancelled");
    // With JavaScript: the first tab's frame tells its page the signing was cancelled.
    const told = await client.fetch("/api/sign/complete", { method: "POST", json: { errors: "cancelled by the signer", signingToken: first.signingToken } });
    expect(await told.json()).toMatchObject({ result: "FAILED", state: "BENEFICIARIES_DEFINED" });
    // The second tab signs what it shows.
    expect((await demoSign(client, second)).status).toBe(200);
    expect(await (await client.fetch("/api/sign/complete", { method: "POST", json: { signingToken: second.signingToken } })).json()).toMatchObject({ result: "SIGNED" });
    expect(await stateOf(customer.id)).toBe("AGREEMENT_SIGNED");
  });
});

describe("the Dokobit gateway at its edges", () => {
  let fake: FakeDokobitGateway;
  let gateway: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    fake = await startFakeDokobitGateway();
    gateway = await startTestApp({
      now: "2026-03-10T10:00:00Z",
      env: { SIGNING_PROVIDER: "dokobit", DOKOBIT_GATEWAY_URL: fake.url, DOKOBIT_GATEWAY_ACCESS_TOKEN: fake.accessToken },
      log: { write: (line) => void logged.push(line) },
    });
  });
  afterAll(async () => {
    await gateway.close();
    await fake.close();
  });

  async function started(options: Parameters<typeof customerReadyToSign>[1] = {}) {
    const ready = await customerReadyToSign(gateway, options);
    expect((await ready.client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
    const init = await ready.client.fetch("/api/sign/init", { method: "POST" });
    expect(init.status).toBe(200);
    return { ...ready, config: (await init.json()) as { signingToken: string } };
  }

  it("a signed file that is not the document sent (another document's) concludes nothing", async () => {
    const { client, customer, config } = await started();
    const other = await started();
    fake.sign(config.signingToken);
    fake.sign(other.config.signingToken);
    fake.signedFile(config.signingToken, fake.signedBytes(other.config.signingToken));
    const completed = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(await completed.json()).toMatchObject({ result: "FAILED", state: "BENEFICIARIES_DEFINED" });
    expect(await gateway.core.db.query(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id])).toEqual([]);
  });

  it("the answers saved again while the gateway answers the completion: the signing ended, nothing concluded", async () => {
    const { client, customer, config } = await started({ rows: { questionnaire: hospitalized } });
    fake.sign(config.signingToken);
    fake.beforeStatus = async () => {
      fake.beforeStatus = null;
      const saved = await client.fetch("/api/onboarding/questionnaire", { method: "POST", json: { height: 180, weight: 80, content: allNo("UW_L1") } });
      expect(saved.status).toBe(200);
    };
    const completed = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(completed.status).toBe(409);
    expect(await gateway.core.db.query(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id])).toEqual([]);
  });

  it("the gateway unreachable when the signing screen opens without JavaScript: the screen says so and offers to try again", async () => {
    const { client } = await customerReadyToSign(gateway);
    expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
    fake.breakNext("/api/file/upload.json", { status: 502, body: "<html>Bad gateway</html>" });
    const page = await run<{ signingError: string; signing: unknown }>(() => offerLoader(routeArgs(gateway, "/offer?step=signing", { cookie: client.cookieHeader })));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ signing: null, signingError: "error.signing_unavailable" });
    // With JavaScript the screen asks the /api: the same words, and the gateway's answer to the operator only.
    fake.breakNext("/api/file/upload.json", { status: 200, body: "{not json" });
    const init = await client.fetch("/api/sign/init", { method: "POST" });
    expect(init.status).toBe(503);
    expect(await init.json()).toEqual({ errors: [{ code: "error.signing_unavailable" }] });
    // The operator is told what the gateway did; the customer never is.
    expect(logged.filter((line) => line.includes('"signing_start_failed"')).map((line) => JSON.parse(line).error)).toEqual([
      "Dokobit Documents Gateway: file/upload: unexpected answer (HTTP 502, not JSON)",
      "Dokobit Documents Gateway: file/upload: unexpected answer (HTTP 200, not JSON)",
    ]);
    // Once the gateway answers again, the signing starts.
    expect((await client.fetch("/api/sign/init", { method: "POST" })).status).toBe(200);
  });
});
