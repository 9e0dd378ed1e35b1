/**
 * Where health data is sealed in the database, which keys it is sealed under, and the two
 * things a key rotation needs (docs/decisions/0105, docs/operations.md "Rotating keys"):
 *
 * - `checkKeyRing`: a start refuses, before it listens, when the database holds values under
 *   a key id the configured ring does not hold (naming the ids and where they are), or when a
 *   key differs from the one its id was first started with, instead of answering every
 *   health-data read with a 500;
 * - `reseal`: the operator command (`npm run ops -- reseal`) that re-seals, in small batches
 *   of their own transaction each while the application serves, every value not under the
 *   sealing key (and the documents an older version stored plain), with an audit row each.
 */
import type { Clock } from "./clock.js";
import { ConfigError } from "./config.js";
import type { Db, Queryable } from "./db/index.js";
import { auditLog, bytesPrefix, LEGACY_KEY_ID, textPrefix, type HealthCipher } from "./health-data.js";
import type { OperatorReason } from "./offer.js";

/** A column holding sealed values: its table, its row key, how the additional data binds each value. */
interface SealedColumn {
  table: string;
  column: string;
  kind: "text" | "bytes";
  /** The row key's columns (each row also has customer_id). */
  key: readonly string[];
  /** The additional data a value was sealed with, from its row. */
  aad(row: Record<string, unknown>): string;
  /** bytes only: the flag telling documents sealed from those an older version stored plain. */
  sealedFlag?: string;
}

const num = (v: unknown) => Number(v);

/** Every place health data is sealed (each writer's additional data, kept in step with it). */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: "questionnaires", column: "answers_sealed", kind: "text", key: ["customer_id"], aad: (r) => `questionnaire:${num(r.customer_id)}` },
  { table: "questionnaires", column: "body_sealed", kind: "text", key: ["customer_id"], aad: (r) => `questionnaire-body:${num(r.customer_id)}` },
  { table: "score_profiles", column: "answers_sealed", kind: "text", key: ["id"], aad: (r) => `score:${num(r.customer_id)}:${num(r.id)}` },
  { table: "health_measurements", column: "result_sealed", kind: "text", key: ["id"], aad: (r) => `measurement:${num(r.customer_id)}` },
  { table: "activity_connections", column: "data_sealed", kind: "text", key: ["customer_id"], aad: (r) => `activity:${num(r.customer_id)}` },
  { table: "drafts", column: "fields", kind: "text", key: ["customer_id", "form"], aad: (r) => `draft:${num(r.customer_id)}:${String(r.form)}` },
  { table: "signings", column: "document", kind: "bytes", key: ["id"], aad: (r) => `document:signing:${num(r.customer_id)}`, sealedFlag: "document_sealed" },
  // The frame's access token opens the pending document at the provider (docs/decisions/0290).
  { table: "signings", column: "frame_sealed", kind: "text", key: ["id"], aad: (r) => `signing-frame:${num(r.customer_id)}` },
  {
    table: "policies",
    column: "signed_document",
    kind: "bytes",
    key: ["id"],
    aad: (r) => `document:policy:${num(r.customer_id)}`,
    sealedFlag: "document_sealed",
  },
  // Sealed from its first write (no flag: never stored plain). The document names the
  // beneficiaries, not health data, but every stored document is sealed alike.
  { table: "policy_versions", column: "signed_document", kind: "bytes", key: ["policy_id", "version"], aad: (r) => `document:policy-version:${num(r.customer_id)}` },
];

/**
 * The key id a stored value names, in SQL (`?` for a value in no sealed format), and which rows
 * hold one: with `plainDocuments`, also the documents an older version stored plain (flagged
 * so), which count under `?` (docs/decisions/0313).
 */
function keyIdSql(c: SealedColumn, { plainDocuments = false } = {}): { sql: string; where: string } {
  if (c.kind === "text") {
    return {
      sql: `CASE WHEN left(${c.column}, 3) = 'v1.' THEN '${LEGACY_KEY_ID}' WHEN left(${c.column}, 3) = 'v2.' THEN split_part(${c.column}, '.', 2) ELSE '?' END`,
      where: `${c.column} IS NOT NULL`,
    };
  }
  // Only the first bytes of a document are read (a slice of its TOAST value, not all of it).
  const head = `substring(${c.column} from 1 for 34)`;
  return {
    sql: `CASE ${c.sealedFlag ? `WHEN NOT ${c.sealedFlag} THEN '?'` : ""}
               WHEN get_byte(${head}, 0) = 1 THEN '${LEGACY_KEY_ID}'
               WHEN get_byte(${head}, 0) = 2 AND length(${head}) > 1 THEN convert_from(substring(${head} from 3 for get_byte(${head}, 1)), 'UTF8')
               ELSE '?' END`,
    where: c.sealedFlag && !plainDocuments ? `${c.column} IS NOT NULL AND ${c.sealedFlag}` : `${c.column} IS NOT NULL`,
  };
}

