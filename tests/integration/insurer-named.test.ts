/**
 * What a deployment configures is what its customers read: the insurer's name in every PDF's
 * running footer, the product's name on its brand line and in its metadata, and the insurer's
 * own address for questions where the sign-up turns someone away. An audit found the demo's
 * "Elukaitse AS" and info@elukaitse.ee there whatever was set.
 */
import { afterEach, describe, expect, it } from "vitest";
import { POLICYHOLDER_CODE } from "~/core/demo/policyholder";
import { startTestApp, type TestApp } from "../support/app";
import { signedInAgain } from "../support/customers";
import { pdfText } from "../support/pdf-text";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const INSURER = { INVOICE_ISSUER_NAME: "Real Kindlustus AS", PRODUCT_NAME: "Realkaitse", INSURER_CONTRACT_EMAIL: "lepingud@real.example" };

describe("an insurer's own deployment", () => {
  it("names its insurer in a PDF's footer and its product on the brand line, in every language", async () => {
    app = await startTestApp({ env: INSURER });
    const footers = { et: "elu- ja töövõimetuskindlustus", en: "life and disability insurance", ru: "страхование жизни и нетрудоспособности" };
    for (const [language, footer] of Object.entries(footers)) {
      const res = await fetch(`${app.url}/api/insurance-conditions?lng=${language}`);
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = (await pdfText(bytes)).replace(/\s+/g, " ");
      expect(text).toContain(`Real Kindlustus AS · ${footer}`);
      expect(text).toContain("Realkaitse");
      expect(text).not.toContain("Elukaitse");
    }
  });

  it("sends questions to its own address where the sign-up is not for someone (the landing page's answer)", async () => {
    app = await startTestApp({ env: INSURER, remix: true });
    const html = await (await fetch(`${app.url}/?age=70&lng=en`)).text();
    expect(html).toContain("Questions? Write to lepingud@real.example.");
    expect(html).not.toContain("info@elukaitse.ee");
  });

  it("the demo's signed applications, drawn when it seeds, name the demo insurer (a review found the mark itself there)", async () => {
    app = await startTestApp();
    const client = await signedInAgain(app, POLICYHOLDER_CODE);
    const res = await client.fetch("/api/documents/application");
    expect(res.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("Elukaitse AS · elu- ja töövõimetuskindlustus");
    expect(text).not.toContain("{{");
  });
});
