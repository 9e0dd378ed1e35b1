/**
 * Translations of the answers given before any page runs (app/http/request-limits.server.ts)
 * and of the sign-in limits, all three languages side by side. The codes are also the /api
 * error codes (docs/api.md).
 */
export const et = {
  "error.request.title": "Päringut ei saanud töödelda",
  "error.request.back": "Mine brauseri tagasi-nupuga vormi juurde tagasi: sinu sisestatud andmed on seal alles.",
  "error.request.home": "Avalehele",
  "error.payload_too_large": "Saadetud andmeid on liiga palju.",
  "error.unsupported_media_type": "Andmed saadeti vormingus, mida see aadress ei võta vastu.",
  "error.malformed_body": "Saadetud vorm on vigane.",
  "error.invalid_json": "Saadetud JSON on vigane.",
  "error.invalid_path": "Aadress on vigane.",
  "error.invalid_field": "Vormil on tundmatu väli.",
  "error.too_many_fields": "Vormil on liiga palju välju.",
  "error.list_too_long": "Loetelus on liiga palju ridu.",
  "error.invalid_intent": "Vormi nupu väärtus on vigane.",
  "error.control_characters": "Sisestatud tekstis on nähtamatuid juhtmärke. Eemalda need ja proovi uuesti.",
  "error.forbidden_origin": "Päring tuli teiselt veebisaidilt ja jäeti täitmata.",
  "error.bad_request": "Päring on vigane.",
  "error.method_not_allowed": "Seda toimingut sellel aadressil teha ei saa.",
  "error.precondition_failed": "Fail on vahepeal muutunud. Laadi leht uuesti.",
  "error.range_not_satisfiable": "Faili küsitud osa ei ole olemas.",
} as const;

export const en: Record<keyof typeof et, string> = {
  "error.request.title": "The request could not be processed",
  "error.request.back": "Use your browser's Back button to return to the form: what you typed is still there.",
  "error.request.home": "Home page",
  "error.payload_too_large": "Too much data was sent.",
  "error.unsupported_media_type": "The data was sent in a format this address does not accept.",
  "error.malformed_body": "The form that was sent is malformed.",
  "error.invalid_json": "The JSON that was sent is malformed.",
  "error.invalid_path": "The address is malformed.",
  "error.invalid_field": "The form has an unknown field.",
  "error.too_many_fields": "The form has too many fields.",
  "error.list_too_long": "A list has too many rows.",
  "error.invalid_intent": "The value of a form button is malformed.",
  "error.control_characters": "The text contains invisible control characters. Remove them and try again.",
  "error.forbidden_origin": "The request came from another website and was not carried out.",
  "error.bad_request": "The request is malformed.",
  "error.method_not_allowed": "This action cannot be done at this address.",
  "error.precondition_failed": "The file has changed in the meantime. Reload the page.",
  "error.range_not_satisfiable": "The requested part of the file does not exist.",
};

export const ru: Record<keyof typeof et, string> = {
  "error.request.title": "Запрос не удалось обработать",
  "error.request.back": "Вернитесь к форме кнопкой «Назад» браузера: введённые данные сохранились.",
  "error.request.home": "На главную",
  "error.payload_too_large": "Отправлено слишком много данных.",
  "error.unsupported_media_type": "Данные отправлены в формате, который этот адрес не принимает.",
  "error.malformed_body": "Отправленная форма повреждена.",
  "error.invalid_json": "Отправленный JSON повреждён.",
  "error.invalid_path": "Адрес повреждён.",
  "error.invalid_field": "В форме есть неизвестное поле.",
  "error.too_many_fields": "В форме слишком много полей.",
  "error.list_too_long": "В списке слишком много строк.",
  "error.invalid_intent": "Значение кнопки формы повреждено.",
  "error.control_characters": "В тексте есть невидимые управляющие символы. Удалите их и попробуйте снова.",
  "error.forbidden_origin": "Запрос пришёл с другого сайта и не был выполнен.",
  "error.bad_request": "Запрос повреждён.",
  "error.method_not_allowed": "Это действие по этому адресу выполнить нельзя.",
  "error.precondition_failed": "Файл тем временем изменился. Обновите страницу.",
  "error.range_not_satisfiable": "Запрошенной части файла не существует.",
};
