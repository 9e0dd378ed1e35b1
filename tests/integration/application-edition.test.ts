/**
 * The application document's editions (docs/decisions/0300): a policy records the edition its
 * signed PDF was drawn as, and the signed application's web page states what that edition did,
 * no more. One signed before the demands-and-needs statement (decision 0296), marked the first
 * edition by migration 0027, shows no statement; one signed now shows it in its PDF and its page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "~/core/db/migrations";
import { APPLICATION_EDITION, FIRST_APPLICATION_EDITION } from "~/core/documents/application-editions";
import { docTranslator, type HtmlDocModel } from "~/core/documents/index";
import { loader as confirmationDocumentLoader } from "~/routes/confirmation_.documents.$kind";
import { loader as selfServiceDocumentLoader } from "~/routes/self-service.documents.$kind";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { databaseBefore } from "../support/database";
import { customerReadyToSign } from "../support/offer-application";
import { pdfText } from "../support/pdf-text";
import { door, saveStep } from "../support/reach";
import { routeArgs, run } from "../support/routes";
import { signInDemoFrame } from "../support/walk";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const t = docTranslator("et");
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");

/** The signed application's web page (Estonian, as it was signed) through `loader`, by `client`. */
async function applicationPage(loader: typeof confirmationDocumentLoader, client: Client, path: string): Promise<HtmlDocModel> {
  const result = await run<{ model: HtmlDocModel }>(() => loader(routeArgs(app, `${path}?lng=et`, { cookie: client.cookieHeader, params: { kind: "application" } })));
  expect(result.data, path).toBeDefined();
  return result.data!.model;
}

const hasStatement = (model: HtmlDocModel) => model.blocks.some((b) => b.kind === "heading" && b.id === "needs");
const textOf = (model: HtmlDocModel) => model.blocks.flatMap((b) => (b.kind === "heading" || b.kind === "paragraph" ? [b.text] : b.kind === "list" ? b.items : []));

const signedPdf = async (client: Client) => {
  const response = await client.fetch("/api/onboarding/documents/application?lng=et");
  expect(response.status).toBe(200);
  return flat(await pdfText(new Uint8Array(await response.arrayBuffer())));
};

const editionOf = async (customerId: number) =>
  (await app.core.db.query<{ application_edition: number }>(`SELECT application_edition FROM policies WHERE customer_id = $1`, [customerId]))[0]!.application_edition;

/** A customer who started the signing (its PDF drawn) and signed in the demo frame; the completion still to come. */
async function signingStarted() {
  const ready = await customerReadyToSign(app, { age: 40 });
  await saveStep(ready.client, "offer");
  await signInDemoFrame(door(ready.client));
  return ready;
}

