/**
 * Ending a policy (issue 22 item 1, docs/decisions/0130): within WITHDRAWAL_DAYS of the
 * contract's conclusion (the signing, or the underwriter's acceptance: docs/decisions/0273)
 * the policyholder withdraws (Directive 2002/65/EC art. 6: a life insurance contract signed
 * at a distance, 30 days): the policy ends from its start, nothing more is invoiced and every
 * invoice issued is credited in full. After that the policyholder cancels: the invoices dated
 * up to the end of the current calendar month stay due, none is issued after it, and the cover
 * runs to the end of the billing period under way at that month's end, the last one they pay
 * for (docs/decisions/0302). Withdrawing the health-data consent (item 4) ends the policy the
 * same way: the insurance cannot go on without it. The door opens on the day of signing, before
 * the start day (docs/decisions/0258).
 *
 * Either needs a confirmation and a fresh e-ID confirmation of the policyholder's own personal
 * code, through the sign-in's provider (app/core/auth/provider.ts). The change of state is the
 * onboarding table's (`endingTransition`); it runs once per submission key and
 * is recorded in the audit table. The confirm is the customer's statement: which right applies
 * is decided on the day it was sent, though the e-ID that follows may finish after Tallinn's
 * midnight (docs/decisions/0279).
 */
import { endingTransition, mayEndPolicy, mayView, type OnboardingState } from "../lib/onboarding.js";
import { eraseApplicationHealthData } from "./health-data-consent.js";
import { recordDocumentRead } from "./document-reads.js";
import { healthDataWithdrawnNotice, withdrawHealthDataConsent } from "./contact-changes.js";
import { CHANGE_SIGNED_IN } from "./beneficiary-change.js";
import { earlierInvoicesPage, type EarlierContract, type EarlierInvoicesPage } from "../lib/earlier-contract.js";
import type { EndingReason } from "../lib/withdrawal-fields.js";
import { isEidProviderError, type EidProvider } from "./auth/provider.js";
import { addDays, addMonths, dateOf, today, type Clock } from "./clock.js";
import { lastPolicyYear, withdrawalUntil } from "./contract-term.js";
import type { Customer } from "./customers.js";
import { creditNoteModel, documentFileName, endingModel, type DocModel, type EndingDocument, type RenderPdf } from "./documents/index.js";
import type { Insurer } from "./config.js";
import { billingPeriod, invoiceDates, isPayable, policyIdOf, policyNumber, type Invoice } from "./invoices.js";
import { formatDate, isLanguage } from "../lib/euro.js";
import type { Db, Queryable } from "./db/index.js";
import type { AuditLog } from "./health-data.js";
import type { SubmissionLog } from "./idempotency.js";
import { maySignUpAgainToday, moveState } from "./onboarding.js";
import { failed, type Failure, type Outcome } from "./outcome.js";
import type { PendingWithdrawals } from "./pending-withdrawal.js";
import { sessionStore, type Notice, type Session } from "./sessions.js";

/**
 * The day a contract was concluded: the underwriter's acceptance of an EUW case, else the
 * signing. A life insurance contract's days to withdraw count from when the customer is told
 * it is concluded (docs/decisions/0273).
 */
export const concludedOn = (signedAt: Date | string, acceptedAt: Date | string | null): string => dateOf(acceptedAt ?? signedAt);


/** The last day of the calendar month `date` falls in. */
export function endOfMonth(date: string): string {
  return addDays(addMonths(`${date.slice(0, 7)}-01`, 1), -1);
}

/** How a policy ends when its holder sends the statement on `on`. */
export type Ending =
  /** Ended from its start; every invoice issued is credited. */
  | { kind: "withdrawal"; withdrawalUntil: string }
  /** Cover to `endDate` (`cancellationEnd`); invoices dated after it are never issued. */
  | { kind: "cancellation"; endDate: string }
  /**
   * The application the underwriter has not decided on is withdrawn (docs/decisions/0295): no
   * contract was concluded, nothing was billed; its health answers are erased.
   */
  | { kind: "application" };

