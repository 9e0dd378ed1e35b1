/**
 * Versioned migrations, applied in order at start and recorded in schema_migrations.
 * Never edit one that has shipped: add the next.
 */
import type { Db, Queryable } from "./index.js";

export interface Migration {
  id: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    id: "0001_platform",
    sql: `
      CREATE TABLE intermediaries (
        source text PRIMARY KEY,
        name text NOT NULL,
        logo text NOT NULL
      );
      CREATE TABLE intermediary_codes (
        code text PRIMARY KEY,
        source text NOT NULL REFERENCES intermediaries(source)
      );
      CREATE TABLE customers (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        personal_code text NOT NULL UNIQUE,
        first_name text NOT NULL,
        last_name text NOT NULL,
        date_of_birth date NOT NULL,
        sex char(1) NOT NULL CHECK (sex IN ('M', 'F')),
        country text NOT NULL DEFAULT 'EE',
        phone text,
        email text,
        state text NOT NULL,
        intermediary_source text REFERENCES intermediaries(source),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      -- id is the SHA-256 of the token in the cookie: reading this table does not let
      -- anyone act as the customer.
      CREATE TABLE sessions (
        id text PRIMARY KEY,
        customer_id bigint REFERENCES customers(id) ON DELETE CASCADE,
        eid_session_token text,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_expires_at ON sessions (expires_at);
      CREATE INDEX sessions_customer ON sessions (customer_id);
      -- Failed sign-ins, keyed by a keyed hash of the personal code or client address.
      CREATE TABLE login_failures (
        key text NOT NULL,
        failed_at timestamptz NOT NULL
      );
      CREATE INDEX login_failures_key ON login_failures (key, failed_at);
    `,
  },
  {
    id: "0002_registration_and_score",
    sql: `
      CREATE TABLE registrations (
        customer_id bigint PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        email text NOT NULL,
        phone text NOT NULL,
        occupation text NOT NULL,
        source_of_funds text NOT NULL,
        source_of_funds_other text,
        support_code text,
        conditions_agreement boolean NOT NULL,
        health_data_agreement boolean NOT NULL,
        newsletter_agreement boolean NOT NULL,
        wl_agreement boolean NOT NULL,
        saved_at timestamptz NOT NULL
      );
      -- Double-submit safety: one row per form submission key; a replay finds it and gets
      -- the first submission's outcome instead of a second effect.
      CREATE TABLE form_submissions (
        key text PRIMARY KEY,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        form text NOT NULL,
        outcome jsonb,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX form_submissions_created_at ON form_submissions (created_at);
      -- Wellness answers: the onboarding profile (period_start NULL) and the quarterly
      -- self-service periods. Answers are health data: encrypted.
      CREATE TABLE score_profiles (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        period_start date,
        answers_sealed text,
        score integer CHECK (score BETWEEN 0 AND 100),
        discount_percent integer CHECK (discount_percent BETWEEN 0 AND 20),
        saved_at timestamptz,
        UNIQUE NULLS NOT DISTINCT (customer_id, period_start)
      );
      CREATE TABLE health_measurements (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        result_sealed text NOT NULL,
        measured_at timestamptz NOT NULL
      );
      CREATE INDEX health_measurements_customer ON health_measurements (customer_id, measured_at);
      CREATE TABLE activity_connections (
        customer_id bigint PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        consent_token text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'denied')),
        started_at timestamptz NOT NULL,
        decided_at timestamptz,
        data_sealed text
      );
      -- Who read or wrote whose health data, and when: never the data.
      CREATE TABLE health_data_audit (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        customer_id bigint NOT NULL,
        actor text NOT NULL,
        action text NOT NULL CHECK (action IN ('read', 'write')),
        subject text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX health_data_audit_customer ON health_data_audit (customer_id, at);
    `,
  },
  {
    id: "0003_package_questionnaire_beneficiaries",
    sql: `
      -- The chosen package (the proposal): covers in whole euro, service codes.
      CREATE TABLE proposals (
        customer_id bigint PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        death_cover integer NOT NULL CHECK (death_cover >= 0),
        disability_cover integer NOT NULL CHECK (disability_cover >= 0),
        services jsonb NOT NULL DEFAULT '[]'::jsonb,
        saved_at timestamptz NOT NULL
      );
      -- The health questionnaire. Height, weight and every answer are health data: sealed.
      -- Only the set answered is plain, for the age re-check on every state read
      -- (docs/decisions/0007-questionnaire-recheck.md).
      CREATE TABLE questionnaires (
        customer_id bigint PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('UW_L1', 'UW_L2')),
        answers_sealed text NOT NULL,
        saved_at timestamptz NOT NULL
      );
      CREATE TABLE beneficiaries (
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 1),
        type char(1) NOT NULL CHECK (type IN ('P', 'C')),
        first_name text,
        name text NOT NULL,
        id_code text NOT NULL,
        share_percent integer NOT NULL CHECK (share_percent BETWEEN 1 AND 100),
        email text NOT NULL,
        phone text NOT NULL,
        PRIMARY KEY (customer_id, position)
      );
    `,
  },
  {
    id: "0004_offer_signing_policy",
    sql: `
      -- The offer consents and the support code asked for at the offer.
      CREATE TABLE offers (
        customer_id bigint PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        application_consent boolean NOT NULL,
        insurance_conditions_consent boolean NOT NULL,
        insurer_data_sharing_consent boolean NOT NULL,
        saved_at timestamptz NOT NULL
      );
      -- One signing attempt with a signing provider; the document is the application PDF.
      CREATE TABLE signings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        provider text NOT NULL,
        token text NOT NULL UNIQUE,
        external_id text,
        document bytea NOT NULL,
        document_sha256 text NOT NULL,
        language text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'signed', 'failed')),
        errors text,
        created_at timestamptz NOT NULL,
        completed_at timestamptz
      );
      CREATE INDEX signings_customer ON signings (customer_id, created_at);
      -- The contract: what was signed, frozen at signing.
      CREATE TABLE policies (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        customer_id bigint NOT NULL UNIQUE REFERENCES customers(id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('SIGNED', 'EUW', 'ACTIVE', 'DECLINED')),
        signing_id bigint REFERENCES signings(id),
        signed_document bytea NOT NULL,
        document_sha256 text NOT NULL,
        signed_at timestamptz NOT NULL,
        start_date date NOT NULL,
        death_cover integer NOT NULL,
        disability_cover integer NOT NULL,
        services jsonb NOT NULL,
        estimation jsonb NOT NULL,
        language text NOT NULL
      );
      -- Monthly invoices, issued from the policy start; the amount is fixed when issued.
      CREATE TABLE invoices (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        pid text NOT NULL UNIQUE,
        policy_id bigint NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        invoice_date date NOT NULL,
        sum_cents integer NOT NULL,
        discount_percent integer NOT NULL DEFAULT 0,
        UNIQUE (policy_id, invoice_date)
      );
      CREATE INDEX invoices_customer ON invoices (customer_id, invoice_date);
    `,
  },
  {
    id: "0007_records",
    sql: `
      -- A payable invoice (docs/decisions/0030-payable-invoices.md): everything it shows is
      -- frozen when it is issued, so its document never changes.
      ALTER TABLE invoices ADD COLUMN reference text;
      ALTER TABLE invoices ADD COLUMN due_date date;
      ALTER TABLE invoices ADD COLUMN lines jsonb;
      -- Issuer, payee (bank account) and the billed customer as printed; for invoices issued
      -- before this migration only the customer: the configured issuer and payee apply.
      ALTER TABLE invoices ADD COLUMN parties jsonb;
      ALTER TABLE invoices ADD COLUMN issued_at timestamptz;
      -- Invoices issued before: the same lines, reference and due date the code issues now.
      CREATE FUNCTION pg_temp.reference_number(base text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT base || ((10 - (SELECT sum(substr(reverse(base), i, 1)::int * (ARRAY[7, 3, 1])[((i - 1) % 3) + 1])
                                 FROM generate_series(1, length(base)) AS i) % 10) % 10)::text
      $$;
      UPDATE invoices i SET
        reference = pg_temp.reference_number('1' || lpad(i.policy_id::text, 5, '0')),
        due_date = i.invoice_date + 14,
        issued_at = i.invoice_date::timestamp AT TIME ZONE 'Europe/Tallinn',
        parties = jsonb_build_object('customer', jsonb_build_object('firstName', c.first_name, 'lastName', c.last_name, 'personalCode', c.personal_code)),
        lines = jsonb_path_query_array(
                  jsonb_build_array(
                    jsonb_build_object('kind', 'death', 'cents', (p.estimation->>'premiumForDeathCover')::int),
                    jsonb_build_object('kind', 'disability', 'cents', (p.estimation->>'premiumForDisabilityCover')::int)),
                  '$[*] ? (@.cents > 0)')
             || COALESCE((SELECT jsonb_agg(jsonb_build_object('kind', 'service', 'code', s.value->>'serviceCode', 'cents', (s.value->>'premium')::int) ORDER BY s.ordinality)
                            FROM jsonb_array_elements(p.estimation->'services') WITH ORDINALITY AS s), '[]'::jsonb)
             || jsonb_build_array(jsonb_build_object('kind', 'membership', 'cents', (p.estimation->>'membershipFee')::int))
             || CASE WHEN i.discount_percent > 0 THEN jsonb_build_array(jsonb_build_object('kind', 'discount', 'percent', i.discount_percent,
                  'cents', i.sum_cents - (p.estimation->>'premiumForDeathCover')::int - (p.estimation->>'premiumForDisabilityCover')::int
                    - (p.estimation->>'membershipFee')::int
                    - COALESCE((SELECT sum((s.value->>'premium')::int) FROM jsonb_array_elements(p.estimation->'services') AS s), 0)))
                ELSE '[]'::jsonb END
        FROM policies p, customers c WHERE p.id = i.policy_id AND c.id = i.customer_id;
      ALTER TABLE invoices ALTER COLUMN reference SET NOT NULL;
      ALTER TABLE invoices ALTER COLUMN due_date SET NOT NULL;
      ALTER TABLE invoices ALTER COLUMN lines SET NOT NULL;
      ALTER TABLE invoices ALTER COLUMN parties SET NOT NULL;
      ALTER TABLE invoices ALTER COLUMN issued_at SET NOT NULL;
      -- Issued once, never changed: the database refuses it whatever the code does.
      CREATE FUNCTION invoices_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.sum_cents IS DISTINCT FROM OLD.sum_cents
          OR NEW.discount_percent IS DISTINCT FROM OLD.discount_percent
          OR NEW.lines IS DISTINCT FROM OLD.lines
          OR NEW.reference IS DISTINCT FROM OLD.reference
          OR NEW.due_date IS DISTINCT FROM OLD.due_date
          OR NEW.invoice_date IS DISTINCT FROM OLD.invoice_date
          OR NEW.parties IS DISTINCT FROM OLD.parties
          OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
          OR NEW.pid IS DISTINCT FROM OLD.pid
          OR NEW.policy_id IS DISTINCT FROM OLD.policy_id
          OR NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
          RAISE EXCEPTION 'invoice % is issued and cannot change', OLD.pid USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
      END
      $$;
      CREATE TRIGGER invoices_issued_once BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_refuse_change();
      -- The partner the sign-in link's src found: it stays unless a support code finds another
      -- (docs/decisions/0033-source-partner-stays.md). Registrations saved before: a partner
      -- their support code did not find came from src.
      ALTER TABLE registrations ADD COLUMN src_intermediary text REFERENCES intermediaries(source);
      UPDATE registrations r SET src_intermediary = c.intermediary_source FROM customers c
       WHERE c.id = r.customer_id AND c.intermediary_source IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM intermediary_codes ic WHERE ic.code = upper(trim(COALESCE(r.support_code, ''))) AND ic.source = c.intermediary_source);
    `,
  },
  {
    // Every per-customer lookup already has its index (primary keys, the unique customer_id
    // of policies, (customer_id, …) elsewhere: docs/decisions/0041). These serve the
    // housekeeping that looks across customers, which at 100 000 customers read whole tables.
    id: "0008_perf",
    sql: `
      -- Policies whose start day has come (offer.operations.activateDue, hourly).
      CREATE INDEX policies_signed_start ON policies (start_date) WHERE status = 'SIGNED';
      -- Open extended-underwriting cases, oldest first (npm run ops -- euw list).
      CREATE INDEX policies_euw_signed_at ON policies (signed_at) WHERE status = 'EUW';
      -- The purge of old failed sign-ins (hourly).
      CREATE INDEX login_failures_failed_at ON login_failures (failed_at);
    `,
  },
  {
    id: "0006_hardening",
    sql: `
      -- A database seeded with the demo people says so: a production start without
      -- DEMO=true refuses it (README.md "Production").
      CREATE TABLE demo_seed (seeded_at timestamptz NOT NULL);
      -- The application PDF holds the questionnaire summary: sealed with the health-data
      -- key like the answers (app/core/documents/sealed.ts). Rows stored before are sealed
      -- at the next start; the flag tells the two apart.
      ALTER TABLE signings ADD COLUMN document_sealed boolean NOT NULL DEFAULT false;
      ALTER TABLE policies ADD COLUMN document_sealed boolean NOT NULL DEFAULT false;
      -- A finished or abandoned signing keeps its row (status, errors), not its document.
      ALTER TABLE signings ALTER COLUMN document DROP NOT NULL;
      CREATE INDEX signings_created_at ON signings (created_at);
    `,
  },
  {
    // Issue 11: the idle limit (30 minutes without a request ends a session, server-side) and
    // what a customer typed when their session ended, kept for them (docs/decisions/0052).
    id: "0009_network",
    sql: `
      -- Sessions open now get a fresh half hour from the migration on.
      ALTER TABLE sessions ADD COLUMN last_active_at timestamptz NOT NULL DEFAULT now();
      -- One draft per customer and form: the fields as posted, sealed with the health-data key.
      CREATE TABLE drafts (
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        form text NOT NULL,
        fields text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (customer_id, form)
      );
      CREATE INDEX drafts_expires_at ON drafts (expires_at);
    `,
  },
  {
    // Issue 20: one unisex price (docs/decisions/0080-unisex-pricing.md). Estimates, offers and
    // provisional schedules are priced on every read, so they need nothing here; policies and
    // issued invoices keep the premium they were signed and issued with.
    id: "0010_unisex",
    sql: `
      -- A signing under way holds an application priced by sex: it ends, and the customer signs
      -- again with the application priced now (its document goes, as for any ended signing).
      UPDATE signings SET status = 'failed', errors = 'repriced: unisex premiums (docs/decisions/0080)', document = NULL, completed_at = now()
       WHERE status = 'pending';
      -- What a signing's document states (covers, services, the estimation): the policy keeps
      -- exactly that, whatever a later read would price.
      ALTER TABLE signings ADD COLUMN terms jsonb;
      -- No price may use sex, and nothing else needs it (it can be read from the personal code).
      ALTER TABLE customers DROP COLUMN sex;
    `,
  },
  {
    // Issue 21: an operator's read of a customer's data (npm run ops) states why; the reason is
    // kept with the audit row the customer will be shown (docs/decisions/0112).
    id: "0011_operator_reasons",
    sql: `
      ALTER TABLE health_data_audit ADD COLUMN reason text;
    `,
  },
  {
    // Issue 21 item 4: a sign-in start stores nothing (its token travels in the sign_in cookie);
    // a success is recorded once per provider session until the token ends, so the same token
    // cannot bring a second session in (docs/decisions/0120).
    id: "0015_signin_pending",
    sql: `
      CREATE TABLE sign_ins_completed (
        id text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sign_ins_completed_expires_at ON sign_ins_completed (expires_at);
    `,
  },
  {
    // Issue 22 item 3 (docs/decisions/0145): a policyholder changes their beneficiaries in
    // self-service; the change is effective once e-signed, and each signed change is a new
    // version of the policy (earlier versions stay readable).
    id: "0016_beneficiary_versions",
    sql: `
      -- A change being prepared: the new list, unsigned. At most one pending per customer; a
      -- signed one made a policy version, a discarded one did nothing.
      CREATE TABLE beneficiary_changes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        policy_id bigint NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('pending', 'signed', 'discarded')),
        beneficiaries jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        closed_at timestamptz
      );
      CREATE UNIQUE INDEX beneficiary_changes_one_pending ON beneficiary_changes (customer_id) WHERE status = 'pending';
      CREATE INDEX beneficiary_changes_customer ON beneficiary_changes (customer_id, created_at);
      -- A signing of a beneficiary change (null: the offer's signing).
      ALTER TABLE signings ADD COLUMN beneficiary_change_id bigint REFERENCES beneficiary_changes(id) ON DELETE CASCADE;
      -- The policy's versions once it has changed: version 1 is the policy as signed (written
      -- when the first change is signed), each signed change the next. The signed change
      -- document is sealed like every stored document (app/core/health-keys.ts SEALED_COLUMNS).
      CREATE TABLE policy_versions (
        policy_id bigint NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version >= 1),
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        effective_at timestamptz NOT NULL,
        beneficiaries jsonb NOT NULL,
        change_id bigint REFERENCES beneficiary_changes(id) ON DELETE CASCADE,
        signed_document bytea,
        document_sha256 text,
        PRIMARY KEY (policy_id, version)
      );
      CREATE INDEX policy_versions_customer ON policy_versions (customer_id);
    `,
  },
  {
    // Issue 22 items 2 and 4: contact details and the newsletter and partner consents changed in
    // self-service, each change kept with its time (docs/decisions/0140).
    id: "0014_contact_changes",
    sql: `
      -- Every change of the e-mail or phone after registration: what it was, what it became, when.
      CREATE TABLE contact_changes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        field text NOT NULL CHECK (field IN ('email', 'phone')),
        old_value text,
        new_value text NOT NULL,
        changed_at timestamptz NOT NULL
      );
      CREATE INDEX contact_changes_customer ON contact_changes (customer_id, changed_at);
      -- Each giving and withdrawal of an optional consent (the registration's columns hold the
      -- current answer): partner names the intermediary a partner consent was given to.
      CREATE TABLE consent_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        consent text NOT NULL CHECK (consent IN ('newsletter', 'partner')),
        given boolean NOT NULL,
        partner text REFERENCES intermediaries(source),
        via text NOT NULL CHECK (via IN ('registration', 'self-service')),
        at timestamptz NOT NULL
      );
      CREATE INDEX consent_events_customer ON consent_events (customer_id, consent, at);
      -- The answers given before: as the registration saved them, at its time.
      INSERT INTO consent_events (customer_id, consent, given, partner, via, at)
        SELECT customer_id, 'newsletter', newsletter_agreement, NULL, 'registration', saved_at FROM registrations;
      INSERT INTO consent_events (customer_id, consent, given, partner, via, at)
        SELECT r.customer_id, 'partner', r.wl_agreement, c.intermediary_source, 'registration', r.saved_at
          FROM registrations r JOIN customers c ON c.id = r.customer_id WHERE c.intermediary_source IS NOT NULL;
    `,
  },
  {
    // Issue 22: withdrawing or cancelling a policy (docs/decisions/0130). A withdrawn policy
    // ended from its start and its invoices are credited; a cancelled one ends on end_date and
    // nothing is billed after it. A customer may sign up again afterwards: one policy in force
    // per customer, any number that ended.
    id: "0012_withdrawal",
    sql: `
      ALTER TABLE policies DROP CONSTRAINT policies_status_check;
      ALTER TABLE policies ADD CONSTRAINT policies_status_check CHECK (status IN ('SIGNED', 'EUW', 'ACTIVE', 'DECLINED', 'WITHDRAWN', 'CANCELLED'));
      ALTER TABLE policies ADD COLUMN ended_at timestamptz;
      ALTER TABLE policies ADD COLUMN end_date date;
      ALTER TABLE policies DROP CONSTRAINT policies_customer_id_key;
      CREATE UNIQUE INDEX policies_one_held ON policies (customer_id) WHERE status IN ('SIGNED', 'EUW', 'ACTIVE');
      CREATE INDEX policies_customer ON policies (customer_id);
      -- A credit note cancels one issued invoice in full; like an invoice, it never changes.
      CREATE TABLE credit_notes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        pid text NOT NULL UNIQUE,
        invoice_pid text NOT NULL UNIQUE REFERENCES invoices(pid) ON DELETE CASCADE,
        policy_id bigint NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        credit_date date NOT NULL,
        sum_cents integer NOT NULL,
        issued_at timestamptz NOT NULL
      );
      CREATE INDEX credit_notes_customer ON credit_notes (customer_id, credit_date);
    `,
  },
  {
    // Issue 23 item 4: height and weight sealed on their own as well (docs/decisions/0170), so
    // the questionnaire's save and the required set read and record just them, never the whole
    // answers. Null for a questionnaire saved before: those rows are read whole, as before.
    id: "0019_health_reads",
    sql: `
      ALTER TABLE questionnaires ADD COLUMN body_sealed text;
    `,
  },
  {
    // The activity tracker's and the health measurement's consents, given at the score, are
    // kept with the others and withdrawn in self-service; a withdrawal erases their data, and
    // the audit table says so (docs/decisions/0257).
    id: "0020_score_consents",
    sql: `
      ALTER TABLE consent_events DROP CONSTRAINT consent_events_consent_check;
      ALTER TABLE consent_events ADD CONSTRAINT consent_events_consent_check CHECK (consent IN ('newsletter', 'partner', 'activity', 'measurement'));
      ALTER TABLE consent_events DROP CONSTRAINT consent_events_via_check;
      ALTER TABLE consent_events ADD CONSTRAINT consent_events_via_check CHECK (via IN ('registration', 'score', 'self-service'));
      ALTER TABLE health_data_audit DROP CONSTRAINT health_data_audit_action_check;
      ALTER TABLE health_data_audit ADD CONSTRAINT health_data_audit_action_check CHECK (action IN ('read', 'write', 'erase'));
      -- The answers given before: the tracker's decision at its time, the first measurement's.
      INSERT INTO consent_events (customer_id, consent, given, partner, via, at)
        SELECT customer_id, 'activity', status = 'approved', NULL, 'score', decided_at FROM activity_connections
          WHERE status IN ('approved', 'denied') AND decided_at IS NOT NULL;
      INSERT INTO consent_events (customer_id, consent, given, partner, via, at)
        SELECT customer_id, 'measurement', true, NULL, 'score', min(measured_at) FROM health_measurements GROUP BY customer_id;
    `,
  },
  {
    // Why a policy ended, for the acknowledgement the customer keeps (docs/decisions/0259):
    // their wish, or the health-data consent withdrawn. Null for one ended before.
    id: "0021_policy_ending_reason",
    sql: `
      ALTER TABLE policies ADD COLUMN ended_reason text CHECK (ended_reason IN ('wish', 'health-data'));
    `,
  },
  {
    // When the underwriter accepted an EUW case: its contract is concluded then, and its 30
    // days to withdraw start on that day (docs/decisions/0273). Null for a contract concluded
    // on signing. A case accepted before this migration gets the time of the operator's
    // earliest acceptance recorded for that customer after its signing (and before any later
    // signing of theirs); one accepted with no audit row keeps null (its signing's date).
    id: "0022_policy_accepted_at",
    sql: `
      ALTER TABLE policies ADD COLUMN accepted_at timestamptz;
      UPDATE policies p SET accepted_at = (
        SELECT min(a.at) FROM health_data_audit a
         WHERE a.customer_id = p.customer_id AND a.subject = 'euw:accept' AND a.at >= p.signed_at
           AND NOT EXISTS (SELECT 1 FROM policies l WHERE l.customer_id = p.customer_id AND l.id > p.id AND l.signed_at <= a.at))
       WHERE p.status IN ('ACTIVE', 'WITHDRAWN', 'CANCELLED');
      ALTER TABLE policies ADD CONSTRAINT policies_accepted_after_signing
        CHECK (accepted_at IS NULL OR (accepted_at >= signed_at AND status IN ('ACTIVE', 'WITHDRAWN', 'CANCELLED')));
    `,
  },
  {
    // When the customer sent the withdrawal or cancellation (the confirm): its day decides which
    // right applies, though the e-ID that confirms it may finish after midnight (ended_at, the
    // change's own time; docs/decisions/0279). Set with ended_at, never after it. A policy ended
    // before this migration gets its ended_at, the one time recorded (the demo e-ID's request's;
    // with Dokobit's page, up to 15 minutes after the confirm).
    id: "0023_policy_ending_sent_at",
    sql: `
      ALTER TABLE policies ADD COLUMN ending_sent_at timestamptz;
      UPDATE policies SET ending_sent_at = ended_at WHERE ended_at IS NOT NULL;
      ALTER TABLE policies ADD CONSTRAINT policies_ending_sent_before_ended
        CHECK ((ending_sent_at IS NULL) = (ended_at IS NULL) AND ending_sent_at <= ended_at);
    `,
  },
  {
    // An applicant withdraws the registration's health-data consent online before signing, and
    // gives it again at the account step; each is kept with the other consents' answers
    // (docs/decisions/0293). No answer from before: the registration's column holds it.
    id: "0024_health_data_consent_events",
    sql: `
      ALTER TABLE consent_events DROP CONSTRAINT consent_events_consent_check;
      ALTER TABLE consent_events ADD CONSTRAINT consent_events_consent_check CHECK (consent IN ('newsletter', 'partner', 'activity', 'measurement', 'health-data'));
    `,
  },
  {
    // The frame a pending signing was started with (its provider's address, token and the
    // signer's access token), sealed: "I have signed — continue" without JavaScript shows the
    // same signing again while the provider has no signature yet (docs/decisions/0290).
    // Cleared when the attempt ends, as its document is.
    id: "0025_signing_frame",
    sql: `
      ALTER TABLE signings ADD COLUMN frame_sealed text;
    `,
  },
  {
    // The applicant withdrew the application while the underwriter had it (docs/decisions/0295):
    // a policy WITHDRAWN that was never a contract, never accepted.
    id: "0026_policy_application_withdrawn",
    sql: `
      ALTER TABLE policies ADD COLUMN application_withdrawn boolean NOT NULL DEFAULT false;
      ALTER TABLE policies ADD CONSTRAINT policies_application_withdrawn_check
        CHECK (NOT application_withdrawn OR (status = 'WITHDRAWN' AND accepted_at IS NULL));
    `,
  },
  {
    // The edition of the application document a policy's signed PDF was drawn as
    // (app/core/documents/application-editions.ts, docs/decisions/0300): its web version states
    // what that edition did, no more. Every policy before this one, and every signing's terms
    // (a pending one concludes with them), were drawn as the first edition, without the demands
    // and needs (decision 0296). The default is for an instance of the release before, still
    // serving during a rolling deploy, which draws the first edition and does not name the
    // column; this release names it on every policy it stores.
    id: "0027_application_edition",
    sql: `
      ALTER TABLE policies ADD COLUMN application_edition smallint NOT NULL DEFAULT 1 CHECK (application_edition >= 1);
      UPDATE signings SET terms = terms || '{"edition": 1}'::jsonb WHERE terms IS NOT NULL;
    `,
  },
  {
    // A pending beneficiary change that can never be signed (its contract's cover ended, or the
    // customer holds a newer contract) lapses, recorded as such (docs/decisions/0306); the
    // housekeeping round lapses those pending now.
    id: "0028_beneficiary_change_lapsed",
    sql: `
      ALTER TABLE beneficiary_changes DROP CONSTRAINT beneficiary_changes_status_check;
      ALTER TABLE beneficiary_changes ADD CONSTRAINT beneficiary_changes_status_check CHECK (status IN ('pending', 'signed', 'discarded', 'lapsed'));
    `,
  },
  {
    // A name the e-ID states at a later sign-in replaces the stored one, each change kept with
    // the e-mail's and phone's (GDPR art. 16, docs/decisions/0310).
    id: "0029_name_changes",
    sql: `
      ALTER TABLE contact_changes DROP CONSTRAINT contact_changes_field_check;
      ALTER TABLE contact_changes ADD CONSTRAINT contact_changes_field_check CHECK (field IN ('email', 'phone', 'first_name', 'last_name'));
    `,
  },
  {
    // What each health-data key id was first started with (a keyed check value in hex, never the
    // key; text, as every bytea column holds a document): a start whose key under an id differs
    // refuses, before anything is sealed under it (docs/decisions/0313).
    id: "0030_health_key_checks",
    sql: `
      CREATE TABLE IF NOT EXISTS health_key_checks (
        key_id text PRIMARY KEY,
        check_value text NOT NULL,
        first_seen_at timestamptz NOT NULL
      );
    `,
  },
  {
    // What a submission key's first save was sent with, as a keyed fingerprint (never the
    // values: a questionnaire's are health data), so the same key sent again with other
    // values is saved rather than answered the first save's outcome (decision 0314).
    id: "0031_submission_fingerprint",
    sql: `ALTER TABLE form_submissions ADD COLUMN IF NOT EXISTS fingerprint text;`,
  },
  {
    // Which operator acted (OPS_TOKENS' <name>:<token>): the insurer's audit needs the person,
    // not only "operator"; nullable, as a token without a name and every row before this
    // release name no one. Only an operator's rows may carry a name, only an operator's name
    // (app/core/operator.ts); NOT VALID: every row before holds none, and a check of a large
    // audit table would lock it while it scans. The customer's access log and data download
    // leave it out (app/core/my-data.ts).
    id: "0032_audit_operator_name",
    sql: `
      ALTER TABLE health_data_audit ADD COLUMN IF NOT EXISTS operator_name text;
      ALTER TABLE health_data_audit ADD CONSTRAINT health_data_audit_operator_name_check
        CHECK (operator_name IS NULL OR (actor LIKE 'operator%' AND operator_name ~ '^[a-z][a-z0-9._-]{1,63}$')) NOT VALID;
    `,
  },
  {
    // The offer the consents were given for (app/core/offer.ts `offerVersion`): a signing starts
    // only for that offer, not for one changed since (another step saved, midnight, a birthday).
    // Null for consents saved before: they stand for the offer as it is, unless an application
    // was signed after them (a sign-up again after an ended contract): those were given for the
    // signed one, and '' names no offer of today's.
    id: "0033_offer_consented_version",
    sql: `
      ALTER TABLE offers ADD COLUMN IF NOT EXISTS offer_version text;
      UPDATE offers o SET offer_version = ''
        WHERE offer_version IS NULL AND EXISTS (SELECT 1 FROM policies p WHERE p.customer_id = o.customer_id AND p.signed_at >= o.saved_at);
    `,
  },
];

