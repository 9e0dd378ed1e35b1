// The bench's own access to the server's database: migrating and seeding volume before the
// server starts, reading the load test's outcome and the table statistics afterwards.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { BENCH_HEALTH_KEY, importApp } from "./util.mjs";

const { migrate } = await importApp("app/core/db/migrations.ts");
const { healthCipher } = await importApp("app/core/health-data.ts");
const { SEALED_COLUMNS } = await importApp("app/core/health-keys.ts");


/** The app's Db interface (query, transaction, close) over PGlite or a pg client. */
export async function openPglite(dataDir) {
  const db = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
  return {
    kind: "pglite",
    query: async (sql, params) => (await db.query(sql, params)).rows,
    transaction: (fn) => db.transaction((tx) => fn({ query: async (sql, params) => (await tx.query(sql, params)).rows })),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}

export async function openPg(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    kind: "pg",
    query: async (sql, params) => (await client.query(sql, params)).rows,
    async transaction(fn) {
      await client.query("BEGIN");
      try {
        const result = await fn({ query: async (sql, params) => (await client.query(sql, params)).rows });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
    exec: (sql) => client.query(sql),
    close: () => client.end(),
  };
}

/** A database of its own on the PostgreSQL server at `adminUrl`; `drop()` removes it. */
export async function createPgDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export { migrate };

// The states come from the onboarding table's way through the steps (each step saved once,
// then signed and started), never from a list of our own: a step added there is seeded here.
const { wayThrough } = await importApp("app/lib/onboarding.ts");
const WAY = wayThrough();
export const POLICYHOLDER = WAY.at(-1).state;
/** One customer at each point of the way, and two more policyholders (customer g is in STATES[g % length]). */
export const STATES = [...new Set(WAY.map((point) => point.state)), POLICYHOLDER, POLICYHOLDER];

/**
 * `count` customers spread over the states, each with the rows their state implies (a
 * registration, a wellness profile, a package, a questionnaire, beneficiaries, an offer, a
 * signing and a policy with six bills), a live and an expired session, audit rows and form
 * submissions: in a few statements with generate_series. Personal codes start with 9 (no
 * real code does), so the bench's own customers never meet them.
 */
export async function seedVolume(db, count) {
  const states = `(ARRAY[${STATES.map((s) => `'${s}'`).join(",")}])`;
  // A customer has the rows of every save (or signing) on the way up to their state.
  const rank = (after) => STATES.indexOf(WAY.find((point) => point.after === after).state) + 1;
  const sql = `
    -- A demo's own database (the bench's servers start with DEMO=true, app/core/startup.ts).
    INSERT INTO demo_seed (seeded_at) SELECT now() WHERE NOT EXISTS (SELECT 1 FROM demo_seed);
    INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, state, created_at, updated_at)
      SELECT '9' || lpad(g::text, 10, '0'), 'Bench', 'Customer ' || g, date '1960-01-01' + (g % 15000),
             ${states}[1 + g % ${STATES.length}], now(), now()
      FROM generate_series(1, ${count}) g;
    CREATE TEMP TABLE bench_volume AS
      SELECT id, state, array_position(${states}, state) AS rank FROM customers WHERE personal_code LIKE '9%';
    INSERT INTO sessions (id, customer_id, data, created_at, expires_at)
      SELECT md5('live' || id) || md5('s' || id), id, '{}'::jsonb, now(), now() + interval '1 day' FROM bench_volume
      UNION ALL
      SELECT md5('old' || id) || md5('s' || id), id, '{}'::jsonb, now() - interval '3 days', now() - interval '2 days' FROM bench_volume;
    INSERT INTO sessions (id, customer_id, data, created_at, expires_at)
      SELECT md5('anon' || g) || md5('a' || g), NULL, '{"loginParams":{}}'::jsonb, now(), now() + interval '1 day' FROM generate_series(1, ${count}) g;
    INSERT INTO registrations (customer_id, email, phone, occupation, source_of_funds, conditions_agreement, health_data_agreement, newsletter_agreement, wl_agreement, saved_at)
      SELECT id, 'v' || id || '@example.com', '+372 5000 0000', 'Volume', 'WAGE', true, true, false, false, now() FROM bench_volume WHERE rank >= ${rank("account")};
    INSERT INTO score_profiles (customer_id, period_start, answers_sealed, score, discount_percent, saved_at)
      SELECT id, NULL, 'sealed', 50, 5, now() FROM bench_volume WHERE rank >= ${rank("score")};
    INSERT INTO score_profiles (customer_id, period_start, answers_sealed, score, discount_percent, saved_at)
      SELECT id, date '2026-01-01' - (k * 90), 'sealed', 60, 10, now() FROM bench_volume, generate_series(0, 2) k WHERE state = '${POLICYHOLDER}';
    INSERT INTO proposals (customer_id, death_cover, disability_cover, services, saved_at)
      SELECT id, 100000, 50000, '["MENTAL"]'::jsonb, now() FROM bench_volume WHERE rank >= ${rank("package")};
    INSERT INTO questionnaires (customer_id, type, answers_sealed, saved_at)
      SELECT id, 'UW_L1', 'sealed', now() FROM bench_volume WHERE rank >= ${rank("questionnaire")};
    INSERT INTO beneficiaries (customer_id, position, type, first_name, name, id_code, share_percent, email, phone)
      SELECT id, k, 'P', 'Mari', 'Maasikas', '49005150229', 50, 'b@example.com', '+372 5555 1234' FROM bench_volume, generate_series(1, 2) k WHERE rank >= ${rank("beneficiaries")};
    INSERT INTO offers (customer_id, application_consent, insurance_conditions_consent, insurer_data_sharing_consent, saved_at)
      SELECT id, true, true, true, now() FROM bench_volume WHERE rank >= ${rank("offer")};
    -- Documents are marked sealed (docs/decisions/0023: the start would seal plain ones one by
    -- one, minutes for this many); sealSeeded seals their placeholder below.
    INSERT INTO signings (customer_id, provider, token, document, document_sealed, document_sha256, language, status, created_at, completed_at)
      SELECT id, 'demo', md5('sign' || id || k), '\\x00'::bytea, true, md5('doc' || id), 'et', CASE WHEN k = 2 THEN 'signed' ELSE 'failed' END, now(), now()
      FROM bench_volume, generate_series(1, 2) k WHERE rank >= ${rank("signed")};
    INSERT INTO policies (customer_id, status, signing_id, signed_document, document_sealed, document_sha256, signed_at, start_date, death_cover, disability_cover, services, estimation, language)
      SELECT v.id, CASE WHEN v.state = '${POLICYHOLDER}' THEN 'ACTIVE' ELSE 'SIGNED' END, s.id, '\\x00'::bytea, true, s.document_sha256, now(),
             -- Signed ones start in the future: the server's housekeeping leaves them as they are.
             CASE WHEN v.state = '${POLICYHOLDER}' THEN date '2026-01-01' ELSE current_date + 30 END, 100000, 50000, '["MENTAL"]'::jsonb, '{}'::jsonb, 'et'
      FROM bench_volume v JOIN signings s ON s.customer_id = v.id AND s.status = 'signed';
    -- Issued bills as the app freezes them (docs/decisions/0030): the reference's check digit
    -- is not computed, nothing here pays them.
    INSERT INTO invoices (pid, policy_id, customer_id, invoice_date, sum_cents, discount_percent, reference, due_date, lines, parties, issued_at)
      SELECT 'V' || p.id || '-' || k, p.id, p.customer_id, date '2026-01-01' + (k * 30), 4200, 5, '1' || lpad(p.id::text, 5, '0') || '0',
             date '2026-01-15' + (k * 30), '[{"kind":"membership","cents":4200}]'::jsonb,
             jsonb_build_object('customer', jsonb_build_object('firstName', 'Bench', 'lastName', 'Customer', 'personalCode', '9')), date '2026-01-01' + (k * 30)
      FROM policies p JOIN bench_volume v ON v.id = p.customer_id, generate_series(0, 5) k WHERE p.status = 'ACTIVE';
    INSERT INTO health_data_audit (customer_id, actor, action, subject, at)
      SELECT id, 'customer', CASE WHEN k = 0 THEN 'write' ELSE 'read' END, 'questionnaire', now() FROM bench_volume, generate_series(0, 2) k;
    INSERT INTO form_submissions (key, customer_id, form, outcome, created_at)
      SELECT md5('form' || id || k), id, 'registration', '{}'::jsonb, now() FROM bench_volume, generate_series(0, 2) k;
    INSERT INTO login_failures (key, failed_at)
      SELECT md5('fail' || g), now() FROM generate_series(1, ${Math.ceil(count / 10)}) g;
    DROP TABLE bench_volume;
  `;
  await db.exec(sql);
  await sealSeeded(db);
  await db.exec("ANALYZE");
}

/**
 * Seals every value the seed put in a sealed column for real, under the bench's key and each
 * column's own additional data (SEALED_COLUMNS), as the server's start checks (`checkKeyRing`
 * opens one of each place and refuses a value in no sealed format). What is sealed is a
 * placeholder: nothing the bench measures opens a seeded customer's health data or documents.
 */
async function sealSeeded(db) {
  const cipher = healthCipher(Buffer.from(BENCH_HEALTH_KEY, "hex"));
  const BATCH = 5000;
  for (const c of SEALED_COLUMNS) {
    const rows = await db.query(
      `SELECT t.ctid::text AS row_ctid, t.* FROM ${c.table} t JOIN customers k ON k.id = t.customer_id
        WHERE t.${c.column} IS NOT NULL AND k.personal_code LIKE '9%'`,
    );
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      const sealed = batch.map((row) => (c.kind === "text" ? cipher.encrypt("volume", c.aad(row)) : cipher.sealBytes(Buffer.from("volume"), c.aad(row)).toString("hex")));
      const value = c.kind === "text" ? "u.v" : "decode(u.v, 'hex')";
      await db.query(
        `UPDATE ${c.table} t SET ${c.column} = ${value}${c.sealedFlag ? `, ${c.sealedFlag} = true` : ""}
           FROM (SELECT unnest($1::tid[]) AS row_ctid, unnest($2::text[]) AS v) u WHERE t.ctid = u.row_ctid`,
        [batch.map((row) => row.row_ctid), sealed],
      );
    }
  }
}
