/**
 * Health data is special-category personal data (GDPR art. 9): stored only encrypted
 * (AES-256-GCM, a fresh 96-bit nonce per write), never logged, and every read and write
 * recorded in the audit table — who, what, when, never the data itself.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { Clock } from "./clock.js";
import type { Queryable } from "./db/index.js";

/**
 * The keys health data is sealed with (docs/decisions/0105): the first seals every new
 * write, all of them open. Each sealed value names the id of its key, so a key can be added
 * (it seals from then on), the old rows re-sealed (`npm run ops -- reseal`) and the old key
 * removed, all while the application serves.
 */
export interface HealthKey {
  id: string;
  key: Buffer;
}
export type HealthKeyRing = readonly HealthKey[];

/** The id of the single `HEALTH_DATA_KEY`, and of every value sealed before key ids (the v1 formats). */
export const LEGACY_KEY_ID = "legacy";
/** What a key's check value is an HMAC of (health_key_checks). */
const KEY_CHECK_LABEL = "elukaitse health-data key check v1";

/** What a key id may be: it is written into every sealed value and read back by SQL. */
export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Text: `v1.<nonce>.<tag>.<ciphertext>` (the legacy key) or `v2.<key id>.<nonce>.<tag>.<ciphertext>`, base64url parts. */
const TEXT_V1 = "v1";
const TEXT_V2 = "v2";
/** Bytes: 1, nonce, tag, ciphertext (the legacy key) or 2, key id length, key id, nonce, tag, ciphertext. */
const BYTES_V1 = 1;
const BYTES_V2 = 2;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A value sealed under a key the ring does not hold: a clear error, never a wrong answer. */
export class MissingHealthKeyError extends Error {
  constructor(readonly keyId: string) {
    super(`Health data sealed under key id "${keyId}", which the configured keys (HEALTH_DATA_KEYS) do not hold`);
    this.name = "MissingHealthKeyError";
  }
}

/** The key id stored bytes name, or null when they are no sealed value. */
export function bytesKeyId(sealed: Uint8Array): string | null {
  if (sealed[0] === BYTES_V1) return LEGACY_KEY_ID;
  if (sealed[0] !== BYTES_V2 || sealed.length < 2) return null;
  const id = Buffer.from(sealed.subarray(2, 2 + sealed[1])).toString("latin1");
  return KEY_ID.test(id) ? id : null;
}

/**
 * The text prefix and the bytes prefix every value sealed under `id` starts with (SQL finds the
 * others). The key id `legacy` seals in the v1 formats, which name no id: a release before key
 * ids still opens what this one writes, so instances of both may serve side by side during the
 * deploy that brings key rings.
 */
export const textPrefix = (id: string) => (id === LEGACY_KEY_ID ? `${TEXT_V1}.` : `${TEXT_V2}.${id}.`);
export const bytesPrefix = (id: string) =>
  id === LEGACY_KEY_ID ? Buffer.from([BYTES_V1]) : Buffer.concat([Buffer.from([BYTES_V2, id.length]), Buffer.from(id, "latin1")]);

/** A ring from one key (the legacy `HEALTH_DATA_KEY`, a test's key) or a ring as it is. */
const ringOf = (keys: HealthKeyRing | Buffer): HealthKeyRing => (Buffer.isBuffer(keys) ? [{ id: LEGACY_KEY_ID, key: keys }] : keys);

export function healthCipher(keys: HealthKeyRing | Buffer) {
  const ring = ringOf(keys);
  if (ring.length === 0) throw new Error("The health data key ring is empty");
  for (const { id, key } of ring) {
    if (!KEY_ID.test(id)) throw new Error(`The health data key id "${id}" must be 1 to 32 letters, digits, _ or -`);
    if (key.length !== 32) throw new Error("The health data key must be 32 bytes");
  }
  const byId = new Map(ring.map((k) => [k.id, k.key]));
  const sealing = ring[0];
  const keyFor = (id: string): Buffer => {
    const key = byId.get(id);
    if (!key) throw new MissingHealthKeyError(id);
    return key;
  };
  const open = (key: Buffer, nonce: Buffer, tag: Buffer, ciphertext: Buffer, aad: string): Buffer => {
    const decipher = createDecipheriv("aes-256-gcm", key, nonce);
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  };
  return {
    /** The id of the key new values are sealed under. */
    sealingKeyId: sealing.id,
    /**
     * Each key's check value: an HMAC-SHA256 under the key of a fixed label. It tells two keys
     * apart and reveals nothing of either (docs/decisions/0313).
     */
    keyChecks: (): { id: string; check: string }[] => ring.map(({ id, key }) => ({ id, check: createHmac("sha256", key).update(KEY_CHECK_LABEL).digest("hex") })),
    /** Every key id the ring opens. */
    keyIds: ring.map((k) => k.id),

    /** `v2.<key id>.<nonce>.<tag>.<ciphertext>` (`v1.…` under `legacy`), base64url parts. `aad` binds it to its owner and kind. */
    encrypt(value: unknown, aad: string): string {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", sealing.key, nonce);
      cipher.setAAD(Buffer.from(aad));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
      return textPrefix(sealing.id) + [nonce, cipher.getAuthTag(), ciphertext].map((p) => p.toString("base64url")).join(".");
    },
    decrypt<T>(sealed: string, aad: string): T {
      const parts = sealed.split(".");
      let id: string;
      if (parts[0] === TEXT_V1 && parts.length === 4) id = LEGACY_KEY_ID;
      else if (parts[0] === TEXT_V2 && parts.length === 5 && KEY_ID.test(parts[1])) id = parts.splice(1, 1)[0];
      else throw new Error("Unreadable health data");
      const [, nonce, tag, ciphertext] = parts;
      const plain = open(keyFor(id), Buffer.from(nonce, "base64url"), Buffer.from(tag, "base64url"), Buffer.from(ciphertext, "base64url"), aad);
      return JSON.parse(plain.toString("utf8")) as T;
    },
    /** Bytes (a document) sealed the same way, in binary: 2, key id length, key id, nonce, tag, ciphertext (1, nonce, … under `legacy`). */
    sealBytes(bytes: Uint8Array, aad: string): Buffer {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", sealing.key, nonce);
      cipher.setAAD(Buffer.from(aad));
      const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()]);
      return Buffer.concat([bytesPrefix(sealing.id), nonce, cipher.getAuthTag(), ciphertext]);
    },
    openBytes(sealed: Uint8Array, aad: string): Uint8Array {
      const buffer = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      const id = bytesKeyId(buffer);
      if (id === null) throw new Error("Unreadable health data");
      const start = buffer[0] === BYTES_V1 ? 1 : 2 + buffer[1];
      if (buffer.length < start + NONCE_BYTES + TAG_BYTES) throw new Error("Unreadable health data");
      const key = keyFor(id);
      const nonce = buffer.subarray(start, start + NONCE_BYTES);
      const tag = buffer.subarray(start + NONCE_BYTES, start + NONCE_BYTES + TAG_BYTES);
      return new Uint8Array(open(key, nonce, tag, buffer.subarray(start + NONCE_BYTES + TAG_BYTES), aad));
    },
  };
}

