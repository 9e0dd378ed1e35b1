/**
 * The insurance core: plain TypeScript, no HTTP, no React. Built once by server.ts (and by
 * each test on its own database) and handed to every loader, action and /api handler.
 */
import type { EidProvider } from "./auth/provider.js";
import { demoProvider } from "./auth/demo.js";
import { dokobitIdentityProvider } from "./auth/dokobit.js";
import type { Clock } from "./clock.js";
import { DEMO_INVOICING, demoInsurer, type Config } from "./config.js";
import { customerStore, type Customer } from "./customers.js";
import type { AgeFacts } from "./proposal/age-facts.js";
import type { OnboardingState } from "../lib/onboarding.js";
import type { Db } from "./db/index.js";
import { auditLog, healthCipher } from "./health-data.js";
import { keyUses, reseal } from "./health-keys.js";
import type { OperatorReason } from "./offer.js";
import { namingInsurer, renderPdf, type RenderPdf } from "./documents/index.js";
import { sealedDocuments } from "./documents/sealed.js";
import { beneficiariesService } from "./beneficiaries.js";
import { beneficiaryChangeService } from "./beneficiary-change.js";
import { submissionLog } from "./idempotency.js";
import { intermediaryStore } from "./intermediaries.js";
import { myDataService } from "./my-data.js";
import { policyholderService } from "./policyholder/index.js";
import { proposalService } from "./proposal/index.js";
import { preContractService } from "./pre-contract.js";
import { privacyNoticeService } from "./privacy-notice.js";
import { questionnaireService } from "./questionnaire.js";
import { registrationService } from "./registration.js";
import { contactChangeService } from "./contact-changes.js";
import { signedDocumentsService } from "./signed-documents.js";
import { scoreService, type ActivityTracker } from "./score/index.js";
import { QUESTIONNAIRES } from "../lib/score-definition.js";
import { loginRateLimiter, windowRateLimiter } from "./rate-limit.js";
import { quote, quoteMaxAgeSeconds, quoteWithinLimits, QUOTES_PER_ADDRESS, QUOTE_WINDOW_MS, type QuoteRequest } from "./quote.js";
import { sessionStore } from "./sessions.js";
import { housekeeping } from "./housekeeping.js";
import { draftStore } from "./drafts.js";
import { signInService } from "./sign-in.js";
import { completedSignIns, pendingSignIns } from "./pending-sign-in.js";
import { pendingWithdrawals } from "./pending-withdrawal.js";
import { offerCore } from "./signing/index.js";
import type { SigningProvider } from "./signing/provider.js";
import { withdrawalService } from "./withdrawal.js";
import { silentTelemetry, timedDb, type SigningOutcome, type Telemetry } from "./telemetry.js";

export interface CoreDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "sessionSecrets" | "eid" | "healthDataKeys"> & Partial<Pick<Config, "signing" | "invoicing" | "integrations" | "insurer" | "productName">>;
  /** Overrides the provider the configuration names (tests). */
  eid?: EidProvider;
  fetch?: typeof fetch;
  /** Overrides the demo activity tracker (tests). */
  activity?: ActivityTracker;
  /** Overrides the signing provider the configuration names (tests). */
  signing?: SigningProvider;
  /** Where sign-ins, signings and statement times are reported (app/core/telemetry.ts). */
  telemetry?: Telemetry;
  /** Draws the PDFs: in this thread unless given document threads (app/core/documents/workers.ts, server.ts). */
  pdf?: RenderPdf;
}

function eidProviderFor(config: Config["eid"], fetchImpl: typeof fetch = fetch): EidProvider {
  return config.provider === "dokobit"
    ? dokobitIdentityProvider({ baseUrl: config.baseUrl, accessToken: config.accessToken, fetch: fetchImpl })
    : demoProvider();
}

