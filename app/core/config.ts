/**
 * Configuration: one zod schema, read once at start (STYLE.md "Do" 9). A bad value ends the
 * process with a message naming the variable; nothing else reads process.env.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { KEY_ID, LEGACY_KEY_ID, type HealthKeyRing } from "./health-data.js";
import { isOperatorName } from "./operator.js";
import { weakSecrets } from "./weak-secrets.js";
import { isBic, isIban, isPayeeName } from "./payment.js";
import { isRegistryCode } from "../lib/registry-code.js";

/** Who issues the invoices and where they are paid (docs/decisions/0030-payable-invoices.md). */
export interface Invoicing {
  issuer: { name: string; registryCode: string; address: string };
  payee: { name: string; iban: string; bic: string };
  /** Days from the invoice date to its due date. */
  dueDays: number;
}

/** Demo values: a fictitious insurer; the IBAN is a checksum-valid example, not a real account. */
export const DEMO_INVOICING: Invoicing = {
  issuer: { name: "Elukaitse AS", registryCode: "12345678", address: "Narva mnt 7, 10117 Tallinn" },
  payee: { name: "Elukaitse AS", iban: "EE382200221020145685", bic: "HABAEE2X" },
  dueDays: 14,
};

/**
 * The insurer as every page's footer and the pre-contract information name it
 * (docs/decisions/0091): the invoices' issuer (name, registry code, address) with its
 * Finantsinspektsioon licence and where complaints go.
 */
export interface Insurer {
  name: string;
  registryCode: string;
  address: string;
  /** The activity licence's reference at Finantsinspektsioon. */
  licence: string;
  /** Where complaints are written to. */
  complaintsEmail: string;
  /**
   * Where a withdrawal or a cancellation is written to (the pre-contract information and the
   * conditions name it beside self-service): INSURER_CONTRACT_EMAIL, else the complaints address.
   */
  contractEmail: string;
  /** The data protection officer's address (GDPR art. 13(1)(b), 37(7)): the privacy notice states it. */
  dpoEmail: string;
  /** Where the solvency and financial condition report is published (Solvency II art. 185(2)(d), 51): the pre-contract information links it. */
  sfcrUrl: string;
  /** The insurer's page on how this insurance's premiums and sums paid are taxed (Solvency II art. 185(3)(j)): the pre-contract information links it. */
  taxInfoUrl: string;
}

/** Demo values of the fictitious insurer: no real licence, no real mailbox. */
const DEMO_INSURER = {
  licence: "4.1-1/99",
  complaintsEmail: "kaebused@elukaitse.ee",
  dpoEmail: "andmekaitse@elukaitse.ee",
  sfcrUrl: "https://elukaitse.ee/solventsus",
  taxInfoUrl: "https://elukaitse.ee/maksud",
} as const;

/** The demo insurer whole (a core built without configuration, as invoices fall back to DEMO_INVOICING). */
export const demoInsurer = (): Insurer => ({ ...DEMO_INVOICING.issuer, ...DEMO_INSURER, contractEmail: DEMO_INSURER.complaintsEmail });

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/** The demo's own site, where the product logo links: no insurer's. */
const DEMO_MARKETING_URL = "https://elukaitse.ee";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const url = z.string().url();
/** An address a document prints for the customer to open: https only. */
const httpsUrl = z.string().trim().url().max(200).refine((v) => v.startsWith("https://"), "must be an https:// address");

/** Printed text of one line (an invoice's issuer): trimmed, no line break or other control character. */
const oneLine = z
  .string()
  .trim()
  .refine((v) => !/[\p{Cc}\u2028\u2029]/u.test(v), "must be one line of text");

/** Unset stays unset: DEMO's default depends on NODE_ENV. */
const optionalFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

/**
 * How many reverse proxies stand in front of the server: the client's address is the one the
 * outermost of them saw, never one the client wrote into X-Forwarded-For itself. `true` is one
 * proxy, `false` none.
 */
const proxyHops = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "" || v === "false") return 0;
    if (v === "true") return 1;
    if (/^\d$/.test(v)) return Number(v);
    ctx.addIssue({ code: "custom", message: "must be false, true (one proxy) or the number of proxies in front of the server (0–9)" });
    return 0;
  });

