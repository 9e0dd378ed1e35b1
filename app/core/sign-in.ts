/**
 * Sign-in use cases (SPEC.md sections 2, 4 and 8): start a sign-in with the e-ID provider,
 * then complete it: find or create the customer, rotate the session, and decide where the
 * customer goes next. A start stores nothing: the sign-in under way is a signed token the
 * caller keeps (app/core/pending-sign-in.ts, docs/decisions/0120), so no start can use up
 * anything for anybody else.
 */
import { ageOn } from "../lib/personal-code.js";
import { today, type Clock } from "./clock.js";
import type { AuthOutcome, AuthResult, EidProvider } from "./auth/provider.js";
import type { Customer, CustomerStore } from "./customers.js";
import type { Intermediary } from "./intermediaries.js";
import { packageLimits } from "../lib/limits.js";
import { hasLoginParams, normaliseLoginData, type RawLoginParams } from "./login-params.js";
import type { CompletedSignIns, PendingSignIn, PendingSignIns } from "./pending-sign-in.js";
import type { LoginRateLimiter } from "./rate-limit.js";
import type { Session, SessionData, SessionStore } from "./sessions.js";

export type SignInCompletion =
  | { kind: "signed-in"; session: Session; customer: Customer; /** The path remembered before sign-in (already safe), for the web layer to weigh against the state. */ remembered: string | null; authenticationMethod: string }
  | { kind: "failed"; result: Exclude<AuthResult, "SUCCESS">; authenticationMethod: string | null }
  | { kind: "rate-limited"; retryAfterMinutes: number }
  | { kind: "no-sign-in" };

interface Deps {
  clock: Clock;
  eid: EidProvider;
  sessions: SessionStore;
  customers: CustomerStore;
  intermediaries: { bySource(source: string): Promise<Intermediary | null> };
  limiter: LoginRateLimiter;
  pending: PendingSignIns;
  completed: CompletedSignIns;
  /** The state the customer is in today: after the age re-check and the start day's activation (app/core/index.ts `stateOnRead`). */
  stateOnRead(customer: Customer): Promise<Customer["state"]>;
}

