import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { dokobitIdentityProvider, properName } from "../../app/core/auth/dokobit.js";
import { EidProviderError, type EidProvider } from "../../app/core/auth/provider.js";
import { startFakeDokobitIdentity, type FakeDokobitIdentity } from "../fakes/dokobit-identity.js";

const RETURN_URL = "https://elukindlustus.example/login/return?x=1";

let fake: FakeDokobitIdentity;
let eid: EidProvider;

beforeAll(async () => {
  fake = await startFakeDokobitIdentity({ accessToken: "s3cret-access-token" });
  eid = dokobitIdentityProvider({ baseUrl: fake.url, accessToken: fake.accessToken });
});

afterAll(async () => {
  await fake?.close();
});

function lastRequest(match: (r: FakeDokobitIdentity["requests"][number]) => boolean) {
  const found = [...fake.requests].reverse().find(match);
  expect(found).toBeDefined();
  return found!;
}

/** Follows the hosted page's redirect back to us, as the customer's browser would. */
async function comeBack(widgetUrl: string): Promise<URLSearchParams> {
  const res = await fetch(widgetUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(location.origin + location.pathname).toBe("https://elukindlustus.example/login/return");
  return location.searchParams;
}

async function expectProviderError(promise: Promise<unknown>, secrets: string[] = []): Promise<EidProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EidProviderError);
  const message = (err as Error).message;
  for (const secret of secrets) expect(message).not.toContain(secret);
  return err as EidProviderError;
}