/** Dokobit's test services (id-sandbox, gateway-sandbox): test people, nothing signed for real. */
const isDokobitSandbox = (address: string): boolean => /sandbox\.dokobit\.com$/i.test(new URL(address).hostname);

/** What production refuses unless DEMO=true, by the setting that asks for it. */
const DEMO_PARTS = {
  EID_PROVIDER: "the demo e-ID lets anyone sign in as anyone",
  SIGNING_PROVIDER: "the demo signing signs nothing",
  INTEGRATIONS: "the demo health measurement and activity tracker make their values up",
} as const;

/**
 * A rotatable secret's list (SESSION_SECRETS, OPS_TOKENS' tokens): each at least 32 characters,
 * none twice (a rotation that pasted the old one again would rotate nothing). What is wrong
 * names the position, never the value. Whether the list passed.
 */
function checkSecrets(list: readonly string[], noun: "secret" | "token", ctx: z.RefinementCtx): boolean {
  const short = list.findIndex((s) => s.length < 32);
  if (short >= 0) {
    ctx.addIssue({ code: "custom", message: `must be a comma-separated list of ${noun}s of at least 32 characters each (${noun} ${short + 1} of ${list.length} is not)` });
    return false;
  }
  const again = list.findIndex((s, i) => list.indexOf(s) !== i);
  if (again >= 0) {
    ctx.addIssue({ code: "custom", message: `has the same ${noun} twice (${noun}s ${list.indexOf(list[again]) + 1} and ${again + 1} of ${list.length})` });
    return false;
  }
  return true;
}

/** SESSION_SECRETS (docs/decisions/0107): a comma-separated list, each trimmed, checked by `checkSecrets`. */
const secretList = z.string().transform((v, ctx) => {
  const list = v.split(",").map((s) => s.trim());
  return checkSecrets(list, "secret", ctx) ? list : z.NEVER;
});

/** Between an operator's name and their token in OPS_TOKENS: in no token (hexadecimal, base64 and RFC 6750's token68 have none). */
const NAME_SEPARATOR = ":";

/**
 * OPS_TOKENS (docs/decisions/0315): a comma-separated list of `<token>` or `<operator's
 * name>:<token>` entries, the tokens checked as the session secrets are, each name an
 * operator's (`isOperatorName`) and none twice, so that an audit row names one person. What
 * is wrong names the entry's position, never the token, nor the name (a token pasted before
 * the colon would be echoed).
 */
