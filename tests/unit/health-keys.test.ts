/** The health-data key ring (app/core/health-data.ts, docs/decisions/0105) and the session secrets (0107). */
import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bytesKeyId, healthCipher, LEGACY_KEY_ID, MissingHealthKeyError } from "~/core/health-data";
import { readSessionToken, sessionCookie } from "~/http/session-cookie.server";
import { textKeyId } from "../support/keys";

const A = randomBytes(32);
const B = randomBytes(32);
const ringA = [{ id: "a", key: A }];
const ringBA = [
  { id: "b", key: B },
  { id: "a", key: A },
];

/** The single-key format every release before key ids wrote (text `v1.…`, bytes starting 1). */
function legacyText(key: Buffer, value: unknown, aad: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return ["v1", nonce.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}
function legacyBytes(key: Buffer, bytes: Uint8Array, aad: string): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), nonce, cipher.getAuthTag(), ciphertext]);
}

describe("the health-data key ring", () => {
  const answers = { height: 181, weight: 77, content: { note: "kidney stones in 2019" } };
  const pdf = new TextEncoder().encode("%PDF-1.7 the application");

  it("seals under the first key, naming it, and opens under any key of the ring", () => {
    const sealedA = healthCipher(ringA).encrypt(answers, "questionnaire:1");
    expect(sealedA.startsWith("v2.a.")).toBe(true);
    expect(textKeyId(sealedA)).toBe("a");
    const rotated = healthCipher(ringBA);
    expect(rotated.decrypt(sealedA, "questionnaire:1")).toEqual(answers);
    const sealedB = rotated.encrypt(answers, "questionnaire:1");
    expect(textKeyId(sealedB)).toBe("b");
    expect(rotated.decrypt(sealedB, "questionnaire:1")).toEqual(answers);

    const bytesA = healthCipher(ringA).sealBytes(pdf, "document:policy:1");
    expect(bytesKeyId(bytesA)).toBe("a");
    expect(Buffer.from(bytesA).includes("%PDF")).toBe(false);
    expect(rotated.openBytes(bytesA, "document:policy:1")).toEqual(pdf);
    expect(bytesKeyId(rotated.sealBytes(pdf, "document:policy:1"))).toBe("b");
  });

  it("opens what the single-key format stored as the key id legacy, and a Buffer is that key", () => {
    const v1 = legacyText(A, answers, "questionnaire:2");
    const v1Bytes = legacyBytes(A, pdf, "document:signing:2");
    expect(textKeyId(v1)).toBe(LEGACY_KEY_ID);
    expect(bytesKeyId(v1Bytes)).toBe(LEGACY_KEY_ID);
    const ring = healthCipher([
      { id: "k2", key: B },
      { id: LEGACY_KEY_ID, key: A },
    ]);
    expect(ring.decrypt(v1, "questionnaire:2")).toEqual(answers);
    expect(ring.openBytes(v1Bytes, "document:signing:2")).toEqual(pdf);
    expect(healthCipher(A).decrypt(v1, "questionnaire:2")).toEqual(answers);
    expect(healthCipher(A).sealingKeyId).toBe(LEGACY_KEY_ID);
    // Sealing under legacy writes the v1 formats, which a release before key rings opens.
    const sealed = healthCipher(A).encrypt(answers, "questionnaire:2");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(sealed).toMatch(/^v1\.[^.]+\.[^.]+\.[^.]+$/);
    expect(healthCipher(A).decrypt(sealed, "questionnaire:2")).toEqual(answers);
    expect(healthCipher(A).sealBytes(pdf, "document:signing:2")[0]).toBe(1);
    expect(healthCipher(A).openBytes(healthCipher(A).sealBytes(pdf, "d"), "d")).toEqual(pdf);
  });

  it("a value under a key the ring lacks is an error naming the key id, never a wrong answer", () => {
    const sealedA = healthCipher(ringA).encrypt(answers, "questionnaire:3");
    const bytesA = healthCipher(ringA).sealBytes(pdf, "document:policy:3");
    const onlyB = healthCipher([{ id: "b", key: B }]);
    expect(() => onlyB.decrypt(sealedA, "questionnaire:3")).toThrow(MissingHealthKeyError);
    expect(() => onlyB.decrypt(sealedA, "questionnaire:3")).toThrow(/key id "a"/);
    expect(() => onlyB.openBytes(bytesA, "document:policy:3")).toThrow(/key id "a"/);
    expect(() => onlyB.decrypt(legacyText(A, answers, "x"), "x")).toThrow(/key id "legacy"/);
    // The same id under another key (a mistyped key) fails authentication: still no answer.
    expect(() => healthCipher([{ id: "a", key: B }]).decrypt(sealedA, "questionnaire:3")).toThrow(/authenticate/);
    // Another customer's value (other additional data) does not open either.
    expect(() => healthCipher(ringA).decrypt(sealedA, "questionnaire:4")).toThrow();
  });

  it("refuses an empty ring, a bad key id and a key of the wrong length", () => {
    expect(() => healthCipher([])).toThrow(/empty/);
    expect(() => healthCipher([{ id: "a.b", key: A }])).toThrow(/key id/);
    expect(() => healthCipher([{ id: "a", key: A.subarray(1) }])).toThrow(/32 bytes/);
  });
});

describe("the session secrets", () => {
  const first = "first-secret-first-secret-first-secret-01";
  const old = "older-secret-older-secret-older-secret-01";
  const header = (setCookie: string) => setCookie.split(";")[0];

  it("the first signs, every one verifies, and a removed one no longer does", () => {
    const byOld = header(sessionCookie("token-1", [old]));
    expect(readSessionToken(byOld, [first, old])).toBe("token-1");
    const byFirst = header(sessionCookie("token-2", [first, old]));
    expect(byFirst).toBe(header(sessionCookie("token-2", first)));
    expect(readSessionToken(byFirst, [first])).toBe("token-2");
    expect(readSessionToken(byOld, [first])).toBeNull();
    expect(readSessionToken(byOld.replace(/.$/, (c) => (c === "A" ? "B" : "A")), [first, old])).toBeNull();
  });
});