/**
 * A cancellation's last day of cover, for a contract started on `startDate` whose holder sends
 * the statement on `on` (docs/decisions/0302): the invoices dated up to the end of that calendar
 * month stay due in full (docs/decisions/0130), so the cover runs to the end of the last one's
 * billing period, the day before the next invoice date. The insurer is owed the premium only for
 * the time until the contract ends (VÕS § 459): no day billed is a day without cover. Never past
 * `lastDay`, the last day of the last policy year (the age, docs/decisions/0282), which ends a
 * billing period too.
 */
export function cancellationEnd(startDate: string, on: string, lastDay: string): string {
  const monthEnd = endOfMonth(on);
  const lastInvoice = invoiceDates(startDate, monthEnd).at(-1) ?? startDate;
  const periodEnd = billingPeriod(startDate, lastInvoice).to;
  return lastDay < periodEnd ? lastDay : periodEnd;
}

/**
 * How a contract started on `startDate` and concluded on `concludedOn` ends when its holder
 * asks on `on`: a withdrawal up to the last day to withdraw, then a cancellation with its cover
 * to `cancellationEnd`.
 */
export function endingOn(policy: { startDate: string; concludedOn: string; lastDay: string }, on: string): Ending {
  const until = withdrawalUntil(policy.concludedOn);
  if (on <= until) return { kind: "withdrawal", withdrawalUntil: until };
  return { kind: "cancellation", endDate: cancellationEnd(policy.startDate, on, policy.lastDay) };
}

/**
 * What the first page after an ending says (the root's notices, docs/decisions/0321): what was
 * ended, with a cancellation's last day of cover; ended for the health-data consent's sake, that
 * the consent is withdrawn too, in the words its withdrawal on the user page has.
 */
function endingNotices(ending: Ending, policy: string, forConsent: boolean, state: OnboardingState): Notice[] {
  const ended: Notice =
    ending.kind === "cancellation"
      ? { key: "withdrawal.notice.cancellation", params: { policy, date: formatDate(ending.endDate) } }
      : { key: `withdrawal.notice.${ending.kind}`, params: { policy } };
  return forConsent ? [ended, { key: healthDataWithdrawnNotice(state) }] : [ended];
}

/** A credit note's number: the credited invoice's, KR (kreeditarve) for EK. */
export const creditNotePid = (invoicePid: string): string => invoicePid.replace(/^EK-/, "KR-");


/** What the page and the /api show before the policyholder confirms. */
export interface EndingTerms {
  policyNumber: string;
  startDate: string;
  signedOn: string;
  /** The signing's day, or the underwriter's acceptance's: the days to withdraw count from it; null for an application no contract came of yet. */
  concludedOn: string | null;
  withdrawalUntil: string | null;
  ending: Ending;
  /** Withdrawal: what is credited (cents), the invoices issued so far. */
  credited: number;
  invoices: number;
}

/** What an ended policy looks like afterwards. */
export interface Ended {
  kind: Ending["kind"];
  /** Cancellation: the last day of cover; withdrawal: null (no day of cover). */
  endDate: string | null;
  /** The credit notes issued (withdrawal). */
  creditNotes: string[];
  state: OnboardingState;
}

export interface EndInput {
  customer: Customer;
  reason: EndingReason;
  /** The policyholder ticked the confirmation. */
  confirmed: boolean;
  /** The e-ID provider's callback data (the demo widget's: method and personal code). */
  returnToken: string;
  submissionKey: string | null;
  /**
   * The customer's session in the browser: the first page after the ending says what was done
   * (its notices, docs/decisions/0321). None for a program (/api): it reads the answer.
   */
  session?: Session | null;
}

/** What the ending needs once the e-ID has confirmed the policyholder. */
interface ConfirmedEnding extends Pick<EndInput, "customer" | "reason" | "submissionKey" | "session"> {
  /** When the customer sent the statement (the confirm): the e-ID's answer may come later. */
  sentAt: Date;
}