const opsTokenList = z.string().transform((v, ctx): OpsToken[] => {
  const entries = v.split(",").map((entry) => {
    const parts = entry.split(NAME_SEPARATOR).map((s) => s.trim());
    return parts.length === 1 ? { operator: null, token: parts[0], ok: true } : { operator: parts[0], token: parts.slice(1).join(NAME_SEPARATOR), ok: parts.length === 2 && isOperatorName(parts[0]) };
  });
  const of = (i: number) => `${i + 1} of ${entries.length}`;
  const wrongName = entries.findIndex((e) => !e.ok);
  if (wrongName >= 0) {
    ctx.addIssue({
      code: "custom",
      message:
        `(entry ${of(wrongName)}) is neither <token> nor <operator's name>${NAME_SEPARATOR}<token>: the name is 2 to 64 small letters, digits, ".", "_" or "-", ` +
        `a letter first, never a personal code or an e-mail address, and a token holds no "${NAME_SEPARATOR}"`,
    });
    return z.NEVER;
  }
  if (!checkSecrets(entries.map((e) => e.token), "token", ctx)) return z.NEVER;
  const names = entries.map((e) => e.operator);
  const twice = names.findIndex((name, i) => name !== null && names.indexOf(name) !== i);
  if (twice >= 0) {
    ctx.addIssue({ code: "custom", message: `names one operator twice (entries ${names.indexOf(names[twice]) + 1} and ${of(twice)}): one token per person, so that the audit tells who acted` });
    return z.NEVER;
  }
  return entries.map(({ operator, token }) => ({ operator, token }));
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    // Read as the text it is: coerced, "abc" was refused as "Expected number, received nan".
    PORT: z
      .string()
      .trim()
      .default("3000")
      .refine((v) => /^[1-9][0-9]{0,4}$/.test(v) && Number(v) <= 65535, "must be a whole number from 1 to 65535")
      .transform(Number),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Trimmed like SESSION_SECRETS: blanks around a secret are a copying slip, not secret.
    SESSION_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
    /** Several session secrets (docs/decisions/0107): the first signs, all verify. */
    SESSION_SECRETS: secretList.optional(),
    HEALTH_DATA_KEY: z
      .string()
      .regex(HEX_KEY, "must be 64 hexadecimal characters (a 256-bit key)")
      .optional(),
    /** The health-data key ring (docs/decisions/0105): `id:hex64` comma list, the first seals, all open. */
    HEALTH_DATA_KEYS: z
      .string()
      .transform((v, ctx) => {
        const ring = v.split(",").map((entry) => {
          const [id, hex, ...rest] = entry.trim().split(":");
          return { id: id ?? "", hex: hex ?? "", ok: rest.length === 0 && KEY_ID.test(id ?? "") && HEX_KEY.test(hex ?? "") };
        });
        if (ring.some((k) => !k.ok)) {
          ctx.addIssue({ code: "custom", message: "must be a comma-separated list of <key id>:<64 hexadecimal characters> (key ids: 1 to 32 letters, digits, _ or -)" });
          return z.NEVER;
        }
        const ids = ring.map((k) => k.id);
        const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
        if (twice.length) {
          ctx.addIssue({ code: "custom", message: `names a key id more than once: ${[...new Set(twice)].join(", ")}` });
          return z.NEVER;
        }
        return ring.map((k) => ({ id: k.id, key: Buffer.from(k.hex, "hex") }));
      })
      .optional(),
    PUBLIC_URL: url.optional(),
    MARKETING_URL: url.default(DEMO_MARKETING_URL),
    PRODUCT_NAME: z.string().min(1).default("Elukaitse"),
    TRUST_PROXY: proxyHops,
    /** Demo parts (demo e-ID, signing, integrations, seeded people, embedded database) in production. */
    DEMO: optionalFlag,
    /** The wellness score's integrations: the demo ones, or none. */
    INTEGRATIONS: z.enum(["demo", "off"]).default("demo"),
    EID_PROVIDER: z.enum(["demo", "dokobit"]).default("demo"),
    // Unset: Dokobit's sandbox, outside production only (production names its gateways).
    DOKOBIT_IDENTITY_URL: url.optional(),
    DOKOBIT_IDENTITY_ACCESS_TOKEN: z.string().min(1).optional(),
    SIGNING_PROVIDER: z.enum(["demo", "dokobit"]).default("demo"),
    DOKOBIT_GATEWAY_URL: url.optional(),
    DOKOBIT_GATEWAY_ACCESS_TOKEN: z.string().min(1).optional(),
    /** pino's level: a line per request at info; silent under NODE_ENV=test unless set. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
    // HTTP trims header values: a token with blanks around it could never be sent.
    OPS_TOKEN: z
      .string()
      .trim()
      .min(32, "must be at least 32 characters")
      // Never echoed: a name given here would be silently part of the token, and no name recorded.
      .refine((v) => !v.includes(NAME_SEPARATOR) || !isOperatorName(v.slice(0, v.indexOf(NAME_SEPARATOR)).trim()), `looks like <operator's name>${NAME_SEPARATOR}<token>: an operator's name is read from OPS_TOKENS only (OPS_TOKENS=<name>${NAME_SEPARATOR}<token>, a list of one)`)
      .optional(),
    /** Several operator's tokens (docs/decisions/0315): any opens the doors, npm run ops sends the first. */
    OPS_TOKENS: opsTokenList.optional(),
    WORKERS: z
      .string()
      .regex(/^(auto|[1-9][0-9]{0,2})?$/, "must be a whole number from 1 or auto")
      .optional()
      .transform((v) => (v === undefined || v === "" || v === "auto" ? undefined : Number(v))),
    INVOICE_ISSUER_NAME: oneLine.pipe(z.string().min(1).max(70)).default(DEMO_INVOICING.issuer.name),
    INVOICE_ISSUER_REGISTRY_CODE: z.string().trim().refine(isRegistryCode, "must be an 8-digit registry code, its check digit right").default(DEMO_INVOICING.issuer.registryCode),
    INVOICE_ISSUER_ADDRESS: oneLine.pipe(z.string().min(1).max(140)).default(DEMO_INVOICING.issuer.address),
    INVOICE_PAYEE_NAME: z
      .string()
      .trim()
      .refine(isPayeeName, "must fit the invoices' payment QR code (EPC069-12): at most 70 characters, no line break, 331 bytes with the rest")
      .default(DEMO_INVOICING.payee.name),
    // Read as a bank prints them: an IBAN in groups of four, either in small letters.
    INVOICE_PAYEE_IBAN: z
      .string()
      .transform((v) => v.replace(/\s+/g, "").toUpperCase())
      .refine(isIban, "must be the IBAN of an account in SEPA: its country's length, its check digits right (ISO 13616)")
      .default(DEMO_INVOICING.payee.iban),
    INVOICE_PAYEE_BIC: z
      .string()
      .transform((v) => v.trim().toUpperCase())
      .refine(isBic, "must be a BIC of 8 or 11 letters and digits (ISO 9362)")
      .default(DEMO_INVOICING.payee.bic),
    INVOICE_DUE_DAYS: z.coerce.number().int().min(0).max(60).default(DEMO_INVOICING.dueDays),
    INSURER_LICENCE: z.string().trim().min(1).max(40).default(DEMO_INSURER.licence),
    INSURER_COMPLAINTS_EMAIL: z.string().trim().email("must be an e-mail address").max(120).default(DEMO_INSURER.complaintsEmail),
    INSURER_CONTRACT_EMAIL: z.string().trim().email("must be an e-mail address").max(120).optional(),
    INSURER_DPO_EMAIL: z.string().trim().email("must be an e-mail address").max(120).default(DEMO_INSURER.dpoEmail),
    INSURER_SFCR_URL: httpsUrl.default(DEMO_INSURER.sfcrUrl),
    INSURER_TAX_INFO_URL: httpsUrl.default(DEMO_INSURER.taxInfoUrl),
  })
  .superRefine((env, ctx) => {
    // Production is explicit (README.md "Production"): real providers, a real database, its
    // public HTTPS address and its own secrets, unless it is a demo (DEMO=true).
    const production = env.NODE_ENV === "production" && env.DEMO !== true;
    const unlessDemo = "when NODE_ENV=production (unless DEMO=true)";
    if (production && !env.SESSION_SECRET && !env.SESSION_SECRETS) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: `(or SESSION_SECRETS) is required ${unlessDemo}` });
    }
    if (production && !env.HEALTH_DATA_KEY && !env.HEALTH_DATA_KEYS) {
      ctx.addIssue({ code: "custom", path: ["HEALTH_DATA_KEY"], message: `(or HEALTH_DATA_KEYS) is required ${unlessDemo}` });
    }
    // One source for each: a rotation that left the old variable behind would silently keep it.
    if (env.SESSION_SECRET && env.SESSION_SECRETS) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRETS"], message: "and SESSION_SECRET are both set: keep only SESSION_SECRETS (with the old secret in it)" });
    }
    if (env.OPS_TOKEN && env.OPS_TOKENS) {
      ctx.addIssue({ code: "custom", path: ["OPS_TOKENS"], message: "and OPS_TOKEN are both set: keep only OPS_TOKENS (with the old token in it)" });
    }
    if (env.HEALTH_DATA_KEY && env.HEALTH_DATA_KEYS) {
      ctx.addIssue({
        code: "custom",
        path: ["HEALTH_DATA_KEYS"],
        message: `and HEALTH_DATA_KEY are both set: keep only HEALTH_DATA_KEYS (with the old key in it as ${LEGACY_KEY_ID}:<its hex>)`,
      });
    }
    if (production) {
      for (const [name, why] of Object.entries(DEMO_PARTS)) {
        if (env[name as keyof typeof DEMO_PARTS] === "demo") {
          ctx.addIssue({ code: "custom", path: [name], message: `is demo (${why}): refused ${unlessDemo}` });
        }
      }
      if (!env.DATABASE_URL) {
        ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: `is required ${unlessDemo}: the embedded database is for demos` });
      }
      // Dokobit's sandbox signs nothing and identifies test people (docs/decisions/0313).
      const gateways = [
        ["EID_PROVIDER", "DOKOBIT_IDENTITY_URL", env.DOKOBIT_IDENTITY_URL],
        ["SIGNING_PROVIDER", "DOKOBIT_GATEWAY_URL", env.DOKOBIT_GATEWAY_URL],
      ] as const;
      for (const [provider, name, value] of gateways) {
        if (env[provider] !== "dokobit") continue;
        if (!value) ctx.addIssue({ code: "custom", path: [name], message: `is required with ${provider}=dokobit ${unlessDemo}: unset, it is Dokobit's sandbox` });
        else if (isDokobitSandbox(value)) ctx.addIssue({ code: "custom", path: [name], message: `is Dokobit's sandbox: refused ${unlessDemo}` });
        // Every call carries the API access token in its query, and the signing's the application
        // (the questionnaire's summary): never in plain text; nor could an https page frame it.
        else if (new URL(value).protocol !== "https:") ctx.addIssue({ code: "custom", path: [name], message: `must be an https:// address ${unlessDemo}` });
      }
      // Guessable, or in this repository for anyone to read (docs/decisions/0313).
      for (const [name, problem] of weakSecrets(env)) {
        ctx.addIssue({ code: "custom", path: [name], message: `${problem}: refused ${unlessDemo}; make one with openssl rand -hex 32` });
      }
      // Invoices are issued once and never change (docs/decisions/0030): one issued with any
      // of the fictitious insurer's details could not be corrected, and a real registry code or
      // account under its name and address would be an invoice no one issued (decision 0286).
      const demoInvoicing = {
        INVOICE_ISSUER_NAME: env.INVOICE_ISSUER_NAME === DEMO_INVOICING.issuer.name,
        INVOICE_ISSUER_REGISTRY_CODE: env.INVOICE_ISSUER_REGISTRY_CODE === DEMO_INVOICING.issuer.registryCode,
        INVOICE_ISSUER_ADDRESS: env.INVOICE_ISSUER_ADDRESS === DEMO_INVOICING.issuer.address,
        INVOICE_PAYEE_NAME: env.INVOICE_PAYEE_NAME === DEMO_INVOICING.payee.name,
        INVOICE_PAYEE_IBAN: env.INVOICE_PAYEE_IBAN === DEMO_INVOICING.payee.iban,
      };
      // Every page states the insurer's licence and where to complain (docs/decisions/0091):
      // the demo's would tell buyers of a real insurer something untrue.
      const demoInsurer = {
        INSURER_LICENCE: env.INSURER_LICENCE === DEMO_INSURER.licence,
        INSURER_COMPLAINTS_EMAIL: env.INSURER_COMPLAINTS_EMAIL === DEMO_INSURER.complaintsEmail,
      };
      for (const [name, isDemo] of Object.entries(demoInsurer)) {
        if (isDemo) ctx.addIssue({ code: "custom", path: [name], message: `is the demo insurer's (every page would state it): refused ${unlessDemo}` });
      }
      // The privacy notice sends whoever asks about their data to the data protection officer
      // (GDPR art. 13(1)(b), decision 0292): the demo's mailbox is no one's.
      if (env.INSURER_DPO_EMAIL === DEMO_INSURER.dpoEmail) {
        ctx.addIssue({ code: "custom", path: ["INSURER_DPO_EMAIL"], message: `is the demo insurer's (the privacy notice would state it): refused ${unlessDemo}` });
      }
      // The pre-contract information links the insurer's own report and tax information
      // (Solvency II art. 185, decision 0296): the demo's pages are no insurer's.
      const demoPreContract = { INSURER_SFCR_URL: env.INSURER_SFCR_URL === DEMO_INSURER.sfcrUrl, INSURER_TAX_INFO_URL: env.INSURER_TAX_INFO_URL === DEMO_INSURER.taxInfoUrl };
      for (const [name, isDemo] of Object.entries(demoPreContract)) {
        if (isDemo) ctx.addIssue({ code: "custom", path: [name], message: `is the demo insurer's (the pre-contract information would link it): refused ${unlessDemo}` });
      }
      for (const [name, isDemo] of Object.entries(demoInvoicing)) {
        if (isDemo) ctx.addIssue({ code: "custom", path: [name], message: `is the demo insurer's (invoices would name it): refused ${unlessDemo}` });
      }
      // The demo's BIC is Swedbank's (its IBAN's bank code 22): beside an account at another
      // bank, every invoice and its payment QR code would name the wrong bank.
      const swedbankEstonia = /^EE\d{2}22/.test(env.INVOICE_PAYEE_IBAN);
      // A BIC's 11-character form names the same bank (its branch "XXX"): the first 8 are the bank's.
      if (env.INVOICE_PAYEE_BIC.slice(0, 8) === DEMO_INVOICING.payee.bic.slice(0, 8) && !swedbankEstonia) {
        ctx.addIssue({ code: "custom", path: ["INVOICE_PAYEE_BIC"], message: `is the demo's (Swedbank's) but INVOICE_PAYEE_IBAN is an account at another bank (invoices would name the wrong bank): refused ${unlessDemo}` });
      }
      // Every page's logo links it: the demo's site, at any of its addresses ("https://elukaitse.ee/",
      // "https://www.elukaitse.ee/…"), is no insurer's.
      if (new URL(env.MARKETING_URL).hostname.replace(/^www\./, "") === new URL(DEMO_MARKETING_URL).hostname) {
        ctx.addIssue({ code: "custom", path: ["MARKETING_URL"], message: `is the demo's site (every page's logo would link it): refused ${unlessDemo}` });
      }
      if (!env.PUBLIC_URL) {
        ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: `is required ${unlessDemo}` });
      } else if (!env.PUBLIC_URL.startsWith("https://")) {
        ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: `must be an https:// address ${unlessDemo}` });
      }
    }
    // PGlite is a database inside one process: a second process would open the same files.
    if (!env.DATABASE_URL && env.WORKERS !== undefined && env.WORKERS !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["WORKERS"],
        message: "needs DATABASE_URL: the embedded database (PGlite) runs in one process; leave WORKERS unset or set DATABASE_URL to a PostgreSQL server",
      });
    }
    if (env.EID_PROVIDER === "dokobit" && !env.DOKOBIT_IDENTITY_ACCESS_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["DOKOBIT_IDENTITY_ACCESS_TOKEN"],
        message: "is required when EID_PROVIDER=dokobit",
      });
    }
    if (env.SIGNING_PROVIDER === "dokobit" && !env.DOKOBIT_GATEWAY_ACCESS_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["DOKOBIT_GATEWAY_ACCESS_TOKEN"],
        message: "is required when SIGNING_PROVIDER=dokobit",
      });
    }
  });

