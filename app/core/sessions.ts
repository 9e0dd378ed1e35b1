/**
 * Server-side sessions. The cookie carries a random token; the table keys rows by the
 * token's SHA-256, holds the customer once signed in, and the data SPEC.md keeps in local
 * storage (login-time data and the intermediary found from `src`).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Clock } from "./clock.js";
import type { Queryable } from "./db/index.js";
import type { RawLoginParams, LoginData } from "./login-params.js";
import type { Intermediary } from "./intermediaries.js";
import type { AnalyticsEvent } from "../lib/analytics.js";
import { CUSTOMER_COLUMNS, toCustomer, type Customer, type CustomerRow } from "./customers.js";
import { AGE_FACTS_COLUMNS, AGE_FACTS_JOINS, toAgeFacts, type AgeFacts, type AgeFactsRow } from "./proposal/age-facts.js";

/** The absolute limit: a session ends a day after sign-in whatever the customer does (OWASP ASVS 3.3). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** The idle limit: half an hour without a request ends a session (OWASP ASVS 3.3; every request counts). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

export interface SessionData {
  /** Raw query parameters from /login, until sign-in normalises them into `data`. */
  loginParams?: RawLoginParams;
  /** Where the customer was going when sent to /login (already safe). */
  redirectTo?: string;
  /** SPEC.md 'data'. */
  data?: LoginData;
  /** SPEC.md 'promoIntermediary': what the header shows while NEW (the `src` partner or the last lookup's). */
  promoIntermediary?: Intermediary;
  /** The partner the sign-in link's `src` found: it stays unless a support code finds another (decision 0033). */
  srcIntermediary?: Intermediary;
  /** Analytics events for the next page the customer sees. */
  events?: AnalyticsEvent[];
  /** One-off messages (i18n key and values) for the next page the customer sees. */
  notices?: Notice[];
  /** The phone number the customer signed in with (Identity.phone): the account form's default until one is saved. */
  signInPhone?: string;
}

export interface Notice {
  key: string;
  params?: Record<string, string>;
}