const complete = async (client: Client) => expect((await (await client.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).state).toBe("AGREEMENT_SIGNED");

describe("the signed application's edition (decision 0300)", () => {
  it("is the current one for a signing now: its signed PDF and its web page state the demands and needs", async () => {
    const { client, customer } = await signingStarted();
    await complete(client);
    expect(await editionOf(customer.id)).toBe(APPLICATION_EDITION);
    const pdf = await signedPdf(client);
    const page = await applicationPage(confirmationDocumentLoader, client, "/confirmation/documents/application");
    expect(hasStatement(page)).toBe(true);
    for (const text of [t("needs.heading"), t("needs.consistent"), t("needs.advice")]) {
      expect(pdf).toContain(flat(text));
      expect(textOf(page)).toContain(text);
    }
  });

  it("of a policy signed before the statement leaves it out of the web page, which is otherwise the same", async () => {
    const { client, customer } = await signingStarted();
    await complete(client);
    const current = await applicationPage(confirmationDocumentLoader, client, "/confirmation/documents/application");
    // What migration 0027 does to every policy signed before it.
    await app.core.db.query(`UPDATE policies SET application_edition = $2 WHERE customer_id = $1`, [customer.id, FIRST_APPLICATION_EDITION]);
    const signedBefore = await applicationPage(confirmationDocumentLoader, client, "/confirmation/documents/application");
    expect(hasStatement(signedBefore)).toBe(false);
    expect(textOf(signedBefore)).not.toContain(t("needs.advice"));
    const at = current.blocks.findIndex((b) => b.kind === "heading" && b.id === "needs");
    expect(signedBefore.blocks).toEqual(current.blocks.slice(0, at));
  });

  it("is the one its PDF was drawn as at the signing's start, not the one current at its completion", async () => {
    // A signing pending when migration 0027 ran: its terms were given the first edition.
    const { client, customer } = await signingStarted();
    await app.core.db.query(`UPDATE signings SET terms = terms || $2::jsonb WHERE customer_id = $1 AND status = 'pending'`, [
      customer.id,
      JSON.stringify({ edition: FIRST_APPLICATION_EDITION }),
    ]);
    await complete(client);
    expect(await editionOf(customer.id)).toBe(FIRST_APPLICATION_EDITION);
    expect(hasStatement(await applicationPage(confirmationDocumentLoader, client, "/confirmation/documents/application"))).toBe(false);
  });

  it("of the demo's policyholder is the one the seed drew: the statement in the signed PDF and on the self-service page", async () => {
    const { client, customer } = await freshPolicyholder(app);
    expect(await editionOf(customer.id)).toBe(APPLICATION_EDITION);
    const pdf = flat(await pdfText(new Uint8Array(await (await client.fetch("/api/documents/application?lng=et")).arrayBuffer())));
    expect(pdf).toContain(flat(t("needs.advice")));
    expect(hasStatement(await applicationPage(selfServiceDocumentLoader, client, "/self-service/documents/application"))).toBe(true);
  });
});

describe("migration 0027_application_edition (docs/decisions/0300)", () => {
  it("marks every policy and signing before it the first edition, as it does a policy the release before stores during a rolling deploy", async () => {
    const db = await databaseBefore("0027_application_edition");
    try {
      const [{ id: customerId }] = await db.query<{ id: number }>(
        `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, state, created_at, updated_at)
         VALUES ('48503020132', 'Mari', 'Maasikas', '1985-03-02', 'AGREEMENT_SIGNED', now(), now()) RETURNING id`,
      );
      const terms = { sumInsuredForDeathCover: 100000, sumInsuredForDisabilityCover: 0, services: [], estimation: {} };
      await db.query(
        `INSERT INTO signings (customer_id, provider, token, document, document_sha256, language, status, created_at, terms)
         VALUES ($1, 'demo', 'a', '\\x00', 'x', 'et', 'pending', now(), $2), ($1, 'demo', 'b', NULL, 'y', 'et', 'failed', now(), NULL)`,
        [customerId, JSON.stringify(terms)],
      );
      const policy = `INSERT INTO policies (customer_id, status, signed_document, document_sha256, signed_at, start_date, death_cover, disability_cover, services, estimation, language)
         VALUES ($1, 'SIGNED', '\\x00', 'x', now(), '2026-01-11', 100000, 0, '[]', '{}', 'et')`;
      await db.query(policy, [customerId]);
      await migrate(db);
      expect(await db.query(`SELECT application_edition FROM policies`)).toEqual([{ application_edition: FIRST_APPLICATION_EDITION }]);
      expect(await db.query(`SELECT token, terms FROM signings ORDER BY token`)).toEqual([
        { token: "a", terms: { ...terms, edition: FIRST_APPLICATION_EDITION } },
        { token: "b", terms: null },
      ]);
      await db.query(`DELETE FROM policies`);
      await db.query(policy, [customerId]);
      expect(await db.query(`SELECT application_edition FROM policies`)).toEqual([{ application_edition: FIRST_APPLICATION_EDITION }]);
    } finally {
      await db.close();
    }
  });
});
