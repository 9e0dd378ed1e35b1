import * as account from "./account";
import * as beneficiaries from "./beneficiaries";
import type { Translations } from "./et";
import * as pkg from "./package";
import * as questionnaire from "./questionnaire";
import * as score from "./score";
import * as offer from "./offer";
import * as selfService from "./self-service";
import * as request from "./request";
import * as network from "./network";
import * as edges from "./edges";
import * as looseEnds from "./loose-ends";
import * as quote from "./quote";
import * as analyticsConsent from "./analytics-consent";
import * as precontract from "./precontract";
import * as myData from "./my-data";
import * as beneficiaryChange from "./beneficiary-change";
import * as accessibility from "./accessibility";
import * as selfServiceChanges from "./self-service-changes";
import * as withdrawal from "./withdrawal";
import * as billingSchedule from "./billing-schedule";
import * as earlierContract from "./earlier-contract";
import * as wording from "./wording";
import * as privacy from "./privacy";
import * as needs from "./needs";

const en: Translations = {
  ...account.en,
  ...beneficiaries.en,
  ...score.en,
  ...offer.en,
  ...selfService.en,
  ...pkg.en,
  ...questionnaire.en,
  ...request.en,
  ...network.en,
  ...edges.en,
  ...looseEnds.en,
  ...quote.en,
  ...analyticsConsent.en,
  ...precontract.en,
  ...myData.en,
  ...beneficiaryChange.en,
  ...accessibility.en,
  ...selfServiceChanges.en,
  ...withdrawal.en,
  ...billingSchedule.en,
  ...earlierContract.en,
  ...wording.en,
  ...privacy.en,
  ...needs.en,
  "language.et": "Eesti",
  "language.en": "English",
  "language.ru": "Русский",
  "language.switch": "Language",
  "skip.to_content": "Skip to main content",

  "title.home": "home",
  "title.login": "sign in",
  "title.login_failed": "sign-in failed",
  "title.unavailable": "service unavailable",
  "title.account": "registration",
  "title.score": "wellness score",
  "title.package": "package",
  "title.questionnaire": "health questionnaire",
  "title.beneficiaries": "beneficiaries",
  "title.offer": "offer",
  "title.confirmation": "confirmation",
  "title.self_service": "self-service",
  "title.error": "Error",
  "title.error_prefix": "Error: {{title}}",

  "header.home_link": "{{product}} home page",
  "header.intermediary_logo": "partner {{name}}",
  "header.logout": "Sign out",
  "header.user_page": "My details",
  "footer.disclaimer":
    "© {{year}} {{product}}. Life and disability insurance. Read the insurance conditions before signing and ask an expert if in doubt.",

  "steps.label": "Application steps",
  "steps.step_of": "step {{n}} of {{total}}",
  "steps.current": "current step",
  "steps.done": "completed",
  "steps.account": "Account",
  "steps.score": "Wellness score",
  "steps.package": "Package",
  "steps.questionnaire": "Health questionnaire",
  "steps.beneficiaries": "Beneficiaries",
  "steps.offer": "Offer",

  "home.heading": "Life and disability insurance in minutes",
  "home.intro": "Sign in with your e-ID, choose your cover and sign the contract online.",
  "home.start": "Start",

  "login.heading": "Welcome!",
  "login.intro": "Sign in with Smart-ID, Mobile-ID or your ID card.",
  "login.method": "Sign-in method",
  "login.method.smart-id": "Smart-ID",
  "login.method.mobile-id": "Mobile-ID",
  "login.method.id-card": "ID card",
  "login.idCode": "Personal identification code",
  "login.idCode.hint": "11 digits, for example <digits>38503020139</digits>",
  "login.phone": "Phone number (Mobile-ID)",
  "login.phone.hint": "Only for Mobile-ID, for example +372 5123 4567. Without a country code we add +372.",
  "login.submit": "Sign in",
  "login.demo_note": "Demo environment: sign-in does not use a real e-ID service.",
  "login.dokobit.continue": "Continue to sign in",
  "login.failed": "Sign-in failed",
  "login.try_again": "Try again",

  "form.error_summary": "There is a problem",
  "form.required": "required",

  "error.required": "This field is required.",
  "error.idCode": "The personal identification code is not valid.",
  "error.phone": "A phone number starts with + and has 7 to 15 digits, with only spaces and hyphens between them.",
  "error.locked": "Your e-ID is locked. Please contact your e-ID provider.",
  "error.unauthorized": "We could not confirm your identity, or the sign-in was cancelled.",
  "error.technical": "A technical error occurred. Please try again later.",
  "error.unavailable": "The service is temporarily unavailable. Please try again in a few minutes.",
  "error.provider": "The e-ID service is not available right now. Please try again later.",
  "error.no_sign_in": "The sign-in has expired. Please start again.",
  "error.not_found": "Not found.",

  "service.unavailable": "Unfortunately the service is not available to you",
  "service.unavailable.reason":
    "Insurance can be bought online by people aged 18 to 64 with an Estonian personal code. Questions? Write to {{email}}.",

  "heading.account": "User registration",
  "heading.score": "Wellness score",
  "heading.package": "Choose your cover",
  "heading.questionnaire": "Health questionnaire",
  "heading.beneficiaries": "Beneficiaries",
  "heading.offer": "Your offer",
  "heading.confirmation": "Thank you!",
  "self_service.heading": "Self-service",
  "self_service.heading.tab": "Self-service: {{tab}}",

  "error.page.title": "Unexpected error!",
  "error.page.text": "Sorry, an error has occurred.",
  "error.page.home": "Back to home",
  "error.page.not_found": "Page not found.",
};
export default en;
