/**
 * A form sent from a page the customer's state no longer opens: another tab signed the offer or
 * ended the contract, or the browser's Back brought an old form up again (JavaScript off). The
 * route's access refuses it and nothing is saved; the page it lands on says so, rather than
 * looking as if it had been saved. A form sent again with the key that saved it is the first
 * save's answer (docs/decisions/0322), and says nothing of the kind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type Client, type TestApp } from "../support/app";
import { policyholderSince } from "../support/customers";
import { ONE_PERSON } from "../support/beneficiary-change";
import { customerAt, door, json, saveStep } from "../support/reach";
import { signOnDemoDesk } from "../support/walk";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ remix: true });
});
afterAll(() => app.close());

const NOT_SAVED = {
  et: "Saadetud andmeid ei salvestatud: see leht ei ole enam muudetav",
  ru: "Отправленные данные не сохранены: эту страницу больше нельзя изменить",
};

/** A page's form as the browser holds it: its submission key. */
async function keyOf(client: Client, path: string): Promise<string> {
  const page = await client.fetch(path);
  expect(page.status).toBe(200);
  const key = /name="_submission" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(key).toBeTruthy();
  return key!;
}

const post = (client: Client, path: string, fields: Record<string, string>) => client.fetch(path, { method: "POST", body: new URLSearchParams(fields) });

async function landed(client: Client, response: Response): Promise<string> {
  expect(response.status).toBe(302);
  const page = await client.fetch(response.headers.get("location")!);
  expect(page.status).toBe(200);
  return page.text();
}

describe("a form from a page the state no longer opens", () => {
  it("a step's form from a tab opened before the signing saves nothing, and the page it lands on says so once", async () => {
    const { client, customer } = await customerAt(app, "offer");
    const beneficiariesKey = await keyOf(client, "/beneficiaries");
    const packageKey = await keyOf(client, "/package");
    await saveStep(client, "offer");
    await signOnDemoDesk(door(client));

    const sent = await post(client, "/beneficiaries", { _submission: beneficiariesKey, ...ONE_PERSON });
    expect(sent.headers.get("location")).toBe("/confirmation");
    expect(await landed(client, sent)).toContain(NOT_SAVED.et);
    const names = await app.core.db.query<{ first_name: string }>(`SELECT first_name FROM beneficiaries WHERE customer_id = $1`, [customer.id]);
    expect(names).toEqual([{ first_name: "Mari" }]);
    // Said once: the next page is as it always is.
    expect(await (await client.fetch("/confirmation")).text()).not.toContain(NOT_SAVED.et);

    // In the customer's language.
    const again = await post(client, "/package?lng=ru", { _submission: packageKey, sumInsuredForDeathCover: "150000", sumInsuredForDisabilityCover: "50000", services: "MENTAL", intent: "save" });
    expect(again.status).toBe(302);
    expect(await (await client.fetch("/confirmation?lng=ru")).text()).toContain(NOT_SAVED.ru);
    expect((await json(await client.fetch("/api/insurance"))).sumInsuredForDeathCover).toBe(100_000);
  });

  it("a self-service form from a tab opened before the contract was withdrawn in another saves nothing and says so", async () => {
    const { client, code, customer } = await policyholderSince(app, 5);
    const key = await keyOf(client, "/self-service/beneficiaries");
    const withdrawn = await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code, submissionKey: "stale-forms-withdrawal-1" } });
    expect((await json(withdrawn)).state).toBe("WITHDRAWN");
    // The withdrawal's own notice is read on the next page.
    await client.fetch("/self-service/insurance");

    const sent = await post(client, "/self-service/beneficiaries", { _submission: key, ...ONE_PERSON });
    expect(await landed(client, sent)).toContain(NOT_SAVED.et);
    expect(await app.core.db.query(`SELECT 1 FROM beneficiary_changes WHERE customer_id = $1`, [customer.id])).toEqual([]);
  });

  it("a form sent again with the key that saved it lands where the save did, with no such word", async () => {
    const { client } = await customerAt(app, "offer");
    const key = await keyOf(client, "/offer");
    const offer = { _submission: key, applicationConsent: "on", insuranceConditionsConsent: "on", insurerDataSharingConsent: "on", intent: "save" };
    expect((await post(client, "/offer", offer)).headers.get("location")).toBe("/offer?step=signing");
    await signOnDemoDesk(door(client));

    // The browser's Back to the offer, and its form sent again.
    const resent = await post(client, "/offer", offer);
    expect(resent.headers.get("location")).toBe("/offer?step=signing");
    const signing = await client.fetch("/offer?step=signing");
    expect(signing.headers.get("location")).toBe("/confirmation");
    expect(await landed(client, signing)).not.toContain(NOT_SAVED.et);
  });
});
