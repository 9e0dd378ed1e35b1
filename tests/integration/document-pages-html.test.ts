/**
 * A document's page sends its text once (docs/decisions/0299): a request for the whole page
 * renders the document in the markup and hands the browser none of it in the page's data; a
 * client navigation's data request (`.data`) hands the model over, for the browser to render.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HtmlDocModel } from "~/lib/document-blocks";
import { loader as conditionsLoader } from "~/routes/insurance-conditions";
import { loader as preContractLoader } from "~/routes/pre-contract-information";
import { loader as privacyLoader } from "~/routes/privacy._index";
import { loader as policyDocumentLoader } from "~/routes/self-service.documents.$kind";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder } from "../support/customers";
import { routeArgs, run } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: "2026-12-01T10:00:00Z", remix: true });
});
afterAll(() => app.close());

/** Text as React writes it into markup. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The model's sentences a reader would recognise: its headings and paragraphs of some length. */
const sentences = (model: HtmlDocModel) =>
  model.blocks.flatMap((block) => (block.kind === "heading" || (block.kind === "paragraph" && block.text.length > 40) ? [block.text] : []));

/** A page's markup apart from its scripts, and what its scripts hand to the browser. */
async function pageParts(client: Client, path: string) {
  const response = await client.fetch(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]).join("");
  return { markup: html.replace(/<script[^>]*>.*?<\/script>/gs, ""), handed: scripts };
}

async function expectSentOnce(client: Client, path: string, model: HtmlDocModel) {
  const { markup, handed } = await pageParts(client, path);
  const texts = sentences(model);
  expect(texts.length).toBeGreaterThan(2);
  for (const text of texts) {
    expect(markup).toContain(escaped(text));
    expect(handed).not.toContain(JSON.stringify(text).slice(1, -1).slice(0, 40));
  }
}

describe("a document page sends its text once (decision 0299)", () => {
  const publicPages = [
    { path: "/pre-contract-information", loader: preContractLoader },
    { path: "/insurance-conditions", loader: conditionsLoader },
    { path: "/privacy", loader: privacyLoader },
  ];

  for (const lng of ["et", "ru"] as const) {
    it(`renders a public document in the markup, not in the page's data (${lng})`, async () => {
      const visitor = new Client(app.url);
      for (const page of publicPages) {
        const path = `${page.path}?lng=${lng}`;
        const { data } = await run<{ model: HtmlDocModel }>(() => page.loader(routeArgs(app, path)));
        await expectSentOnce(visitor, path, data!.model);
      }
    });
  }

  it("renders a policyholder's signed document the same way", async () => {
    const { client, cookie } = await freshPolicyholder(app);
    const path = "/self-service/documents/policy?lng=ru";
    const { data } = await run<{ model: HtmlDocModel }>(() => policyDocumentLoader({ ...routeArgs(app, path, { cookie }), params: { kind: "policy" } }));
    await expectSentOnce(client, path, data!.model);
  });

  it("hands the model over on a client navigation's data request", async () => {
    const { data } = await run<{ model: HtmlDocModel }>(() => privacyLoader(routeArgs(app, "/privacy?lng=ru")));
    const response = await new Client(app.url).fetch("/privacy.data?lng=ru");
    expect(response.status).toBe(200);
    const body = await response.text();
    for (const text of sentences(data!.model)) expect(body).toContain(JSON.stringify(text).slice(1, -1));
  });
});