/** A token of OPS_TOKENS (or OPS_TOKEN), and the operator it names, if it names one. */
export interface OpsToken {
  readonly token: string;
  /** The operator's name (`isOperatorName`), recorded in health_data_audit.operator_name; null for a token without one. */
  readonly operator: string | null;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Session cookie secrets: the first signs, all verify (SESSION_SECRETS, or SESSION_SECRET alone). */
  sessionSecrets: readonly string[];
  /**
   * AES-256-GCM keys for health data (special-category personal data): the first seals, all
   * open (HEALTH_DATA_KEYS, or HEALTH_DATA_KEY alone as the key id `legacy`).
   */
  healthDataKeys: HealthKeyRing;
  /** The file in DATA_DIR the key came from, when neither HEALTH_DATA_KEY nor HEALTH_DATA_KEYS is set (a demo's, generated at its first start). */
  healthDataKeyFile?: string;
  publicUrl: string | undefined;
  marketingUrl: string;
  productName: string;
  /** Reverse proxies in front of the server (Express's `trust proxy` hop count). */
  trustProxy: number;
  /**
   * Demo parts allowed and the demo people seeded: DEMO=true, or any NODE_ENV but production
   * when DEMO is not set.
   */
  demo: boolean;
  /** The wellness score's integrations (health measurement, activity tracker). */
  integrations: "demo" | "off";
  eid:
    | { provider: "demo" }
    | { provider: "dokobit"; baseUrl: string; accessToken: string };
  /** The e-signing provider of the offer (PRODUCT.md section 8). */
  signing:
    | { provider: "demo" }
    | { provider: "dokobit"; baseUrl: string; accessToken: string };
  /** The JSON log's level (docs/operations.md "Logs and metrics"): info logs a line per request. */
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * The operator's tokens (OPS_TOKENS, or OPS_TOKEN alone): any of them opens the operator's
   * doors (npm run ops to a running server, GET /metrics), the command sends the first; none,
   * and those doors are closed. Each with the name of the operator it is (OPS_TOKENS'
   * `<name>:<token>`), recorded with the audit rows of what it opens.
   */
  opsTokens: readonly OpsToken[];
  /** HTTP server processes (server.ts): one per core with PostgreSQL, always one with PGlite. */
  workers: number;
  invoicing: Invoicing;
  /** The insurer's identity and supervision (every page's footer, the pre-contract information). */
  insurer: Insurer;
}