export interface Session {
  token: string;
  customerId: number | null;
  eidSessionToken: string | null;
  data: SessionData;
  /** The absolute end. */
  expiresAt: Date;
  /** The end without a further request (the idle limit from the last one, never after expiresAt). */
  idleExpiresAt: Date;
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export function sessionStore(db: Queryable, clock: Clock) {
  const expiry = (ttlMs = SESSION_TTL_MS) => new Date(clock.now().getTime() + ttlMs);
  /** A session whose last request is before this is idle-expired. */
  const idleSince = () => new Date(clock.now().getTime() - SESSION_IDLE_MS);
  const idleEnd = (lastActive: Date, expiresAt: Date) => new Date(Math.min(lastActive.getTime() + SESSION_IDLE_MS, expiresAt.getTime()));

  return {
    async create(input: { customerId?: number | null; eidSessionToken?: string | null; data?: SessionData; ttlMs?: number } = {}): Promise<Session> {
      const token = randomBytes(32).toString("base64url");
      const expiresAt = expiry(input.ttlMs);
      await db.query(
        `INSERT INTO sessions (id, customer_id, eid_session_token, data, created_at, expires_at, last_active_at)
         VALUES ($1, $2, $3, $4, $5, $6, $5)`,
        [hash(token), input.customerId ?? null, input.eidSessionToken ?? null, JSON.stringify(input.data ?? {}), clock.now(), expiresAt],
      );
      return {
        token,
        customerId: input.customerId ?? null,
        eidSessionToken: input.eidSessionToken ?? null,
        data: input.data ?? {},
        expiresAt,
        idleExpiresAt: idleEnd(clock.now(), expiresAt),
      };
    },

    /** The live session for a cookie token, or null (unknown, expired, idle too long or revoked). Not a request of the customer's: it extends nothing. */
    async get(token: string): Promise<Session | null> {
      const rows = await db.query<{ customer_id: number | null; eid_session_token: string | null; data: SessionData; expires_at: Date; last_active_at: Date }>(
        `SELECT customer_id, eid_session_token, data, expires_at, last_active_at FROM sessions WHERE id = $1 AND expires_at > $2 AND last_active_at > $3`,
        [hash(token), clock.now(), idleSince()],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        token,
        customerId: row.customer_id === null ? null : Number(row.customer_id),
        eidSessionToken: row.eid_session_token,
        data: row.data ?? {},
        expiresAt: new Date(row.expires_at),
        idleExpiresAt: idleEnd(new Date(row.last_active_at), new Date(row.expires_at)),
      };
    },

    /**
     * The live session and, when signed in, its customer with the facts of the age re-check
     * and the forms they have a live draft of (app/core/drafts.ts: a page reads a draft only
     * when there is one), for a request of the customer's: the request counts as activity
     * (the idle limit starts again). One statement per request.
     */
    async getWithCustomer(
      token: string,
    ): Promise<{ session: Session; customer: Customer | null; ageFacts: AgeFacts | null; draftForms: string[] } | null> {
      const now = clock.now();
      const rows = await db.query<
        Partial<CustomerRow> &
          AgeFactsRow & {
            s_customer_id: number | null;
            eid_session_token: string | null;
            data: SessionData;
            expires_at: Date;
            draft_forms: string[] | null;
          }
      >(
        `WITH s AS (
           UPDATE sessions SET last_active_at = $2 WHERE id = $1 AND expires_at > $2 AND last_active_at > $3
           RETURNING customer_id, eid_session_token, data, expires_at
         )
         SELECT s.customer_id AS s_customer_id, s.eid_session_token, s.data, s.expires_at, ${CUSTOMER_COLUMNS}, ${AGE_FACTS_COLUMNS},
           (SELECT array_agg(d.form) FROM drafts d WHERE d.customer_id = c.id AND d.expires_at > $2) AS draft_forms
         FROM s
         LEFT JOIN customers c ON c.id = s.customer_id
         LEFT JOIN intermediaries i ON i.source = c.intermediary_source
         ${AGE_FACTS_JOINS}`,
        [hash(token), now, idleSince()],
      );
      const row = rows[0];
      if (!row) return null;
      const session: Session = {
        token,
        customerId: row.s_customer_id === null ? null : Number(row.s_customer_id),
        eidSessionToken: row.eid_session_token,
        data: row.data ?? {},
        expiresAt: new Date(row.expires_at),
        idleExpiresAt: idleEnd(now, new Date(row.expires_at)),
      };
      const signedIn = row.id != null;
      return {
        session,
        customer: signedIn ? toCustomer(row as CustomerRow) : null,
        ageFacts: signedIn ? toAgeFacts(row) : null,
        draftForms: signedIn ? (row.draft_forms ?? []) : [],
      };
    },

    async update(token: string, changes: { data?: SessionData; eidSessionToken?: string | null }): Promise<void> {
      if (changes.data !== undefined) {
        await db.query(`UPDATE sessions SET data = $2 WHERE id = $1`, [hash(token), JSON.stringify(changes.data)]);
      }
      if (changes.eidSessionToken !== undefined) {
        await db.query(`UPDATE sessions SET eid_session_token = $2 WHERE id = $1`, [hash(token), changes.eidSessionToken]);
      }
    },

    /**
     * Sets and removes top-level keys of the session data in one statement, leaving the
     * rest as it is in the database (not as this request read it).
     */
    async mergeData(token: string, set: Partial<SessionData>, unset: Array<keyof SessionData> = []): Promise<void> {
      await db.query(`UPDATE sessions SET data = (data - $3::text[]) || $2::jsonb WHERE id = $1`, [
        hash(token),
        JSON.stringify(set),
        unset,
      ]);
    },

    /** Queues analytics events and notices for the next page, after any already queued. */
    async enqueue(token: string, items: { events?: AnalyticsEvent[]; notices?: Notice[] }): Promise<void> {
      await db.query(
        `UPDATE sessions SET data = data
           || jsonb_build_object('events', coalesce(data->'events', '[]'::jsonb) || $2::jsonb)
           || jsonb_build_object('notices', coalesce(data->'notices', '[]'::jsonb) || $3::jsonb)
         WHERE id = $1`,
        [hash(token), JSON.stringify(items.events ?? []), JSON.stringify(items.notices ?? [])],
      );
    },

    /**
     * The customer of a session that has ended (idle or expired) but not been removed: what
     * they posted after the end is kept for them as a draft (app/core/drafts.ts). A logout or
     * a new sign-in removes the row, and with it this.
     */
    async endedCustomer(token: string): Promise<number | null> {
      const rows = await db.query<{ customer_id: number | null }>(
        `SELECT customer_id FROM sessions WHERE id = $1 AND customer_id IS NOT NULL AND (expires_at <= $2 OR last_active_at <= $3)`,
        [hash(token), clock.now(), idleSince()],
      );
      return rows[0] ? Number(rows[0].customer_id) : null;
    },

    async destroy(token: string): Promise<void> {
      await db.query(`DELETE FROM sessions WHERE id = $1`, [hash(token)]);
    },

    /**
     * Removes the sessions past their absolute end. An idle-expired one stays until then (it
     * lets nobody in, get() refuses it): a form posted after the idle end is still kept for
     * its customer (endedCustomer).
     */
    async purgeExpired(): Promise<number> {
      const rows = await db.query(`DELETE FROM sessions WHERE expires_at <= $1 RETURNING 1`, [clock.now()]);
      return rows.length;
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
