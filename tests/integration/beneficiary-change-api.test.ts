/**
 * Changing beneficiaries in self-service through the /api door (docs/api.md "Self-service:
 * changing beneficiaries", docs/decisions/0145), on fresh policyholders: the onboarding rules,
 * nothing effective before the demo signing, a new policy version per signed change with the
 * earlier ones readable, discarding, submission keys, audit rows, and one customer never
 * reading another's versions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../support/app";
import { pdfOf } from "../support/beneficiary-change";
import { freshPolicyholder } from "../support/customers";
import { freshPersonalCode } from "../support/personal-codes";
import { json } from "../support/reach";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const SEEDED = [
  { type: "P", firstName: "Mari", name: "Tamm", idCode: "49005150229", sharePercent: 60, email: "mari.tamm@example.com", phone: "+372 5234 5678" },
  { type: "C", firstName: null, name: "Tamme Kodu OÜ", idCode: "12345678", sharePercent: 40, email: "info@tammekodu.example.com", phone: "+372 600 1234" },
];
const NEW_LIST = [
  { type: "P", firstName: "Peeter", name: "Pärn", idCode: "37605030299", sharePercent: 70, email: "peeter@example.com", phone: "+372 5111 2222" },
  { type: "C", firstName: "", name: "Pärna Puit OÜ", idCode: "10123459", sharePercent: 30, email: "info@parnapuit.example.com", phone: "+372 600 4321" },
];

const key = () => `key-${crypto.randomUUID()}`;

/** Presses "sign" on the demo signing page, as its script does (mode=js). */
async function demoSign(client: Client, signing: { baseUrl: string; signingToken: string; accessToken: string }) {
  return client.fetch(`${signing.baseUrl}/signing/${signing.signingToken}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({ access_token: signing.accessToken, action: "sign", mode: "js" }).toString(),
  });
}

describe("changing beneficiaries through the /api", () => {
  it("shows the policy's beneficiaries and no pending change; refuses a list the onboarding rules refuse, and the same list", async () => {
    const { client } = await freshPolicyholder(app);
    const view = await json(await client.fetch("/api/self-service/beneficiaries"));
    // An active policy's cover has no end set: `coverUntil` null (docs/decisions/0291).
    expect(view).toEqual({ policyNumber: expect.stringMatching(/^EK-\d+$/), version: 1, current: SEEDED, pending: null, coverUntil: null });

    const total = await json(
      await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: [{ ...NEW_LIST[0], sharePercent: 60 }, NEW_LIST[1]] } }),
      400,
    );
    expect(total.errors).toEqual([{ code: "error.total", context: "beneficiaries" }]);
    const field = await json(
      await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: [{ ...NEW_LIST[0], idCode: "12345678901", sharePercent: 100 }] } }),
      400,
    );
    expect(field.errors).toEqual([{ code: "error.idCode", context: "beneficiaries[0].idCode" }]);
    // A registry code whose check digit is wrong (a typo of 10123459) was never given.
    const typo = await json(
      await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: [NEW_LIST[0], { ...NEW_LIST[1], idCode: "10123456" }] } }),
      400,
    );
    expect(typo.errors).toEqual([{ code: "error.registryCode", context: "beneficiaries[1].idCode" }]);
    // The list as answered (a company's firstName null) goes back as it is: it is the same list.
    const same = await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: view.current } }), 400);
    expect(same.errors).toEqual([{ code: "error.beneficiaries_unchanged" }]);
    expect(await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", body: "[]", headers: { "Content-Type": "application/json" } }), 400)).toEqual({
      errors: [{ code: "error.invalid" }],
    });
    expect((await json(await client.fetch("/api/self-service/beneficiaries"))).pending).toBeNull();
  });

  it("keeps the policy's beneficiaries until the change is signed; then the policy has version 2 and version 1 stays readable", async () => {
    const { client, customer } = await freshPolicyholder(app);
    const submissionKey = key();
    const saved = await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST, submissionKey } }));
    expect(saved).toEqual({ changeId: expect.any(Number), redirectTo: "/self-service/beneficiaries/sign", replayed: false });
    // A double submit: the first save's answer, no second change.
    const replay = await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST, submissionKey } }));
    expect(replay).toEqual({ ...saved, replayed: true });
    const [{ count }] = await app.core.db.query<{ count: string }>(`SELECT count(*) FROM beneficiary_changes WHERE customer_id = $1`, [customer.id]);
    expect(Number(count)).toBe(1);

    // Pending: nothing changed on the policy.
    const pending = await json(await client.fetch("/api/self-service/beneficiaries"));
    expect(pending.current).toEqual(SEEDED);
    expect(pending.pending).toMatchObject({ id: saved.changeId, beneficiaries: [NEW_LIST[0], { ...NEW_LIST[1], firstName: null }] });
    expect((await json(await client.fetch("/api/insurance"))).beneficiaries).toEqual(SEEDED);
    expect(await pdfOf(await client.fetch("/api/documents/policy"))).toContain("Tamme Kodu OÜ");

    const signing = await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
    expect(signing).toEqual({ baseUrl: "/sign/demo", signingToken: expect.any(String), accessToken: expect.any(String), signingMethod: "demo" });
    // Not signed yet: the provider has no signature.
    expect((await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} }), 409)).errors).toEqual([
      { code: "error.signing_not_done" },
    ]);
    // The document being signed states the change.
    const changeDocument = await pdfOf(await client.fetch(`${signing.baseUrl}/signing/${signing.signingToken}/document?access_token=${encodeURIComponent(signing.accessToken)}`));
    expect(changeDocument).toContain("Soodustatud isikute muutmise avaldus");
    expect(changeDocument).toContain("Pärna Puit OÜ");
    expect(changeDocument).toContain("Tamme Kodu OÜ");

    expect((await demoSign(client, signing)).status).toBe(200);
    const completed = await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} }));
    expect(completed).toEqual({ result: "SIGNED", version: 2, redirectTo: "/self-service/insurance?beneficiaries=signed", replayed: false });
    // A repeat after success answers the same, said to be a replay (no third version: below).
    expect(await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} }))).toEqual({ ...completed, replayed: true });

    const changed = [NEW_LIST[0], { ...NEW_LIST[1], firstName: null }];
    expect((await json(await client.fetch("/api/insurance"))).beneficiaries).toEqual(changed);
    expect(await json(await client.fetch("/api/self-service/beneficiaries"))).toMatchObject({ version: 2, current: changed, pending: null });

    const { items } = await json(await client.fetch("/api/self-service/policy/versions"));
    expect(items).toEqual([
      { version: 1, from: expect.any(String), until: items[1].from, beneficiaries: SEEDED, changeSha256: null },
      { version: 2, from: expect.any(String), until: null, beneficiaries: changed, changeSha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);

    // The policy document is the version in force; version 1 is readable as it was.
    const current = await pdfOf(await client.fetch("/api/documents/policy"));
    expect(current).toContain("Pärna Puit OÜ");
    expect(current).not.toContain("Tamme Kodu OÜ");
    expect(current).toMatch(/Poliisi versioon\s*2, kehtib alates/);
    // (A 64-character hash may wrap in the PDF's text.)
    expect(current.replace(/\s/g, "")).toContain(items[1].changeSha256);
    const first = await pdfOf(await client.fetch("/api/self-service/policy/versions/1"));
    expect(first).toContain("Tamme Kodu OÜ");
    expect(first).not.toContain("Pärna Puit OÜ");
    expect(first).toMatch(/1, kehtis .* asendatud versiooniga 2/);
    expect(await pdfOf(await client.fetch("/api/self-service/policy/versions/2?lng=en"))).toMatch(/Policy version\s*2, in force from/);
    expect(await pdfOf(await client.fetch("/api/self-service/policy/versions/2/change"))).toContain("Pärna Puit OÜ");
    for (const path of ["/api/self-service/policy/versions/3", "/api/self-service/policy/versions/0", "/api/self-service/policy/versions/x", "/api/self-service/policy/versions/1/change"]) {
      expect((await json(await client.fetch(path), 404)).errors).toEqual([{ code: "error.not_found" }]);
    }

    // Audited: the save and the signed change, by the customer.
    const audit = await app.core.db.query<{ actor: string; action: string; subject: string }>(
      `SELECT actor, action, subject FROM health_data_audit WHERE customer_id = $1 AND subject LIKE 'beneficiary-change:%' ORDER BY id`,
      [customer.id],
    );
    expect(audit).toEqual([
      { actor: `customer:${customer.id}`, action: "write", subject: `beneficiary-change:${saved.changeId}:saved` },
      { actor: `customer:${customer.id}`, action: "write", subject: `beneficiary-change:${saved.changeId}:signed` },
    ]);

    // The access log names the change's document as the change it is, never "application" or
    // "other": opened by the signing service (its desk, and the check of the signed file) and
    // read by the customer.
    const { items: reads } = await json(await client.fetch("/api/self-service/access-log?pageSize=100"));
    const changeReads = reads.filter((r: { what: string }) => r.what === "beneficiary-change").map((r: { who: string; format: string }) => `${r.who} ${r.format}`);
    expect(changeReads.sort()).toEqual(["signing pdf", "signing pdf", "you pdf"]);
    expect(reads.filter((r: { what: string }) => r.what === "application" || r.what === "other")).toEqual([]);

    // A second change is version 3; version 1 and 2 stay.
    await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: SEEDED.map((b) => ({ ...b, firstName: b.firstName ?? "" })) } }));
    const again = await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
    await demoSign(client, again);
    expect((await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} }))).version).toBe(3);
    expect((await json(await client.fetch("/api/self-service/policy/versions"))).items.map((v: { version: number }) => v.version)).toEqual([1, 2, 3]);
    expect(await pdfOf(await client.fetch("/api/self-service/policy/versions/2"))).toContain("Pärna Puit OÜ");
  });

  it("discards a pending change once; its signing can no longer make it effective", async () => {
    const { client, customer } = await freshPolicyholder(app);
    await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST } }));
    const signing = await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
    const submissionKey = key();
    const discarded = await json(await client.fetch("/api/self-service/beneficiaries/change/discard", { method: "POST", json: { submissionKey } }));
    expect(discarded).toEqual({ changeId: expect.any(Number), redirectTo: "/self-service/insurance?beneficiaries=discarded", replayed: false });
    expect(await json(await client.fetch("/api/self-service/beneficiaries/change/discard", { method: "POST", json: { submissionKey } }))).toEqual({ ...discarded, replayed: true });
    expect((await json(await client.fetch("/api/self-service/beneficiaries/change/discard", { method: "POST", json: {} }), 409)).errors).toEqual([
      { code: "error.no_pending_change" },
    ]);
    // The abandoned signing's page no longer signs, and completing it is told it ended.
    expect((await demoSign(client, signing)).status).toBe(409);
    expect((await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} }), 409)).errors).toEqual([
      { code: "error.signing_ended" },
    ]);
    expect((await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }), 409)).errors).toEqual([{ code: "error.no_pending_change" }]);
    expect((await json(await client.fetch("/api/insurance"))).beneficiaries).toEqual(SEEDED);
    expect((await json(await client.fetch("/api/self-service/policy/versions"))).items).toHaveLength(1);
    const [row] = await app.core.db.query<{ status: string }>(`SELECT status FROM beneficiary_changes WHERE customer_id = $1`, [customer.id]);
    expect(row.status).toBe("discarded");
  });

  it("a new list replaces the pending one and ends its running signing; a failed signing changes nothing", async () => {
    const { client } = await freshPolicyholder(app);
    await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST } }));
    const first = await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
    const onlyPeeter = [{ ...NEW_LIST[0], sharePercent: 100 }];
    await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: onlyPeeter } }));
    expect((await demoSign(client, first)).status).toBe(409);

    await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
    const failed = await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: { errors: "cancelled by the signer" } }));
    expect(failed).toEqual({ result: "FAILED", version: 1, redirectTo: "/self-service/beneficiaries/sign", replayed: false });
    // The same failure again: its outcome, nothing recorded again.
    expect(await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: { errors: "cancelled by the signer" } }))).toEqual({ ...failed, replayed: true });
    expect((await json(await client.fetch("/api/insurance"))).beneficiaries).toEqual(SEEDED);

    const second = await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
    await demoSign(client, second);
    expect((await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} }))).result).toBe("SIGNED");
    expect((await json(await client.fetch("/api/insurance"))).beneficiaries).toEqual(onlyPeeter);
    expect((await json(await client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: { errors: 3 } }), 400)).errors).toEqual([
      { code: "error.invalid", context: "errors" },
    ]);
  });

  it("completed twice at once: one version, both answered SIGNED, the one that did not make it said to be a replay", async () => {
    for (let round = 0; round < 3; round++) {
      const { client } = await freshPolicyholder(app);
      await json(await client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST } }));
      const signing = await json(await client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" }));
      expect((await demoSign(client, signing)).status).toBe(200);
      const complete = () => client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: { signingToken: signing.signingToken } });
      const answers = await Promise.all([complete(), complete()]);
      // It was 409 error.no_pending_change for the second: the first had closed the change meanwhile.
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as { result: string; version: number; replayed: boolean }[];
      expect(bodies.map((b) => [b.result, b.version])).toEqual([
        ["SIGNED", 2],
        ["SIGNED", 2],
      ]);
      expect(bodies.map((b) => b.replayed).sort()).toEqual([false, true]);
      expect((await json(await client.fetch("/api/self-service/policy/versions"))).items).toHaveLength(2);
    }
  });

  it("is refused without a session, before the policy is in self-service, and never shows another customer's versions", async () => {
    const anonymous = new Client(app.url);
    expect((await json(await anonymous.fetch("/api/self-service/beneficiaries"), 401)).errors).toEqual([{ code: "error.unauthenticated" }]);
    expect((await json(await anonymous.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST } }), 401)).errors).toEqual([
      { code: "error.unauthenticated" },
    ]);

    const newcomer = new Client(app.url);
    expect((await newcomer.signIn(freshPersonalCode({ age: 30 }))).result).toBe("SUCCESS");
    expect((await json(await newcomer.fetch("/api/self-service/beneficiaries"), 409)).errors).toEqual([{ code: "error.wrong_state" }]);
    expect((await json(await newcomer.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST } }), 409)).errors).toEqual([
      { code: "error.wrong_state" },
    ]);
    expect((await json(await newcomer.fetch("/api/self-service/policy/versions"), 404)).errors).toEqual([{ code: "error.not_found" }]);

    // Someone else's changed policy: this customer still sees only their own single version.
    const other = await freshPolicyholder(app);
    await json(await other.client.fetch("/api/self-service/beneficiaries/change", { method: "POST", json: { beneficiaries: NEW_LIST } }));
    await demoSign(other.client, await json(await other.client.fetch("/api/self-service/beneficiaries/sign/init", { method: "POST" })));
    await json(await other.client.fetch("/api/self-service/beneficiaries/sign/complete", { method: "POST", json: {} }));
    const mine = await freshPolicyholder(app);
    expect((await json(await mine.client.fetch("/api/self-service/policy/versions"))).items).toHaveLength(1);
    expect((await json(await mine.client.fetch("/api/self-service/policy/versions/2"), 404)).errors).toEqual([{ code: "error.not_found" }]);
  });
});