describe("dokobit identity provider against the fake gateway", () => {
  it("signs a person in: start → hosted page → return URL → complete, with title-cased names", async () => {
    const session = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
    expect(session.sessionToken).toMatch(/^[0-9a-f]{64}$/);
    const widgetUrl = new URL(session.widgetUrl!);
    expect(widgetUrl.origin).toBe(fake.url);
    expect(widgetUrl.pathname).toBe(`/auth/${session.sessionToken}`);
    expect(widgetUrl.searchParams.get("locale")).toBe("et");

    const create = lastRequest((r) => r.path === "/api/authentication/create");
    expect(create.method).toBe("POST");
    expect(create.query.access_token).toBe("s3cret-access-token");
    expect(create.body).toEqual({ return_url: RETURN_URL });

    // Before the customer has finished, the hosted page is a page, not a redirect.
    const pending = await fetch(session.widgetUrl!, { redirect: "manual" });
    expect(pending.status).toBe(200);
    expect(await pending.text()).toContain("<form");

    fake.authenticate(session.sessionToken, { code: "49005150229", name: "MARI-LIIS", surname: "ÕUNAPUU", method: "smartid" });
    const query = await comeBack(session.widgetUrl!);
    expect(query.get("x")).toBe("1");
    const returnToken = eid.returnTokenFrom!(query);
    expect(returnToken).toBe(session.sessionToken);

    const outcome = await eid.complete({ sessionToken: session.sessionToken, returnToken: returnToken! });
    expect(outcome).toEqual({
      result: "SUCCESS",
      authenticationMethod: "smart-id",
      identity: { personalCode: "49005150229", firstName: "Mari-Liis", lastName: "Õunapuu" },
    });
    const status = lastRequest((r) => r.path.endsWith("/status"));
    expect(status.method).toBe("GET");
    expect(status.path).toBe(`/api/authentication/${session.sessionToken}/status`);
    expect(status.query.access_token).toBe("s3cret-access-token");
  });

  it("maps Dokobit's method names and keeps double names", async () => {
    const session = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
    fake.authenticate(session.sessionToken, { code: "38503020139", name: "JAAN ÜLO", surname: "TAMM-ŠEŽ", method: "mobile" });
    const returnToken = eid.returnTokenFrom!(new URL(fake.returnUrlFor(session.sessionToken)).searchParams)!;
    expect(await eid.complete({ sessionToken: session.sessionToken, returnToken })).toEqual({
      result: "SUCCESS",
      authenticationMethod: "mobile-id",
      identity: { personalCode: "38503020139", firstName: "Jaan Ülo", lastName: "Tamm-Šež" },
    });
  });

  it("a refused or cancelled sign-in is UNAUTHORIZED", async () => {
    for (const refusal of [{ status: "canceled" }, { status: "error" }, { status: "error", httpStatus: 400 }]) {
      const session = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
      fake.authenticate(session.sessionToken, refusal);
      const returnToken = eid.returnTokenFrom!(await comeBack(session.widgetUrl!))!;
      expect(await eid.complete({ sessionToken: session.sessionToken, returnToken })).toEqual({
        result: "UNAUTHORIZED",
        authenticationMethod: null,
      });
    }
  });

  it("a locked or suspended certificate is LOCKED", async () => {
    const session = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
    fake.authenticate(session.sessionToken, { status: "error", message: "Certificate is suspended" });
    expect(await eid.complete({ sessionToken: session.sessionToken, returnToken: session.sessionToken })).toMatchObject({
      result: "LOCKED",
    });
  });

  it("coming back before finishing (status waiting) is UNAUTHORIZED", async () => {
    const session = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
    expect(await eid.complete({ sessionToken: session.sessionToken, returnToken: session.sessionToken })).toEqual({
      result: "UNAUTHORIZED",
      authenticationMethod: null,
    });
  });

  it("a non-Estonian person or a missing or invalid personal code is UNAUTHORIZED", async () => {
    const cases = [
      { code: "38503020139", name: "JONAS", surname: "JONAITIS", country: "lt" },
      { code: "", name: "JAAN", surname: "TAMM" },
      { code: "38503020130", name: "JAAN", surname: "TAMM" },
    ];
    for (const person of cases) {
      const session = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
      fake.authenticate(session.sessionToken, person);
      expect(await eid.complete({ sessionToken: session.sessionToken, returnToken: session.sessionToken })).toEqual({
        result: "UNAUTHORIZED",
        authenticationMethod: "smart-id",
      });
    }
  });

  it("a return token that is not this sign-in's session token is UNAUTHORIZED, without asking Dokobit", async () => {
    const mine = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
    const theirs = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
    fake.authenticate(theirs.sessionToken, { code: "49005150229", name: "MARI", surname: "MAASIKAS" });
    const before = fake.requests.length;
    expect(await eid.complete({ sessionToken: mine.sessionToken, returnToken: theirs.sessionToken })).toEqual({
      result: "UNAUTHORIZED",
      authenticationMethod: null,
    });
    expect(fake.requests.length).toBe(before);
  });

  it("returnTokenFrom reads session_token, or null", () => {
    expect(eid.returnTokenFrom!(new URLSearchParams("session_token=abc123"))).toBe("abc123");
    expect(eid.returnTokenFrom!(new URLSearchParams("x=1"))).toBeNull();
    expect(eid.returnTokenFrom!(new URLSearchParams("session_token="))).toBeNull();
    expect(eid.returnTokenFrom!(new URLSearchParams("session_token=../../x"))).toBeNull();
  });

  it("a wrong access token throws EidProviderError without the token in the message", async () => {
    const wrong = dokobitIdentityProvider({ baseUrl: fake.url, accessToken: "wrong-token-value" });
    const err = await expectProviderError(wrong.start({ returnUrl: RETURN_URL, locale: "et" }), ["wrong-token-value"]);
    expect(err.message).toMatch(/HTTP 403/);

    const session = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
    fake.authenticate(session.sessionToken, { code: "49005150229", name: "MARI", surname: "MAASIKAS" });
    await expectProviderError(wrong.complete({ sessionToken: session.sessionToken, returnToken: session.sessionToken }), [
      "wrong-token-value",
      session.sessionToken,
      "49005150229",
    ]);

    const none = dokobitIdentityProvider({ baseUrl: fake.url, accessToken: "" });
    expect((await expectProviderError(none.start({ returnUrl: RETURN_URL, locale: "et" }))).message).toMatch(/HTTP 401/);
  });

  it("an unreachable gateway throws EidProviderError", async () => {
    const closed = await startFakeDokobitIdentity();
    await closed.close();
    const gone = dokobitIdentityProvider({ baseUrl: closed.url, accessToken: "unreachable-secret" });
    await expectProviderError(gone.start({ returnUrl: RETURN_URL, locale: "et" }), ["unreachable-secret"]);
    const err = await expectProviderError(
      gone.complete({ sessionToken: "a".repeat(64), returnToken: "a".repeat(64) }),
      ["unreachable-secret", "a".repeat(64)],
    );
    expect(err.message).toMatch(/could not be reached/);
    expect(String((err.cause as Error | undefined)?.message ?? "")).not.toContain("unreachable-secret");
  });

  describe("a gateway that does not answer", () => {
    let silent: Server;
    let silentUrl: string;
    beforeAll(async () => {
      silent = createServer(() => {
        /* never answers */
      });
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });

    it("times out with EidProviderError", async () => {
      const slow = dokobitIdentityProvider({ baseUrl: silentUrl, accessToken: "slow-secret", timeoutMs: 200 });
      const started = Date.now();
      const err = await expectProviderError(slow.start({ returnUrl: RETURN_URL, locale: "et" }), ["slow-secret"]);
      expect(err.message).toMatch(/no answer within 200 ms/);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });

  it("malformed answers throw EidProviderError", async () => {
    const malformed: Array<[unknown, number]> = [
      ["<html>Internal error</html>", 200],
      [{ status: "ok", code: "49005150229", country_code: "ee", authentication_method: "smartid" }, 200],
      [{ status: "ok", code: 49005150229, name: "MARI", surname: "MAASIKAS", country_code: "ee", authentication_method: "smartid" }, 200],
      [{ status: "ok", code: "49005150229", name: "MARI", surname: "MAASIKAS", country_code: "ee" }, 200],
      [{ hello: "world" }, 200],
      [[1, 2, 3], 200],
      [{ status: "error", message: "We have encountered some problems.", error_code: 500 }, 500],
      ["", 200],
    ];
    for (const [body, httpStatus] of malformed) {
      const session = await eid.start({ returnUrl: RETURN_URL, locale: "et" });
      fake.respondRaw(session.sessionToken, body, httpStatus);
      await expectProviderError(eid.complete({ sessionToken: session.sessionToken, returnToken: session.sessionToken }), [
        "s3cret-access-token",
        session.sessionToken,
        "49005150229",
      ]);
    }
  });

  it("a malformed session creation answer throws EidProviderError", async () => {
    const stub = (body: unknown, status = 200): typeof fetch =>
      async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
    for (const fetchImpl of [
      stub({ status: "ok", url: "https://id.example/auth/x" }),
      stub({ status: "ok", session_token: "abc", url: "javascript:alert(1)" }),
      stub({ status: "error", message: "return_url is not valid", error_code: 400 }, 400),
      stub("not json"),
    ]) {
      const p = dokobitIdentityProvider({ baseUrl: "https://id.example", accessToken: "stub-secret", fetch: fetchImpl });
      await expectProviderError(p.start({ returnUrl: RETURN_URL, locale: "et" }), ["stub-secret"]);
    }
    const p = dokobitIdentityProvider({ baseUrl: fake.url, accessToken: fake.accessToken });
    await expectProviderError(p.start({ returnUrl: "/relative", locale: "et" }));
  });

  it("the fake validates the create request", async () => {
    const url = `${fake.url}/api/authentication/create?access_token=${fake.accessToken}`;
    const missing = await fetch(url, { method: "POST", body: new URLSearchParams({}) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ status: "error" });
    const bad = await fetch(url, { method: "POST", body: new URLSearchParams({ return_url: "not a url" }) });
    expect(bad.status).toBe(400);
  });
});

describe("properName", () => {
  it("title-cases upper-case names, Estonian letters and hyphenated or double names included", () => {
    expect(properName("MARI-LIIS ÕUNAPUU")).toBe("Mari-Liis Õunapuu");
    expect(properName("ÄLLI")).toBe("Älli");
    expect(properName("ÖÖBIK-ŽUKOVSKI")).toBe("Ööbik-Žukovski");
    expect(properName("  JAAN   ÜLO ")).toBe("Jaan Ülo");
    expect(properName("O’CONNEŽ-ŠUSLIK TESTNUMBER")).toBe("O’Connež-Šuslik Testnumber");
    expect(properName("mari")).toBe("Mari");
    expect(properName("McDonald")).toBe("McDonald");
  });
});