export interface StartEidInput {
  customer: Customer;
  reason: EndingReason;
  confirmed: boolean;
  submissionKey: string | null;
  /** Where the provider's page sends the customer back (the self-service return path). */
  returnUrl: string;
  locale: string;
}

interface HeldPolicy {
  id: number;
  signedOn: string;
  /** Null while the underwriter has the application (`EUW`): nothing is concluded yet. */
  concludedOn: string | null;
  startDate: string;
  /** The last day of its last policy year (app/core/contract-term.ts lastPolicyYear). */
  lastDay: string;
}


/** A credit note as the bills list shows it. */
export interface CreditNote {
  pid: string;
  date: string;
  invoicePid: string;
  /** Cents credited (the invoice's total). */
  sum: number;
}

export function withdrawalService({
  db,
  clock,
  eid,
  audit,
  submissions,
  issueDue,
  invoice,
  invoices,
  pending,
  customerById,
  pdf,
  insurer,
}: {
  db: Db;
  clock: Clock;
  /** Who acknowledges a withdrawal or cancellation. */
  insurer: Insurer;
  /** Draws the PDFs (app/core/documents/workers.ts). */
  pdf: RenderPdf;
  eid: EidProvider;
  /** The withdrawal waiting for the provider's hosted page, as a signed token (docs/decisions/0132). */
  pending: PendingWithdrawals;
  customerById: (id: number) => Promise<Customer | null>;
  audit: AuditLog;
  submissions: SubmissionLog;
  /** Issues the invoices due up to today, or up to `until` (app/core/invoices.ts), so that what is credited is all that was billed. */
  issueDue: (customerId: number, until?: string) => Promise<void>;
  /** One of the customer's invoices, as issued. */
  invoice: (customerId: number, pid: string) => Promise<Invoice | null>;
  /** The customer's invoices, newest first (issuing what is due first). */
  invoices: (customerId: number) => Promise<Invoice[]>;
}) {
  /** The credit note `pid` of the customer's, with the invoice it credits; null for anyone else's. */
  async function creditNote(customerId: number, pid: string) {
    const rows = await db.query<{ pid: string; invoice_pid: string; credit_date: string; issued_at: Date | string }>(
      `SELECT pid, invoice_pid, credit_date, issued_at FROM credit_notes WHERE customer_id = $1 AND pid = $2`,
      [customerId, pid],
    );
    const row = rows[0];
    const credited = row ? await invoice(customerId, row.invoice_pid) : null;
    if (!row || !credited) return null;
    return { invoice: credited, creditNote: { pid: row.pid, date: String(row.credit_date).slice(0, 10), issuedAt: new Date(row.issued_at).toISOString() } };
  }

  /**
   * The acknowledgement of how the customer's latest policy ended, or of how the policy
   * `number` (EK-…) did (an earlier contract's, docs/decisions/0272); null while none has.
   */
  async function ending(customerId: number, lang: string, number?: string): Promise<EndingDocument | null> {
    const policyId = number === undefined ? null : policyIdOf(number);
    if (number !== undefined && policyId === null) return null;
    const rows = await db.query<{
      id: number | string;
      status: "WITHDRAWN" | "CANCELLED";
      application_withdrawn: boolean;
      ended_at: Date | string;
      ending_sent_at: Date | string;
      end_date: string | null;
      ended_reason: EndingDocument["reason"];
      first_name: string;
      last_name: string;
      personal_code: string;
      credit_notes: { pid: string; sum: number }[];
    }>(
      `SELECT p.id, p.status, p.application_withdrawn, p.ended_at, p.ending_sent_at, p.end_date::text, p.ended_reason, c.first_name, c.last_name, c.personal_code,
              COALESCE((SELECT json_agg(json_build_object('pid', n.pid, 'sum', n.sum_cents) ORDER BY n.pid) FROM credit_notes n WHERE n.policy_id = p.id), '[]') AS credit_notes
         FROM policies p JOIN customers c ON c.id = p.customer_id
        WHERE p.customer_id = $1 AND p.status IN ('WITHDRAWN', 'CANCELLED') AND p.ended_at IS NOT NULL AND ($2::bigint IS NULL OR p.id = $2::bigint)
        ORDER BY p.id DESC LIMIT 1`,
      [customerId, policyId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      language: isLanguage(lang) ? lang : "et",
      insurer,
      customer: { firstName: r.first_name, lastName: r.last_name, personalCode: r.personal_code },
      policyNumber: `EK-${r.id}`,
      kind: r.application_withdrawn ? "application" : r.status === "WITHDRAWN" ? "withdrawal" : "cancellation",
      reason: r.ended_reason,
      receivedAt: new Date(r.ending_sent_at).toISOString(),
      confirmedAt: new Date(r.ended_at).toISOString(),
      endDate: r.end_date,
      creditNotes: r.credit_notes.map((n) => ({ pid: n.pid, sum: Number(n.sum) })),
    };
  }

  /**
   * The customer's policy in force, or null: none, or one whose last policy year has ended
   * without a renewal (the age, docs/decisions/0090 and 0278): nothing is left to end.
   */
  async function heldPolicy(q: Queryable, customer: Pick<Customer, "id" | "dateOfBirth">): Promise<HeldPolicy | null> {
    const rows = await q.query<{ id: number | string; status: string; signed_at: Date | string; accepted_at: Date | string | null; start_date: string }>(
      `SELECT id, status, signed_at, accepted_at, start_date FROM policies WHERE customer_id = $1 AND status IN ('SIGNED', 'ACTIVE', 'EUW') ORDER BY id DESC LIMIT 1`,
      [customer.id],
    );
    const r = rows[0];
    if (!r) return null;
    const startDate = String(r.start_date).slice(0, 10);
    const { lastDay } = lastPolicyYear(customer.dateOfBirth, startDate);
    const underwriting = r.status === "EUW";
    if (!underwriting && today(clock) > lastDay) return null;
    return { id: Number(r.id), signedOn: dateOf(r.signed_at), concludedOn: underwriting ? null : concludedOn(r.signed_at, r.accepted_at), startDate, lastDay };
  }

  /** How the policy held ends on a statement sent on `on`: an application under underwriting is withdrawn whatever the day. */
  const endingOf = (policy: HeldPolicy, on: string): Ending =>
    policy.concludedOn === null ? { kind: "application" } : endingOn({ startDate: policy.startDate, concludedOn: policy.concludedOn, lastDay: policy.lastDay }, on);

  /** The policy's invoices, or those dated after `after`. */
  async function invoiced(q: Queryable, policyId: number, after: string | null = null) {
    return q.query<{ pid: string; sum_cents: number | string }>(
      `SELECT pid, sum_cents FROM invoices WHERE policy_id = $1 AND ($2::date IS NULL OR invoice_date > $2::date) ORDER BY invoice_date`,
      [policyId, after],
    );
  }

  /** Whether the e-ID confirmed the policyholder: a SUCCESS naming their own personal code. */
  async function confirmedByEid(customer: Customer, returnToken: string): Promise<boolean> {
    try {
      const session = await eid.start({ returnUrl: "", locale: "et" });
      const outcome = await eid.complete({ sessionToken: session.sessionToken, returnToken });
      return outcome.result === "SUCCESS" && outcome.identity.personalCode === customer.personalCode;
    } catch (error) {
      // A provider that cannot confirm this token (Dokobit confirms through startEid / completeEid): not confirmed.
      if (isEidProviderError(error)) return false;
      throw error;
    }
  }

  return {
    /** The customer's credit notes, newest first. */
    async creditNotes(customerId: number): Promise<CreditNote[]> {
      const rows = await db.query<{ pid: string; invoice_pid: string; credit_date: string; sum_cents: number | string }>(
        `SELECT pid, invoice_pid, credit_date, sum_cents FROM credit_notes WHERE customer_id = $1 ORDER BY credit_date DESC, pid DESC`,
        [customerId],
      );
      return rows.map((r) => ({ pid: r.pid, date: String(r.credit_date).slice(0, 10), invoicePid: r.invoice_pid, sum: Number(r.sum_cents) }));
    },

    /** A credit note's accessible web page: the same blocks as its PDF. */
    async creditNoteView(customerId: number, pid: string, lang: string): Promise<DocModel | null> {
      const found = await creditNote(customerId, pid);
      if (!found) return null;
      await recordDocumentRead(audit, { customerId, kind: "credit-note", format: "web", reference: pid });
      return creditNoteModel({ language: isLanguage(lang) ? lang : "et", ...found });
    },

    /** A credit note's PDF. */
    async creditNoteDocument(customerId: number, pid: string, lang: string): Promise<{ filename: string; content: Uint8Array } | null> {
      const found = await creditNote(customerId, pid);
      if (!found) return null;
      const language = isLanguage(lang) ? lang : "et";
      const content = await pdf(creditNoteModel({ language, ...found }), customerId);
      await recordDocumentRead(audit, { customerId, kind: "credit-note", format: "pdf", reference: pid });
      return { filename: documentFileName("credit-note", language, pid), content };
    },

    /**
     * The acknowledgement of the withdrawal or cancellation as an accessible web page (docs/decisions/0259):
     * the latest policy's, or the policy `number`'s.
     */
    async endingView(customerId: number, lang: string, number?: string): Promise<DocModel | null> {
      const found = await ending(customerId, lang, number);
      if (!found) return null;
      await recordDocumentRead(audit, { customerId, kind: "ending", format: "web", reference: found.policyNumber });
      return endingModel(found);
    },

    /** The same acknowledgement as the PDF the customer keeps. */
    async endingDocument(customerId: number, lang: string, number?: string): Promise<{ filename: string; content: Uint8Array } | null> {
      const found = await ending(customerId, lang, number);
      if (!found) return null;
      const content = await pdf(endingModel(found), customerId);
      await recordDocumentRead(audit, { customerId, kind: "ending", format: "pdf", reference: found.policyNumber });
      return { filename: documentFileName("ending", found.language, found.policyNumber), content };
    },

    /**
     * The documents of the customer's earlier contracts, newest first (docs/decisions/0272): every
     * policy that ended, but the one self-service's tabs show (a state that opens self-service
     * has its latest policy there, ended or not, with its bills and the confirmation of its
     * ending). A customer who signs up again keeps the earlier one's invoices (with what is still
     * to pay), credit notes and that confirmation, whatever their state, and its signed documents:
     * the application, the policy and each signed change of its beneficiaries (docs/decisions/0309).
     */
    async earlierContracts(customer: Pick<Customer, "id" | "state">): Promise<EarlierContract[]> {
      const rows = await db.query<{
        id: number | string;
        status: "WITHDRAWN" | "CANCELLED";
        application_withdrawn: boolean;
        ending_sent_at: Date | string;
        end_date: string | null;
        latest: boolean;
        changes: { version: number | string; language: string | null }[];
        language: string;
      }>(
        // The versions a signed change made, each with its signed document (docs/decisions/0309)
        // and the language it was signed in (its signing's); the application's, the policy's.
        `SELECT p.id, p.status, p.application_withdrawn, p.ending_sent_at, p.end_date::text, p.language, p.id = (SELECT max(l.id) FROM policies l WHERE l.customer_id = p.customer_id) AS latest,
                COALESCE((SELECT json_agg(json_build_object('version', v.version, 'language',
                            ${CHANGE_SIGNED_IN}) ORDER BY v.version)
                            FROM policy_versions v WHERE v.policy_id = p.id AND v.signed_document IS NOT NULL), '[]') AS changes
           FROM policies p WHERE p.customer_id = $1 AND p.status IN ('WITHDRAWN', 'CANCELLED') AND p.ended_at IS NOT NULL ORDER BY p.id DESC`,
        [customer.id],
      );
      const onTabs = mayView(customer.state, "self-service");
      const ended = rows.filter((r) => !(onTabs && r.latest));
      if (ended.length === 0) return [];
      // Issued first: a cancelled policy's bill dated before its last day of cover is due even while the customer signs up again.
      const issued = await invoices(customer.id);
      const notes = await this.creditNotes(customer.id);
      return ended.map((r) => {
        const number = policyNumber(Number(r.id));
        const own = issued.filter((i) => i.policyNumber === number);
        // The day the customer withdrew or cancelled: the statement's (docs/decisions/0279).
        const on = dateOf(r.ending_sent_at);
        return {
          policyNumber: number,
          ending: r.application_withdrawn
            ? { kind: "application" as const, on }
            : r.status === "WITHDRAWN"
              ? { kind: "withdrawal" as const, on }
              : { kind: "cancellation" as const, on, endDate: String(r.end_date).slice(0, 10) },
          invoices: own.map((i) => ({ pid: i.pid, date: i.date, dueDate: isPayable(i) ? i.dueDate : null, sum: i.sum, creditNote: i.creditNote?.pid ?? null })),
          creditNotes: notes.filter((n) => own.some((i) => i.pid === n.invoicePid)),
          changes: r.changes.map((c) => ({ version: Number(c.version), signedIn: isLanguage(c.language) ? c.language : null })),
          signedIn: isLanguage(r.language) ? r.language : "et",
        };
      });
    },

    /**
     * Page `page` of every invoice of the customer's earlier contract `policyNumber`, newest
     * first (docs/decisions/0301): null for a contract that is not one of the customer's earlier
     * ones (another's, the one self-service's tabs show), or a page past the last.
     */
    async earlierInvoices(customer: Pick<Customer, "id" | "state">, policyNumber: string, page: number): Promise<EarlierInvoicesPage | null> {
      const contract = (await this.earlierContracts(customer)).find((c) => c.policyNumber === policyNumber);
      return contract ? earlierInvoicesPage(contract, page) : null;
    },

    /**
     * What the insurance tab says of ending the policy: the terms today, or how it ended and
     * whether the customer may sign up again (the state table's rules, docs/decisions/0130).
     */
    async panel(customer: Pick<Customer, "id" | "state" | "dateOfBirth">, endDate: string | null) {
      const terms = await this.terms(customer);
      return {
        state: customer.state,
        endDate,
        withdrawalUntil: terms?.ending.kind === "withdrawal" ? terms.ending.withdrawalUntil : null,
        mayEnd: terms !== null,
        maySignUpAgain: maySignUpAgainToday(customer, clock),
      };
    },

    /** The terms of ending the policy today; null when the customer has no policy they may end. */
    async terms(customer: Pick<Customer, "id" | "state" | "dateOfBirth">): Promise<EndingTerms | null> {
      if (!mayEndPolicy(customer.state)) return null;
      const policy = await heldPolicy(db, customer);
      if (!policy) return null;
      const ending = endingOf(policy, today(clock));
      if (ending.kind === "withdrawal") await issueDue(customer.id);
      const rows = ending.kind === "withdrawal" ? await invoiced(db, policy.id) : [];
      return {
        policyNumber: `EK-${policy.id}`,
        startDate: policy.startDate,
        signedOn: policy.signedOn,
        concludedOn: policy.concludedOn,
        withdrawalUntil: policy.concludedOn === null ? null : withdrawalUntil(policy.concludedOn),
        ending,
        credited: rows.reduce((sum, r) => sum + Number(r.sum_cents), 0),
        invoices: rows.length,
      };
    },

    /**
     * Ends the policy: refused without the confirmation, without an e-ID confirmation of the
     * policyholder's own code, or when there is nothing to end. Once per submission key.
     */
    async end(input: EndInput): Promise<Outcome<Ended, Failure[]> & { replayed?: boolean }> {
      // The statement and its e-ID come in this one request: the clock is read once for it.
      const sentAt = clock.now();
      if (!input.confirmed) return failed("error.withdrawal.confirm", "confirm");
      if (!(await confirmedByEid(input.customer, input.returnToken))) return failed("error.withdrawal.identity", "idCode");
      return endConfirmed({ ...input, sentAt });
    },

    /**
     * The confirm of a provider with its own page (Dokobit): starts its e-ID session, returning
     * to `returnUrl`, and seals what the return needs (docs/decisions/0132), with this moment:
     * the statement's, which decides the ending (docs/decisions/0279). Nothing is ended and
     * nothing stored; the token travels in the browser's `withdrawal` cookie.
     */
    async startEid(input: StartEidInput): Promise<Outcome<{ widgetUrl: string; pendingToken: string; expiresAt: Date }, Failure[]>> {
      const sentAt = clock.now();
      if (!input.confirmed) return failed("error.withdrawal.confirm", "confirm");
      if (!mayEndPolicy(input.customer.state)) return failed("error.wrong_state");
      let session;
      try {
        session = await eid.start({ returnUrl: input.returnUrl, locale: input.locale });
      } catch (error) {
        // Dokobit cannot be reached: said on the form, nothing started.
        if (isEidProviderError(error)) return failed("error.provider");
        throw error;
      }
      if (!session.widgetUrl) return failed("error.withdrawal.identity");
      const sealed = pending.seal({ customerId: input.customer.id, reason: input.reason, submissionKey: input.submissionKey, eidSessionToken: session.sessionToken, sentAt });
      return { ok: true, value: { widgetUrl: session.widgetUrl, pendingToken: sealed.token, expiresAt: sealed.expiresAt } };
    },

    /**
     * The return from the provider's page: the pending token must be ours and alive, belong to
     * the signed-in customer when there is one, and the provider must name that customer's own
     * personal code; then the policy ends exactly as with the demo confirmation (once per
     * submission key, audited), as on the day the confirm was sent. Anything else ends nothing:
     * `error.withdrawal.identity`.
     */
    async completeEid(input: { pendingToken: string | null; returnToken: string | null; signedIn: Customer | null; session?: Session | null }): Promise<{ reason: EndingReason; outcome: Outcome<Ended, Failure[]> & { replayed?: boolean } }> {
      const found = pending.open(input.pendingToken);
      const refused = { reason: found?.reason ?? ("wish" as const), outcome: failed("error.withdrawal.identity") };
      if (!found || !input.returnToken) return refused;
      if (input.signedIn && input.signedIn.id !== found.customerId) return refused;
      const customer = input.signedIn ?? (await customerById(found.customerId));
      if (!customer) return refused;
      let answer;
      try {
        answer = await eid.complete({ sessionToken: found.eidSessionToken, returnToken: input.returnToken });
      } catch (error) {
        if (isEidProviderError(error)) return refused;
        throw error;
      }
      if (answer.result !== "SUCCESS" || answer.identity.personalCode !== customer.personalCode) return refused;
      // The session only when it came along and is the customer's: its next page says what was done.
      const session = input.signedIn ? input.session : null;
      return { reason: found.reason, outcome: await endConfirmed({ customer, reason: found.reason, submissionKey: found.submissionKey, sentAt: found.sentAt, session }) };
    },
  };

  /**
   * Ends the policy of a policyholder whose confirmation and e-ID were checked. Once per
   * submission key. The statement's Tallinn day decides the right and a cancellation's last day
   * of cover (the law counts the statement sent, not its identity check); whether a policy is
   * left to end, the change of state and the credit notes are the completion's
   * (docs/decisions/0279).
   */
  async function endConfirmed(input: ConfirmedEnding): Promise<Outcome<Ended, Failure[]> & { replayed: boolean }> {
    const { customer } = input;
    const sent = dateOf(input.sentAt);
    // What is credited is everything billed up to the statement (invoices are issued when read).
    await issueDue(customer.id, sent);
    return submissions.once({ key: input.submissionKey, customerId: customer.id, form: "withdrawal" }, async (tx): Promise<Outcome<Ended, Failure[]>> => {
        const [row] = await tx.query<{ state: OnboardingState }>(`SELECT state FROM customers WHERE id = $1 FOR UPDATE`, [customer.id]);
        if (!row || !mayEndPolicy(row.state)) return failed("error.wrong_state");
        const policy = await heldPolicy(tx, customer);
        if (!policy) return failed("error.not_found");
        const ending = endingOf(policy, sent);
        // Before the start day only a withdrawal (the start is the day after signing, PRODUCT.md section 3);
        // under underwriting only the application's (docs/decisions/0295).
        const transition = endingTransition(row.state, ending.kind);
        if (!transition) return failed("error.wrong_state");
        const now = clock.now();
        // Never after its completion, even read on another server whose clock runs ahead.
        const sentAt = input.sentAt < now ? input.sentAt : now;
        const withdrawn = ending.kind !== "cancellation";
        await tx.query(
          `UPDATE policies SET status = $2, ended_at = $3, ending_sent_at = $4, end_date = $5, ended_reason = $6, application_withdrawn = $7 WHERE id = $1`,
          [policy.id, withdrawn ? "WITHDRAWN" : "CANCELLED", now, sentAt, ending.kind === "cancellation" ? ending.endDate : null, input.reason, ending.kind === "application"],
        );
        // A withdrawal credits every invoice issued. A cancellation, those dated after its last day
        // of cover: none is owed, though a read between a month's last evening's statement and its
        // e-ID after midnight issued the next month's.
        const creditNotes: string[] = [];
        for (const invoice of await invoiced(tx, policy.id, withdrawn ? null : ending.endDate)) {
          const pid = creditNotePid(invoice.pid);
          // Dated the day it is issued: it may credit an invoice of that day.
          await tx.query(
            `INSERT INTO credit_notes (pid, invoice_pid, policy_id, customer_id, credit_date, sum_cents, issued_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
            [pid, invoice.pid, policy.id, customer.id, dateOf(now), Number(invoice.sum_cents), now],
          );
          creditNotes.push(pid);
        }
        const forConsent = input.reason === "health-data";
        // Nothing is left to decide on the application's health answers: erased, each audited
        // (as decision 0293's). The signed application its policy holds stays: the record of
        // what was signed and withdrawn (docs/decisions/0295). For the consent's sake, its
        // withdrawal below erases them.
        if (ending.kind === "application" && !forConsent) await eraseApplicationHealthData(tx, { clock, audit }, { customerId: customer.id, actor: `customer:${customer.id}` });
        const state = await moveState(tx, clock, { customerId: customer.id, from: transition.from, to: transition.to() });
        // Ended for the health-data consent's sake: the consent is withdrawn as the ended
        // contract's holder withdraws it (recorded, what no claim needs erased: decisions 0130, 0303, 0337).
        if (forConsent) await withdrawHealthDataConsent(tx, { clock, audit }, { customerId: customer.id });
        // Who ended which policy, how and why: never more than that.
        await audit.record({ customerId: customer.id, actor: `customer:${customer.id}`, action: "write", subject: `policy:${policy.id}:${ending.kind}:${input.reason}` }, tx);
        if (input.session) await sessionStore(tx, clock).enqueue(input.session.token, { notices: endingNotices(ending, policyNumber(policy.id), forConsent, state) });
        return { ok: true, value: { kind: ending.kind, endDate: ending.kind === "cancellation" ? ending.endDate : null, creditNotes, state } };
      });
  }
}