/**
 * The PostgreSQL advisory lock that serialises what servers starting together on one database
 * do to it: each migration, and the demo seed (app/core/startup.ts).
 */
export const START_LOCK = 4242;

/** The migrations of `list` the database has not applied (all of them on a database this application never started on). */
export async function pendingMigrations(db: Queryable, list: Migration[] = migrations): Promise<string[]> {
  const [table] = await db.query<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`);
  if (!table?.t) return list.map((m) => m.id);
  const applied = new Set((await db.query<{ id: string }>(`SELECT id FROM schema_migrations`)).map((r) => r.id));
  return list.map((m) => m.id).filter((id) => !applied.has(id));
}

/**
 * The migrations the database has that `list` does not: a newer release migrated it (a rollback,
 * or an older instance restarted during a rolling deploy). Served all the same, as a rolling
 * deploy needs, and said at start (server.ts).
 */
export async function unknownMigrations(db: Queryable, list: Migration[] = migrations): Promise<string[]> {
  const known = new Set(list.map((m) => m.id));
  return (await db.query<{ id: string }>(`SELECT id FROM schema_migrations ORDER BY id`)).map((r) => r.id).filter((id) => !known.has(id));
}

/** Applies what `list` (all migrations; a test passes a prefix) has that the database has not. */
export async function migrate(db: Db, list: Migration[] = migrations): Promise<string[]> {
  // Under the same lock as the migrations: two servers starting together on an empty
  // database would otherwise race to create this table (a duplicate pg_type row).
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${START_LOCK})`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const applied: string[] = [];
  for (const migration of list) {
    const done = await db.transaction(async (tx) => {
      // Serialises concurrent starts of several app servers on one PostgreSQL.
      await tx.query(`SELECT pg_advisory_xact_lock(${START_LOCK})`);
      const rows = await tx.query(`SELECT 1 FROM schema_migrations WHERE id = $1`, [migration.id]);
      if (rows.length > 0) return false;
      try {
        for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      } catch (error) {
        // Its transaction is rolled back: nothing of it stays, and the next start runs it again.
        throw new Error(`migration ${migration.id} failed and was rolled back (nothing of it applied; the next start tries it again): ${error instanceof Error ? error.message : "unknown"}`, { cause: error });
      }
      await tx.query(`INSERT INTO schema_migrations (id) VALUES ($1)`, [migration.id]);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  return applied;
}

/**
 * Comments out, then one statement per semicolon outside dollar-quoted bodies (functions):
 * our migrations hold no string literal with a semicolon or a double dash.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  for (const [i, part] of sql.replace(/--.*$/gm, "").split("$$").entries()) {
    if (i % 2 === 1) {
      current += `$$${part}$$`;
      continue;
    }
    const pieces = part.split(";");
    current += pieces[0];
    for (const piece of pieces.slice(1)) {
      statements.push(current);
      current = piece;
    }
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter(Boolean);
}
