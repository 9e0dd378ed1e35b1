/** Wiring of the offer: the signing provider the configuration names, the service, the operator side. */
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Db } from "../db/index.js";
import type { AuditLog, HealthCipher } from "../health-data.js";
import type { RenderPdf } from "../documents/index.js";
import { sealedDocuments } from "../documents/sealed.js";
import type { SubmissionLog } from "../idempotency.js";
import { offerService, policyOperations } from "../offer.js";
import { demoSigningDesk, demoSigningProvider } from "./demo.js";
import { dokobitSigningProvider } from "./dokobit.js";
import type { SigningProvider } from "./provider.js";

function signingProviderFor(config: Config["signing"] | undefined, secret: string, fetchImpl: typeof fetch = fetch): SigningProvider {
  return config?.provider === "dokobit"
    ? dokobitSigningProvider({ baseUrl: config.baseUrl, accessToken: config.accessToken, fetch: fetchImpl })
    : demoSigningProvider(secret);
}

export function offerCore(deps: {
  db: Db;
  clock: Clock;
  config: { sessionSecrets: readonly string[]; signing?: Config["signing"] };
  cipher: HealthCipher;
  audit: AuditLog;
  submissions: SubmissionLog;
  signing?: SigningProvider;
  fetch?: typeof fetch;
  pdf: RenderPdf;
}) {
  const provider = deps.signing ?? signingProviderFor(deps.config.signing, deps.config.sessionSecrets[0], deps.fetch);
  const service = offerService({ ...deps, signing: provider });
  return Object.assign(service, {
    operations: policyOperations(deps.db, deps.clock),
    demoDesk: demoSigningDesk(deps.db, deps.clock, deps.config.sessionSecrets[0], sealedDocuments(deps.cipher, deps.audit)),
  });
}
