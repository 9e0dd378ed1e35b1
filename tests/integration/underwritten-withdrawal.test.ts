/**
 * A contract the underwriter had to accept is concluded on the acceptance, and its 30 days to
 * withdraw count from that day (docs/decisions/0273): the offer says so before signing, the
 * acceptance records its time, and the terms, the withdrawal and the policy count from it. The
 * migration fills the time in for a case accepted before it, from the operator's audit row.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withdrawalUntil } from "~/core/contract-term";
import { addDays, today } from "~/core/clock";
import { migrate } from "~/core/db/migrations";
import { formatDate } from "~/lib/euro";
import { startTestApp, type TestApp } from "../support/app";
import { noon, signedInAgain } from "../support/customers";
import { databaseBefore } from "../support/database";
import { customerReadyToSign, NEEDS_UNDERWRITING } from "../support/offer-application";
import { pdfText } from "../support/pdf-text";
import { door, json, saveStep } from "../support/reach";
import { signOnDemoDesk } from "../support/walk";

let app: TestApp;
const NOW = new Date().toISOString();
beforeAll(async () => {
  app = await startTestApp({ now: NOW });
});
beforeEach(() => app.clock.set(NOW));
afterAll(() => app.close());

/** A customer ready to sign on `on` (noon, the app's clock moved there). */
async function readyToSignOn(on: string, rows?: typeof NEEDS_UNDERWRITING) {
  app.clock.set(noon(on));
  return customerReadyToSign(app, rows ? { rows } : {});
}

