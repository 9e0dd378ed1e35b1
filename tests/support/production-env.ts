import { randomBytes } from "node:crypto";

/**
 * Everything a production start insists on but its secrets (README.md "Production"): the
 * insurer's own details, real providers at their production addresses, a database, https.
 */
export const PRODUCTION_SETTINGS = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://app@db.example/elukaitse",
  PUBLIC_URL: "https://elukaitse.example",
  EID_PROVIDER: "dokobit",
  DOKOBIT_IDENTITY_URL: "https://id.dokobit.com",
  DOKOBIT_IDENTITY_ACCESS_TOKEN: "identity-token",
  SIGNING_PROVIDER: "dokobit",
  DOKOBIT_GATEWAY_URL: "https://gateway.dokobit.com",
  DOKOBIT_GATEWAY_ACCESS_TOKEN: "gateway-token",
  INTEGRATIONS: "off",
  INVOICE_ISSUER_NAME: "Kindlustus AS",
  INVOICE_ISSUER_REGISTRY_CODE: "10060701",
  INVOICE_ISSUER_ADDRESS: "Tartu mnt 1, 10145 Tallinn",
  INVOICE_PAYEE_NAME: "Kindlustus AS",
  INVOICE_PAYEE_IBAN: "EE471000001020145685",
  // The IBAN's bank (10: SEB); the demo's BIC is Swedbank's.
  INVOICE_PAYEE_BIC: "EEUHEE2X",
  MARKETING_URL: "https://insurer.example",
  INSURER_LICENCE: "4.1-1/12",
  INSURER_COMPLAINTS_EMAIL: "complaints@insurer.example",
  INSURER_DPO_EMAIL: "dpo@insurer.example",
  INSURER_SFCR_URL: "https://insurer.example/sfcr",
  INSURER_TAX_INFO_URL: "https://insurer.example/tax",
} as const;

/**
 * A secret or a key made at run time: one written in the repository is published, and a
 * production start refuses it (tests/unit/published-secrets.test.ts).
 */
export const randomSecret = (): string => randomBytes(24).toString("base64url");
export const randomKey = (): string => randomBytes(32).toString("hex");
