/** The signed policy document of the seeded policyholder (the signing flow writes real ones). */
import { formatCents, formatDate, formatEuro } from "../../lib/policyholder-format.js";
import type { ServiceCode } from "../limits.js";
import type { Estimation } from "../pricing.js";
import { textPdf } from "./text-pdf.js";

export interface SeedPolicyInput {
  holder: { name: string; personalCode: string };
  startDate: string;
  signedOn: string;
  deathCover: number;
  disabilityCover: number;
  services: ServiceCode[];
  estimation: Estimation;
  beneficiaries: Array<{ type: string; firstName: string | null; name: string; idCode: string; share: number }>;
}

export async function renderSeedPolicyDocument(input: SeedPolicyInput): Promise<Buffer> {
  const euro = (cents: number) => `${formatCents(cents, "et")} €`;
  return textPdf("Elukaitse kindlustuspoliis", [
    `Kindlustusvõtja: ${input.holder.name}, isikukood ${input.holder.personalCode}`,
    `Allkirjastatud: ${formatDate(input.signedOn)}`,
    `Kindlustuse algus: ${formatDate(input.startDate)}`,
    "",
    `Surmajuhtumi kindlustussumma: ${formatEuro(input.deathCover, "et")} €`,
    `Töövõimetuse kindlustussumma: ${formatEuro(input.disabilityCover, "et")} €`,
    `Terviseteenused: ${input.services.join(", ")}`,
    "",
    `Kuumakse: ${euro(input.estimation.premiumTotal)}`,
    `  surmajuhtumi kaitse ${euro(input.estimation.premiumForDeathCover)}`,
    `  töövõimetuse kaitse ${euro(input.estimation.premiumForDisabilityCover)}`,
    `  liikmetasu ${euro(input.estimation.membershipFee)}`,
    `  heaolusoodustus −${euro(input.estimation.wellnessDiscount)} (${input.estimation.wellnessDiscountPercent}%)`,
    "",
    "Soodustatud isikud:",
    ...input.beneficiaries.map((b) => `  ${[b.firstName, b.name].filter(Boolean).join(" ")} (${b.idCode}), ${b.share}%`),
  ]);
}
