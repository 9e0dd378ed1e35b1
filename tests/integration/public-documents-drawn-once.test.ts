/**
 * The PDFs that are the same for everyone (app/core/documents/drawn-once-a-day.ts): anyone may
 * ask for them without signing in, so a flood of requests for them draws each once a day and
 * language, and the document threads stay free for everyone else's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { renderPdf, type DocModel } from "~/core/documents/index";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The app with its PDFs drawn in the test's thread, each drawing counted by its title. */
async function countingApp() {
  const drawn: string[] = [];
  app = await startTestApp({
    now: "2026-12-31T21:00:00Z", // 23:00 in Tallinn
    pdf: (model: DocModel) => {
      drawn.push(`${model.language} ${model.title}`);
      return renderPdf(model);
    },
  });
  return { app, drawn };
}

const bytesOf = async (url: string) => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  return Buffer.from(await res.arrayBuffer());
};

describe("a public PDF", () => {
  it("is drawn once however many ask at once, and each asker gets the same bytes", async () => {
    const { app, drawn } = await countingApp();
    const all = await Promise.all(Array.from({ length: 20 }, () => bytesOf(`${app.url}/api/insurance-conditions?lng=en`)));
    expect(drawn).toHaveLength(1);
    for (const bytes of all) expect(bytes.equals(all[0])).toBe(true);
    // The privacy notice and the general pre-contract information likewise, each language its own.
    for (let i = 0; i < 3; i++) {
      await bytesOf(`${app.url}/api/privacy-notice?lng=ru`);
      await bytesOf(`${app.url}/api/pre-contract-information?lng=et`);
    }
    await bytesOf(`${app.url}/api/insurance-conditions?lng=et`);
    expect(drawn).toHaveLength(4);
  });

  it("is drawn again when the day turns in Tallinn, with the new date", async () => {
    const { app, drawn } = await countingApp();
    const before = await bytesOf(`${app.url}/api/pre-contract-information?lng=en`);
    app.clock.set("2026-12-31T21:59:59Z");
    expect((await bytesOf(`${app.url}/api/pre-contract-information?lng=en`)).equals(before)).toBe(true);
    app.clock.set("2026-12-31T22:00:00Z"); // midnight in Tallinn
    const after = await bytesOf(`${app.url}/api/pre-contract-information?lng=en`);
    expect(drawn).toHaveLength(2);
    expect(after.equals(before)).toBe(false);
  });
});
