/**
 * The privacy notice (GDPR art. 13, docs/decisions/0292): what is processed, why and on what
 * basis, who receives it, how long it is kept, the rights and where in the app each is used, the
 * automated decisions, and for the people named as beneficiaries what art. 14 asks (decision
 * 0316, its own section and anchor), as one model drawn as a web page (/privacy) and a PDF
 * (/api/privacy-notice), as the insurance conditions are (decision 0283). The insurer and its data
 * protection officer come from the configuration; the limits the decisions apply, the providers
 * data goes to and the pages the rights are used on from the code that applies them, so the
 * notice cannot state another rule than the app's.
 */
import { ANALYTICS_CONSENT_PATH } from "../../lib/analytics.js";
import { BENEFICIARIES_NOTICE_ID } from "../../lib/beneficiaries-fields.js";
import { MAX_AGE, MIN_AGE } from "../../lib/limits.js";
import { placePath } from "../../lib/onboarding.js";
import { EUW_CIGARETTES_PER_DAY } from "../../lib/questionnaire-sets.js";
import type { Language } from "../../lib/euro.js";
import type { DocLink } from "../../lib/document-blocks.js";
import type { Insurer } from "../config.js";
import { DRAFT_TTL_MS } from "../drafts.js";
import { MAX_WELLNESS_DISCOUNT_PERCENT } from "../pricing.js";
import { BMI_INSURABLE } from "../underwriting.js";
import { builder, type DocModel } from "./index.js";

export interface PrivacyNoticeDocument {
  language: Language;
  at: Date;
  date: string;
  insurer: Insurer;
  /** Who the e-ID sign-in and the signing go through (the configuration's providers). */
  eid: "demo" | "dokobit";
  signing: "demo" | "dokobit";
  /** Whether the wellness score offers the health measurement and the activity tracker. */
  integrations: boolean;
}

/** The app's pages where a right is used online (each a route: tests/unit/privacy-notice.test.ts). */
export const PRIVACY_PATHS = {
  data: placePath("data"),
  download: `${placePath("data")}/download`,
  // One path for every reader: its guard sends a state whose account step is open there (docs/decisions/0310).
  contact: placePath("contact"),
  user: "/self-service/user",
  analytics: ANALYTICS_CONSENT_PATH,
  withdraw: placePath("withdrawal"),
  cancel: "/self-service/insurance",
} as const;

/** The Estonian supervisory authority (GDPR art. 13(2)(d)). */
const INSPECTORATE = { text: "www.aki.ee", href: "https://www.aki.ee" };

const DAY_MS = 24 * 60 * 60 * 1000;

export function privacyNoticeModel(d: PrivacyNoticeDocument): DocModel {
  const b = builder(d.language, "privacy.title", d.at);
  const { t, add } = b;
  const link = (key: Parameters<typeof t>[0], href: string): DocLink => ({ text: t(key), href });
  add.title(t("privacy.title"), d.date);

  add.heading(t("privacy.controller.heading"));
  add.field(t("privacy.controller"), t("privacy.controller.value", { name: d.insurer.name, code: d.insurer.registryCode, address: d.insurer.address }));
  add.field(t("privacy.dpo"), d.insurer.dpoEmail);

  add.heading(t("privacy.purposes.heading"));
  add.list([
    t("privacy.purposes.contract"),
    t("privacy.purposes.health"),
    ...(d.integrations ? [t("privacy.purposes.measurement")] : []),
    t("privacy.purposes.law"),
    t("privacy.purposes.consent"),
    t("privacy.purposes.security"),
  ]);

  // What leaves the app (read from the code, decision 0292): the e-ID and signing provider when
  // configured, the analytics events only with consent; nothing to the health-service partners.
  add.heading(t("privacy.recipients.heading"));
  add.list([
    ...(d.eid === "dokobit" ? [t("privacy.recipients.eid")] : []),
    ...(d.signing === "dokobit" ? [t("privacy.recipients.signing")] : []),
    ...(d.eid === "demo" || d.signing === "demo" ? [t("privacy.recipients.demo")] : []),
    t("privacy.recipients.partner"),
    t("privacy.recipients.services"),
    t("privacy.recipients.analytics"),
    t("privacy.recipients.law"),
  ]);
  add.heading(t("privacy.transfers.heading"));
  add.paragraph(t("privacy.transfers.text"));

  const dpo = { text: d.insurer.dpoEmail, href: `mailto:${d.insurer.dpoEmail}` };

  // Decision 0135: no retention period is set; only what the app really erases is promised.
  add.heading(t("privacy.retention.heading"));
  add.paragraph(t("privacy.retention.text"));
  add.paragraph(t("privacy.retention.erased", { count: DRAFT_TTL_MS / DAY_MS }));

  add.heading(t("privacy.rights.heading"), "rights");
  add.links([
    { text: t("privacy.rights.access"), links: [link("privacy.link.data", PRIVACY_PATHS.data)] },
    { text: t("privacy.rights.portability"), links: [link("privacy.link.download", PRIVACY_PATHS.download)] },
    { text: t("privacy.rights.rectification"), links: [link("privacy.link.contact", PRIVACY_PATHS.contact)] },
    {
      text: t("privacy.rights.consent"),
      links: [link("privacy.link.consents", PRIVACY_PATHS.data), link("privacy.link.user", PRIVACY_PATHS.user), link("privacy.link.analytics", PRIVACY_PATHS.analytics)],
    },
    {
      text: t("privacy.rights.health"),
      // Before signing on the data page's consents (docs/decisions/0293); a policyholder's ends the
      // contract (0258); after it ended on the user page's (0303).
      links: [
        link("privacy.link.consents", PRIVACY_PATHS.data),
        link("privacy.link.withdraw", PRIVACY_PATHS.withdraw),
        link("privacy.link.cancel", PRIVACY_PATHS.cancel),
        link("privacy.link.user", PRIVACY_PATHS.user),
      ],
    },
    { text: t("privacy.rights.other"), links: [dpo] },
    { text: t("privacy.rights.complaint"), links: [INSPECTORATE] },
  ]);

  add.heading(t("privacy.required.heading"));
  add.paragraph(t("privacy.required.text"));

  // GDPR art. 13(2)(f) and 22: the offer is decided by the rules, without a person.
  add.heading(t("privacy.automated.heading"));
  add.list([
    t("privacy.automated.price", { percent: MAX_WELLNESS_DISCOUNT_PERCENT }),
    t("privacy.automated.refusal", { min: MIN_AGE, max: MAX_AGE, bmiMin: BMI_INSURABLE.min, bmiBelow: BMI_INSURABLE.below }),
    t("privacy.automated.underwriter", { cigarettes: EUW_CIGARETTES_PER_DAY }),
  ]);
  add.paragraph(t("privacy.automated.rights"));

  // GDPR art. 14 for the people a customer names (docs/decisions/0316): the notice made public,
  // the customer asked to tell them, the notice given when the insurer contacts them (14(5)(b)).
  add.heading(t("privacy.beneficiaries.heading"), BENEFICIARIES_NOTICE_ID);
  add.list([
    t("privacy.beneficiaries.source"),
    t("privacy.beneficiaries.purpose"),
    t(d.signing === "dokobit" ? "privacy.beneficiaries.recipients.signing" : "privacy.beneficiaries.recipients"),
    t("privacy.beneficiaries.retention", { section: t("privacy.retention.heading") }),
    t("privacy.beneficiaries.told"),
  ]);
  add.links([
    { text: t("privacy.beneficiaries.rights"), links: [dpo] },
    { text: t("privacy.rights.complaint"), links: [INSPECTORATE] },
  ]);
  return b.model();
}
