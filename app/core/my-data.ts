/**
 * "My data" (issue 22 item 5, GDPR articles 15 and 20, docs/decisions/0135): the customer's
 * access log — every read of their health data and documents, and every operator action, from
 * the audit table — and the download of everything held about them as one JSON file.
 *
 * The export reads `CUSTOMER_DATA`, the one map of the tables that hold a customer's rows:
 * each is exported (every column as stored, sealed values opened, documents' bytes left out)
 * or named in `LEFT_OUT` with the reason. tests/integration/my-data.test.ts lists every table
 * the database has that references a customer (a foreign key to customers, or a customer_id
 * column) and fails for one in neither list: a new table is one line here. The file is one
 * snapshot, read whole before it is sent (docs/decisions/0280).
 */
import { ACCESS_WHATS, type AccessEntry, type AccessLogPage, type AccessWhat, type AccessWho } from "../lib/my-data.js";
import type { Clock } from "./clock.js";
import type { Db, Queryable } from "./db/index.js";
import { DOCUMENT_FORMATS, READ_DOCUMENTS, SIGNING_ACTOR } from "./document-reads.js";
import type { AuditLog, HealthCipher } from "./health-data.js";
import { SEALED_COLUMNS } from "./health-keys.js";
import { PRICING_ACTOR } from "./questionnaire.js";

/** A table exported as its rows: `by` names the customer (customer_id unless said), `order` is the rows' order in the file. */
export interface ExportedTable {
  table: string;
  by?: string;
  order: string;
  /** Columns left out of the file, each for a reason said beside it. */
  omit?: readonly string[];
  /** A row with sealed values is opened for the export: the read is recorded with this audit subject. */
  audited?: (row: Record<string, unknown>) => string;
}

/**
 * Every table that holds a customer's rows, in the file's order (docs/api.md "My data"). The
 * few left out, each with its reason, are listed by tests/integration/my-data.test.ts, which
 * fails for a table in neither list.
 */
export const CUSTOMER_DATA: readonly ExportedTable[] = [
  { table: "customers", by: "id", order: "id" },
  // The consents of the registration (with saved_at, the time they were given).
  { table: "registrations", order: "customer_id" },
  // Every change of the contact details and of the optional consents (the score's too), with its time.
  { table: "contact_changes", order: "changed_at, id" },
  { table: "consent_events", order: "at, id" },
  // The sign-ins: the cookie's hash, the e-ID provider's token and the session's scratch data are secrets or technical.
  { table: "sessions", order: "created_at, id", omit: ["id", "eid_session_token", "data"] },
  { table: "score_profiles", order: "period_start NULLS FIRST, id", audited: (r) => `score:${String(r.id)}` },
  { table: "health_measurements", order: "measured_at, id", audited: (r) => `measurement:${String(r.id)}` },
  // The consent token is the key of the tracker's approval link.
  { table: "activity_connections", order: "customer_id", omit: ["consent_token"], audited: (r) => `activity:${String(r.customer_id)}` },
  { table: "proposals", order: "customer_id" },
  { table: "questionnaires", order: "customer_id", audited: () => "questionnaire" },
  { table: "beneficiaries", order: "position" },
  // The offer's consents, with saved_at.
  { table: "offers", order: "customer_id" },
  // The token is the key of the signing desk's link; the frame of a pending signing holds the
  // key of the provider's page (docs/decisions/0290).
  { table: "signings", order: "created_at, id", omit: ["token", "frame_sealed"] },
  { table: "policies", order: "id" },
  // Beneficiary changes made in self-service, and the policy versions the signed ones made.
  { table: "beneficiary_changes", order: "created_at, id" },
  { table: "policy_versions", order: "policy_id, version" },
  { table: "invoices", order: "invoice_date, id" },
  // What a withdrawal credited (docs/decisions/0130).
  { table: "credit_notes", order: "id" },
  { table: "drafts", order: "form", audited: (r) => `draft:${String(r.form)}` },
  // Last: it then holds the export's own reads. Which employee acted (operator_name) is the
  // insurer's record of its staff, not the customer's data: the row says "operator" and the reason.
  { table: "health_data_audit", order: "id", omit: ["operator_name"] },
];

/** The audit subject of a download of one's data: also what the download limit counts. */
export const EXPORT_SUBJECT = "my-data:export";
/** Downloads per customer in `EXPORT_WINDOW_MS` (docs/decisions/0135): the file is a heavy read. */
export const EXPORTS_PER_WINDOW = 3;
export const EXPORT_WINDOW_MS = 60 * 60 * 1000;
/** The file is sent in pieces of about this many characters (a piece is a write to the client). */
const EXPORT_PIECE_CHARS = 64 * 1024;
/** The file's format name and version (docs/api.md). */
const EXPORT_FORMAT = { format: "elukaitse-my-data", version: 1 } as const;

