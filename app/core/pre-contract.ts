/**
 * The pre-contract information (issue 20, docs/decisions/0092): one document, public by
 * default, with the customer's own price once they are signed in and have chosen a package
 * they have not signed yet. Both the web page (/pre-contract-information) and its PDF
 * (/api/pre-contract-information) are drawn from the one block model
 * (app/core/documents/index.ts), so they cannot say different things. The insurance conditions
 * (/insurance-conditions and /api/insurance-conditions) share its sections.
 */
import { mayEdit } from "../lib/onboarding.js";
import { ageOn } from "../lib/personal-code.js";
import type { Language } from "../lib/euro.js";
import { today, type Clock } from "./clock.js";
import type { Insurer } from "./config.js";
import { contractTerm, premiumByAge } from "./contract-term.js";
import type { Customer } from "./customers.js";
import { drawnOnceADay } from "./documents/drawn-once-a-day.js";
import { conditionsModel, documentFileName, preContractModel, type DocModel, type PreContractDocument, type RenderPdf } from "./documents/index.js";
import { isEligibleAge } from "../lib/limits.js";
import { policyStartFor } from "./payment-schedule.js";
import type { ProposalService } from "./proposal/index.js";

export interface PreContractDeps {
  clock: Clock;
  insurer: Insurer;
  /** Days an invoice is due in, as the conditions state it. */
  dueDays: number;
  proposal: Pick<ProposalService, "get" | "estimation">;
  /** Whether the saved answers make the customer a smoker (the renewals of the age table are priced with it). */
  smoker: (customerId: number) => Promise<boolean>;
  /** Draws the PDFs (app/core/documents/workers.ts). */
  pdf: RenderPdf;
}

export function preContractService({ clock, insurer, dueDays, proposal, smoker, pdf }: PreContractDeps) {
  // The general pre-contract information and the conditions: the same for everyone all day.
  const forEveryone = drawnOnceADay(clock);
  /** The customer's own figures: only before signing (the package step is still theirs to change) and with a package saved. */
  async function personal(customer: Customer | null): Promise<PreContractDocument["personal"]> {
    if (!customer || !mayEdit(customer.state, "package")) return null;
    const age = ageOn(customer.dateOfBirth, today(clock));
    if (!isEligibleAge(age)) return null;
    const saved = await proposal.get(customer.id);
    if (!saved) return null;
    const estimation = await proposal.estimation(customer);
    if (!estimation) return null;
    return {
      name: `${customer.firstName} ${customer.lastName}`,
      sumInsuredForDeathCover: saved.sumInsuredForDeathCover,
      sumInsuredForDisabilityCover: saved.sumInsuredForDisabilityCover,
      estimation,
      ageTable: premiumByAge({
        dateOfBirth: customer.dateOfBirth,
        startDate: policyStartFor(clock),
        current: estimation,
        age,
        cover: saved,
        wellnessScore: estimation.wellnessScore,
        smoker: await smoker(customer.id),
      }),
    };
  }

  async function input(customer: Customer | null, language: Language): Promise<PreContractDocument> {
    const date = today(clock);
    return {
      language,
      at: clock.now(),
      date,
      insurer,
      dueDays,
      term: contractTerm(policyStartFor(clock), { by: "signing", on: date }, customer?.dateOfBirth ?? null),
      personal: await personal(customer),
    };
  }

  return {
    /** The document's model (its web page): `customer` null for the public version. */
    async model(customer: Customer | null, language: Language): Promise<DocModel> {
      return preContractModel(await input(customer, language));
    },

    /** The PDF: the same model, drawn. */
    async document(customer: Customer | null, language: Language): Promise<{ bytes: Uint8Array; fileName: string; personal: boolean }> {
      // A customer's has their own term (from their birthday) and perhaps their figures. The
      // public one's model is made in its drawing, on the day it is kept for: made before (an
      // await away), a request as the day turned kept yesterday's for all of the new day.
      if (customer === null) {
        const bytes = await forEveryone(`pre-contract:${language}`, async () => pdf(preContractModel(await input(null, language)), null));
        return { bytes, fileName: documentFileName("pre-contract", language), personal: false };
      }
      const d = await input(customer, language);
      return { bytes: await pdf(preContractModel(d), customer.id), fileName: documentFileName("pre-contract", language), personal: d.personal !== null };
    },

    /** The insurance conditions' model (its web page): the same for everyone (docs/decisions/0283). */
    conditions(language: Language): DocModel {
      return conditionsModel({ language, at: clock.now(), date: today(clock), insurer, dueDays });
    },

    /** The insurance conditions' PDF: the same model, drawn. */
    async conditionsDocument(language: Language): Promise<{ bytes: Uint8Array; fileName: string }> {
      const bytes = await forEveryone(`conditions:${language}`, () => pdf(this.conditions(language), null));
      return { bytes, fileName: documentFileName("conditions", language) };
    },
  };
}