/** A key id of the ring or of the database, and the values sealed under it (npm run ops -- keys). */
export interface KeyUse {
  /**
   * `?`: values in no sealed format: documents an older version stored plain (the reseal seals
   * them), and anything else not health data this version wrote (a start refuses that).
   */
  id: string;
  /** In HEALTH_DATA_KEYS (a key used but not in the ring stops the start). */
  inRing: boolean;
  /** The ring's first key: every new value is sealed under it. */
  sealsNewValues: boolean;
  /** Values sealed under it, in all; 0 for a key of the ring that may go (docs/operations.md "Rotating keys"). */
  values: number;
  /** `table.column` → values sealed under it there. */
  places: Record<string, number>;
  /**
   * For a key of the ring, whether it is the key the database knows under its id, by the
   * check value the first start with that id stored (`health_key_checks`, an HMAC under the
   * key, never the key): `right`; `wrong`, another key under a known id (a mistyped key, or
   * another database's), which a start refuses and under which nothing opens; `unchecked`, no
   * check stored (no instance has started with the id yet: nothing to compare with). null for
   * an id the ring lacks.
   */
  check: KeyCheck | null;
}

export type KeyCheck = "right" | "wrong" | "unchecked";

/**
 * Each key id of the ring (in its order; none when the command was given no key) and of the
 * database, with how many values each seals and where: the operator's view of a rotation,
 * where everything the reseal has still to do is counted (documents stored plain under `?`);
 * and whether each key of the ring is the one the database knows under its id (`check`).
 * Opens no value (only their key ids, the first bytes, and the stored check values), so it
 * reads nobody's data. One scan of each sealed column.
 */
export async function keyUses(db: Queryable, cipher: HealthCipher | null): Promise<KeyUse[]> {
  const uses = await usesByKeyId(db, cipher?.keyIds ?? [], { plainDocuments: true });
  if (!cipher) return uses;
  const checks = cipher.keyChecks();
  const stored = new Map(
    (await db.query<{ key_id: string; check_value: string }>(`SELECT key_id, check_value FROM health_key_checks WHERE key_id = ANY($1)`, [checks.map((c) => c.id)])).map(
      (row) => [row.key_id, row.check_value],
    ),
  );
  for (const { id, check } of checks) {
    const known = stored.get(id);
    uses.find((use) => use.id === id)!.check = known === undefined ? "unchecked" : known === check ? "right" : "wrong";
  }
  return uses;
}

async function usesByKeyId(db: Queryable, ring: readonly string[], options: { plainDocuments: boolean }): Promise<KeyUse[]> {
  const uses = new Map<string, KeyUse>(ring.map((id, i) => [id, { id, inRing: true, sealsNewValues: i === 0, values: 0, places: {}, check: null }]));
  for (const c of SEALED_COLUMNS) {
    const { sql, where } = keyIdSql(c, options);
    const rows = await db.query<{ id: string; n: number }>(`SELECT ${sql} AS id, count(*)::int AS n FROM ${c.table} WHERE ${where} GROUP BY 1 ORDER BY 1`);
    for (const { id, n } of rows) {
      let use = uses.get(id);
      if (!use) uses.set(id, (use = { id, inRing: false, sealsNewValues: false, values: 0, places: {}, check: null }));
      use.values += n;
      use.places[`${c.table}.${c.column}`] = n;
    }
  }
  return [...uses.values()];
}

/**
 * Each key id the database holds sealed values under, with where (`table.column`); documents
 * stored plain are not among them (they stay readable until the reseal, decision 0106).
 */
export async function keyIdsInUse(db: Queryable): Promise<Map<string, string[]>> {
  return new Map((await usesByKeyId(db, [], { plainDocuments: false })).map((use) => [use.id, Object.keys(use.places)]));
}