export function signInService({ clock, eid, sessions, customers, intermediaries, limiter, pending: tokens, completed, stateOnRead }: Deps) {
  return {
    /**
     * Starts (or restarts) a sign-in with the provider and answers its token: nothing is
     * stored. A restart (`pendingToken`: the sign-in under way) keeps its parameters and
     * remembered path unless new ones are given. Not limited: a start costs the provider
     * session only, and the failures it may lead to are limited where they happen.
     */
    async start(input: {
      pendingToken?: string | null;
      params?: RawLoginParams;
      redirectTo?: string | null;
      returnUrl: string;
      locale: string;
    }): Promise<{ pendingToken: string; expiresAt: Date; widgetToken: string; widgetUrl?: string }> {
      const before = tokens.open(input.pendingToken);
      const loginParams = input.params && hasLoginParams(input.params) ? input.params : before?.loginParams;
      const redirectTo = input.redirectTo === undefined ? before?.redirectTo : (input.redirectTo ?? undefined);
      const eidSession = await eid.start({ returnUrl: input.returnUrl, locale: input.locale });
      const sealed = tokens.seal({ eidSessionToken: eidSession.sessionToken, loginParams, redirectTo });
      return { pendingToken: sealed.token, expiresAt: sealed.expiresAt, widgetToken: eidSession.sessionToken, widgetUrl: eidSession.widgetUrl };
    },

    /**
     * Completes a sign-in with the widget's callback data. `personalCodeHint` is the code the
     * customer typed, when the widget is ours: it lets the per-person limit apply before the
     * provider is asked.
     */
    async complete(input: {
      /** The start's token (the `sign_in` cookie). */
      pendingToken: string | null | undefined;
      returnToken: string;
      clientAddress?: string;
      personalCodeHint?: string;
      /** The session the browser held before (its cookie's token): a sign-in ends it, whoever it was. */
      replacing?: string | null;
    }): Promise<SignInCompletion> {
      const pending = tokens.open(input.pendingToken);
      if (!pending) return { kind: "no-sign-in" };

      // docs/decisions/0024-sign-in-limits.md. The person's limit applies whenever the code is
      // known: before asking the provider when the widget is ours (the typed code), after it
      // from the code the provider names. The address's limit slows failures and unknown codes
      // only: it never refuses a known customer's code, nor a success that proves the person.
      // A typed code is a claim, not a person: with a provider that proves the person it names
      // nobody until the provider does, so no one can run another's failure count up.
      const hint = eid.provesIdentity ? undefined : input.personalCodeHint;
      const limited = (minutes: number): SignInCompletion => ({ kind: "rate-limited", retryAfterMinutes: minutes });
      // An attempt counts as a failure of the person from before the provider is asked (held)
      // until it turns out to be none: one person's attempts at the same moment are counted as
      // they start (docs/decisions/0380). The address's failures are counted as they end: its
      // limit slows guessing, and new customers behind one address sign in at the same moment.
      const codeHold = hint ? await limiter.holdCode(hint) : undefined;
      if (codeHold === null) return limited(Math.max(1, await limiter.codeWait(hint)));
      // Whether the hold is settled: kept as the failure, or cleared with the others by a success.
      let settled = false;
      try {
        const addressWait = await limiter.addressWait(input.clientAddress);
        if (addressWait > 0 && !eid.provesIdentity && !(hint && (await customers.byPersonalCode(hint)))) return limited(addressWait);

        const outcome = await eid.complete({ sessionToken: pending.eidSessionToken, returnToken: input.returnToken });
        const code = hint ?? (outcome.result === "SUCCESS" ? outcome.identity.personalCode : outcome.personalCode);
        if (!hint) {
          const named = await limiter.codeWait(code);
          if (named > 0) return limited(named);
        }
        if (outcome.result !== "SUCCESS") {
          // Nothing to undo: the start stored nothing. Every further completion with the same
          // token asks the provider again and counts again, as a new start would. The person's
          // hold stays as their failure; the rest is counted now.
          settled = true;
          await limiter.recordFailure({ personalCode: codeHold ? undefined : code, clientAddress: input.clientAddress });
          if (addressWait > 0) return limited(addressWait);
          return { kind: "failed", result: outcome.result, authenticationMethod: outcome.authenticationMethod };
        }
        const completion = await signedIn(outcome, pending, input.replacing);
        // A sign-in clears the person's failures, the hold among them (`clearCode`).
        settled = completion.kind === "signed-in";
        return completion;
      } finally {
        // Refused, a replayed session, or no answer: no failure of the person's.
        if (!settled) await codeHold?.release();
      }
    },
  };

  async function signedIn(outcome: Extract<AuthOutcome, { result: "SUCCESS" }>, pending: PendingSignIn, replacing: string | null | undefined): Promise<SignInCompletion> {
    // One session per provider session: a replayed token or a double submit brings none in.
    if (!(await completed.claim(eid.name, pending))) return { kind: "no-sign-in" };
    const { renamed, ...found } = await customers.findOrCreate(outcome.identity);
    // Where the customer goes next is decided by the state read today: after the age re-check
    // (a birthday since the application was saved: docs/decisions/0308) and the start day's
    // activation (a policy whose start day has come is in force from Tallinn's midnight).
    const customer = { ...found, state: await stateOnRead(found) };
    await limiter.clearCode(customer.personalCode);
    const data: SessionData = {};
    if (pending.loginParams) {
      const limits = packageLimits(ageOn(customer.dateOfBirth, today(clock)));
      data.data = normaliseLoginData(pending.loginParams, limits);
      const found = pending.loginParams.src ? await intermediaries.bySource(pending.loginParams.src).catch(() => null) : null;
      // A failed lookup is silent: the header then shows no partner.
      if (found) {
        data.promoIntermediary = found;
        data.srcIntermediary = found;
      }
    }
    data.events = [{ event: "signup_login", country: "ee" }];
    // Not asked again on /account (WCAG 3.3.7).
    if (outcome.identity.phone) data.signInPhone = outcome.identity.phone;
    // The name the e-ID stated replaced the one stored: said on the first page (docs/decisions/0321).
    if (renamed) data.notices = [{ key: "sign_in.notice.renamed" }];
    // A new session id on sign-in: a token seen before sign-in is worth nothing after it.
    const session = await sessions.create({ customerId: customer.id, data });
    // The cookie it replaces is gone from the browser: its row must not outlive it (decision 0001).
    if (replacing) await sessions.destroy(replacing);
    return {
      kind: "signed-in",
      session,
      customer,
      remembered: pending.redirectTo ?? null,
      authenticationMethod: outcome.authenticationMethod,
    };
  }
}
