/**
 * The application PDF (with its questionnaire summary) is health data wherever it is kept:
 * sealed in `signings` and `policies`, every read audited (the demo signing page's download,
 * the document after signing, self-service), one stored copy per customer while signing,
 * and documents stored in plain form before are sealed by the next start.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "~/core/documents/index";
import { seedPolicyholder } from "~/core/demo/policyholder";
import { healthCipher } from "~/core/health-data";
import { prepareDatabase } from "~/core/startup";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { customerAt } from "../support/reach";
import { openStored, policyholderWithPlainDocument } from "../support/documents";
import { ALL_CONSENTS, customerReadyToSign } from "../support/offer-application";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PDF = Buffer.from("%PDF");
const isPlainPdf = (bytes: Uint8Array) => Buffer.from(bytes).subarray(0, 4).equals(PDF);

async function auditReads(customerId: number): Promise<string[]> {
  const rows = await app.core.db.query<{ subject: string }>(
    `SELECT subject FROM health_data_audit WHERE customer_id = $1 AND action = 'read' ORDER BY at, subject`,
    [customerId],
  );
  return rows.map((r) => r.subject);
}

async function startSigning(client: Client): Promise<{ signingToken: string; accessToken: string }> {
  const res = await client.fetch("/api/sign/init", { method: "POST" });
  expect(res.status).toBe(200);
  return res.json();
}

async function signingRows(customerId: number) {
  return app.core.db.query<{ id: string; token: string; status: string; document: Uint8Array | null; document_sealed: boolean; customer_id: string }>(
    `SELECT id, token, status, document, document_sealed, customer_id FROM signings WHERE customer_id = $1 ORDER BY id`,
    [customerId],
  );
}

describe("while signing", () => {
  it("the stored application is sealed, its download audited, and only the latest signing keeps one", async () => {
    const { client, customer } = await customerReadyToSign(app);
    expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
    const first = await startSigning(client);
    const second = await startSigning(client);

    const rows = await signingRows(customer.id);
    expect(rows.map((r) => r.status)).toEqual(["failed", "pending"]);
    expect(rows[0].document).toBeNull();
    expect(rows[1].document_sealed).toBe(true);
    expect(isPlainPdf(rows[1].document!)).toBe(false);
    expect(Buffer.from(rows[1].document!).includes(Buffer.from("Maasikas"))).toBe(false);
    expect(isPlainPdf(openStored(app, "signing", { ...rows[1], document: rows[1].document! }))).toBe(true);

    // The superseded signing's page shows nothing; the latest one's document opens, audited.
    expect((await client.fetch(`/sign/demo/signing/${first.signingToken}/document?access_token=${first.accessToken}`)).status).toBe(404);
    const before = await auditReads(customer.id);
    const download = await client.fetch(`/sign/demo/signing/${second.signingToken}/document?access_token=${second.accessToken}`);
    expect(download.status).toBe(200);
    expect(isPlainPdf(new Uint8Array(await download.arrayBuffer()))).toBe(true);
    expect(await auditReads(customer.id)).toEqual([...before, `signing-document:${rows[1].id}`].sort());
  });
});

describe("after signing", () => {
  it("the policy keeps the signed document sealed, the signing no copy; every download is audited", async () => {
    const { client, customer } = await customerReadyToSign(app);
    expect((await client.fetch("/api/onboarding/offer", { method: "POST", json: ALL_CONSENTS })).status).toBe(200);
    const signing = await startSigning(client);
    expect((await client.fetch(`/sign/demo/signing/${signing.signingToken}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" }, body: `access_token=${signing.accessToken}&action=sign&mode=js` })).status).toBe(200);
    expect(await (await client.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).toMatchObject({ result: "SIGNED" });

    const [policy] = await app.core.db.query<{ id: string; signed_document: Uint8Array; document_sealed: boolean; document_sha256: string; customer_id: string }>(
      `SELECT id, signed_document, document_sealed, document_sha256, customer_id FROM policies WHERE customer_id = $1`,
      [customer.id],
    );
    expect(policy.document_sealed).toBe(true);
    expect(isPlainPdf(policy.signed_document)).toBe(false);
    expect((await signingRows(customer.id)).map((r) => r.document)).toEqual([null]);

    const before = await auditReads(customer.id);
    const download = await client.fetch("/api/onboarding/documents/application");
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(sha256(bytes)).toBe(policy.document_sha256);
    expect(sha256(openStored(app, "policy", { ...policy, document: policy.signed_document }))).toBe(policy.document_sha256);
    expect(await auditReads(customer.id)).toEqual([...before, `policy-document:${policy.id}`].sort());
  });

  it("self-service's application statement is opened from the sealed policy, audited", async () => {
    const { client, customer, code } = await customerAt(app, "account");
    await seedPolicyholder(app.core.db, app.clock, healthCipher(app.config.healthDataKeys), code);
    const [policy] = await app.core.db.query<{ id: string; document_sealed: boolean; document_sha256: string }>(
      `SELECT id, document_sealed, document_sha256 FROM policies WHERE customer_id = $1`,
      [customer.id],
    );
    expect(policy.document_sealed).toBe(true);
    const before = await auditReads(customer.id);
    const res = await client.fetch("/api/documents/application");
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(policy.document_sha256);
    expect(await auditReads(customer.id)).toEqual([...before, `policy-document:${policy.id}`].sort());
  });
});

describe("documents an older version stored plain", () => {
  it("stay readable, are counted by the start (never rewritten by it), and the operator's reseal seals them, audited", async () => {
    const { client, customer, code } = await customerAt(app, "account");
    const documentSha256 = await policyholderWithPlainDocument(app, customer.id, code);
    expect(sha256(new Uint8Array(await (await client.fetch("/api/documents/application")).arrayBuffer()))).toBe(documentSha256);

    const { plainDocuments } = await prepareDatabase(app.core.db, app.clock, { demo: true, healthDataKeys: app.config.healthDataKeys });
    expect(plainDocuments).toBeGreaterThanOrEqual(1);
    const [still] = await app.core.db.query<{ document_sealed: boolean }>(`SELECT document_sealed FROM policies WHERE customer_id = $1`, [customer.id]);
    expect(still.document_sealed).toBe(false);

    const { resealed } = await app.core.reseal({ text: "Sealing the documents stored plain" }, { batchSize: 2 });
    expect(resealed["policies.signed_document"]).toBeGreaterThanOrEqual(1);
    const audited = await app.core.db.query<{ subject: string }>(
      `SELECT subject FROM health_data_audit WHERE customer_id = $1 AND actor = 'operator:reseal' AND action = 'write'`,
      [customer.id],
    );
    expect(audited.map((a) => a.subject)).toContain(`policies:${(await app.core.db.query<{ id: string }>(`SELECT id FROM policies WHERE customer_id = $1`, [customer.id]))[0].id}`);
    const [after] = await app.core.db.query<{ signed_document: Uint8Array; document_sealed: boolean }>(
      `SELECT signed_document, document_sealed FROM policies WHERE customer_id = $1`,
      [customer.id],
    );
    expect(after.document_sealed).toBe(true);
    expect(isPlainPdf(after.signed_document)).toBe(false);
    expect(sha256(new Uint8Array(await (await client.fetch("/api/documents/application")).arrayBuffer()))).toBe(documentSha256);
    expect((await app.core.db.query(`SELECT 1 FROM policies WHERE NOT document_sealed`)).length).toBe(0);
  });
});
