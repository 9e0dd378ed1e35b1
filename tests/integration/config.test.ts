/** loadConfig (app/core/config.ts): bad configuration is refused with the variable named. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, publicConfig } from "~/core/config";
import { PRODUCTION_SETTINGS, randomKey, randomSecret } from "../support/production-env";

// Made at run time: production refuses a published or repeated one (docs/decisions/0313).
const KEY = randomKey();
const SECRET = randomSecret();
const root = mkdtempSync(path.join(tmpdir(), "elukaitse-config-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirs = 0;
/** A data folder of the test's own that does not exist yet. */
const freshDataDir = () => path.join(root, `data-${++dirs}`, "nested");

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig({ DATA_DIR: freshDataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("loadConfig accepted the configuration");
}

describe("loadConfig", () => {
  /** Everything a production start insists on (README.md "Production"). */
  const PRODUCTION = { ...PRODUCTION_SETTINGS, SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY };
  const without = (name: keyof typeof PRODUCTION) => ({ ...PRODUCTION, [name]: undefined });

  it("refuses production without SESSION_SECRET, naming it", () => {
    expect(problemsOf(without("SESSION_SECRET"))).toEqual(["SESSION_SECRET (or SESSION_SECRETS) is required when NODE_ENV=production (unless DEMO=true)"]);
    expect(() => loadConfig({ ...without("SESSION_SECRET"), DATA_DIR: freshDataDir() })).toThrow(/SESSION_SECRET/);
  });

  it("refuses production without HEALTH_DATA_KEY, and lists every problem at once", () => {
    expect(problemsOf(without("HEALTH_DATA_KEY"))).toEqual(["HEALTH_DATA_KEY (or HEALTH_DATA_KEYS) is required when NODE_ENV=production (unless DEMO=true)"]);
    const several = problemsOf({ PORT: "abc", SESSION_SECRET: "short", EID_PROVIDER: "x" });
    expect(several.map((p) => p.split(" ")[0]).sort()).toEqual(["EID_PROVIDER", "PORT", "SESSION_SECRET"]);
  });

  it("accepts production with everything it insists on, and writes no files", () => {
    const dataDir = freshDataDir();
    const config = loadConfig({ ...PRODUCTION, DATA_DIR: dataDir });
    expect(config.sessionSecrets).toEqual([SECRET]);
    expect(config.healthDataKeys).toEqual([{ id: "legacy", key: Buffer.from(KEY, "hex") }]);
    expect(config).toMatchObject({
      demo: false,
      integrations: "off",
      eid: { provider: "dokobit", baseUrl: "https://id.dokobit.com" },
      signing: { provider: "dokobit", baseUrl: "https://gateway.dokobit.com" },
    });
    expect(() => statSync(dataDir)).toThrow();
  });

  it.each([
    ["EID_PROVIDER", { EID_PROVIDER: "demo" }, "EID_PROVIDER is demo (the demo e-ID lets anyone sign in as anyone): refused when NODE_ENV=production (unless DEMO=true)"],
    ["EID_PROVIDER", { EID_PROVIDER: undefined }, "EID_PROVIDER is demo (the demo e-ID lets anyone sign in as anyone): refused when NODE_ENV=production (unless DEMO=true)"],
    ["SIGNING_PROVIDER", { SIGNING_PROVIDER: "demo" }, "SIGNING_PROVIDER is demo (the demo signing signs nothing): refused when NODE_ENV=production (unless DEMO=true)"],
    [
      "INTEGRATIONS",
      { INTEGRATIONS: undefined },
      "INTEGRATIONS is demo (the demo health measurement and activity tracker make their values up): refused when NODE_ENV=production (unless DEMO=true)",
    ],
    ["DATABASE_URL", { DATABASE_URL: undefined }, "DATABASE_URL is required when NODE_ENV=production (unless DEMO=true): the embedded database is for demos"],
    ["INVOICE_PAYEE_IBAN", { INVOICE_PAYEE_IBAN: undefined }, "INVOICE_PAYEE_IBAN is the demo insurer's (invoices would name it): refused when NODE_ENV=production (unless DEMO=true)"],
    [
      "INVOICE_ISSUER_REGISTRY_CODE",
      { INVOICE_ISSUER_REGISTRY_CODE: "12345678" },
      "INVOICE_ISSUER_REGISTRY_CODE is the demo insurer's (invoices would name it): refused when NODE_ENV=production (unless DEMO=true)",
    ],
    // A real registry code and account under the fictitious insurer's name and address (docs/decisions/0286).
    ["INVOICE_ISSUER_NAME", { INVOICE_ISSUER_NAME: undefined }, "INVOICE_ISSUER_NAME is the demo insurer's (invoices would name it): refused when NODE_ENV=production (unless DEMO=true)"],
    [
      "INVOICE_ISSUER_ADDRESS",
      { INVOICE_ISSUER_ADDRESS: "Narva mnt 7, 10117 Tallinn" },
      "INVOICE_ISSUER_ADDRESS is the demo insurer's (invoices would name it): refused when NODE_ENV=production (unless DEMO=true)",
    ],
    ["INVOICE_PAYEE_NAME", { INVOICE_PAYEE_NAME: undefined }, "INVOICE_PAYEE_NAME is the demo insurer's (invoices would name it): refused when NODE_ENV=production (unless DEMO=true)"],
    ["INSURER_LICENCE", { INSURER_LICENCE: undefined }, "INSURER_LICENCE is the demo insurer's (every page would state it): refused when NODE_ENV=production (unless DEMO=true)"],
    [
      "INSURER_COMPLAINTS_EMAIL",
      { INSURER_COMPLAINTS_EMAIL: "kaebused@elukaitse.ee" },
      "INSURER_COMPLAINTS_EMAIL is the demo insurer's (every page would state it): refused when NODE_ENV=production (unless DEMO=true)",
    ],
    [
      "INSURER_DPO_EMAIL",
      { INSURER_DPO_EMAIL: "andmekaitse@elukaitse.ee" },
      "INSURER_DPO_EMAIL is the demo insurer's (the privacy notice would state it): refused when NODE_ENV=production (unless DEMO=true)",
    ],
    [
      "INSURER_SFCR_URL",
      { INSURER_SFCR_URL: undefined },
      "INSURER_SFCR_URL is the demo insurer's (the pre-contract information would link it): refused when NODE_ENV=production (unless DEMO=true)",
    ],
    [
      "INSURER_TAX_INFO_URL",
      { INSURER_TAX_INFO_URL: "https://elukaitse.ee/maksud" },
      "INSURER_TAX_INFO_URL is the demo insurer's (the pre-contract information would link it): refused when NODE_ENV=production (unless DEMO=true)",
    ],
    ["PUBLIC_URL", { PUBLIC_URL: undefined }, "PUBLIC_URL is required when NODE_ENV=production (unless DEMO=true)"],
    // Unset, or Dokobit's sandbox: real customers identified and signed at the test service (decision 0313).
    [
      "DOKOBIT_IDENTITY_URL",
      { DOKOBIT_IDENTITY_URL: undefined },
      "DOKOBIT_IDENTITY_URL is required with EID_PROVIDER=dokobit when NODE_ENV=production (unless DEMO=true): unset, it is Dokobit's sandbox",
    ],
    [
      "DOKOBIT_GATEWAY_URL",
      { DOKOBIT_GATEWAY_URL: undefined },
      "DOKOBIT_GATEWAY_URL is required with SIGNING_PROVIDER=dokobit when NODE_ENV=production (unless DEMO=true): unset, it is Dokobit's sandbox",
    ],
    ["DOKOBIT_IDENTITY_URL", { DOKOBIT_IDENTITY_URL: "https://id-sandbox.dokobit.com" }, "DOKOBIT_IDENTITY_URL is Dokobit's sandbox: refused when NODE_ENV=production (unless DEMO=true)"],
    ["DOKOBIT_GATEWAY_URL", { DOKOBIT_GATEWAY_URL: "https://GATEWAY-SANDBOX.dokobit.com/" }, "DOKOBIT_GATEWAY_URL is Dokobit's sandbox: refused when NODE_ENV=production (unless DEMO=true)"],
    ["PUBLIC_URL", { PUBLIC_URL: "http://elukaitse.example" }, "PUBLIC_URL must be an https:// address when NODE_ENV=production (unless DEMO=true)"],
    // The access token in every call's query, the application's health summary in the signing's upload.
    ["DOKOBIT_IDENTITY_URL", { DOKOBIT_IDENTITY_URL: "http://id.dokobit.com" }, "DOKOBIT_IDENTITY_URL must be an https:// address when NODE_ENV=production (unless DEMO=true)"],
    ["DOKOBIT_GATEWAY_URL", { DOKOBIT_GATEWAY_URL: "HTTP://gateway.dokobit.com/" }, "DOKOBIT_GATEWAY_URL must be an https:// address when NODE_ENV=production (unless DEMO=true)"],
    // The demo's site behind every page's logo, and the demo's (Swedbank's) BIC beside an SEB account.
    ["MARKETING_URL", { MARKETING_URL: undefined }, "MARKETING_URL is the demo's site (every page's logo would link it): refused when NODE_ENV=production (unless DEMO=true)"],
    ["MARKETING_URL", { MARKETING_URL: "https://www.elukaitse.ee/" }, "MARKETING_URL is the demo's site (every page's logo would link it): refused when NODE_ENV=production (unless DEMO=true)"],
    [
      "INVOICE_PAYEE_BIC",
      { INVOICE_PAYEE_BIC: undefined },
      "INVOICE_PAYEE_BIC is the demo's (Swedbank's) but INVOICE_PAYEE_IBAN is an account at another bank (invoices would name the wrong bank): refused when NODE_ENV=production (unless DEMO=true)",
    ],
    [
      "INVOICE_PAYEE_BIC",
      { INVOICE_PAYEE_BIC: "habaee2xxxx" },
      "INVOICE_PAYEE_BIC is the demo's (Swedbank's) but INVOICE_PAYEE_IBAN is an account at another bank (invoices would name the wrong bank): refused when NODE_ENV=production (unless DEMO=true)",
    ],
  ])("production refuses %s: %j", (_, change, message) => {
    expect(problemsOf({ ...PRODUCTION, ...change })).toEqual([message]);
  });

  it("names the insurer from the invoice issuer's settings with its licence and complaints address (every page's footer)", () => {
    const config = loadConfig({ ...PRODUCTION, DATA_DIR: freshDataDir() });
    expect(config.insurer).toEqual({
      name: "Kindlustus AS",
      registryCode: "10060701",
      address: "Tartu mnt 1, 10145 Tallinn",
      licence: "4.1-1/12",
      complaintsEmail: "complaints@insurer.example",
      contractEmail: "complaints@insurer.example",
      dpoEmail: "dpo@insurer.example",
      sfcrUrl: "https://insurer.example/sfcr",
      taxInfoUrl: "https://insurer.example/tax",
    });
    // Withdrawals and cancellations to an address of their own when one is given.
    expect(loadConfig({ ...PRODUCTION, INSURER_CONTRACT_EMAIL: "contracts@insurer.example", DATA_DIR: freshDataDir() }).insurer).toMatchObject({
      complaintsEmail: "complaints@insurer.example",
      contractEmail: "contracts@insurer.example",
    });
    // Outside production the demo insurer's, so a demo runs with no settings.
    expect(loadConfig({ SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY }).insurer).toEqual({
      name: "Elukaitse AS",
      registryCode: "12345678",
      address: "Narva mnt 7, 10117 Tallinn",
      licence: "4.1-1/99",
      complaintsEmail: "kaebused@elukaitse.ee",
      contractEmail: "kaebused@elukaitse.ee",
      dpoEmail: "andmekaitse@elukaitse.ee",
      sfcrUrl: "https://elukaitse.ee/solventsus",
      taxInfoUrl: "https://elukaitse.ee/maksud",
    });
  });

  it("lets the browser see only its whitelist: product, marketing address, the footer's insurer (the root loader's, every page)", () => {
    const OPS_TOKEN = randomSecret();
    const config = loadConfig({ ...PRODUCTION, PRODUCT_NAME: "Kaitse", MARKETING_URL: "https://kaitse.example", OPS_TOKEN, DATA_DIR: freshDataDir() });
    expect(publicConfig(config)).toEqual({
      productName: "Kaitse",
      marketingUrl: "https://kaitse.example",
      insurer: ["Kindlustus AS", "10060701", "Tartu mnt 1, 10145 Tallinn", "4.1-1/12"],
    });
    const seen = JSON.stringify(publicConfig(config));
    for (const secret of [SECRET, KEY, OPS_TOKEN, "identity-token", "gateway-token", "postgres://", "EE471000001020145685", "complaints@insurer.example"]) {
      expect(seen).not.toContain(secret);
    }
  });

  it.each([
    ["INSURER_COMPLAINTS_EMAIL", { INSURER_COMPLAINTS_EMAIL: "not an address" }, /^INSURER_COMPLAINTS_EMAIL must be an e-mail address$/],
    ["INSURER_CONTRACT_EMAIL", { INSURER_CONTRACT_EMAIL: "not an address" }, /^INSURER_CONTRACT_EMAIL must be an e-mail address$/],
    ["INSURER_SFCR_URL", { INSURER_SFCR_URL: "http://insurer.example/sfcr" }, /^INSURER_SFCR_URL must be an https:\/\/ address$/],
    ["INSURER_LICENCE", { INSURER_LICENCE: "   " }, /^INSURER_LICENCE /],
    ["INSURER_LICENCE", { INSURER_LICENCE: "x".repeat(41) }, /^INSURER_LICENCE /],
    // What an invoice is issued with, refused at start rather than on an invoice (docs/decisions/0286).
    ["INVOICE_PAYEE_IBAN", { INVOICE_PAYEE_IBAN: "EE382200221020145686" }, /^INVOICE_PAYEE_IBAN must be the IBAN of an account in SEPA: its country's length, its check digits right \(ISO 13616\)$/],
    // Mod 97 right, two digits short: no Estonian account has 18 characters.
    ["INVOICE_PAYEE_IBAN", { INVOICE_PAYEE_IBAN: "EE5222002210201456" }, /^INVOICE_PAYEE_IBAN must be the IBAN of an account in SEPA/],
    ["INVOICE_PAYEE_BIC", { INVOICE_PAYEE_BIC: "HABAEE2" }, /^INVOICE_PAYEE_BIC must be a BIC of 8 or 11 letters and digits \(ISO 9362\)$/],
    ["INVOICE_PAYEE_BIC", { INVOICE_PAYEE_BIC: "HABAEE2XX" }, /^INVOICE_PAYEE_BIC must be a BIC/],
    ["INVOICE_ISSUER_REGISTRY_CODE", { INVOICE_ISSUER_REGISTRY_CODE: "10060702" }, /^INVOICE_ISSUER_REGISTRY_CODE must be an 8-digit registry code, its check digit right$/],
    ["INVOICE_ISSUER_REGISTRY_CODE", { INVOICE_ISSUER_REGISTRY_CODE: "1006070" }, /^INVOICE_ISSUER_REGISTRY_CODE must be an 8-digit registry code/],
    [
      "INVOICE_PAYEE_NAME",
      { INVOICE_PAYEE_NAME: "Kindlustus AS\nLHV" },
      /^INVOICE_PAYEE_NAME must fit the invoices' payment QR code \(EPC069-12\): at most 70 characters, no line break, 331 bytes with the rest$/,
    ],
    ["INVOICE_PAYEE_NAME", { INVOICE_PAYEE_NAME: "保".repeat(70) }, /^INVOICE_PAYEE_NAME must fit the invoices' payment QR code/],
    ["INVOICE_ISSUER_NAME", { INVOICE_ISSUER_NAME: "Kindlustus\nAS" }, /^INVOICE_ISSUER_NAME must be one line of text$/],
    ["INVOICE_ISSUER_ADDRESS", { INVOICE_ISSUER_ADDRESS: "Tartu mnt 1\r\n10145 Tallinn" }, /^INVOICE_ISSUER_ADDRESS must be one line of text$/],
  ])("refuses a bad %s: %j", (_, change, message) => {
    const problems = problemsOf({ SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it("reads the payee's IBAN and BIC as a bank prints them: in groups, in small letters", () => {
    const { payee } = loadConfig({ ...PRODUCTION, INVOICE_PAYEE_IBAN: "ee47 1000 0010 2014 5685", INVOICE_PAYEE_BIC: " eehuee2x ", DATA_DIR: freshDataDir() }).invoicing;
    expect(payee).toEqual({ name: "Kindlustus AS", iban: "EE471000001020145685", bic: "EEHUEE2X" });
  });

  it("DEMO=true allows every demo part in production, with generated secrets (npm start)", () => {
    const dataDir = freshDataDir();
    const config = loadConfig({ NODE_ENV: "production", DEMO: "true", DATA_DIR: dataDir });
    expect(config).toMatchObject({ env: "production", demo: true, integrations: "demo", eid: { provider: "demo" }, signing: { provider: "demo" } });
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(config.sessionSecrets[0]);
  });

  it("demo parts are allowed outside production unless DEMO=false says otherwise", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", DEMO: "false", SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY }).demo).toBe(false);
  });

  it.each([
    [undefined, 0],
    ["false", 0],
    ["true", 1],
    ["2", 2],
  ])("TRUST_PROXY=%s trusts %i proxies", (value, hops) => {
    expect(loadConfig({ TRUST_PROXY: value, SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY }).trustProxy).toBe(hops);
  });

  it.each(["short", "x".repeat(31)])("refuses a SESSION_SECRET of %s", (secret) => {
    expect(problemsOf({ SESSION_SECRET: secret })).toEqual(["SESSION_SECRET must be at least 32 characters"]);
  });

  it.each(["abc", "0", "65536", "3.5", "-1", "", "1e3"])("refuses PORT=%s, naming PORT and what it must be", (port) => {
    const problems = problemsOf({ PORT: port, SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY });
    expect(problems).toEqual(["PORT must be a whole number from 1 to 65535"]);
  });

  it("reads a good PORT and defaults to 3000", () => {
    expect(loadConfig({ PORT: "8080", SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY }).port).toBe(8080);
    expect(loadConfig({ PORT: " 65535 ", SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY }).port).toBe(65535);
    expect(loadConfig({ SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY }).port).toBe(3000);
  });

  it("requires DOKOBIT_IDENTITY_ACCESS_TOKEN with EID_PROVIDER=dokobit", () => {
    expect(problemsOf({ EID_PROVIDER: "dokobit", SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY })).toEqual([
      "DOKOBIT_IDENTITY_ACCESS_TOKEN is required when EID_PROVIDER=dokobit",
    ]);
    const config = loadConfig({ EID_PROVIDER: "dokobit", DOKOBIT_IDENTITY_ACCESS_TOKEN: "t0ken", SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY });
    expect(config.eid).toEqual({ provider: "dokobit", baseUrl: "https://id-sandbox.dokobit.com", accessToken: "t0ken" });
  });

  it("uses the demo provider by default and refuses unknown providers", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY }).eid).toEqual({ provider: "demo" });
    expect(problemsOf({ EID_PROVIDER: "smartid", SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY })[0]).toMatch(/^EID_PROVIDER /);
  });

  it.each([
    ["DATABASE_URL", "mysql://localhost/db"],
    ["HEALTH_DATA_KEY", "not-hex"],
    ["PUBLIC_URL", "not a url"],
    ["DOKOBIT_IDENTITY_URL", "id.dokobit.com"],
    ["TRUST_PROXY", "yes"],
    ["TRUST_PROXY", "10"],
    ["DEMO", "yes"],
    ["INTEGRATIONS", "real"],
    ["NODE_ENV", "staging"],
  ])("names %s when it is bad", (name, value) => {
    const problems = problemsOf({ SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0].startsWith(`${name} `)).toBe(true);
  });

  it("treats an empty DATABASE_URL as none (PGlite)", () => {
    expect(loadConfig({ DATABASE_URL: "", SESSION_SECRET: SECRET, HEALTH_DATA_KEY: KEY }).databaseUrl).toBeUndefined();
  });

  it("in development generates the secrets into DATA_DIR once and reuses them", () => {
    const dataDir = freshDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.env).toBe("development");
    expect(first.sessionSecrets[0]).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.sessionSecrets[0]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The folder holds the keys and the database: its owner's only (an audit found it 0755).
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(first.healthDataKeys).toHaveLength(1);
    expect(first.healthDataKeys[0].id).toBe("legacy");
    expect(first.healthDataKeys[0].key).toHaveLength(32);
    expect(readFileSync(path.join(dataDir, "health-data-key"), "utf8").trim()).toBe(first.healthDataKeys[0].key.toString("hex"));

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.sessionSecrets[0]).toBe(first.sessionSecrets[0]);
    expect(second.healthDataKeys[0].key.equals(first.healthDataKeys[0].key)).toBe(true);

    const elsewhere = loadConfig({ DATA_DIR: freshDataDir() });
    expect(elsewhere.sessionSecrets[0]).not.toBe(first.sessionSecrets[0]);
  });

  it("refuses a kept secret that is not one (empty, cut short), naming its file and not its content", () => {
    const dataDir = freshDataDir();
    loadConfig({ DATA_DIR: dataDir });
    const sessionFile = path.join(dataDir, "session-secret");
    const keyFile = path.join(dataDir, "health-data-key");
    const key = readFileSync(keyFile, "utf8");
    writeFileSync(sessionFile, "\n");
    writeFileSync(keyFile, key.slice(0, 40));
    const problems = problemsOf({ DATA_DIR: dataDir });
    expect(problems).toEqual([expect.stringContaining(`DATA_DIR's session-secret (${sessionFile}) is not a secret of at least 32 characters`)]);
    // Another secret named in the environment: the file is not read.
    const keyProblems = problemsOf({ DATA_DIR: dataDir, SESSION_SECRET: SECRET });
    expect(keyProblems).toEqual([expect.stringContaining(`DATA_DIR's health-data-key (${keyFile}) is not 64 hexadecimal characters`)]);
    expect(keyProblems[0]).not.toContain(key.slice(0, 16));
    // The operator command, which generates nothing, is refused alike.
    expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }, { generateSecrets: false })).toThrow(ConfigError);
    writeFileSync(sessionFile, "short-secret\n");
    expect(problemsOf({ DATA_DIR: dataDir, HEALTH_DATA_KEY: KEY })).toEqual([expect.stringContaining("session-secret")]);
  });

  it("in development prefers a given SESSION_SECRET to a generated one", () => {
    const dataDir = freshDataDir();
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).sessionSecrets).toEqual([SECRET]);
    expect(() => statSync(path.join(dataDir, "session-secret"))).toThrow();
  });

  it("runs one process per core with PostgreSQL, WORKERS of them when set, and refuses more than one on PGlite", () => {
    const pg = { DATABASE_URL: "postgres://app@db.internal:5432/elukaitse" };
    const cores = availableParallelism();
    expect(loadConfig({ DATA_DIR: freshDataDir(), ...pg }).workers).toBe(cores);
    expect(loadConfig({ DATA_DIR: freshDataDir(), ...pg, WORKERS: "auto" }).workers).toBe(cores);
    expect(loadConfig({ DATA_DIR: freshDataDir(), ...pg, WORKERS: "3" }).workers).toBe(3);
    expect(loadConfig({ DATA_DIR: freshDataDir() }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: freshDataDir(), WORKERS: "1" }).workers).toBe(1);
    expect(problemsOf({ WORKERS: "2" })).toEqual([
      "WORKERS needs DATABASE_URL: the embedded database (PGlite) runs in one process; leave WORKERS unset or set DATABASE_URL to a PostgreSQL server",
    ]);
    for (const bad of ["0", "x", "1.5", "-2"]) expect(problemsOf({ ...pg, WORKERS: bad }), bad).toEqual(["WORKERS must be a whole number from 1 or auto"]);
  });
});

