/** The `dokobit` signing provider against a local fake Documents Gateway, through /api. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "~/core/documents/index";
import { dokobitSigningProvider } from "~/core/signing/dokobit";
import { SigningProviderError } from "~/core/signing/provider";
import { startFakeDokobitGateway, type FakeDokobitGateway } from "../fakes/dokobit-gateway";
import { startTestApp, type TestApp } from "../support/app";
import { ALL_CONSENTS, customerReadyToSign } from "../support/offer-application";
import { openStored } from "../support/documents";

let fake: FakeDokobitGateway;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeDokobitGateway();
  app = await startTestApp({
    env: { SIGNING_PROVIDER: "dokobit", DOKOBIT_GATEWAY_URL: fake.url, DOKOBIT_GATEWAY_ACCESS_TOKEN: fake.accessToken },
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function started() {
  const ready = await customerReadyToSign(app, { firstName: "Jüri", lastName: "Õun" });
  expect((await ready.client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
  const init = await ready.client.fetch("/api/sign/init", { method: "POST" });
  expect(init.status).toBe(200);
  return { ...ready, config: (await init.json()) as { baseUrl: string; signingToken: string; accessToken: string; signingMethod: string } };
}

describe("Dokobit Documents Gateway", () => {
  it("uploads the application, waits for the upload, creates a signing and hands out the iframe URL parts", async () => {
    const { config, code } = await started();
    expect(config.baseUrl).toBe(fake.url);
    expect(config.signingMethod).toBe("dokobit");
    expect(config.signingToken).toBe(fake.lastSigningToken());
    const signing = fake.signing(config.signingToken)!;
    expect(config.accessToken).toBe(signing.signerToken);
    expect(signing.signer).toMatchObject({ name: "Jüri", surname: "Õun", code, country_code: "EE" });
    const upload = fake.requests.find((r) => r.path === "/api/file/upload.json")!;
    expect(upload.query.access_token).toBe(fake.accessToken);
    expect(upload.body["file[name]"]).toBe("taotlus.pdf");
    const [row] = await app.core.db.query<{ document_sha256: string; external_id: string }>(`SELECT document_sha256, external_id FROM signings WHERE external_id = $1`, [
      config.signingToken,
    ]);
    expect(upload.body["file[digest]"]).toBe(row.document_sha256);
    // The upload status was polled until "uploaded".
    expect(fake.requests.filter((r) => r.path.startsWith("/api/file/upload/")).length).toBeGreaterThanOrEqual(2);
    // The frame URL works on the gateway, and our CSP allows its origin as a frame.
    expect((await fetch(`${config.baseUrl}/signing/${config.signingToken}?access_token=${config.accessToken}`)).status).toBe(200);
    const csp = (await fetch(`${app.url}/api/onboarding/offer`)).headers.get("content-security-policy")!;
    expect(csp).toContain(`frame-src 'self' ${new URL(fake.url).origin}`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("completes with the signed file from the gateway once signed", async () => {
    const { client, customer, config } = await started();
    const early = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(early.status).toBe(409);
    fake.sign(config.signingToken);
    const done = await client.fetch("/api/sign/complete", { method: "POST", json: {} });
    expect(await done.json()).toMatchObject({ result: "SIGNED", state: "AGREEMENT_SIGNED" });
    const [policy] = await app.core.db.query<{ signed_document: Uint8Array; document_sealed: boolean; document_sha256: string; customer_id: string }>(
      `SELECT signed_document, document_sealed, document_sha256, customer_id FROM policies WHERE customer_id = $1`,
      [customer.id],
    );
    const signed = Buffer.from(openStored(app, "policy", { ...policy, document: policy.signed_document }));
    expect(signed.equals(fake.signedBytes(config.signingToken))).toBe(true);
    expect(policy.document_sha256).toBe(sha256(signed));
    const download = fake.requests.find((r) => r.path.endsWith("/download.pdf"))!;
    expect(download.query.access_token).toBe(fake.accessToken);
  });

  it("a declined signing fails and the customer can start again", async () => {
    const { client, config } = await started();
    fake.decline(config.signingToken);
    expect(await (await client.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).toMatchObject({ result: "FAILED", state: "BENEFICIARIES_DEFINED" });
    const again = await client.fetch("/api/sign/init", { method: "POST" });
    expect((await again.json()).signingToken).not.toBe(config.signingToken);
  });

  it("a refused access token is an error that never shows the token", async () => {
    const provider = dokobitSigningProvider({ baseUrl: fake.url, accessToken: "wrong-secret-token" });
    const bytes = new Uint8Array([37, 80, 68, 70]);
    const attempt = provider.start({
      token: "t".repeat(32),
      document: { fileName: "a.pdf", bytes, sha256: sha256(bytes) },
      signer: { personalCode: "38503020139", firstName: "Jaan", lastName: "Tamm", phone: null },
      language: "et",
    });
    await expect(attempt).rejects.toBeInstanceOf(SigningProviderError);
    await expect(attempt).rejects.toThrow(/HTTP 403/);
    await expect(attempt).rejects.not.toThrow(/wrong-secret-token/);
  });
});

describe("configuration", () => {
  it("SIGNING_PROVIDER=dokobit needs DOKOBIT_GATEWAY_ACCESS_TOKEN", async () => {
    const { loadConfig } = await import("~/core/config");
    const base = { SESSION_SECRET: "s".repeat(32), HEALTH_DATA_KEY: "0".repeat(64) };
    expect(() => loadConfig({ ...base, SIGNING_PROVIDER: "dokobit" })).toThrow(/DOKOBIT_GATEWAY_ACCESS_TOKEN/);
    expect(() => loadConfig({ ...base, SIGNING_PROVIDER: "paper" })).toThrow(/SIGNING_PROVIDER/);
    expect(loadConfig({ ...base, SIGNING_PROVIDER: "dokobit", DOKOBIT_GATEWAY_ACCESS_TOKEN: "t" }).signing).toEqual({
      provider: "dokobit",
      baseUrl: "https://gateway-sandbox.dokobit.com",
      accessToken: "t",
    });
    expect(loadConfig(base).signing).toEqual({ provider: "demo" });
  });
});
