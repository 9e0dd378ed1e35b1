import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../support/app";
import { freshPersonalCode } from "../support/personal-codes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("POST /api/auth/init and /api/auth/complete", () => {
  it("signs a new customer in and lands them on /account", async () => {
    const client = new Client(app.url);
    const code = freshPersonalCode({ age: 30 });
    const body = await client.signIn(code);
    expect(body).toMatchObject({ result: "SUCCESS", authenticationMethod: "smart-id", redirectTo: "/account" });
    const state = await client.fetch("/api/onboarding/state");
    expect(await state.json()).toEqual({ state: "NEW", intermediary: null });
    const user = await (await client.fetch("/api/account/user")).json();
    expect(user).toMatchObject({ firstName: "Test", lastName: "Kasutaja", userCode: code, country: "EE" });
  });
});
