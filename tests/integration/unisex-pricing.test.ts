/**
 * One unisex price (issue 20, docs/decisions/0080-unisex-pricing.md): two customers who differ
 * only in sex (the same birth date, personal codes with G = 3 and G = 4, the same answers)
 * walk the whole journey through /api and pay the same on every path: the live calculation,
 * the package page, the offer and its payment schedule, the signed policy and the first
 * invoice. And what is priced when: an unsigned offer on every read, a signed policy never
 * again.
 */
import { TRANSITIONS } from "~/lib/onboarding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "~/core/clock";
import { POLICYHOLDER_CODE } from "~/core/demo/policyholder";
import { EMPTY_POLICYHOLDER } from "~/core/demo/warning-and-empty";
import { migrate, migrations } from "~/core/db/migrations";
import type { Invoice } from "~/core/invoices";
import { estimate, type Estimation } from "~/core/pricing";
import { formatAmount } from "~/lib/euro";
import { ageOn, makePersonalCode, type Sex } from "~/lib/personal-code";
import { loader as packageLoader } from "~/routes/package";
import { Client, startTestApp, type TestApp } from "../support/app";
import { emptyDatabase } from "../support/database";
import { pdfText } from "../support/pdf-text";
import { walkTo } from "../support/reach";
import { routeArgs, run } from "../support/routes";

/** A schedule states the monthly premium in its 12 payments and in the age table's first row (decision 0090). */
const SCHEDULE_ROWS_AT_THE_PREMIUM = 13;

const NOW = "2026-03-10T10:00:00Z";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ now: NOW });
});
afterAll(() => app.close());

/** PRODUCT.md section 5's sanity anchor package: 100 000 / 100 000, no services. */
const PACKAGE = { sumInsuredForDeathCover: 100_000, sumInsuredForDisabilityCover: 100_000, services: [] as string[] };

/** The same birth date and serial, G = 3 (man) or 4 (woman): nothing else differs. */
const codesOf = (dateOfBirth: string) => {
  const serial = Math.floor(Math.random() * 1000);
  return { M: makePersonalCode(dateOfBirth, "M", serial), F: makePersonalCode(dateOfBirth, "F", serial) } satisfies Record<Sex, string>;
};

async function expectOk(response: Response, what: string) {
  expect(response.status, `${what}: ${await response.clone().text()}`).toBeLessThan(300);
  return response;
}

/** Every euro amount a PDF prints ("17,04"), in order. */
async function amountsIn(response: Response): Promise<string[]> {
  expect(response.status).toBe(200);
  const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/[\u00a0\u202f]/g, " ");
  return text.match(/\d{1,3}(?: \d{3})*,\d\d/g) ?? [];
}

const money = (cents: number) => formatAmount(cents, "et").replace(/[\u00a0\u202f]/g, " ");

/** A customer signed in and walked to the package step (tests/support/walk.ts). */
async function scoredCustomer(code: string) {
  const client = new Client(app.url);
  expect((await client.signIn(code)).result).toBe("SUCCESS");
  await walkTo(client, "package");
  return client;
}

/** From the package step to the offer, saving PRODUCT.md's anchor package on the way. */
const throughTheSteps = (client: Client) =>
  walkTo(client, "offer", { deathCover: PACKAGE.sumInsuredForDeathCover, disabilityCover: PACKAGE.sumInsuredForDisabilityCover, services: PACKAGE.services });

/** Consents, the demo signing provider's "sign", and the completion: AGREEMENT_SIGNED. */
async function sign(client: Client) {
  expect(await walkTo(client, "confirmation")).toBe("AGREEMENT_SIGNED");
}

async function policyOf(code: string) {
  const [row] = await app.core.db.query<{ estimation: Estimation; start_date: string }>(
    `SELECT p.estimation, to_char(p.start_date, 'YYYY-MM-DD') AS start_date FROM policies p JOIN customers c ON c.id = p.customer_id WHERE c.personal_code = $1`,
    [code],
  );
  return row;
}