export type HealthCipher = ReturnType<typeof healthCipher>;

/** `erase`: the data was deleted, as a withdrawn consent asks (docs/decisions/0257). */
export type AuditAction = "read" | "write" | "erase";

/** The audit table's row, the one place its columns are named for an insert. */
const AUDIT_INSERT = `INSERT INTO health_data_audit (customer_id, actor, action, subject, at)`;
/** A row with every column: anyone's, an operator's reason and name included (null for others). */
const AUDIT_INSERT_WHOLE = `INSERT INTO health_data_audit (customer_id, actor, action, subject, at, reason, operator_name)`;

/** Who reads whose health data, and what (the audit row's subject, never the data). */
export interface HealthRead {
  customerId: number;
  actor: string;
  subject: string;
}

export function auditLog(db: Queryable, clock: Clock) {
  return {
    /**
     * `actor` is who acted ("customer:12", "operator"), `subject` what was touched ("score:3"),
     * `reason` an operator's stated reason (docs/decisions/0112), `operator` the operator's name
     * when their token carries one (OPS_TOKENS' `<name>:<token>`: for the insurer's audit, never
     * shown to the customer).
     */
    async record(
      entry: { customerId: number; actor: string; action: AuditAction; subject: string; reason?: string; operator?: string | null },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(`${AUDIT_INSERT_WHOLE} VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        entry.customerId,
        entry.actor,
        entry.action,
        entry.subject,
        clock.now(),
        entry.reason ?? null,
        entry.operator ?? null,
      ]);
    },

    /** Reads of several values by one actor, a row each in their order, in one statement (the data export's opened rows). */
    async recordReads(reads: { customerId: number; actor: string; subjects: readonly string[] }, tx: Queryable = db): Promise<void> {
      if (reads.subjects.length === 0) return;
      await tx.query(`${AUDIT_INSERT} SELECT $1, $2, 'read', s.subject, $4 FROM unnest($3::text[]) WITH ORDINALITY AS s(subject, n) ORDER BY s.n`, [
        reads.customerId,
        reads.actor,
        reads.subjects,
        clock.now(),
      ]);
    },

    /**
     * The one audited read of sealed health data: one statement that reads and records the
     * read (a data-modifying CTE, so the read cannot happen without its record; nothing is
     * recorded when `sealed` finds no row). `sealed` selects the sealed values, and `select`,
     * the statement's answer, reads them from the CTE named `sealed` beside whatever plain facts
     * the caller needs in the same round trip. In both, `$1` is the customer and `$5`, `$6`, …
     * are `params` (`$2`–`$4` are the audit row's).
     */
    async read<Row extends object>(read: HealthRead & { sealed: string; select: string; params?: readonly unknown[] }, q: Queryable = db): Promise<Row[]> {
      return q.query<Row>(
        `WITH sealed AS (${read.sealed}),
              audited AS (${AUDIT_INSERT} SELECT $1, $2, 'read', $3, $4 WHERE EXISTS (SELECT 1 FROM sealed) RETURNING 1)
         ${read.select}`,
        [read.customerId, read.actor, read.subject, clock.now(), ...(read.params ?? [])],
      );
    },

    /**
     * The one audited erasure of health data (a withdrawn consent, docs/decisions/0257): one
     * statement deletes the rows and records each erased value (a data-modifying CTE, so the
     * erasure cannot happen without its record). `deleted` is a DELETE … RETURNING `subject`,
     * the audit subject of the value a row held, or null for a row that held none. In it `$1`
     * is the customer, `$4`, `$5`, … are `params`. Answers how many rows were deleted.
     */
    async erase(erasure: { customerId: number; actor: string; deleted: string; params?: readonly unknown[] }, q: Queryable = db): Promise<number> {
      const [row] = await q.query<{ n: number }>(
        `WITH gone AS (${erasure.deleted}),
              audited AS (${AUDIT_INSERT} SELECT $1, $2, 'erase', gone.subject, $3 FROM gone WHERE gone.subject IS NOT NULL RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [erasure.customerId, erasure.actor, clock.now(), ...(erasure.params ?? [])],
      );
      return row.n;
    },
  };
}

export type AuditLog = ReturnType<typeof auditLog>;