/**
 * Refuses (a ConfigError, so the start ends before it listens) when the database holds
 * values the ring cannot open: under a key id it does not hold, in no sealed format, or
 * under a key id it holds with another key (a mistyped key): one value of each key id in
 * each place is opened to prove it. That proof is no read of anyone's data (nothing leaves
 * this function, nobody sees it), so it writes no audit row.
 */
export async function checkKeyRing(db: Queryable, clock: Clock, cipher: HealthCipher, { storeChecks = true }: { storeChecks?: boolean } = {}): Promise<void> {
  const inUse = await keyIdsInUse(db);
  const problems: string[] = [];
  for (const [id, places] of inUse) {
    if (id === "?") {
      problems.push(`the database holds values in no sealed format (${places.join(", ")}): they are not health data this version wrote`);
    } else if (!cipher.keyIds.includes(id)) {
      problems.push(
        `HEALTH_DATA_KEYS lacks the key id "${id}" that the database holds health data under (${places.join(", ")}): add ${id}:<its 64 hex characters> (docs/operations.md "Rotating keys")`,
      );
    } else {
      const wrong = [];
      for (const place of places) if (!(await opensSample(db, cipher, place, id))) wrong.push(place);
      if (wrong.length) {
        problems.push(`the key with id "${id}" does not open what the database holds under that id (${wrong.join(", ")}): a mistyped key, or another database's`);
      }
    }
  }
  if (problems.length) throw new ConfigError(problems);
  await checkFirstSeenKeys(db, clock, cipher, storeChecks);
}

/**
 * Refuses a key that differs from the one its id was first started with. A new key has sealed
 * nothing yet when the instances restart with it ("Rotating keys" step 2), so no value can
 * prove it: the first start that sees a key id stores its check value (never the key), and
 * every start compares each key of its ring with the check stored for its id. Two instances
 * starting together store one: the other compares with it.
 */
async function checkFirstSeenKeys(db: Queryable, clock: Clock, cipher: HealthCipher, store: boolean): Promise<void> {
  const checks = cipher.keyChecks();
  // Only a start stores: an operator's command is no instance, and a check it stored would pass
  // a key of its own ring as one an instance started with (refuseUnstartedSealingKey).
  for (const { id, check } of store ? checks : []) {
    await db.query(`INSERT INTO health_key_checks (key_id, check_value, first_seen_at) VALUES ($1, $2, $3) ON CONFLICT (key_id) DO NOTHING`, [id, check, clock.now()]);
  }
  const stored = await db.query<{ key_id: string; check_value: string; first_seen_at: Date | string }>(
    `SELECT key_id, check_value, first_seen_at FROM health_key_checks WHERE key_id = ANY($1)`,
    [checks.map((c) => c.id)],
  );
  const problems = stored
    .filter((row) => checks.find((c) => c.id === row.key_id)!.check !== row.check_value)
    .map(
      (row) =>
        `HEALTH_DATA_KEYS: the key with id "${row.key_id}" is not the key this database first started with under that id (${new Date(row.first_seen_at).toISOString()}): a mistyped key, or another instance's; every instance needs the same key under one id (docs/operations.md "Rotating keys")`,
    );
  if (problems.length) throw new ConfigError(problems);
}

