/**
 * The self-service change of beneficiaries as pages (docs/decisions/0145): the loader and
 * action of /self-service/beneficiaries (the form mechanism: field errors, the redirect to the
 * signing screen, a double submit saving once, discarding), the signing screen, the demo
 * signing page's no-JavaScript post completing the change, and the insurance tab and a
 * version's web page afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as changeAction, loader as changeLoader } from "~/routes/self-service.beneficiaries";
import { loader as signingLoader } from "~/routes/self-service.beneficiaries_.sign";
import { loader as insuranceLoader } from "~/routes/self-service.insurance";
import { loader as versionLoader } from "~/routes/self-service.documents.policy.$version";
import { startTestApp, type TestApp } from "../support/app";
import { freshPolicyholder, policyholderSince } from "../support/customers";
import { ONE_PERSON, signWithoutJs } from "../support/beneficiary-change";
import { expectRedirect, routeArgs, run } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Page = { defaults: { beneficiaries: Array<{ name: string }> }; pending: { date: string } | null; submissionKey: string; discardKey: string };

describe("/self-service/beneficiaries", () => {
  it("starts from the policy's list; a wrong list comes back with its errors; a saved one is pending and goes to signing, once per key", async () => {
    const { customer, cookie } = await freshPolicyholder(app);
    const first = await run<Page>(() => changeLoader(routeArgs(app, "/self-service/beneficiaries", { cookie })));
    expect(first.data!.defaults.beneficiaries.map((b) => b.name)).toEqual(["Tamm", "Tamme Kodu OÜ"]);
    expect(first.data!.pending).toBeNull();

    const wrong = await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form: { ...ONE_PERSON, "beneficiaries[0].sharePercent": "90" } })));
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain("error.total");

    const form = { ...ONE_PERSON, _submission: first.data!.submissionKey };
    expectRedirect(await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form }))), "/self-service/beneficiaries/sign");
    expectRedirect(await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form }))), "/self-service/beneficiaries/sign");
    const rows = await app.core.db.query(`SELECT 1 FROM beneficiary_changes WHERE customer_id = $1`, [customer.id]);
    expect(rows).toHaveLength(1);
    const audit = await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE customer_id = $1 AND subject LIKE 'beneficiary-change:%:saved'`, [customer.id]);
    expect(audit).toHaveLength(1);

    // The page now starts from the pending list; the insurance tab still shows the policy's.
    const again = await run<Page>(() => changeLoader(routeArgs(app, "/self-service/beneficiaries", { cookie })));
    expect(again.data!.defaults.beneficiaries.map((b) => b.name)).toEqual(["Pärn"]);
    expect(again.data!.pending!.date).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    const insurance = await run<{ insurance: { beneficiaries: unknown[] }; change: { pending: unknown; outcome: unknown } }>(() =>
      insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie })),
    );
    expect(insurance.data!.insurance.beneficiaries).toHaveLength(2);
    expect(insurance.data!.change).toMatchObject({ pending: { date: again.data!.pending!.date }, outcome: null });
  });

  it("the signing screen starts a signing; the demo page's post without JavaScript completes the change; the insurance tab says so and keeps version 1", async () => {
    const { client, cookie } = await freshPolicyholder(app);
    // Without a pending change there is nothing to sign.
    expectRedirect(await run(() => signingLoader(routeArgs(app, "/self-service/beneficiaries/sign", { cookie }))), "/self-service/beneficiaries");
    await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form: ONE_PERSON })));
    const signing = await run<{ signing: { frameUrl: string } }>(() => signingLoader(routeArgs(app, "/self-service/beneficiaries/sign", { cookie })));
    const frameUrl = signing.data!.signing!.frameUrl;
    expect(frameUrl).toMatch(/^\/sign\/demo\/signing\/[^?]+\?access_token=/);

    // The frame's page names the change document.
    const framePage = await (await client.fetch(frameUrl)).text();
    expect(framePage).toContain("Soodustatud isikute muutmise avaldus (PDF");
    // Sign pressed with JavaScript off: a top-level post, then the insurance tab.
    const posted = await signWithoutJs(client, frameUrl);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/self-service/insurance?beneficiaries=signed");

    const insurance = await run<{ insurance: { beneficiaries: Array<{ name: string }> }; change: { outcome: string; version: number; versions: Array<{ version: number; until: string | null }> } }>(() =>
      insuranceLoader(routeArgs(app, "/self-service/insurance?beneficiaries=signed", { cookie })),
    );
    expect(insurance.data!.insurance.beneficiaries.map((b) => b.name)).toEqual(["Pärn"]);
    expect(insurance.data!.change).toMatchObject({ outcome: "signed", version: 2 });
    expect(insurance.data!.change.versions).toEqual([
      { version: 1, from: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/), until: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/) },
      { version: 2, from: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/), until: null },
    ]);

    // Version 1's web page: the beneficiaries it had, titled as that version.
    const version = await run<{ title: string; model: { blocks: unknown[] } }>(() => versionLoader({ ...routeArgs(app, "/self-service/documents/policy/1", { cookie }), params: { version: "1" } }));
    expect(version.data!.title).toBe("Kindlustuspoliis, versioon 1 | Elukaitse");
    expect(JSON.stringify(version.data!.model.blocks)).toContain("Tamme Kodu OÜ");
    const missing = await run(() => versionLoader({ ...routeArgs(app, "/self-service/documents/policy/7", { cookie }), params: { version: "7" } }));
    expect(missing.status).toBe(404);
  });

  it("a change whose policy is withdrawn meanwhile: its signing is refused, and the signing screen says so without starting another", async () => {
    // Within the 30 days: a withdrawal, whose cover never ran (a cancelled policy's change goes on
    // while its cover runs: tests/integration/beneficiaries-while-cover-runs.test.ts, docs/decisions/0291).
    const { client, cookie, code, customer } = await policyholderSince(app, 5);
    await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form: ONE_PERSON })));
    const signing = await run<{ signing: { frameUrl: string } }>(() => signingLoader(routeArgs(app, "/self-service/beneficiaries/sign", { cookie })));
    // Withdrawn, the change still pending.
    const withdrawn = await client.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } });
    expect(withdrawn.status, await withdrawn.text()).toBe(200);
    // Sign pressed with JavaScript off: refused, back to the signing screen.
    const posted = await signWithoutJs(client, signing.data!.signing!.frameUrl);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/self-service/beneficiaries/sign?signing=failed");
    // The screen says why (it redirected to the insurance tab without a word), with no new signing.
    const before = await app.core.db.query(`SELECT 1 FROM signings WHERE customer_id = $1`, [customer.id]);
    const refused = await run<{ signing: unknown; signingError: string | null; signingFailed: string | null }>(() =>
      signingLoader(routeArgs(app, "/self-service/beneficiaries/sign?signing=failed", { cookie })),
    );
    expect(refused.status).toBe(200);
    expect(refused.data).toMatchObject({ signing: null, signingError: "error.no_policy_to_change", signingFailed: "failed" });
    const after = await app.core.db.query(`SELECT 1 FROM signings WHERE customer_id = $1`, [customer.id]);
    expect(after).toHaveLength(before.length);
  });

  it("a pending change is discarded from the page, once", async () => {
    const { customer, cookie } = await freshPolicyholder(app);
    await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form: ONE_PERSON })));
    const page = await run<Page>(() => changeLoader(routeArgs(app, "/self-service/beneficiaries", { cookie })));
    const form = { intent: "discard", _submission: page.data!.discardKey };
    expectRedirect(await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form }))), "/self-service/insurance?beneficiaries=discarded");
    expectRedirect(await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form }))), "/self-service/insurance?beneficiaries=discarded");
    // Nothing pending any more: another discard just returns to the form.
    expectRedirect(await run(() => changeAction(routeArgs(app, "/self-service/beneficiaries", { cookie, form: { intent: "discard" } }))), "/self-service/beneficiaries");
    const audit = await app.core.db.query(`SELECT 1 FROM health_data_audit WHERE customer_id = $1 AND subject LIKE 'beneficiary-change:%:discarded'`, [customer.id]);
    expect(audit).toHaveLength(1);
    const insurance = await run<{ insurance: { beneficiaries: unknown[] } }>(() => insuranceLoader(routeArgs(app, "/self-service/insurance", { cookie })));
    expect(insurance.data!.insurance.beneficiaries).toHaveLength(2);
  });
});
