/**
 * Demo data (PRODUCT.md sections 2 and 9), seeded into every fresh database. Idempotent:
 * running it again changes nothing that is already there.
 */
import { parsePersonalCode } from "../../lib/personal-code.js";
import { FIRST_STATE, stateLandingOn, TRANSITIONS, type OnboardingState } from "../../lib/onboarding.js";
import { DEMO_PERSONS } from "../auth/demo.js";
import type { Clock } from "../clock.js";
import type { HealthCipher } from "../health-data.js";
import type { Db } from "../db/index.js";
import { seedPolicyholder } from "./policyholder.js";
import { seedReadyToSign } from "./ready-to-sign.js";
import { seedWarningAndEmpty } from "./warning-and-empty.js";
import { seedWithdrawn } from "./withdrawn.js";

const INTERMEDIARIES = [
  { source: "partnerbank", name: "Partner Pank", logo: "/intermediaries/partnerbank.svg", codes: ["PB2026"] },
  { source: "sportclub", name: "Spordiklubi", logo: "/intermediaries/sportclub.svg", codes: ["FIT10", "FIT20"] },
];

/**
 * Each demo person's state, named by the onboarding table (never by hand: a step added to the
 * table moves them with it): where they are on the way through the steps, or an outcome.
 */
export const DEMO_STATES: Record<string, OnboardingState> = {
  "49005150229": FIRST_STATE,
  "38503020139": TRANSITIONS.activated.to(),
  "35001010210": "SERVICE_UNAVAILABLE",
  // Kati Karu, ready to sign (app/core/demo/ready-to-sign.ts).
  "47001010335": TRANSITIONS.signed.from,
  // Saved 300 000 / 150 000 before turning 50 (born 1976-01-01), nothing later: the age
  // re-check on his first state read moves him to SERVICE_REQ_CHANGE (the package step's age warning).
  "37601010243": stateLandingOn("questionnaire"),
  // app/core/demo/warning-and-empty.ts: the questionnaire's age warning (Olev Oja) and a
  // policyholder without services or invoices yet (Helle Hein), both written as ready to sign first.
  "37502020274": TRANSITIONS.signed.from,
  "48808080194": TRANSITIONS.signed.from,
  // app/core/demo/withdrawn.ts: a withdrawn policy (Liis Lepp), WITHDRAWN once seeded.
  "49204120336": FIRST_STATE,
  // Two more policyholders seeded as Jaan Tamm is (six months in, past the 30 days to
  // withdraw): each may cancel without touching Jaan Tamm's data.
  "38006150242": FIRST_STATE,
  "48309200314": FIRST_STATE,
  // Two more, for a cancelled policyholder changing beneficiaries while the cover runs
  // (docs/decisions/0291): one for each end-to-end project, with JavaScript and without.
  "37804110237": FIRST_STATE,
  "48609230311": FIRST_STATE,
};

/** The policyholders seeded as Jaan Tamm is, besides him (see DEMO_STATES). */
const MORE_POLICYHOLDERS = ["38006150242", "48309200314", "37804110237", "48609230311"];

/** The package Peeter Piir saved while his age allowed it (see DEMO_STATES). */
const PACKAGE_DEMO = { personalCode: "37601010243", deathCover: 300_000, disabilityCover: 150_000, services: ["MENTAL"] };

/**
 * `cipher` seals the demo persons' health answers (questionnaire, wellness profile) with the
 * key the application will read them with.
 */
export async function seed(db: Db, clock: Clock, cipher: HealthCipher): Promise<void> {
  await db.transaction(async (tx) => {
    for (const i of INTERMEDIARIES) {
      await tx.query(`INSERT INTO intermediaries (source, name, logo) VALUES ($1, $2, $3) ON CONFLICT (source) DO NOTHING`, [
        i.source,
        i.name,
        i.logo,
      ]);
      for (const code of i.codes) {
        await tx.query(`INSERT INTO intermediary_codes (code, source) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING`, [code, i.source]);
      }
    }
    const now = clock.now();
    for (const [code, state] of Object.entries(DEMO_STATES)) {
      const person = DEMO_PERSONS[code];
      const facts = parsePersonalCode(code)!;
      await tx.query(
        `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, state, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (personal_code) DO NOTHING`,
        [code, person.firstName, person.lastName, facts.dateOfBirth, state, now],
      );
    }
    await tx.query(
      `INSERT INTO proposals (customer_id, death_cover, disability_cover, services, saved_at)
       SELECT id, $2, $3, $4, $5 FROM customers WHERE personal_code = $1 ON CONFLICT (customer_id) DO NOTHING`,
      [PACKAGE_DEMO.personalCode, PACKAGE_DEMO.deathCover, PACKAGE_DEMO.disabilityCover, JSON.stringify(PACKAGE_DEMO.services), now],
    );
    await seedReadyToSign(tx, clock, cipher);
    await seedWarningAndEmpty(tx, clock, cipher);
  });
  await seedPolicyholder(db, clock, cipher);
  for (const code of MORE_POLICYHOLDERS) await seedPolicyholder(db, clock, cipher, code);
  await seedWithdrawn(db, clock, cipher);
}
