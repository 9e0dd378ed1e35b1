/**
 * Sign-in use cases (SPEC.md sections 2, 4 and 8): start a sign-in with the e-ID provider,
 * then complete it: find or create the customer, rotate the session, and decide where the
 * customer goes next.
 */
import { ageOn } from "../lib/personal-code.js";
import { today, type Clock } from "./clock.js";
import type { AuthResult, EidProvider } from "./auth/provider.js";
import type { Customer, CustomerStore } from "./customers.js";
import type { Intermediary } from "./intermediaries.js";
import { packageLimits } from "./limits.js";
import { hasLoginParams, normaliseLoginData, type RawLoginParams } from "./login-params.js";
import type { LoginRateLimiter } from "./rate-limit.js";
import { PENDING_SIGN_IN_TTL_MS, type Session, type SessionStore } from "./sessions.js";

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
}

export function signInService({ clock, eid, sessions, customers, intermediaries, limiter }: Deps) {
  return {
    /**
     * Starts (or restarts) a sign-in. Reuses the visitor's anonymous session when there is
     * one; query parameters given now replace those given before. A new session lives for
     * the sign-in only (PENDING_SIGN_IN_TTL_MS). Unfinished starts are limited per client
     * address (a successful sign-in takes its start back).
     */
    async start(input: {
      sessionToken?: string | null;
      params?: RawLoginParams;
      redirectTo?: string | null;
      returnUrl: string;
      locale: string;
      clientAddress?: string;
    }): Promise<
      { kind: "started"; session: Session; created: boolean; widgetToken: string; widgetUrl?: string } | { kind: "rate-limited"; retryAfterMinutes: number }
    > {
      const wait = await limiter.startWait(input.clientAddress);
      if (wait > 0) return { kind: "rate-limited", retryAfterMinutes: wait };
      const existing = input.sessionToken ? await sessions.get(input.sessionToken) : null;
      const reusable = existing && existing.customerId === null ? existing : null;
      const data = { ...(reusable?.data ?? {}) };
      if (input.params && hasLoginParams(input.params)) {
        data.loginParams = input.params;
        if (input.params.src) {
          // A failed lookup is silent; nothing found clears what was stored.
          const found = await intermediaries.bySource(input.params.src).catch(() => null);
          if (found) {
            data.promoIntermediary = found;
            data.srcIntermediary = found;
          } else {
            delete data.promoIntermediary;
            delete data.srcIntermediary;
          }
        }
      }
      if (input.redirectTo !== undefined) {
        if (input.redirectTo) data.redirectTo = input.redirectTo;
        else delete data.redirectTo;
      }
      await limiter.recordStart(input.clientAddress);
      const eidSession = await eid.start({ returnUrl: input.returnUrl, locale: input.locale });
      let session: Session;
      if (reusable) {
        await sessions.update(reusable.token, { data, eidSessionToken: eidSession.sessionToken });
        session = { ...reusable, data, eidSessionToken: eidSession.sessionToken };
      } else {
        session = await sessions.create({ eidSessionToken: eidSession.sessionToken, data, ttlMs: PENDING_SIGN_IN_TTL_MS });
      }
      return { kind: "started", session, created: !reusable, widgetToken: eidSession.sessionToken, widgetUrl: eidSession.widgetUrl };
    },

    /**
     * Completes a sign-in with the widget's callback data. `personalCodeHint` is the code the
     * customer typed, when the widget is ours: it lets the per-person limit apply before the
     * provider is asked.
     */
    async complete(input: {
      sessionToken: string | null | undefined;
      returnToken: string;
      clientAddress?: string;
      personalCodeHint?: string;
    }): Promise<SignInCompletion> {
      const pending = input.sessionToken ? await sessions.get(input.sessionToken) : null;
      if (!pending || pending.customerId !== null || !pending.eidSessionToken) return { kind: "no-sign-in" };

      // docs/decisions/0024-sign-in-limits.md. The person's limit applies whenever the code is
      // known: before asking the provider when the widget is ours (the typed code), after it
      // from the code the provider names. The address's limit slows failures and unknown codes
      // only: it never refuses a known customer's code, nor a success that proves the person.
      const hint = input.personalCodeHint;
      const limited = (minutes: number): SignInCompletion => ({ kind: "rate-limited", retryAfterMinutes: minutes });
      const codeWait = await limiter.codeWait(hint);
      if (codeWait > 0) return limited(codeWait);
      const addressWait = await limiter.addressWait(input.clientAddress);
      if (addressWait > 0 && !eid.provesIdentity && !(hint && (await customers.byPersonalCode(hint)))) return limited(addressWait);

      const outcome = await eid.complete({ sessionToken: pending.eidSessionToken, returnToken: input.returnToken });
      const code = hint ?? (outcome.result === "SUCCESS" ? outcome.identity.personalCode : outcome.personalCode);
      if (!hint) {
        const named = await limiter.codeWait(code);
        if (named > 0) return limited(named);
      }
      if (outcome.result !== "SUCCESS") {
        await limiter.recordFailure({ personalCode: code, clientAddress: input.clientAddress });
        // The provider session is spent: the session is no longer signing in.
        await sessions.update(pending.token, { eidSessionToken: null });
        if (addressWait > 0) return limited(addressWait);
        return { kind: "failed", result: outcome.result, authenticationMethod: outcome.authenticationMethod };
      }

      const customer = await customers.findOrCreate(outcome.identity);
      await limiter.clearCode(customer.personalCode);
      // Signed in: the start is finished and no longer counts against the address (docs/decisions/0102).
      await limiter.finishStart(input.clientAddress);
      const { loginParams, redirectTo, ...rest } = pending.data;
      const data = { ...rest };
      if (loginParams) {
        const limits = packageLimits(ageOn(customer.dateOfBirth, today(clock)));
        data.data = normaliseLoginData(loginParams, limits);
      }
      data.events = [...(data.events ?? []), { event: "signup_login", country: "ee" }];
      // A new session id on sign-in: a token seen before sign-in is worth nothing after it.
      const session = await sessions.create({ customerId: customer.id, data });
      await sessions.destroy(pending.token);
      return {
        kind: "signed-in",
        session,
        customer,
        remembered: redirectTo ?? null,
        authenticationMethod: outcome.authenticationMethod,
      };
    },
  };
}