describe("an application the underwriter must accept", () => {
  it("is told before signing that the 30 days start on the acceptance; the days count from it, and a withdrawal within them credits every invoice", async () => {
    const signedOn = addDays(today(app.clock), -40);
    const acceptedOn = addDays(signedOn, 15);
    const { client, code, customer } = await readyToSignOn(signedOn, NEEDS_UNDERWRITING);

    // Before signing: no last day yet (the offer page says from when the days count: tests/e2e/offer.spec.ts).
    const offer = await json(await client.fetch("/api/onboarding/offer"));
    expect(offer.term).toMatchObject({ withdrawalFrom: "acceptance", withdrawalUntil: null, withdrawalDays: 30 });

    await saveStep(client, "offer");
    expect(await signOnDemoDesk(door(client))).toMatchObject({ state: "EUW" });
    // Before the acceptance only the application may be withdrawn, with no days counted (docs/decisions/0295).
    expect(await json(await client.fetch("/api/self-service/withdrawal"))).toMatchObject({ concludedOn: null, withdrawalUntil: null, ending: { kind: "application" } });

    app.clock.set(noon(acceptedOn));
    expect(await app.core.offer.operations.accept(code)).toEqual({ ok: true, value: { state: "SELF_SERVICE" } });
    const [policy] = await app.core.db.query<{ accepted_at: Date; start_date: string }>(`SELECT accepted_at, start_date::text FROM policies WHERE customer_id = $1`, [
      customer.id,
    ]);
    expect(policy.accepted_at.toISOString()).toBe(noon(acceptedOn).toISOString());
    // Covered from the acceptance: the planned start (the day after signing) has passed.
    expect(policy.start_date).toBe(acceptedOn);

    // 40 days after signing, 25 after the acceptance: still a withdrawal, until the acceptance + 30.
    app.clock.set(NOW);
    const holder = await signedInAgain(app, code);
    const terms = await json(await holder.fetch("/api/self-service/withdrawal"));
    const until = withdrawalUntil(acceptedOn);
    expect(terms).toMatchObject({ signedOn, concludedOn: acceptedOn, withdrawalUntil: until, ending: { kind: "withdrawal", withdrawalUntil: until } });

    // The policy states both days and counts the withdrawal from the acceptance.
    const text = (await pdfText(new Uint8Array(await (await holder.fetch("/api/documents/policy?lng=en")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain(`Signed ${formatDate(signedOn)}`);
    expect(text).toContain(`Accepted by the insurer ${formatDate(acceptedOn)}`);
    expect(text).toContain(`Within 30 days of the insurer accepting your application (until ${formatDate(until)}), without giving a reason.`);

    const invoices: { pid: string }[] = await json(await holder.fetch("/api/invoices"));
    expect(invoices.length).toBeGreaterThan(0);
    const ended = await json(await holder.fetch("/api/self-service/withdrawal", { method: "POST", json: { confirm: true, method: "smart-id", idCode: code } }));
    expect(ended).toMatchObject({ kind: "withdrawal", endDate: null, state: "WITHDRAWN" });
    expect([...ended.creditNotes].sort()).toEqual(invoices.map((i) => i.pid.replace("EK-", "KR-")).sort());
  });

  it("after the acceptance's 30 days is a cancellation", async () => {
    const signedOn = addDays(today(app.clock), -60);
    const acceptedOn = addDays(signedOn, 10);
    const { client, code } = await readyToSignOn(signedOn, NEEDS_UNDERWRITING);
    await saveStep(client, "offer");
    await signOnDemoDesk(door(client));
    app.clock.set(noon(acceptedOn));
    await app.core.offer.operations.accept(code);
    app.clock.set(NOW);
    const terms = await json(await (await signedInAgain(app, code)).fetch("/api/self-service/withdrawal"));
    expect(terms).toMatchObject({ concludedOn: acceptedOn, withdrawalUntil: withdrawalUntil(acceptedOn), ending: { kind: "cancellation" } });
  });

  it("a contract concluded on signing counts from the signing, and its offer says so with the last day", async () => {
    const { client } = await readyToSignOn(today(app.clock));
    const offer = await json(await client.fetch("/api/onboarding/offer"));
    expect(offer.term).toMatchObject({ withdrawalFrom: "signing", withdrawalUntil: withdrawalUntil(today(app.clock)) });
    await saveStep(client, "offer");
    expect(await signOnDemoDesk(door(client))).toMatchObject({ state: "AGREEMENT_SIGNED" });
    const terms = await json(await client.fetch("/api/self-service/withdrawal"));
    expect(terms).toMatchObject({ signedOn: today(app.clock), concludedOn: today(app.clock), withdrawalUntil: withdrawalUntil(today(app.clock)) });
  });
});

describe("migration 0022_policy_accepted_at", () => {
  it("gives a case accepted before it the time of the operator's acceptance after its signing, and nothing to one concluded on signing", async () => {
    const db = await databaseBefore("0022_policy_accepted_at");
    try {
      const customer = async (code: string) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, state, created_at, updated_at)
             VALUES ($1, 'Mari', 'Maasikas', '1985-03-02', 'SELF_SERVICE', now(), now()) RETURNING id`,
            [code],
          )
        )[0].id;
      const policy = async (customerId: number, status: string, signedAt: string) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO policies (customer_id, status, signed_document, document_sha256, signed_at, start_date, death_cover, disability_cover, services, estimation, language)
             VALUES ($1, $2, '\\x00', 'x', $3, '2026-01-15', 100000, 0, '[]', '{}', 'et') RETURNING id`,
            [customerId, status, signedAt],
          )
        )[0].id;
      const audited = (customerId: number, subject: string, at: string) =>
        db.query(`INSERT INTO health_data_audit (customer_id, actor, action, subject, at, reason) VALUES ($1, 'operator', 'write', $2, $3, 'r')`, [customerId, subject, at]);

      const accepted = await customer("48503020132");
      const acceptedPolicy = await policy(accepted, "ACTIVE", "2026-01-10T10:00:00Z");
      await audited(accepted, "euw:accept", "2026-01-20T09:00:00Z");
      await audited(accepted, "euw:accept", "2026-01-21T09:00:00Z");
      // Signed again after withdrawing: the first policy's acceptance is not the second's.
      const again = await customer("38503020139");
      const first = await policy(again, "WITHDRAWN", "2026-01-01T10:00:00Z");
      await audited(again, "euw:accept", "2026-01-05T09:00:00Z");
      const second = await policy(again, "ACTIVE", "2026-03-01T10:00:00Z");
      const onSigning = await customer("48503020143");
      const signedPolicy = await policy(onSigning, "ACTIVE", "2026-01-10T10:00:00Z");
      const waiting = await customer("38503020128");
      const waitingPolicy = await policy(waiting, "EUW", "2026-01-10T10:00:00Z");
      await audited(waiting, "euw:decline", "2026-01-12T09:00:00Z");

      await migrate(db);
      const rows = await db.query<{ id: number; accepted_at: Date | null }>(`SELECT id, accepted_at FROM policies`);
      const acceptedAt = (id: number) => rows.find((r) => Number(r.id) === Number(id))!.accepted_at?.toISOString() ?? null;
      expect(acceptedAt(acceptedPolicy)).toBe("2026-01-20T09:00:00.000Z");
      expect(acceptedAt(first)).toBe("2026-01-05T09:00:00.000Z");
      expect(acceptedAt(second)).toBeNull();
      expect(acceptedAt(signedPolicy)).toBeNull();
      expect(acceptedAt(waitingPolicy)).toBeNull();
      // Only a concluded policy has an acceptance, never before its signing.
      await expect(db.query(`UPDATE policies SET accepted_at = now() WHERE id = $1`, [waitingPolicy])).rejects.toThrow(/policies_accepted_after_signing/);
      await expect(db.query(`UPDATE policies SET accepted_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [signedPolicy])).rejects.toThrow(/policies_accepted_after_signing/);
    } finally {
      await db.close();
    }
  });
});
