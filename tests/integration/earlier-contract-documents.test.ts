/**
 * An earlier contract's signed documents (docs/decisions/0309): once a customer whose contract
 * ended signs a new one, the earlier contract's signed application (the PDF signed, the only
 * record of the health answers it was signed with: the questionnaire is the new application's
 * now), its policy document and the signed changes of its beneficiaries stay theirs to open,
 * listed on the data page and named with `?policy=EK-…` on the document endpoints. Without it
 * the latest contract's, as before. Another customer's number, a number that is no contract of
 * theirs and anything that is no number answer 4xx, never 5xx. From the audit of 1 December 2026
 * (the data subject's rights).
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HtmlDocModel } from "~/lib/document-blocks";
import type { ShownEarlierContract } from "~/lib/earlier-contract";
import { loader as dataLoader } from "~/routes/self-service.data";
import { loader as documentLoader } from "~/routes/self-service.data_.earlier.$kind.$id";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { PEETER_ALONE, pdfOf } from "../support/beneficiary-change";
import { freshPolicyholder } from "../support/customers";
import { demoSigningPost } from "../support/offer-application";
import { REGISTRATION } from "../support/questionnaire";
import { json, walkTo } from "../support/reach";
import { routeArgs, run } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  // The pages too: the data page's HTML is measured.
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const sha = (bytes: ArrayBuffer | Uint8Array) => createHash("sha256").update(new Uint8Array(bytes)).digest("hex");

/** The answer's bytes' SHA-256 when it is a PDF, else its status. */
async function shaOf(client: Client, path: string): Promise<string | number> {
  const r = await client.fetch(path);
  const bytes = await r.arrayBuffer();
  if (r.status !== 200) return r.status;
  expect(r.headers.get("content-type"), path).toBe("application/pdf");
  return sha(bytes);
}

/** Names Peeter Pärn alone in a change signed on the demo desk and completed: the policy's version 2. */
async function changedBeneficiaries(client: Client) {
  expect((await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: PEETER_ALONE } })).status).toBe(200);
  const config = await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
  expect((await demoSigningPost(client, config, "sign", true)).status).toBe(200);
  expect(await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} }))).toMatchObject({ result: "SIGNED", version: 2 });
}

const dataPage = async (cookie: string) => {
  const page = await run<{ earlier: ShownEarlierContract[] }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie })));
  expect(page.status).toBe(200);
  return page.data!;
};

const documentPage = (cookie: string, kind: string, id: string) =>
  run<{ model: HtmlDocModel; pdfHref: string }>(() => documentLoader(routeArgs(app, `/self-service/data/earlier/${kind}/${encodeURIComponent(id)}`, { cookie, params: { kind, id } })));

/** A policyholder who changed their beneficiaries, cancelled (six months in) and signed a new contract. */
async function signedUpAgain() {
  const { client, code, customer } = await freshPolicyholder(app);
  const [first] = await app.core.db.query<{ id: number; document_sha256: string }>(`SELECT id, document_sha256 FROM policies WHERE customer_id = $1`, [customer.id]);
  const number = `EK-${first.id}`;
  await changedBeneficiaries(client);
  const [change] = await app.core.db.query<{ document_sha256: string }>(`SELECT document_sha256 FROM policy_versions WHERE policy_id = $1 AND version = 2`, [first.id]);
  await json(await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }));
  expect(await json(await client.fetch("/api/onboarding/registration", { method: "POST", json: REGISTRATION }))).toMatchObject({ state: "ACCOUNT_REGISTERED" });
  return { client, code, customer, first, number, changeSha: change.document_sha256 };
}

