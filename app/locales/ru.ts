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

const ru: Translations = {
  ...account.ru,
  ...beneficiaries.ru,
  ...score.ru,
  ...offer.ru,
  ...selfService.ru,
  ...pkg.ru,
  ...questionnaire.ru,
  ...request.ru,
  ...network.ru,
  ...edges.ru,
  ...looseEnds.ru,
  ...quote.ru,
  ...analyticsConsent.ru,
  ...precontract.ru,
  ...myData.ru,
  ...beneficiaryChange.ru,
  ...accessibility.ru,
  ...selfServiceChanges.ru,
  ...withdrawal.ru,
  ...billingSchedule.ru,
  ...earlierContract.ru,
  ...wording.ru,
  ...privacy.ru,
  ...needs.ru,
  "language.et": "Eesti",
  "language.en": "English",
  "language.ru": "Русский",
  "language.switch": "Язык",
  "skip.to_content": "Перейти к основному содержанию",

  "title.home": "главная",
  "title.login": "вход",
  "title.login_failed": "вход не удался",
  "title.unavailable": "услуга недоступна",
  "title.account": "регистрация",
  "title.score": "оценка благополучия",
  "title.package": "пакет",
  "title.questionnaire": "анкета здоровья",
  "title.beneficiaries": "выгодоприобретатели",
  "title.offer": "предложение",
  "title.confirmation": "подтверждение",
  "title.self_service": "самообслуживание",
  "title.error": "Ошибка",
  "title.error_prefix": "Ошибка: {{title}}",

  "header.home_link": "{{product}} – главная страница",
  "header.intermediary_logo": "партнёр {{name}}",
  "header.logout": "Выйти",
  "header.user_page": "Мои данные",
  "footer.disclaimer":
    "© {{year}} {{product}}. Страхование жизни и нетрудоспособности. Перед подписанием договора ознакомьтесь с условиями страхования и при необходимости проконсультируйтесь со специалистом.",

  "steps.label": "Шаги оформления",
  "steps.step_of": "шаг {{n}} из {{total}}",
  "steps.current": "текущий шаг",
  "steps.done": "выполнено",
  "steps.account": "Учётная запись",
  "steps.score": "Оценка благополучия",
  "steps.package": "Пакет",
  "steps.questionnaire": "Анкета здоровья",
  "steps.beneficiaries": "Выгодоприобретатели",
  "steps.offer": "Предложение",

  "home.heading": "Страхование жизни и нетрудоспособности за несколько минут",
  "home.intro": "Войдите с помощью e-ID, выберите защиту и подпишите договор онлайн.",
  "home.start": "Начать",

  "login.heading": "Добро пожаловать!",
  "login.intro": "Войдите с помощью Smart-ID, Mobiil-ID или ID-карты.",
  "login.method": "Способ входа",
  "login.method.smart-id": "Smart-ID",
  "login.method.mobile-id": "Mobiil-ID",
  "login.method.id-card": "ID-карта",
  "login.idCode": "Личный код",
  "login.idCode.hint": "11 цифр, например <digits>38503020139</digits>",
  "login.phone": "Номер телефона (Mobiil-ID)",
  "login.phone.hint": "Только для Mobiil-ID, например +372 5123 4567. Без кода страны добавим +372.",
  "login.submit": "Войти",
  "login.demo_note": "Демо-среда: вход не использует настоящую услугу e-ID.",
  "login.dokobit.continue": "Продолжить вход",
  "login.failed": "Вход не удался",
  "login.try_again": "Попробовать снова",

  "form.error_summary": "В форме есть ошибки",
  "form.required": "обязательно",

  "error.required": "Это поле обязательно.",
  "error.idCode": "Личный код указан неверно.",
  "error.phone": "Номер телефона начинается с + и содержит от 7 до 15 цифр, между ними — только пробелы и дефисы.",
  "error.locked": "Ваш e-ID заблокирован. Обратитесь к поставщику e-ID.",
  "error.unauthorized": "Не удалось подтвердить вашу личность, или вход был отменён.",
  "error.technical": "Техническая ошибка. Пожалуйста, попробуйте позже.",
  "error.unavailable": "Сервис временно недоступен. Пожалуйста, попробуйте через несколько минут.",
  "error.provider": "Услуга e-ID сейчас недоступна. Пожалуйста, попробуйте позже.",
  "error.no_sign_in": "Время входа истекло. Пожалуйста, начните заново.",
  "error.not_found": "Не найдено.",

  "service.unavailable": "К сожалению, услуга вам недоступна",
  "service.unavailable.reason":
    "Оформить страховку онлайн могут люди в возрасте от 18 до 64 лет с эстонским личным кодом. Вопросы? Пишите на {{email}}.",

  "heading.account": "Регистрация пользователя",
  "heading.score": "Оценка благополучия",
  "heading.package": "Выберите защиту",
  "heading.questionnaire": "Анкета здоровья",
  "heading.beneficiaries": "Выгодоприобретатели",
  "heading.offer": "Ваше предложение",
  "heading.confirmation": "Спасибо!",
  "self_service.heading": "Самообслуживание",
  "self_service.heading.tab": "Самообслуживание: {{tab}}",

  "error.page.title": "Непредвиденная ошибка!",
  "error.page.text": "Извините, произошла ошибка.",
  "error.page.home": "Вернуться на главную",
  "error.page.not_found": "Страница не найдена.",
};
export default ru;
