/**
 * Health data is special-category personal data (GDPR art. 9): stored only encrypted
 * (AES-256-GCM, a fresh 96-bit nonce per write), never logged, and every read and write
 * recorded in the audit table — who, what, when, never the data itself.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Clock } from "./clock.js";
import type { Queryable } from "./db/index.js";

const VERSION = "v1";
/** The first byte of sealed bytes (nonce, tag and ciphertext follow, in binary). */
const BYTES_VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function healthCipher(key: Buffer) {
  if (key.length !== 32) throw new Error("The health data key must be 32 bytes");
  return {
    /** `v1.<nonce>.<tag>.<ciphertext>`, base64url parts. `aad` binds it to its owner and kind. */
    encrypt(value: unknown, aad: string): string {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(aad));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
    },
    decrypt<T>(sealed: string, aad: string): T {
      const [version, nonce, tag, ciphertext] = sealed.split(".");
      if (version !== VERSION || !nonce || !tag || ciphertext === undefined) throw new Error("Unreadable health data");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]);
      return JSON.parse(plain.toString("utf8")) as T;
    },
    /** Bytes (a document) sealed the same way, in binary: version, nonce, tag, ciphertext. */
    sealBytes(bytes: Uint8Array, aad: string): Buffer {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(aad));
      const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()]);
      return Buffer.concat([Buffer.from([BYTES_VERSION]), nonce, cipher.getAuthTag(), ciphertext]);
    },
    openBytes(sealed: Uint8Array, aad: string): Uint8Array {
      const buffer = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (buffer[0] !== BYTES_VERSION || buffer.length < 1 + NONCE_BYTES + TAG_BYTES) throw new Error("Unreadable health data");
      const decipher = createDecipheriv("aes-256-gcm", key, buffer.subarray(1, 1 + NONCE_BYTES));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(buffer.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES));
      return new Uint8Array(Buffer.concat([decipher.update(buffer.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()]));
    },
  };
}

export type HealthCipher = ReturnType<typeof healthCipher>;

export type AuditAction = "read" | "write";

export function auditLog(db: Queryable, clock: Clock) {
  return {
    /** `actor` is who acted ("customer:12", "operator"), `subject` what was touched ("score:3"). */
    async record(entry: { customerId: number; actor: string; action: AuditAction; subject: string }, tx: Queryable = db): Promise<void> {
      await tx.query(`INSERT INTO health_data_audit (customer_id, actor, action, subject, at) VALUES ($1, $2, $3, $4, $5)`, [
        entry.customerId,
        entry.actor,
        entry.action,
        entry.subject,
        clock.now(),
      ]);
    },
  };
}

export type AuditLog = ReturnType<typeof auditLog>;