describe("an ended contract's signed application, after its holder signs up again", () => {
  it("stays reachable by its holder, with its policy and its signed change, on the data page and by its number", async () => {
    const { client, customer, first, number, changeSha } = await signedUpAgain();

    // While signing up again: the data page (the only place open) lists the earlier contract's signed documents.
    const [earlier] = (await dataPage(client.cookieHeader)).earlier;
    expect(earlier).toMatchObject({ policyNumber: number, changes: [{ version: 2, signedIn: "et" }], signedIn: "et" });

    await walkTo(client, "confirmation");
    const policies = await app.core.db.query<{ id: number; document_sha256: string }>(`SELECT id, document_sha256 FROM policies WHERE customer_id = $1 ORDER BY id`, [customer.id]);
    expect(policies).toHaveLength(2);
    const latest = policies[1];

    // Without a number, the latest contract's, as before; with it, the earlier one's signed bytes, unchanged.
    expect(await shaOf(client, "/api/documents/application")).toBe(latest.document_sha256);
    expect(await shaOf(client, "/api/onboarding/documents/application")).toBe(latest.document_sha256);
    expect(await shaOf(client, `/api/documents/application?policy=${number}`)).toBe(first.document_sha256);
    expect(await shaOf(client, `/api/documents/application?policy=EK-${latest.id}`)).toBe(latest.document_sha256);
    // The change's signed document, though self-service shows the new contract (never changed).
    expect(await shaOf(client, `/api/self-service/policy/versions/2/change?policy=${number}`)).toBe(changeSha);
    expect(await shaOf(client, "/api/self-service/policy/versions/2/change")).toBe(404);

    // The policy document of the earlier contract: its number and the beneficiaries of its change.
    const policy = await pdfOf(await client.fetch(`/api/documents/policy?policy=${number}&lng=en`));
    expect(policy).toContain(number);
    expect(policy).toContain("Pärn");
    expect(await pdfOf(await client.fetch("/api/documents/policy?lng=en"))).toContain(`EK-${latest.id}`);
    expect(await pdfOf(await client.fetch(`/api/self-service/policy/versions/1?policy=${number}&lng=en`))).toContain(number);
    // Its web page under the data page, beside its PDF.
    const view = await documentPage(client.cookieHeader, "policy", number);
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.data!.model)).toContain(number);
    expect(view.data!.pdfHref).toBe(`/api/documents/policy?policy=${number}&lng=et`);

    // The data page links each, and each link opens; the page stays within its HTML budget with a full page of its access log.
    for (let i = 0; i < 8; i++) await shaOf(client, `/api/documents/policy?policy=${number}`);
    const log = await run<{ log: { items: unknown[] } }>(() => dataLoader(routeArgs(app, "/self-service/data", { cookie: client.cookieHeader })));
    expect(log.data!.log.items).toHaveLength(20);
    await client.fetchStylesheet(); // a browser that has the stylesheet (docs/decisions/0324)
    for (const lng of ["et", "en", "ru"]) {
      const html = await (await client.fetch(`/self-service/data?lng=${lng}`)).text();
      const links = [
        `/api/documents/application?policy=${number}`,
        `/api/documents/policy?policy=${number}`,
        `/self-service/data/earlier/policy/${number}`,
        `/api/self-service/policy/versions/2/change?policy=${number}`,
      ];
      for (const link of links) expect(html, lng).toContain(`href="${link}"`);
      if (lng !== "en") expect(gzipSync(html).length, lng).toBeLessThanOrEqual(6144);
    }
    for (const link of [`/api/documents/application?policy=${number}`, `/api/documents/policy?policy=${number}`]) expect(typeof (await shaOf(client, link))).toBe("string");
  });
});

describe("another customer's contract, or no contract, named", () => {
  it("is not found: another customer's number, a number that is no contract of theirs, and anything that is no number answer 4xx, never 5xx", async () => {
    const { number } = await signedUpAgain();
    const other = await freshPolicyholder(app);
    const doors = (policy: string) => [
      `/api/documents/application?policy=${policy}`,
      `/api/documents/policy?policy=${policy}`,
      `/api/documents/payment-schedule?policy=${policy}`,
      `/api/self-service/policy/versions/2/change?policy=${policy}`,
      `/api/self-service/policy/versions/1?policy=${policy}`,
    ];
    for (const path of doors(number)) expect(await shaOf(other.client, path), path).toBe(404);
    expect((await documentPage(other.cookie, "policy", number)).status).toBe(404);
    for (const path of doors("EK-999999999999999")) expect(await shaOf(other.client, path), path).toBe(404);

    const hostile = [
      "",
      "EK-",
      "EK-0",
      "ek-1",
      "EK--1",
      "EK-1e3",
      "EK-1.5",
      "EK-9999999999999999999999",
      encodeURIComponent("EK-1' OR '1'='1"),
      encodeURIComponent("EK-1\u0000"),
      "%ZZ",
      `${number}&policy=${number}`,
      `x&policy[]=${number}`,
    ];
    for (const policy of hostile) {
      for (const path of doors(policy)) {
        const r = await other.client.fetch(path);
        await r.arrayBuffer();
        expect(r.status, path).toBeGreaterThanOrEqual(400);
        expect(r.status, path).toBeLessThan(500);
      }
    }
    // The owner's own number named twice is no number either.
    const { client, number: own } = await signedUpAgain();
    expect(await shaOf(client, `/api/documents/application?policy=${own}&policy=${own}`)).toBe(404);
  });
});
