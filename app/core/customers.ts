/** Customers: identity from the personal code, and the onboarding state. */
import { ageOn, parsePersonalCode } from "../lib/personal-code.js";
import { FIRST_STATE, TRANSITIONS, type OnboardingState } from "../lib/onboarding.js";
import { today, type Clock } from "./clock.js";
import type { Queryable } from "./db/index.js";
import type { Intermediary } from "./intermediaries.js";
import { isEligibleAge } from "../lib/limits.js";

export interface Customer {
  id: number;
  personalCode: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  country: string;
  phone: string | null;
  email: string | null;
  state: OnboardingState;
  intermediary: Intermediary | null;
}

export interface CustomerRow {
  id: number | string;
  personal_code: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  country: string;
  phone: string | null;
  email: string | null;
  state: OnboardingState;
  i_source: string | null;
  i_name: string | null;
  i_logo: string | null;
}

/** Columns of a customer row joined with its intermediary (`c`, `i`). */
export const CUSTOMER_COLUMNS = `c.id, c.personal_code, c.first_name, c.last_name, c.date_of_birth, c.country,
         c.phone, c.email, c.state, i.source AS i_source, i.name AS i_name, i.logo AS i_logo`;

const SELECT = `SELECT ${CUSTOMER_COLUMNS} FROM customers c LEFT JOIN intermediaries i ON i.source = c.intermediary_source`;

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: Number(row.id),
    personalCode: row.personal_code,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    country: row.country,
    phone: row.phone,
    email: row.email,
    state: row.state,
    intermediary: row.i_source ? { source: row.i_source, name: row.i_name!, logo: row.i_logo! } : null,
  };
}

/** The most characters of a first or last name kept from the e-ID (no real name comes near). */
export const EID_NAME_MAX = 100;

/**
 * A name as the e-ID states it, fit to store, show and print: in NFC, without control or
 * format characters (a NUL would fail the database's write, a direction override would turn
 * the name round), spaces collapsed, at most EID_NAME_MAX characters.
 */
function eidName(raw: string): string {
  const name = raw.normalize("NFC").replace(/\s+/g, " ").replace(/\p{C}/gu, "").replace(/ {2,}/g, " ").trim();
  return Array.from(name).slice(0, EID_NAME_MAX).join("").trim();
}

/**
 * The name the e-ID confirmed at this sign-in replaces the stored one when it differs (GDPR
 * art. 16, docs/decisions/0310): the e-ID is the authority on it (a name changed by marriage),
 * as on the personal code, which never changes. Each field changed is kept, what it was and
 * what it became, with the e-mail's and phone's changes (contact_changes). One statement: two
 * sign-ins at once record the change once. What was issued keeps the name it was issued with.
 */
const RECTIFY_NAME = `
  WITH before AS (SELECT id, first_name, last_name FROM customers WHERE id = $1 FOR UPDATE),
  changed AS (
    UPDATE customers c SET first_name = $2, last_name = $3, updated_at = $4 FROM before
     WHERE c.id = before.id AND (before.first_name, before.last_name) IS DISTINCT FROM ($2::text, $3::text)
     RETURNING c.id, before.first_name AS first_was, before.last_name AS last_was)
  INSERT INTO contact_changes (customer_id, field, old_value, new_value, changed_at)
  SELECT changed.id, f.field, f.old_value, f.new_value, $4
    FROM changed, LATERAL (VALUES ('first_name', changed.first_was, $2::text), ('last_name', changed.last_was, $3::text)) AS f (field, old_value, new_value)
   WHERE f.old_value IS DISTINCT FROM f.new_value`;

export function customerStore(db: Queryable, clock: Clock) {
  /**
   * The customer as they start this sign-in: one turned away for their age who is of an
   * eligible age today starts the sign-up. Unavailability with a policy behind it (the
   * underwriter declined) is not the age's and stays. Compare-and-set, as `moveState`.
   */
  async function cameOfAge(customer: Customer): Promise<Customer> {
    const { from, to } = TRANSITIONS.cameOfAge;
    if (customer.state !== from || !isEligibleAge(ageOn(customer.dateOfBirth, today(clock)))) return customer;
    const moved = await db.query<{ state: OnboardingState }>(
      `UPDATE customers c SET state = $3, updated_at = $4 WHERE c.id = $1 AND c.state = $2
         AND NOT EXISTS (SELECT 1 FROM policies p WHERE p.customer_id = c.id) RETURNING c.state`,
      [customer.id, from, to(), clock.now()],
    );
    return moved[0] ? { ...customer, state: moved[0].state } : customer;
  }

  return {
    async byId(id: number): Promise<Customer | null> {
      const rows = await db.query<CustomerRow>(`${SELECT} WHERE c.id = $1`, [id]);
      return rows[0] ? toCustomer(rows[0]) : null;
    },

    async byPersonalCode(code: string): Promise<Customer | null> {
      const rows = await db.query<CustomerRow>(`${SELECT} WHERE c.personal_code = $1`, [code]);
      return rows[0] ? toCustomer(rows[0]) : null;
    },

    /**
     * Finds the customer or creates them from the identity the e-ID provider confirmed; a
     * customer found gets the name it states (`RECTIFY_NAME`; an empty one, after `eidName`,
     * changes nothing). A new customer outside the eligible ages starts as SERVICE_UNAVAILABLE;
     * one turned away for their age who has since turned 18 starts the sign-up
     * (`TRANSITIONS.cameOfAge`).
     */
    /** The customer the e-ID names, `renamed` when this sign-in replaced the name stored (docs/decisions/0310, 0321). */
    async findOrCreate(eid: { personalCode: string; firstName: string; lastName: string }): Promise<Customer & { renamed?: true }> {
      const identity = { personalCode: eid.personalCode, firstName: eidName(eid.firstName), lastName: eidName(eid.lastName) };
      const existing = await this.byPersonalCode(identity.personalCode);
      if (existing) {
        const named = identity.firstName !== "" && identity.lastName !== "";
        if (!named || (existing.firstName === identity.firstName && existing.lastName === identity.lastName)) return cameOfAge(existing);
        await db.query(RECTIFY_NAME, [existing.id, identity.firstName, identity.lastName, clock.now()]);
        return { ...(await cameOfAge({ ...existing, firstName: identity.firstName, lastName: identity.lastName })), renamed: true };
      }
      const facts = parsePersonalCode(identity.personalCode);
      if (!facts) throw new Error("The e-ID provider returned an invalid personal code");
      const state: OnboardingState = isEligibleAge(ageOn(facts.dateOfBirth, today(clock))) ? FIRST_STATE : "SERVICE_UNAVAILABLE";
      const now = clock.now();
      // ON CONFLICT: two first sign-ins of the same person at once create one row. Sex is not
      // stored: no price may use it (docs/decisions/0080-unisex-pricing.md).
      await db.query(
        `INSERT INTO customers (personal_code, first_name, last_name, date_of_birth, state, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (personal_code) DO NOTHING`,
        [identity.personalCode, identity.firstName, identity.lastName, facts.dateOfBirth, state, now],
      );
      return (await this.byPersonalCode(identity.personalCode))!;
    },
  };
}

export type CustomerStore = ReturnType<typeof customerStore>;