export function createCore({ db: untimedDb, clock, config, eid, fetch: fetchImpl, activity, signing, telemetry = silentTelemetry, pdf: drawPdf = renderPdf }: CoreDeps) {
  const db = timedDb(untimedDb, telemetry);
  const insurer = config.insurer ?? demoInsurer();
  // Every PDF's running footer names the insurer configured, not the demo's (INSURER_MARK), and
  // its brand line the product's configured name (PRODUCT_NAME).
  const pdf: RenderPdf = (model, drawnFor) =>
    drawPdf(namingInsurer(model, insurer.name, config.productName), drawnFor);
  const sessions = sessionStore(db, clock);
  const customers = customerStore(db, clock);
  const intermediaries = intermediaryStore(db);
  const limiter = loginRateLimiter(db, clock, config.sessionSecrets);
  const pendingSignIn = pendingSignIns(config.sessionSecrets, clock);
  const completed = completedSignIns(db, clock);
  const eidProvider = eid ?? eidProviderFor(config.eid, fetchImpl);
  const cipher = healthCipher(config.healthDataKeys);
  const audit = auditLog(db, clock);
  const drafts = draftStore(db, clock, cipher, audit);
  const submissions = submissionLog(db, clock, config.sessionSecrets);
  const definition = config.integrations === "off" ? QUESTIONNAIRES["wellness-without-integrations"] : undefined;
  // The invoices are the policyholder's (below): looked up when a period is saved, after both exist.
  const score = scoreService({ db, clock, cipher, audit, activity, submissions, definition, telemetry, issueDue: (customerId) => policyholder.issueDue(customerId) });
  const offer = offerCore({ db, clock, config, cipher, audit, submissions, signing, fetch: fetchImpl, pdf, telemetry });
  const questionnaire = questionnaireService({ db, clock, cipher, audit, submissions });
  const proposal = proposalService({
    db,
    clock,
    audit,
    submissions,
    savedScore: (customerId) => score.savedScore(customerId),
    smoker: (customerId, sealed) => questionnaire.smoker(customerId, sealed),
    sealSmokerOf: (customerId, answersSealed) => questionnaire.sealSmokerOf(customerId, answersSealed),
  });
  /**
   * The customer's state as a read finds it today (PRODUCT.md section 3), once a request
   * (app/http/context.server.ts `visitor`) and at the sign-in: the age re-check before signing
   * (docs/decisions/0308), and a signed policy whose start day has come activated as the hourly
   * round would, so AGREEMENT_SIGNED becomes SELF_SERVICE at Tallinn's midnight on the start day,
   * not at the round after it. Other states cost nothing.
   */
  const stateOnRead = async (customer: Pick<Customer, "id" | "state" | "dateOfBirth">, known?: AgeFacts | null): Promise<OnboardingState> => {
    const state = await proposal.recheckAge(customer, known);
    return offer.operations.activateOnRead({ id: customer.id, state });
  };
  const policyholder = policyholderService({
    db,
    clock,
    invoicing: config.invoicing,
    documents: sealedDocuments(cipher, audit),
    audit,
    smoker: (customerId) => questionnaire.smoker(customerId),
    pdf,
  });
  const beneficiaryChange = beneficiaryChangeService({ db, clock, submissions, audit, cipher, documents: sealedDocuments(cipher, audit), signing: offer.provider, pdf });
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
    /** Sign-ins under way are tokens, not rows (app/core/pending-sign-in.ts, docs/decisions/0120). */
    pendingSignIn,
    signIn: reportedSignIn(signInService({ clock, eid: eidProvider, sessions, customers, intermediaries, limiter, pending: pendingSignIn, completed, stateOnRead }), telemetry),
    audit,
    submissions,
    registration: registrationService({ db, clock, submissions }),
    /** Self-service changes of contact details and consents (app/core/contact-changes.ts). */
    contactChanges: contactChangeService({ db, clock, submissions, audit, scoreConsents: config.integrations !== "off" }),
    /** What the confirmation page shows after signing (app/core/signed-documents.ts). */
    signedDocuments: signedDocumentsService({ db }),
    score,
    policyholder,
    /** Withdrawing from or cancelling the policy, and its credit notes (docs/decisions/0130). */
    withdrawal: withdrawalService({
      db,
      clock,
      eid: eidProvider,
      audit,
      submissions,
      issueDue: (customerId, until) => policyholder.issueDue(customerId, until),
      invoice: (customerId, pid) => policyholder.invoice({ id: customerId, state: "" }, pid),
      invoices: (customerId) => policyholder.invoices({ id: customerId, state: "" }),
      pending: pendingWithdrawals(config.sessionSecrets, clock),
      customerById: (id) => customers.byId(id),
      pdf,
      insurer,
    }),
    questionnaire,
    proposal,
    stateOnRead,
    /** The access log and the download of everything held about the customer (docs/decisions/0135). */
    myData: myDataService({ db, clock, cipher, audit, issueDue: (customerId) => policyholder.issueDue(customerId) }),
    /** The pre-contract information, public or the customer's own (docs/decisions/0092). */
    preContract: preContractService({ clock, insurer, dueDays: (config.invoicing ?? DEMO_INVOICING).dueDays, proposal, smoker: (customerId) => questionnaire.smoker(customerId), pdf }),
    /** The privacy notice, the same for everyone (docs/decisions/0292). */
    privacyNotice: privacyNoticeService({
      clock,
      insurer,
      eid: config.eid.provider,
      signing: config.signing?.provider ?? "demo",
      integrations: config.integrations !== "off",
      pdf,
    }),
    beneficiaries: beneficiariesService({ db, clock, submissions }),
    /** Self-service's change of beneficiaries, signed through the offer's provider (docs/decisions/0145). */
    beneficiaryChange,
    /** The anonymous quote (app/core/quote.ts): reads and stores nothing; limited per address in memory. */
    quotes: {
      quote: (input: QuoteRequest) => quote(input, clock),
      /** The landing page's: covers outside the age's limits brought within them first. */
      quoteWithinLimits: (input: QuoteRequest) => quoteWithinLimits(input, clock),
      /** How long its answer may be kept: for a year of birth, not past Tallinn's new year. */
      maxAgeSeconds: (input: QuoteRequest) => quoteMaxAgeSeconds(input, clock),
      limiter: windowRateLimiter(clock, { limit: QUOTES_PER_ADDRESS, windowMs: QUOTE_WINDOW_MS }),
    },
    offer: reportedSigning(offer, telemetry),
    /** Key rotation: every sealed value under the sealing key, in batches (app/core/health-keys.ts). */
    reseal: (reason: OperatorReason, options?: { batchSize?: number; operator?: string | null }) => reseal(db, clock, cipher, reason, options),
    /** The health-data keys of the ring and of the database, and what each seals (npm run ops -- keys). */
    keyUses: () => keyUses(db, cipher),
    /** The hourly round: purges, policy activation, pending changes lapsed (app/core/housekeeping.ts). */
    housekeeping: housekeeping({
      db,
      clock,
      sessions,
      drafts,
      limiter,
      completedSignIns: completed,
      activateDue: () => offer.operations.activateDue(),
      lapseEndedChanges: () => beneficiaryChange.lapseEnded(),
    }),
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

/** Each sign-in completion counted by its outcome. */
function reportedSignIn(service: ReturnType<typeof signInService>, telemetry: Telemetry): ReturnType<typeof signInService> {
  return {
    ...service,
    async complete(input) {
      const completion = await service.complete(input);
      telemetry.signIn(
        completion.kind === "signed-in"
          ? "success"
          : completion.kind === "failed"
            ? (completion.result.toLowerCase() as Lowercase<typeof completion.result>)
            : completion.kind === "rate-limited"
              ? "rate_limited"
              : "no_sign_in",
      );
      return completion;
    },
  };
}

/** Each signing completion counted by how it ended; a replay (it concluded nothing) not again. */
function reportedSigning<O extends { completeSigning: ReturnType<typeof offerCore>["completeSigning"] }>(offer: O, telemetry: Telemetry): O {
  const unreported = offer.completeSigning;
  const completeSigning: O["completeSigning"] = async (customer, input) => {
    const completed = await unreported(customer, input);
    if (completed.ok && completed.value.replayed) return completed;
    const outcome: SigningOutcome = !completed.ok
      ? "refused"
      : completed.value.result === "FAILED"
        ? "failed"
        : completed.value.state === "EUW"
          ? "euw"
          : "agreement_signed";
    telemetry.signing(outcome);
    return completed;
  };
  return Object.assign(offer, { completeSigning });
}
