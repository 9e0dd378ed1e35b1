/** Estonian, the default language and the source of the key list. */
import * as account from "./account";
import * as pkg from "./package";
import * as questionnaire from "./questionnaire";
import * as beneficiaries from "./beneficiaries";
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

const et = {
  ...account.et,
  ...beneficiaries.et,
  ...score.et,
  ...offer.et,
  ...selfService.et,
  ...pkg.et,
  ...questionnaire.et,
  ...request.et,
  ...network.et,
  ...edges.et,
  ...looseEnds.et,
  ...quote.et,
  ...analyticsConsent.et,
  ...precontract.et,
  ...myData.et,
  ...beneficiaryChange.et,
  ...accessibility.et,
  ...selfServiceChanges.et,
  ...withdrawal.et,
  ...billingSchedule.et,
  ...earlierContract.et,
  ...wording.et,
  ...privacy.et,
  ...needs.et,
  "language.et": "Eesti",
  "language.en": "English",
  "language.ru": "Русский",
  "language.switch": "Keel",
  "skip.to_content": "Jätka põhisisuni",

  "title.home": "avaleht",
  "title.login": "sisselogimine",
  "title.login_failed": "sisselogimine ebaõnnestus",
  "title.unavailable": "teenus pole saadaval",
  "title.account": "registreerimine",
  "title.score": "heaoluskoor",
  "title.package": "pakett",
  "title.questionnaire": "terviseankeet",
  "title.beneficiaries": "soodustatud isikud",
  "title.offer": "pakkumine",
  "title.confirmation": "kinnitus",
  "title.self_service": "iseteenindus",
  "title.error": "Viga",
  "title.error_prefix": "Viga: {{title}}",

  "header.home_link": "{{product}} – avaleht",
  "header.intermediary_logo": "koostööpartner {{name}}",
  "header.logout": "Logi välja",
  "header.user_page": "Minu andmed",
  "footer.disclaimer":
    "© {{year}} {{product}}. Elu- ja töövõimetuskindlustus. Enne lepingu sõlmimist tutvu kindlustustingimustega ja vajadusel konsulteeri asjatundjaga.",

  "steps.label": "Taotluse sammud",
  "steps.step_of": "samm {{n}}, kokku {{total}}",
  "steps.current": "praegune samm",
  "steps.done": "tehtud",
  "steps.account": "Konto",
  "steps.score": "Heaoluskoor",
  "steps.package": "Pakett",
  "steps.questionnaire": "Terviseankeet",
  "steps.beneficiaries": "Soodustatud isikud",
  "steps.offer": "Pakkumine",

  "home.heading": "Elu- ja töövõimetuskindlustus mõne minutiga",
  "home.intro": "Logi sisse oma e-ID-ga, vali kaitse ja allkirjasta leping veebis.",
  "home.start": "Alusta",

  "login.heading": "Tere tulemast!",
  "login.intro": "Logi sisse Smart-ID, Mobiil-ID või ID-kaardiga.",
  "login.method": "Sisselogimise viis",
  "login.method.smart-id": "Smart-ID",
  "login.method.mobile-id": "Mobiil-ID",
  "login.method.id-card": "ID-kaart",
  "login.idCode": "Isikukood",
  "login.idCode.hint": "11 numbrit, näiteks <digits>38503020139</digits>",
  "login.phone": "Telefoninumber (Mobiil-ID)",
  "login.phone.hint": "Vajalik ainult Mobiil-ID puhul, näiteks +372 5123 4567. Ilma suunakoodita lisame +372.",
  "login.submit": "Logi sisse",
  "login.demo_note": "Demokeskkond: sisselogimine ei kasuta päris e-ID teenust.",
  "login.dokobit.continue": "Jätka sisselogimisega",
  "login.failed": "Sisselogimine ebaõnnestus",
  "login.try_again": "Proovi uuesti",

  "form.error_summary": "Vormis on vigu",
  "form.required": "kohustuslik",

  "error.required": "See väli on kohustuslik.",
  "error.idCode": "Isikukood ei ole korrektne.",
  "error.phone": "Telefoninumber algab +-märgiga ja sisaldab 7 kuni 15 numbrit, nende vahel ainult tühikuid ja sidekriipse.",
  "error.locked": "Sinu e-ID on lukustatud. Võta ühendust oma e-ID teenuse pakkujaga.",
  "error.unauthorized": "Isikut ei õnnestunud tuvastada või katkestati tuvastamine.",
  "error.technical": "Tehniline viga. Palun proovi hiljem uuesti.",
  "error.unavailable": "Teenus on ajutiselt kättesaamatu. Palun proovi mõne minuti pärast uuesti.",
  "error.provider": "E-ID teenus ei ole praegu kättesaadav. Palun proovi hiljem uuesti.",
  "error.no_sign_in": "Sisselogimise seanss on aegunud. Palun alusta uuesti.",
  "error.not_found": "Ei leitud.",

  "service.unavailable": "Teenus ei ole sulle kahjuks saadaval",
  "service.unavailable.reason":
    "Veebis saab kindlustuse sõlmida 18- kuni 64-aastane Eesti isikukoodiga inimene. Küsimuste korral kirjuta meile: {{email}}.",

  "heading.account": "Kasutaja registreerimine",
  "heading.score": "Heaoluskoor",
  "heading.package": "Vali kindlustuskaitse",
  "heading.questionnaire": "Terviseankeet",
  "heading.beneficiaries": "Soodustatud isikud",
  "heading.offer": "Pakkumine",
  "heading.confirmation": "Aitäh!",
  "self_service.heading": "Iseteenindus",
  "self_service.heading.tab": "Iseteenindus: {{tab}}",

  "error.page.title": "Ootamatu viga!",
  "error.page.text": "Vabandame, tekkis viga.",
  "error.page.home": "Tagasi avalehele",
  "error.page.not_found": "Lehte ei leitud.",
} as const;

export type TranslationKey = keyof typeof et;
export type Translations = Record<TranslationKey, string>;
export default et satisfies Translations;