/** Which audit rows the access log shows: every read, and whatever an operator did. */
const SHOWN = `customer_id = $1 AND (action = 'read' OR actor LIKE 'operator%')`;

const whatOf = (subject: string): Pick<AccessEntry, "what" | "format" | "reference"> => {
  const plain = (what: AccessWhat) => ({ what, format: null, reference: null });
  const [head, ...rest] = subject.split(":");
  if (head === "document") {
    const [kind, format, ...reference] = rest;
    const k = READ_DOCUMENTS.find((d) => d === kind);
    const f = DOCUMENT_FORMATS.find((d) => d === format);
    return k && f ? { what: k, format: f, reference: reference.length ? reference.join(":") : null } : plain("other");
  }
  if (head === "policy-document" || head === "signing-document") return { what: "application", format: "pdf", reference: null };
  // A signed change of the beneficiaries: as kept with its policy version, and its signing's document.
  if (head === "policy-version-document" || head === "change-signing-document") return { what: "beneficiary-change", format: "pdf", reference: null };
  if (subject === EXPORT_SUBJECT) return plain("data-export");
  if (subject === "euw:list") return plain("underwriting-list");
  if (subject === "euw:refused") return plain("underwriting-lookup");
  if (head === "euw") return plain("underwriting-decision");
  if (subject === "policy:activate") return plain("policy-activation");
  const simple = ACCESS_WHATS.find((w) => w === head && ["questionnaire", "score", "measurement", "activity", "draft"].includes(w));
  return plain(simple ?? "other");
};

const whoOf = (actor: string, customerId: number): AccessWho => {
  if (actor === `customer:${customerId}`) return "you";
  if (actor === PRICING_ACTOR) return "underwriting";
  if (actor === SIGNING_ACTOR) return "signing";
  if (actor === "operator" || actor.startsWith("operator:")) return "operator";
  return "system";
};

/** One audit row as the customer is shown it (pure: the codes the page and the /api translate). */
export function describeAccess(row: { id: number; customerId: number; actor: string; subject: string; at: Date | string; reason: string | null }): AccessEntry {
  const who = whoOf(row.actor, row.customerId);
  const what = row.actor === "operator:reseal" ? { what: "key-rotation" as const, format: null, reference: null } : whatOf(row.subject);
  return { id: row.id, at: new Date(row.at).toISOString(), ...what, who, reason: who === "operator" ? row.reason : null };
}

/** The file, read whole, as the pieces it is sent in. */
export type ExportStart = { ok: true; chunks: readonly string[] } | { ok: false; retryAfterMinutes: number };