/** Whether one value under `id` in `place` (`table.column`) opens. */
async function opensSample(db: Queryable, cipher: HealthCipher, place: string, id: string): Promise<boolean> {
  const c = SEALED_COLUMNS.find((s) => `${s.table}.${s.column}` === place)!;
  const { sql, where } = keyIdSql(c);
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT ${[...new Set([...c.key, "customer_id"])].join(", ")}, ${c.column} AS value FROM ${c.table} WHERE ${where} AND (${sql}) = $1 LIMIT 1`,
    [id],
  );
  if (!row) return true;
  try {
    if (c.kind === "text") cipher.decrypt(String(row.value), c.aad(row));
    else cipher.openBytes(new Uint8Array(row.value as Uint8Array), c.aad(row));
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses a reseal under a key no application start has used yet (no check value stored for
 * its id): the command's own ring may be ahead of the instances' (an environment with the new
 * key first before any instance was restarted with it), and every instance would then find the
 * values it re-sealed unopenable. The reseal's own `checkKeyRing` stores no check value: only a
 * start says that an instance holds a key.
 */
async function refuseUnstartedSealingKey(db: Queryable, cipher: HealthCipher): Promise<void> {
  const id = cipher.sealingKeyId;
  const seen = await db.query(`SELECT 1 FROM health_key_checks WHERE key_id = $1`, [id]);
  if (seen.length > 0) return;
  throw new ConfigError([
    `HEALTH_DATA_KEYS: no instance has started with the key id "${id}" yet, so none could open what the reseal would seal under it: restart every instance with it in its ring first, then re-seal (docs/operations.md "Rotating keys", step 2)`,
  ]);
}

/** A batch size as given (rows per transaction, 1 to 10 000), else undefined (the default). */
export const batchSizeOf = (value: unknown): number | undefined => {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  return n >= 1 && n <= 10_000 ? n : undefined;
};

export interface ResealProgress {
  /** `table.column` → rows re-sealed. */
  resealed: Record<string, number>;
  /** The key id everything is sealed under now. */
  keyId: string;
}

/**
 * Re-seals every value not under the ring's sealing key, and seals the documents an older
 * version stored plain: `batchSize` rows per transaction (each row locked only for its
 * batch's few milliseconds), an audit row (`operator:reseal`, write, with the operator's
 * stated reason and name) per row in the same transaction. Idempotent; safe to run again, or while the application serves and writes.
 */
export async function reseal(
  db: Db,
  clock: Clock,
  cipher: HealthCipher,
  reason: OperatorReason,
  options: {
    batchSize?: number;
    onBatch?: (place: string, rows: number) => void;
    /** The operator's name, when their token carries one: recorded beside the reason (never shown to the customer). */
    operator?: string | null;
  } = {},
): Promise<ResealProgress> {
  await refuseUnstartedSealingKey(db, cipher);
  // Compared with what the starts stored, storing none: a key the command's ring holds besides
  // the sealing one (the next key, added second in its environment before the instances) would
  // otherwise count as started, and a later reseal with it first would seal what no instance opens.
  await checkKeyRing(db, clock, cipher, { storeChecks: false });
  const batchSize = options.batchSize ?? 100;
  const audit = auditLog(db, clock);
  const resealed: Record<string, number> = {};
  for (const c of SEALED_COLUMNS) {
    const place = `${c.table}.${c.column}`;
    resealed[place] = 0;
    const prefix = c.kind === "text" ? textPrefix(cipher.sealingKeyId) : bytesPrefix(cipher.sealingKeyId);
    const stale =
      c.kind === "text"
        ? `${c.column} IS NOT NULL AND left(${c.column}, $1) <> $2`
        : `${c.column} IS NOT NULL AND (${c.sealedFlag ? `NOT ${c.sealedFlag} OR ` : ""}substring(${c.column} from 1 for $1) <> $2)`;
    const keyCols = c.key.join(", ");
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const rows = await tx.query<Record<string, unknown>>(
          // Without a flag every stored value is sealed (`sealed` is then absent, not false).
          `SELECT ${[...new Set([...c.key, "customer_id"])].join(", ")}, ${c.column} AS value${c.sealedFlag ? `, ${c.sealedFlag} AS sealed` : ""}
           FROM ${c.table} WHERE ${stale} ORDER BY ${keyCols} LIMIT $3 FOR UPDATE`,
          [prefix.length, prefix, batchSize],
        );
        for (const row of rows) {
          const aad = c.aad(row);
          const value =
            c.kind === "text"
              ? cipher.encrypt(cipher.decrypt(String(row.value), aad), aad)
              : cipher.sealBytes(row.sealed !== false ? cipher.openBytes(new Uint8Array(row.value as Uint8Array), aad) : new Uint8Array(row.value as Uint8Array), aad);
          const where = c.key.map((k, i) => `${k} = $${i + 2}`).join(" AND ");
          await tx.query(`UPDATE ${c.table} SET ${c.column} = $1${c.sealedFlag ? `, ${c.sealedFlag} = true` : ""} WHERE ${where}`, [
            value,
            ...c.key.map((k) => row[k]),
          ]);
          const subject = `${c.table}:${c.key.map((k) => String(row[k])).join(":")}`;
          await audit.record({ customerId: num(row.customer_id), actor: "operator:reseal", action: "write", subject, reason: reason.text, operator: options.operator }, tx);
        }
        return rows.length;
      });
      if (done === 0) break;
      resealed[place] += done;
      options.onBatch?.(place, done);
      if (done < batchSize) break;
    }
  }
  return { resealed, keyId: cipher.sealingKeyId };
}