/**
 * What the browser may see of the configuration (a whitelist): the root loader sends this and
 * nothing else of the configuration, on every page (docs/decisions/0196).
 */
interface PublicConfig {
  productName: string;
  marketingUrl: string;
  /** The insurer as every page's footer states it (docs/decisions/0091); a tuple keeps the page's data small. */
  insurer: [name: string, registryCode: string, address: string, licence: string];
}

const listOf = (value: string | undefined): string[] => (value === undefined ? [] : [value]);

export function publicConfig(config: Config): PublicConfig {
  const { name, registryCode, address, licence } = config.insurer;
  return { productName: config.productName, marketingUrl: config.marketingUrl, insurer: [name, registryCode, address, licence] };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * What a kept development secret must be, as its setting must (SESSION_SECRET, HEALTH_DATA_KEY),
 * and what to do with a file that is not: an empty or cut-short file would otherwise sign every
 * cookie with an empty HMAC key, or end the start with no word of the file.
 */
const KEPT_SECRETS: Record<string, { valid: (text: string) => boolean; problem: string }> = {
  "session-secret": {
    valid: (text) => text.length >= 32,
    problem:
      "is not a secret of at least 32 characters (SESSION_SECRET's rule): delete it to have a new one generated (whoever is signed in signs in again), or set SESSION_SECRET",
  },
  "health-data-key": {
    valid: (text) => HEX_KEY.test(text),
    problem:
      "is not 64 hexadecimal characters (a 256-bit key, HEALTH_DATA_KEY's rule): put back the health-data-key file that came with this database, or give its key in HEALTH_DATA_KEY (docs/operations.md \"Backup and restore\")",
  },
};

/**
 * A development secret generated once and kept in the data folder (32 random bytes, hex); with
 * `generate` false only the one kept there, or undefined when there is none. A kept one is
 * checked as its setting is, and refused naming the file, never its content.
 */
function developmentSecret(dataDir: string, name: string, generate: boolean): string | undefined {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    const rule = KEPT_SECRETS[name];
    if (rule && !rule.valid(kept)) throw new ConfigError([`DATA_DIR's ${name} (${file}) ${rule.problem}`]);
    return kept;
  }
  if (!generate) return undefined;
  const secret = randomBytes(32).toString("hex");
  try {
    // The data folder holds the database (names, personal codes, contacts in plain text) and the
    // keys: its owner's only, as a backup file is.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, secret + "\n", { mode: 0o600 });
  } catch (error) {
    // Said as the settings' other refusals, not as Node's "ENOTDIR: not a directory, mkdir …".
    const code = (error as NodeJS.ErrnoException).code ?? "unknown";
    throw new ConfigError([`DATA_DIR ${dataDir} cannot be written (${code}): set it to a folder this user may create and write, on a disk with room`]);
  }
  return secret;
}