export function myDataService({
  db,
  clock,
  cipher,
  audit,
  issueDue,
}: {
  db: Db;
  clock: Clock;
  cipher: HealthCipher;
  audit: AuditLog;
  /** Issues the customer's invoices due by today (app/core/invoices.ts): invoices exist once something reads them (decision 0011). */
  issueDue: (customerId: number) => Promise<void>;
}) {
  const actorOf = (customerId: number) => `customer:${customerId}`;

  /** Minutes until the customer may download again, or 0. */
  async function exportWait(customerId: number, q: Queryable = db): Promise<number> {
    const since = new Date(clock.now().getTime() - EXPORT_WINDOW_MS);
    const [row] = await q.query<{ count: number; oldest: Date | string | null }>(
      `SELECT count(*)::int AS count, min(at) AS oldest FROM
         (SELECT at FROM health_data_audit WHERE customer_id = $1 AND actor = $2 AND subject = $3 AND at > $4 ORDER BY at DESC LIMIT $5) recent`,
      [customerId, actorOf(customerId), EXPORT_SUBJECT, since, EXPORTS_PER_WINDOW],
    );
    if (Number(row.count) < EXPORTS_PER_WINDOW || !row.oldest) return 0;
    const waitMs = new Date(row.oldest).getTime() + EXPORT_WINDOW_MS - clock.now().getTime();
    return waitMs > 0 ? Math.ceil(waitMs / 60_000) : 0;
  }

  /** The sealed text columns of a table, opened under their name without `_sealed`. */
  const sealedOf = (table: string) => SEALED_COLUMNS.filter((c) => c.table === table && c.kind === "text");

  /** One table's rows as JSON, sealed values opened (each opened row an audited read, recorded in `tx`). */
  async function tableRows(tx: Queryable, customerId: number, t: ExportedTable, omitted: readonly string[]): Promise<string[]> {
    const sealed = sealedOf(t.table).filter((c) => !t.omit?.includes(c.column));
    const rows = await tx.query<{ row: Record<string, unknown> }>(
      `SELECT to_jsonb(t) - $2::text[] AS row FROM ${t.table} t WHERE ${t.by ?? "customer_id"} = $1 ORDER BY ${t.order}`,
      [customerId, [...(t.omit ?? []), ...omitted]],
    );
    const json: string[] = [];
    const reads: string[] = [];
    for (const { row } of rows) {
      const opened: Record<string, unknown> = { ...row };
      let read = false;
      for (const c of sealed) {
        const value = row[c.column];
        delete opened[c.column];
        const name = c.column.replace(/_sealed$/, "");
        opened[name] = typeof value === "string" ? cipher.decrypt(value, c.aad(row)) : null;
        read ||= typeof value === "string";
      }
      if (read && t.audited) reads.push(t.audited(row));
      json.push(JSON.stringify(opened));
    }
    await audit.recordReads({ customerId, actor: actorOf(customerId), subjects: reads }, tx);
    return json;
  }

  /**
   * The whole file as of one moment (docs/decisions/0280): every table read in one REPEATABLE
   * READ transaction, so a change committed meanwhile (a withdrawal and its credit notes, a
   * consent and its event) is in it whole or not at all. Read into memory before the first byte
   * is sent: no transaction or connection waits on a client that reads slowly (with PGlite, one
   * connection for the whole process, that would hold every other request).
   */
  async function snapshot(customerId: number): Promise<string[]> {
    return db.transaction(async (tx) => {
      await tx.query(`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
      // The first statement takes the snapshot. Documents' bytes are not in the file, their SHA-256
      // is: every contract's signed application and each signed change of its beneficiaries is a
      // PDF download of its own, an earlier contract's named by its number and linked on the data
      // page (docs/decisions/0309); a signing's copy is of the application it sent.
      const bytea = await tx.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND data_type = 'bytea'`,
      );
      // Taken after the snapshot: nothing in the file was written later than the moment it states.
      const exportedAt = clock.now().toISOString();
      const pieces: string[] = [];
      let piece: string[] = [];
      let chars = 0;
      const write = (text: string) => {
        piece.push(text);
        chars += text.length;
        if (chars < EXPORT_PIECE_CHARS) return;
        pieces.push(piece.join(""));
        piece = [];
        chars = 0;
      };
      write(`{"format":${JSON.stringify(EXPORT_FORMAT.format)},"version":${EXPORT_FORMAT.version},"exportedAt":${JSON.stringify(exportedAt)},"customerId":${customerId},"tables":{`);
      for (const [i, t] of CUSTOMER_DATA.entries()) {
        const omitted = bytea.filter((c) => c.table_name === t.table).map((c) => c.column_name);
        write(`${i ? "," : ""}${JSON.stringify(t.table)}:[`);
        for (const [j, row] of (await tableRows(tx, customerId, t, omitted)).entries()) write(`${j ? "," : ""}${row}`);
        write("]");
      }
      write("}}");
      if (piece.length) pieces.push(piece.join(""));
      return pieces;
    });
  }

  return {
    exportsPerWindow: EXPORTS_PER_WINDOW,
    exportWait: (customerId: number) => exportWait(customerId),

    /** The access log, newest first, a page of `pageSize` at a time. */
    async accessLog(customerId: number, { page, pageSize }: { page: number; pageSize: number }): Promise<AccessLogPage> {
      const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM health_data_audit WHERE ${SHOWN}`, [customerId]);
      const rows = await db.query<{ id: number | string; actor: string; subject: string; at: Date | string; reason: string | null }>(
        `SELECT id, actor, subject, at, reason FROM health_data_audit WHERE ${SHOWN} ORDER BY at DESC, id DESC LIMIT $2 OFFSET $3`,
        [customerId, pageSize, (page - 1) * pageSize],
      );
      return {
        items: rows.map((r) => describeAccess({ ...r, id: Number(r.id), customerId })),
        page,
        pageSize,
        total: Number(total),
        pages: Math.max(1, Math.ceil(Number(total) / pageSize)),
      };
    },

    /**
     * Starts a download: refused while the customer has had `EXPORTS_PER_WINDOW` in the window;
     * otherwise the download is recorded (an audited read, under the customer's row lock so two
     * at once cannot both pass the limit), then the file is read as one snapshot and returned in
     * the pieces it is sent in.
     */
    async startExport(customerId: number): Promise<ExportStart> {
      const wait = await db.transaction(async (tx) => {
        await tx.query(`SELECT 1 FROM customers WHERE id = $1 FOR UPDATE`, [customerId]);
        const minutes = await exportWait(customerId, tx);
        if (minutes === 0) await audit.record({ customerId, actor: actorOf(customerId), action: "read", subject: EXPORT_SUBJECT }, tx);
        return minutes;
      });
      if (wait > 0) return { ok: false, retryAfterMinutes: wait };
      // The invoices due are issued first, as every other read of them does (GET /api/invoices,
      // the bills tab): the file holds what the customer's policy has billed (decision 0312).
      await issueDue(customerId);
      return { ok: true, chunks: await snapshot(customerId) };
    },
  };
}
