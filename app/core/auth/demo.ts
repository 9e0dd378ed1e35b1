/**
 * The `demo` e-ID provider (PRODUCT.md section 2): no network. The widget is our own
 * server-rendered form; its "return token" is the method and personal code the customer
 * confirmed (`smart-id:38503020139`, `mobile-id:38503020139:+37255512345`).
 */
import { randomBytes } from "node:crypto";
import { DEMO_METHODS, type DemoMethod } from "../../lib/sign-in-methods.js";
import { isValidPersonalCode } from "../../lib/personal-code.js";
import { phoneAsStored, phoneIssue } from "../../lib/fields.js";
import type { AuthOutcome, EidProvider, Identity } from "./provider.js";

/** Codes the demo answers with a refusal, as the real services' demo environments do. */
export const DEMO_OUTCOMES: Record<string, "LOCKED" | "UNAUTHORIZED"> = {
  "39001010447": "LOCKED",
  "39901010550": "UNAUTHORIZED",
  "30403039917": "UNAUTHORIZED",
  "30403039983": "UNAUTHORIZED",
};

/** Known demo persons (PRODUCT.md section 2); anyone else is "Test Kasutaja". */
export const DEMO_PERSONS: Record<string, { firstName: string; lastName: string }> = {
  "49005150229": { firstName: "Mari", lastName: "Maasikas" },
  "38503020139": { firstName: "Jaan", lastName: "Tamm" },
  "35001010210": { firstName: "Ants", lastName: "Vanamees" },
  "47001010335": { firstName: "Kati", lastName: "Karu" },
  "37601010243": { firstName: "Peeter", lastName: "Piir" },
  "37502020274": { firstName: "Olev", lastName: "Oja" },
  "48808080194": { firstName: "Helle", lastName: "Hein" },
  "49204120336": { firstName: "Liis", lastName: "Lepp" },
  "38006150242": { firstName: "Tiit", lastName: "Tuul" },
  "48309200314": { firstName: "Malle", lastName: "Mets" },
  "37804110237": { firstName: "Rein", lastName: "Raud" },
  "48609230311": { firstName: "Ene", lastName: "Ilves" },
};

export function demoReturnToken(method: DemoMethod, idCode: string, phone?: string): string {
  return [method, idCode, ...(method === "mobile-id" && phone ? [phone] : [])].join(":");
}

function demoIdentity(idCode: string): Identity {
  const person = DEMO_PERSONS[idCode] ?? { firstName: "Test", lastName: "Kasutaja" };
  return { personalCode: idCode, ...person };
}

export function demoProvider(): EidProvider {
  return {
    name: "demo",
    provesIdentity: false,
    async start() {
      return { sessionToken: randomBytes(16).toString("base64url") };
    },
    async complete({ returnToken }): Promise<AuthOutcome> {
      const [method, idCode, phone] = returnToken.split(":");
      const known = (DEMO_METHODS as readonly string[]).includes(method);
      // A method the demo has not is named as none, not echoed back (`fax:…`).
      if (!known || !idCode || !isValidPersonalCode(idCode)) return { result: "UNAUTHORIZED", authenticationMethod: known ? method : null };
      const refusal = DEMO_OUTCOMES[idCode];
      if (refusal) return { result: refusal, authenticationMethod: method, personalCode: idCode };
      // The Mobiil-ID number as typed (the /api's callers send it too): kept only when it is one.
      const signedInWith = method === "mobile-id" && phone && !phoneIssue(phone) ? { phone: phoneAsStored(phone) } : {};
      return { result: "SUCCESS", authenticationMethod: method, identity: { ...demoIdentity(idCode), ...signedInWith } };
    },
  };
}