interface Prices {
  calculation: Estimation;
  packagePage: Estimation;
  offer: Estimation;
  offerSchedule: string[];
  policy: Estimation;
  firstInvoice: Invoice;
  policySchedule: string[];
}

describe("the price does not depend on sex", () => {
  it("two customers who differ only in sex pay the same on every path, the one curve's price", async () => {
    app.clock.set(NOW);
    // 40 on 10 March 2026.
    const codes = codesOf("1986-01-15");
    const prices = {} as Record<Sex, Prices>;
    for (const sex of ["M", "F"] as const) {
      const client = await scoredCustomer(codes[sex]);
      const p = {} as Prices;
      p.calculation = await (await expectOk(await client.fetch("/api/onboarding/calculation", { method: "POST", json: PACKAGE }), "calculation")).json();
      await throughTheSteps(client);
      // The package page after the save: the saved package, priced.
      const page = await run<{ estimation: Estimation | null; values: unknown }>(() =>
        packageLoader(routeArgs(app, "/package", { cookie: client.cookieHeader }) as never),
      );
      expect(page.data!.values).toEqual(PACKAGE);
      p.packagePage = page.data!.estimation!;
      p.offer = (await (await expectOk(await client.fetch("/api/onboarding/offer"), "offer view")).json()).estimation;
      p.offerSchedule = await amountsIn(await client.fetch("/api/onboarding/documents/payment-schedule"));
      await sign(client);
      const policy = await policyOf(codes[sex]);
      p.policy = policy.estimation;
      // The policy starts tomorrow; the operator's hourly activation makes them a policyholder.
      app.clock.set(`${policy.start_date}T10:00:00Z`);
      try {
        await app.core.offer.operations.activateDue();
        const holder = new Client(app.url);
        expect((await holder.signIn(codes[sex])).result).toBe("SUCCESS");
        const invoices: Invoice[] = await (await expectOk(await holder.fetch("/api/invoices"), "invoices")).json();
        expect(invoices).toHaveLength(1);
        p.firstInvoice = invoices[0];
        p.policySchedule = await amountsIn(await holder.fetch("/api/documents/payment-schedule"));
      } finally {
        app.clock.set(NOW);
      }
      prices[sex] = p;
    }

    const { M, F } = prices;
    // PRODUCT.md section 5's anchor, whatever the sex: death 7.34, disability 8.20, membership 1.50.
    const expected = estimate({ age: 40, ...PACKAGE, services: [], wellnessScore: M.calculation.wellnessScore, smoker: false });
    expect(expected).toMatchObject({ premiumForDeathCover: 734, premiumForDisabilityCover: 820, membershipFee: 150 });
    for (const p of [M, F]) {
      expect(p.calculation).toEqual(expected);
      expect(p.packagePage).toEqual(expected);
      expect(p.offer).toEqual(expected);
      expect(p.policy).toEqual(expected);
      // Twelve payments of the monthly premium, before signing and after.
      expect(p.offerSchedule.filter((a) => a === money(expected.premiumTotal))).toHaveLength(SCHEDULE_ROWS_AT_THE_PREMIUM);
      expect(p.policySchedule.filter((a) => a === money(expected.premiumTotal))).toHaveLength(SCHEDULE_ROWS_AT_THE_PREMIUM);
      expect(p.firstInvoice.sum).toBe(expected.premiumTotal);
    }
    // And nothing on any path tells them apart (the invoice's own identifiers aside).
    expect(F.calculation).toEqual(M.calculation);
    expect(F.packagePage).toEqual(M.packagePage);
    expect(F.offer).toEqual(M.offer);
    expect(F.offerSchedule).toEqual(M.offerSchedule);
    expect(F.policy).toEqual(M.policy);
    expect(F.policySchedule).toEqual(M.policySchedule);
    expect({ sum: F.firstInvoice.sum, lines: F.firstInvoice.lines, discountPercent: F.firstInvoice.discountPercent }).toEqual({
      sum: M.firstInvoice.sum,
      lines: M.firstInvoice.lines,
      discountPercent: M.firstInvoice.discountPercent,
    });
  }, 60_000);
});