/** The generated development key's file in DATA_DIR (HEALTH_DATA_KEY's default). */
const DEVELOPMENT_KEY = "health-data-key";
export const developmentKeyFile = (dataDir: string): string => path.join(dataDir, DEVELOPMENT_KEY);

/**
 * The configuration from `env`. A server's start generates the development secrets it lacks
 * into DATA_DIR. The operator command starts no database, so a secret it generated would be
 * no server's (with DATABASE_URL the servers' DATA_DIR is seldom the shell's): with
 * `generateSecrets: false` it takes only what DATA_DIR holds, and a missing one is an empty
 * list (`sessionSecrets`, `healthDataKeys`) for the command to say so.
 */
export function loadConfig(env: Record<string, string | undefined>, { generateSecrets = true } = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "environment"} ${i.message}`));
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sessionSecrets: e.SESSION_SECRETS ?? listOf(e.SESSION_SECRET ?? developmentSecret(path.resolve(e.DATA_DIR), "session-secret", generateSecrets)),
    // The generated development key is the single key, like HEALTH_DATA_KEY: the id `legacy`.
    healthDataKeys:
      e.HEALTH_DATA_KEYS ??
      listOf(e.HEALTH_DATA_KEY ?? developmentSecret(path.resolve(e.DATA_DIR), DEVELOPMENT_KEY, generateSecrets)).map((hex) => ({
        id: LEGACY_KEY_ID,
        key: Buffer.from(hex, "hex"),
      })),
    healthDataKeyFile: (e.HEALTH_DATA_KEYS ?? e.HEALTH_DATA_KEY) ? undefined : developmentKeyFile(path.resolve(e.DATA_DIR)),
    publicUrl: e.PUBLIC_URL,
    marketingUrl: e.MARKETING_URL,
    productName: e.PRODUCT_NAME,
    trustProxy: e.TRUST_PROXY,
    demo: e.DEMO ?? e.NODE_ENV !== "production",
    integrations: e.INTEGRATIONS,
    eid:
      e.EID_PROVIDER === "dokobit"
        ? { provider: "dokobit", baseUrl: e.DOKOBIT_IDENTITY_URL ?? "https://id-sandbox.dokobit.com", accessToken: e.DOKOBIT_IDENTITY_ACCESS_TOKEN! }
        : { provider: "demo" },
    signing:
      e.SIGNING_PROVIDER === "dokobit"
        ? { provider: "dokobit", baseUrl: e.DOKOBIT_GATEWAY_URL ?? "https://gateway-sandbox.dokobit.com", accessToken: e.DOKOBIT_GATEWAY_ACCESS_TOKEN! }
        : { provider: "demo" },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    opsTokens: e.OPS_TOKENS ?? (e.OPS_TOKEN ? [{ operator: null, token: e.OPS_TOKEN }] : []),
    workers: !e.DATABASE_URL ? 1 : (e.WORKERS ?? availableParallelism()),
    invoicing: {
      issuer: { name: e.INVOICE_ISSUER_NAME, registryCode: e.INVOICE_ISSUER_REGISTRY_CODE, address: e.INVOICE_ISSUER_ADDRESS },
      payee: { name: e.INVOICE_PAYEE_NAME, iban: e.INVOICE_PAYEE_IBAN, bic: e.INVOICE_PAYEE_BIC },
      dueDays: e.INVOICE_DUE_DAYS,
    },
    insurer: {
      name: e.INVOICE_ISSUER_NAME,
      registryCode: e.INVOICE_ISSUER_REGISTRY_CODE,
      address: e.INVOICE_ISSUER_ADDRESS,
      licence: e.INSURER_LICENCE,
      complaintsEmail: e.INSURER_COMPLAINTS_EMAIL,
      contractEmail: e.INSURER_CONTRACT_EMAIL ?? e.INSURER_COMPLAINTS_EMAIL,
      dpoEmail: e.INSURER_DPO_EMAIL,
      sfcrUrl: e.INSURER_SFCR_URL,
      taxInfoUrl: e.INSURER_TAX_INFO_URL,
    },
  };
}