describe("key rings (docs/decisions/0105, 0107)", () => {
  const A = "a1".repeat(32);
  const B = randomKey();

  it("reads HEALTH_DATA_KEYS in order, the first sealing, and takes it in production instead of HEALTH_DATA_KEY", () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, HEALTH_DATA_KEYS: ` k2:${B} , legacy:${A}` });
    expect(config.healthDataKeys).toEqual([
      { id: "k2", key: Buffer.from(B, "hex") },
      { id: "legacy", key: Buffer.from(A, "hex") },
    ]);
    expect(problemsOf({ NODE_ENV: "production", SESSION_SECRET: SECRET, HEALTH_DATA_KEYS: `k2:${B}` }).filter((p) => /HEALTH|SESSION/.test(p))).toEqual([]);
  });

  it.each([
    [`k2${B}`, "must be a comma-separated list"],
    [`k2:${B.slice(1)}`, "must be a comma-separated list"],
    [`k.2:${B}`, "must be a comma-separated list"],
    [`k2:${B}:x`, "must be a comma-separated list"],
    [`k2:${B},`, "must be a comma-separated list"],
    [`k2:${B},k2:${A}`, "names a key id more than once: k2"],
  ])("refuses HEALTH_DATA_KEYS=%s, naming it", (value, message) => {
    const problems = problemsOf({ SESSION_SECRET: SECRET, HEALTH_DATA_KEYS: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^HEALTH_DATA_KEYS ${message}`));
    expect(problems[0]).not.toContain(B);
  });

  it("refuses HEALTH_DATA_KEY and HEALTH_DATA_KEYS together, and SESSION_SECRET with SESSION_SECRETS", () => {
    expect(problemsOf({ SESSION_SECRET: SECRET, HEALTH_DATA_KEY: A, HEALTH_DATA_KEYS: `k2:${B}` })).toEqual([
      "HEALTH_DATA_KEYS and HEALTH_DATA_KEY are both set: keep only HEALTH_DATA_KEYS (with the old key in it as legacy:<its hex>)",
    ]);
    expect(problemsOf({ SESSION_SECRET: SECRET, SESSION_SECRETS: SECRET, HEALTH_DATA_KEY: A })).toEqual([
      "SESSION_SECRETS and SESSION_SECRET are both set: keep only SESSION_SECRETS (with the old secret in it)",
    ]);
  });

  it("reads SESSION_SECRETS in order and refuses a short one", () => {
    const second = "t".repeat(40);
    expect(loadConfig({ SESSION_SECRETS: `${second},${SECRET}`, HEALTH_DATA_KEY: A }).sessionSecrets).toEqual([second, SECRET]);
    expect(problemsOf({ SESSION_SECRETS: `${SECRET},short`, HEALTH_DATA_KEY: A })).toEqual([
      "SESSION_SECRETS must be a comma-separated list of secrets of at least 32 characters each (secret 2 of 2 is not)",
    ]);
  });
});
