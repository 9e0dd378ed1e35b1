/**
 * The insurance core: plain TypeScript, no HTTP, no React. Built once by server.ts (and by
 * each test on its own database) and handed to every loader, action and /api handler.
 */
import type { EidProvider } from "./auth/provider.js";
import { demoProvider } from "./auth/demo.js";
import { dokobitIdentityProvider } from "./auth/dokobit.js";
import type { Clock } from "./clock.js";
import { demoInsurer, type Config } from "./config.js";
import { customerStore } from "./customers.js";
import type { Db } from "./db/index.js";
import { auditLog, healthCipher } from "./health-data.js";
import { sealedDocuments } from "./documents/sealed.js";
import { beneficiariesService } from "./beneficiaries.js";
import { submissionLog } from "./idempotency.js";
import { intermediaryStore } from "./intermediaries.js";
import { policyholderService } from "./policyholder/index.js";
import { proposalService } from "./proposal/index.js";
import { preContractService } from "./pre-contract.js";
import { questionnaireService } from "./questionnaire.js";
import { registrationService } from "./registration.js";
import { scoreService, type ActivityTracker } from "./score/index.js";
import { QUESTIONNAIRES } from "./score/definition.js";
import { loginRateLimiter } from "./rate-limit.js";
import { sessionStore } from "./sessions.js";
import { housekeeping } from "./housekeeping.js";
import { draftStore } from "./drafts.js";
import { signInService } from "./sign-in.js";
import { offerCore } from "./signing/index.js";
import type { SigningProvider } from "./signing/provider.js";

export interface CoreDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "sessionSecret" | "eid" | "healthDataKey"> & Partial<Pick<Config, "signing" | "invoicing" | "integrations" | "signInStartsPerAddress" | "insurer">>;
  /** Overrides the provider the configuration names (tests). */
  eid?: EidProvider;
  fetch?: typeof fetch;
  /** Overrides the demo activity tracker (tests). */
  activity?: ActivityTracker;
  /** Overrides the signing provider the configuration names (tests). */
  signing?: SigningProvider;
}

export function eidProviderFor(config: Config["eid"], fetchImpl: typeof fetch = fetch): EidProvider {
  return config.provider === "dokobit"
    ? dokobitIdentityProvider({ baseUrl: config.baseUrl, accessToken: config.accessToken, fetch: fetchImpl })
    : demoProvider();
}

export function createCore({ db, clock, config, eid, fetch: fetchImpl, activity, signing }: CoreDeps) {
  const sessions = sessionStore(db, clock);
  const customers = customerStore(db, clock);
  const intermediaries = intermediaryStore(db);
  const limiter = loginRateLimiter(db, clock, config.sessionSecret, config.signInStartsPerAddress);
  const eidProvider = eid ?? eidProviderFor(config.eid, fetchImpl);
  const cipher = healthCipher(config.healthDataKey);
  const audit = auditLog(db, clock);
  const drafts = draftStore(db, clock, cipher);
  const submissions = submissionLog(db, clock);
  const definition = config.integrations === "off" ? QUESTIONNAIRES["wellness-without-integrations"] : undefined;
  const score = scoreService({ db, clock, cipher, audit, activity, submissions, definition });
  const offer = offerCore({ db, clock, config, cipher, audit, submissions, signing, fetch: fetchImpl });
  const questionnaire = questionnaireService({ db, clock, cipher, audit, submissions });
  const proposal = proposalService({
    db,
    clock,
    submissions,
    savedScore: (customerId) => score.savedScore(customerId),
    smoker: (customerId, sealed) => questionnaire.smoker(customerId, sealed),
    sealSmokerOf: (customerId, answersSealed) => questionnaire.sealSmokerOf(customerId, answersSealed),
  });
  return {
    db,
    clock,
    eid: eidProvider,
    sessions,
    /** What a customer typed when their session ended (app/core/drafts.ts). */
    drafts,
    customers,
    intermediaries,
    limiter,
    signIn: signInService({ clock, eid: eidProvider, sessions, customers, intermediaries, limiter }),
    audit,
    submissions,
    registration: registrationService({ db, clock, submissions }),
    score,
    policyholder: policyholderService({
      db,
      clock,
      invoicing: config.invoicing,
      documents: sealedDocuments(cipher, audit),
      smoker: (customerId) => questionnaire.smoker(customerId),
    }),
    questionnaire,
    proposal,
    /** The pre-contract information, public or the customer's own (docs/decisions/0092). */
    preContract: preContractService({ clock, insurer: config.insurer ?? demoInsurer(), proposal, smoker: (customerId) => questionnaire.smoker(customerId) }),
    beneficiaries: beneficiariesService({ db, clock, submissions }),
    offer,
    /** The hourly round: purges and policy activation (app/core/housekeeping.ts). */
    housekeeping: housekeeping({ db, clock, sessions, drafts, limiter, activateDue: () => offer.operations.activateDue() }),
    async ready(): Promise<boolean> {
      try {
        await db.query("SELECT 1");
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type Core = ReturnType<typeof createCore>;
