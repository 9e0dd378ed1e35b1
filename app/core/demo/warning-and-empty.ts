/**
 * Two demo persons for screens no other one reaches (README.md's table):
 * - Olev Oja (37502020274, born 1975-02-02), who answered the short questionnaire and named
 *   his beneficiaries while under 50: his first state read moves him to
 *   QUESTIONNAIRE_REQ_CHANGE, and the questionnaire step shows warn.age_questionnaire_req;
 * - Helle Hein (48808080194), a policyholder without health services whose extended
 *   underwriting was accepted on the seed day, cover from the next day: the services tab and
 *   the bills tab show their empty messages (no invoice before the start date).
 * Idempotent: each is written once, while their customer row has no proposal yet.
 */
import { ageOn } from "../../lib/personal-code.js";
import { addDays, today, type Clock } from "../clock.js";
import type { Queryable } from "../db/index.js";
import { renderApplication, sha256 } from "../documents/index.js";
import { DEMO_INVOICING } from "../config.js";
import { APPLICATION_EDITION } from "../documents/application-editions.js";
import { sealDocument } from "../documents/sealed.js";
import type { HealthCipher } from "../health-data.js";
import { estimate } from "../pricing.js";
import { WELLNESS_QUESTIONNAIRE } from "../../lib/score-definition.js";
import { scoreInputs, wellnessScore } from "../score/scoring.js";
import { allNo, WELLNESS_ANSWERS, writeApplication, type ApplicationRows } from "./ready-to-sign.js";

const QUESTIONNAIRE_AGE_WARNING = "37502020274";
export const EMPTY_POLICYHOLDER = "48808080194";

/** A customer row without a proposal yet: the one to seed. */
async function unseeded(q: Queryable, personalCode: string) {
  const rows = await q.query<{ id: string | number; date_of_birth: string; first_name: string; last_name: string }>(
    `SELECT c.id, to_char(c.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, c.first_name, c.last_name FROM customers c
      WHERE c.personal_code = $1 AND NOT EXISTS (SELECT 1 FROM proposals p WHERE p.customer_id = c.id)`,
    [personalCode],
  );
  return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
}

export async function seedWarningAndEmpty(q: Queryable, clock: Clock, cipher: HealthCipher): Promise<void> {
  const olev = await unseeded(q, QUESTIONNAIRE_AGE_WARNING);
  if (olev) {
    // The short set, answered when 100 000 of cover at his age then asked for no more.
    await writeApplication(q, clock, cipher, olev.id, {
      email: "olev.oja@example.ee",
      phone: "+372 5456 7890",
      sumInsuredForDeathCover: 100_000,
      sumInsuredForDisabilityCover: 50_000,
      services: ["PHYSIO"],
      questionnaire: { type: "UW_L1", height: 178, weight: 79, content: allNo("UW_L1") },
      beneficiaries: [{ type: "P", firstName: "Eeva", name: "Oja", idCode: "49005150229", sharePercent: 100, email: "eeva.oja@example.ee", phone: "+372 5567 8901" }],
    });
  }

  const helle = await unseeded(q, EMPTY_POLICYHOLDER);
  if (helle) {
    const rows: ApplicationRows = {
      email: "helle.hein@example.ee",
      phone: "+372 5678 9012",
      sumInsuredForDeathCover: 50_000,
      sumInsuredForDisabilityCover: 20_000,
      services: [],
      questionnaire: { type: "UW_L1", height: 170, weight: 62, content: { ...allNo("UW_L1"), treatment: true, treatmentExtra: { disease: "Põlve sidemevigastus", treatmentAndDuration: "Operatsioon 2025, taastusravi 3 kuud" } } },
      beneficiaries: [{ type: "P", firstName: "Hans", name: "Hein", idCode: "38503020139", sharePercent: 100, email: "hans.hein@example.ee", phone: "+372 5789 0123" }],
    };
    await writeApplication(q, clock, cipher, helle.id, rows);
    const signedOn = today(clock);
    const age = ageOn(helle.date_of_birth, signedOn);
    const estimation = estimate({
      age,
      sumInsuredForDeathCover: rows.sumInsuredForDeathCover,
      sumInsuredForDisabilityCover: rows.sumInsuredForDisabilityCover,
      services: [],
      wellnessScore: wellnessScore(scoreInputs(WELLNESS_QUESTIONNAIRE, WELLNESS_ANSWERS as never)),
      smoker: false,
    });
    const at = clock.now();
    const document = await renderApplication({
      language: "et",
      at,
      date: signedOn,
      customer: { firstName: helle.first_name, lastName: helle.last_name, personalCode: EMPTY_POLICYHOLDER, dateOfBirth: helle.date_of_birth, email: rows.email, phone: rows.phone },
      age,
      sumInsuredForDeathCover: rows.sumInsuredForDeathCover,
      sumInsuredForDisabilityCover: rows.sumInsuredForDisabilityCover,
      services: [],
      questionnaire: rows.questionnaire,
      beneficiaries: rows.beneficiaries.map((b) => ({ ...b, firstName: b.firstName ?? null })),
      estimation,
      edition: APPLICATION_EDITION,
    }, DEMO_INVOICING.issuer.name);
    // Signed, sent to extended underwriting (the "yes" on treatment), accepted the same day:
    // active from the planned start, the next day; the 30 days to withdraw count from the
    // acceptance (docs/decisions/0273).
    await q.query(
      `INSERT INTO offers (customer_id, application_consent, insurance_conditions_consent, insurer_data_sharing_consent, saved_at)
       VALUES ($1, true, true, true, $2) ON CONFLICT (customer_id) DO NOTHING`,
      [helle.id, at],
    );
    await q.query(
      // Sealed before the insert: no row version ever holds the plain PDF (docs/decisions/0106).
      `INSERT INTO policies (customer_id, status, signing_id, signed_document, document_sealed, document_sha256, signed_at, accepted_at, start_date,
         death_cover, disability_cover, services, estimation, language, application_edition)
       VALUES ($1, 'ACTIVE', NULL, $2, true, $3, $4, $4, $5, $6, $7, '[]', $8, 'et', $9) ON CONFLICT (customer_id) WHERE status IN ('SIGNED', 'EUW', 'ACTIVE') DO NOTHING`,
      [helle.id, sealDocument(cipher, "policy", helle.id, document), sha256(document), at, addDays(signedOn, 1), rows.sumInsuredForDeathCover, rows.sumInsuredForDisabilityCover, JSON.stringify(estimation), APPLICATION_EDITION],
    );
    await q.query(`UPDATE customers SET state = 'SELF_SERVICE', updated_at = $2 WHERE id = $1`, [helle.id, at]);
  }
}
