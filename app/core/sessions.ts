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

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A session made to start a sign-in lives for the sign-in only: an anonymous visitor's row is
 * gone a quarter of an hour later (the purge removes it), whatever the cookie says.
 */
export const PENDING_SIGN_IN_TTL_MS = 15 * 60 * 1000;

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
  expiresAt: Date;
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export function sessionStore(db: Queryable, clock: Clock) {
  const expiry = (ttlMs = SESSION_TTL_MS) => new Date(clock.now().getTime() + ttlMs);

  return {
    async create(input: { customerId?: number | null; eidSessionToken?: string | null; data?: SessionData; ttlMs?: number } = {}): Promise<Session> {
      const token = randomBytes(32).toString("base64url");
      const expiresAt = expiry(input.ttlMs);
      await db.query(
        `INSERT INTO sessions (id, customer_id, eid_session_token, data, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [hash(token), input.customerId ?? null, input.eidSessionToken ?? null, JSON.stringify(input.data ?? {}), clock.now(), expiresAt],
      );
      return { token, customerId: input.customerId ?? null, eidSessionToken: input.eidSessionToken ?? null, data: input.data ?? {}, expiresAt };
    },

    /** The live session for a cookie token, or null (unknown, expired or revoked). */
    async get(token: string): Promise<Session | null> {
      const rows = await db.query<{ customer_id: number | null; eid_session_token: string | null; data: SessionData; expires_at: Date }>(
        `SELECT customer_id, eid_session_token, data, expires_at FROM sessions WHERE id = $1 AND expires_at > $2`,
        [hash(token), clock.now()],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        token,
        customerId: row.customer_id === null ? null : Number(row.customer_id),
        eidSessionToken: row.eid_session_token,
        data: row.data ?? {},
        expiresAt: new Date(row.expires_at),
      };
    },

    /**
     * The live session and, when signed in, its customer with the facts of the age re-check:
     * one query per request.
     */
    async getWithCustomer(token: string): Promise<{ session: Session; customer: Customer | null; ageFacts: AgeFacts | null } | null> {
      const rows = await db.query<
        Partial<CustomerRow> &
          AgeFactsRow & { s_customer_id: number | null; eid_session_token: string | null; data: SessionData; expires_at: Date }
      >(
        `SELECT s.customer_id AS s_customer_id, s.eid_session_token, s.data, s.expires_at, ${CUSTOMER_COLUMNS}, ${AGE_FACTS_COLUMNS}
         FROM sessions s
         LEFT JOIN customers c ON c.id = s.customer_id
         LEFT JOIN intermediaries i ON i.source = c.intermediary_source
         ${AGE_FACTS_JOINS}
         WHERE s.id = $1 AND s.expires_at > $2`,
        [hash(token), clock.now()],
      );
      const row = rows[0];
      if (!row) return null;
      const session: Session = {
        token,
        customerId: row.s_customer_id === null ? null : Number(row.s_customer_id),
        eidSessionToken: row.eid_session_token,
        data: row.data ?? {},
        expiresAt: new Date(row.expires_at),
      };
      const signedIn = row.id != null;
      return { session, customer: signedIn ? toCustomer(row as CustomerRow) : null, ageFacts: signedIn ? toAgeFacts(row) : null };
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

    async destroy(token: string): Promise<void> {
      await db.query(`DELETE FROM sessions WHERE id = $1`, [hash(token)]);
    },

    async purgeExpired(): Promise<number> {
      const rows = await db.query(`DELETE FROM sessions WHERE expires_at <= $1 RETURNING 1`, [clock.now()]);
      return rows.length;
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