describe("what is priced when", () => {
  // 39 on 10 March 2026, 40 on the 11th: a birthday is a change of price the clock can make.
  const BIRTH_DATE = "1986-03-11";

  it("prices an offer not yet signed again on every read: the offer and its schedule follow a birthday", async () => {
    app.clock.set(NOW);
    const code = codesOf(BIRTH_DATE).F;
    const client = await scoredCustomer(code);
    await throughTheSteps(client);
    const before = (await (await client.fetch("/api/onboarding/offer")).json()).estimation as Estimation;
    // 39: q = 0.0001181 × e^3.0186 × 0.25 = 0.00060416; death 679.6788 → 680; disability 772.2031 → 772.
    expect(before).toMatchObject({ premiumForDeathCover: 680, premiumForDisabilityCover: 772 });
    expect(await amountsIn(await client.fetch("/api/onboarding/documents/payment-schedule"))).toContain(money(before.premiumTotal));
    app.clock.set("2026-03-11T10:00:00Z");
    try {
      const later = new Client(app.url);
      expect((await later.signIn(code)).result).toBe("SUCCESS");
      const after = (await (await later.fetch("/api/onboarding/offer")).json()).estimation as Estimation;
      // 40: the anchor's 734 and 820; nothing of the day before was kept.
      expect(after).toMatchObject({ premiumForDeathCover: 734, premiumForDisabilityCover: 820 });
      const schedule = await amountsIn(await later.fetch("/api/onboarding/documents/payment-schedule"));
      expect(schedule.filter((a) => a === money(after.premiumTotal))).toHaveLength(SCHEDULE_ROWS_AT_THE_PREMIUM);
      expect(schedule).not.toContain(money(before.premiumTotal));
    } finally {
      app.clock.set(NOW);
    }
  });

  it("a signed policy keeps the premium its document states, even when the signing ends after a birthday", async () => {
    app.clock.set("2026-03-10T21:50:00Z"); // 23:50 in Tallinn, 39 years old
    const code = codesOf(BIRTH_DATE).M;
    const client = await scoredCustomer(code);
    await throughTheSteps(client);
    const offered = (await (await client.fetch("/api/onboarding/offer")).json()).estimation as Estimation;
    expect(offered.premiumForDeathCover).toBe(680);
    try {
      await expectOk(
        await client.fetch("/api/onboarding/offer", {
          method: "POST",
          json: { applicationConsent: true, insuranceConditionsConsent: true, insurerDataSharingConsent: true },
        }),
        "offer",
      );
      const config = await (await expectOk(await client.fetch("/api/sign/init", { method: "POST" }), "sign init")).json();
      // The document is signed after midnight: a read now would price a 40-year-old.
      app.clock.set("2026-03-10T22:10:00Z");
      await expectOk(
        await client.fetch(`/sign/demo/signing/${config.signingToken}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: new URLSearchParams({ access_token: config.accessToken, action: "sign", mode: "js" }).toString(),
        }),
        "demo signing",
      );
      expect((await (await client.fetch("/api/sign/complete", { method: "POST", json: {} })).json()).state).toBe("AGREEMENT_SIGNED");
      const policy = await policyOf(code);
      expect(policy.estimation).toEqual(offered);
      // The signed application states that price; the policy's schedule and invoices charge it.
      const signed = await amountsIn(await client.fetch("/api/onboarding/documents/application"));
      expect(signed).toContain(money(offered.premiumTotal));
      // A month on (and a birthday past), the invoices still charge what was signed.
      app.clock.set(`${addDays(policy.start_date, 31)}T10:00:00Z`);
      await app.core.offer.operations.activateDue();
      const holder = new Client(app.url);
      expect((await holder.signIn(code)).result).toBe("SUCCESS");
      const invoices: Invoice[] = await (await holder.fetch("/api/invoices")).json();
      expect(invoices).toHaveLength(2);
      for (const invoice of invoices) expect(invoice.sum).toBe(offered.premiumTotal);
      const schedule = await amountsIn(await holder.fetch("/api/documents/payment-schedule"));
      expect(schedule.filter((a) => a === money(offered.premiumTotal))).toHaveLength(SCHEDULE_ROWS_AT_THE_PREMIUM);
      // What a read would price today is different: the policy did not follow it.
      const today = estimate({ age: 40, ...PACKAGE, services: [], wellnessScore: offered.wellnessScore, smoker: false });
      expect(today.premiumTotal).not.toBe(offered.premiumTotal);
    } finally {
      app.clock.set(NOW);
    }
  });
});

describe("the demo policyholders", () => {
  it.each([
    ["Jaan Tamm", POLICYHOLDER_CODE],
    ["Helle Hein", EMPTY_POLICYHOLDER],
  ])("%s's policy, documents and invoices state the one curve's price, computed when seeded", async (_name, code) => {
    const [policy] = await app.core.db.query<{
      signed_at: Date | string;
      date_of_birth: string;
      death_cover: number;
      disability_cover: number;
      services: string[];
      estimation: Estimation;
    }>(
      `SELECT p.signed_at, to_char(c.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.death_cover, p.disability_cover, p.services, p.estimation
         FROM policies p JOIN customers c ON c.id = p.customer_id WHERE c.personal_code = $1`,
      [code],
    );
    const signedAt = new Date(policy.signed_at);
    const age = ageOn(policy.date_of_birth, today({ now: () => signedAt }));
    expect(policy.estimation).toEqual(
      estimate({
        age,
        sumInsuredForDeathCover: Number(policy.death_cover),
        sumInsuredForDisabilityCover: Number(policy.disability_cover),
        services: policy.services as never,
        wellnessScore: policy.estimation.wellnessScore,
        smoker: false,
      }),
    );
    // The demo was seeded today (the template's start): its invoices are issued up to today.
    app.clock.set(new Date().toISOString());
    try {
      const client = new Client(app.url);
      expect((await client.signIn(code)).result).toBe("SUCCESS");
      // What the documents print is that estimation: the signed application and the schedule.
      expect(await amountsIn(await client.fetch("/api/documents/application"))).toContain(money(policy.estimation.premiumTotal));
      const schedule = await amountsIn(await client.fetch("/api/documents/payment-schedule"));
      expect(schedule.filter((a) => a === money(policy.estimation.premiumTotal))).toHaveLength(SCHEDULE_ROWS_AT_THE_PREMIUM);
      const invoices: Invoice[] = await (await client.fetch("/api/invoices")).json();
      if (code === POLICYHOLDER_CODE) expect(invoices.length).toBeGreaterThan(5);
      for (const invoice of invoices) {
        expect(invoice.lines.find((l) => l.kind === "death")?.cents).toBe(policy.estimation.premiumForDeathCover);
      }
    } finally {
      app.clock.set(NOW);
    }
  });
});

describe("migration 0010_unisex", () => {
  it("ends a signing under way (its application was priced by sex); signed policies and issued invoices keep their figures; sex is no longer stored", async () => {
    const db = await emptyDatabase();
    try {
      await migrate(db, migrations.slice(0, migrations.findIndex((m) => m.id === "0010_unisex")));
      // Before: a man whose offer was being signed, priced with the men's curve (1125 cents of
      // death premium for 100 000 € at 40), and a policyholder with an issued invoice.
      const [signer, holder] = await db.query<{ id: number }>(
        `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, sex, state, created_at, updated_at)
         VALUES ('38601150000', 'Siim', 'Allkiri', '1986-01-15', 'M', $1, now(), now()),
                ('38503020139', 'Jaan', 'Tamm', '1985-03-02', 'M', 'SELF_SERVICE', now(), now()) RETURNING id`,
        [TRANSITIONS.signed.from],
      );
      const [pending] = await db.query<{ id: number }>(
        `INSERT INTO signings (customer_id, provider, token, document, document_sealed, document_sha256, language, status, created_at)
         VALUES ($1, 'demo', 'token-pending', '\\x25504446', true, 'x', 'et', 'pending', now()) RETURNING id`,
        [signer.id],
      );
      const oldEstimation = {
        wellnessScore: 69, wellnessDiscountPercent: 10, wellnessDiscount: 198, premiumForDeathCover: 1212, premiumForDisabilityCover: 435,
        services: [{ serviceCode: "HEALTH_CHECK", premium: 990 }], membershipFee: 150, premiumTotal: 2589,
      };
      const [signed] = await db.query<{ id: number }>(
        `INSERT INTO signings (customer_id, provider, token, document, document_sealed, document_sha256, language, status, created_at, completed_at)
         VALUES ($1, 'demo', 'token-signed', NULL, true, 'y', 'et', 'signed', now(), now()) RETURNING id`,
        [holder.id],
      );
      const [policy] = await db.query<{ id: number }>(
        `INSERT INTO policies (customer_id, status, signing_id, signed_document, document_sha256, signed_at, start_date, death_cover, disability_cover, services, estimation, language)
         VALUES ($1, 'ACTIVE', $2, '\\x00', 'y', now(), '2026-01-15', 100000, 50000, '["HEALTH_CHECK"]', $3, 'et') RETURNING id`,
        [holder.id, signed.id, JSON.stringify(oldEstimation)],
      );
      const lines = [
        { kind: "death", cents: 1212 }, { kind: "disability", cents: 435 }, { kind: "service", code: "HEALTH_CHECK", cents: 990 },
        { kind: "membership", cents: 150 }, { kind: "discount", percent: 10, cents: -165 },
      ];
      await db.query(
        `INSERT INTO invoices (pid, policy_id, customer_id, invoice_date, sum_cents, discount_percent, reference, due_date, lines, parties, issued_at)
         VALUES ('EK-1-202601', $1, $2, '2026-01-15', 2622, 10, '1000013', '2026-01-29', $3, '{}'::jsonb, now())`,
        [policy.id, holder.id, JSON.stringify(lines)],
      );

      expect(await migrate(db)).toContain("0010_unisex");

      const signings = await db.query<{ id: number; status: string; document: unknown; errors: string | null }>(
        `SELECT id, status, document, errors FROM signings ORDER BY id`,
      );
      expect(signings).toEqual([
        { id: pending.id, status: "failed", document: null, errors: "repriced: unisex premiums (docs/decisions/0080)" },
        { id: signed.id, status: "signed", document: null, errors: null },
      ]);
      const [kept] = await db.query<{ estimation: unknown }>(`SELECT estimation FROM policies WHERE id = $1`, [policy.id]);
      expect(kept.estimation).toEqual(oldEstimation);
      const [invoice] = await db.query<{ sum_cents: number; lines: unknown }>(`SELECT sum_cents, lines FROM invoices WHERE pid = 'EK-1-202601'`);
      expect(invoice).toEqual({ sum_cents: 2622, lines });
      const columns = await db.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'customers' AND column_name = 'sex'`);
      expect(columns).toEqual([]);
      expect(await db.query(`SELECT personal_code FROM customers ORDER BY id`)).toEqual([{ personal_code: "38601150000" }, { personal_code: "38503020139" }]);
    } finally {
      await db.close();
    }
    // A fresh database runs every migration (PGlite: its start alone takes seconds).
  }, 120_000);
});
