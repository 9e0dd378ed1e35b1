import type { AgeTableLine, PageTerm } from "~/lib/contract-term";
import type { OfferView } from "~/lib/offer-fields";
import type { Language } from "~/lib/euro";
import type { SigningOutcome } from "~/lib/signing-outcome";

/** What the offer page's loader gives its pieces. */
export interface OfferPageData {
  plainTitle: string;
  errorTitle: string;
  language: Language;
  /** Null when an earlier step is missing (a state set by hand): the page says so. */
  offer: (Omit<OfferView, "premiumByAge" | "term"> & { premiumByAge: AgeTableLine[]; term: PageTerm }) | null;
  /** The chosen packages' names and descriptions. */
  services: Array<{ code: string; name: string; description: string }>;
  /** The signing screen's frame, when the loader started a signing. */
  signing: { frameUrl: string } | null;
  signingError: string | null;
  /** The previous attempt failed (the no-JavaScript path comes back here). */
  /** How the previous attempt ended (the no-JavaScript path comes back with it), or null. */
  signingFailed: SigningOutcome | null;
  frameOrigin: string | null;
  submissionKey: string;
}
