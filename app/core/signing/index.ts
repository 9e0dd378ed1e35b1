/** Wiring of the offer: the signing provider the configuration names, the service, the operator side. */
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Db } from "../db/index.js";
import type { AuditLog, HealthCipher } from "../health-data.js";
import type { RenderPdf } from "../documents/index.js";
import { sealedDocuments } from "../documents/sealed.js";
import type { SubmissionLog } from "../idempotency.js";
import type { Telemetry } from "../telemetry.js";
import { offerService, policyOperations } from "../offer.js";
import { demoSigningDesk, demoSigningProvider } from "./demo.js";
import { dokobitSigningProvider } from "./dokobit.js";
import { SigningProviderError, type SigningProvider } from "./provider.js";

function signingProviderFor(config: Config["signing"] | undefined, secrets: readonly string[], fetchImpl: typeof fetch = fetch): SigningProvider {
  return config?.provider === "dokobit"
    ? dokobitSigningProvider({ baseUrl: config.baseUrl, accessToken: config.accessToken, fetch: fetchImpl })
    : demoSigningProvider(secrets);
}

/**
 * A start the provider refused (or could not answer), or a status it failed to give at
 * completion, told to the operator: the customer is answered "the signing service cannot be
 * reached" or "could not be confirmed yet" (attempts.ts), so no request fails with it and the
 * request's log would not show it.
 */
function reportedProvider(provider: SigningProvider, telemetry: Telemetry | undefined): SigningProvider {
  const reported =
    (event: string) =>
    (error: unknown): never => {
      if (error instanceof SigningProviderError) telemetry?.failure(event, error);
      throw error;
    };
  return {
    name: provider.name,
    frameOrigin: provider.frameOrigin,
    start: (input) => provider.start(input).catch(reported("signing_start_failed")),
    status: (input) => provider.status(input).catch(reported("signing_status_failed")),
  };
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
  telemetry?: Telemetry;
}) {
  const provider = reportedProvider(deps.signing ?? signingProviderFor(deps.config.signing, deps.config.sessionSecrets, deps.fetch), deps.telemetry);
  const service = offerService({ ...deps, signing: provider });
  return Object.assign(service, {
    operations: policyOperations(deps.db, deps.clock, deps.cipher),
    demoDesk: demoSigningDesk(deps.db, deps.clock, deps.config.sessionSecrets, sealedDocuments(deps.cipher, deps.audit)),
  });
}
