/**
 * An invoice as the core issues it, for the documents' tests: its number, due date, sum,
 * reference numbers and EPC QR code follow from the policy, the date and the lines, as
 * app/core/invoices.ts makes them; the parties are the demo invoicing's.
 */
import { addDays } from "~/core/clock";
import { DEMO_INVOICING } from "~/core/config";
import { billingPeriod, invoicePid, invoiceTransfer, policyNumber, type Invoice } from "~/core/invoices";
import { creditorReference, policyReferenceNumber } from "~/core/payment";

export function issuedInvoice(facts: {
  policyId: number;
  /** The policy's start; the invoice's own date (its first) when not given. */
  startDate?: string;
  date: string;
  lines: Invoice["lines"];
  discountPercent: number;
  customer: Invoice["customer"];
  issuedAt: string;
}): Invoice {
  const referenceNumber = policyReferenceNumber(facts.policyId);
  const invoice: Invoice = {
    pid: invoicePid(facts.policyId, facts.date),
    date: facts.date,
    period: billingPeriod(facts.startDate ?? facts.date, facts.date),
    dueDate: addDays(facts.date, DEMO_INVOICING.dueDays),
    sum: facts.lines.reduce((sum, line) => sum + line.cents, 0),
    currency: "EUR",
    discountPercent: facts.discountPercent,
    policyNumber: policyNumber(facts.policyId),
    referenceNumber,
    creditorReference: creditorReference(referenceNumber),
    lines: facts.lines,
    issuer: DEMO_INVOICING.issuer,
    payee: DEMO_INVOICING.payee,
    customer: facts.customer,
    epcQr: null,
    issuedAt: facts.issuedAt,
    creditNote: null,
  };
  return { ...invoice, epcQr: invoiceTransfer(invoice) };
}
