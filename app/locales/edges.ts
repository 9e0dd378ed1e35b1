/**
 * Translations of the answers given at the edge of the application, before any route runs:
 * a write that does not say where it comes from, a request for another host (issue 21).
 */
export const et = {
  "error.origin_unknown": "Päring ei öelnud, milliselt veebisaidilt see tuli, ja jäeti täitmata. Ava leht uuesti ja proovi veel kord.",
  "error.host_unknown": "Päring ei nimetanud selle teenuse aadressi. Ava teenus selle õige aadressi kaudu.",
  "error.request_timeout": "Päringu saatmine võttis liiga kaua aega ja see jäeti täitmata. Kontrolli internetiühendust ja proovi uuesti.",
};

export const en: typeof et = {
  "error.origin_unknown": "The request did not say which website it came from and was not carried out. Open the page again and try once more.",
  "error.host_unknown": "The request did not name this service's address. Open the service at its own address.",
  "error.request_timeout": "Sending the request took too long and it was not carried out. Check your internet connection and try again.",
};

export const ru: typeof et = {
  "error.origin_unknown": "Запрос не сообщил, с какого сайта он пришёл, и не был выполнен. Откройте страницу заново и попробуйте ещё раз.",
  "error.host_unknown": "Запрос не указал адрес этого сервиса. Откройте сервис по его собственному адресу.",
  "error.request_timeout": "Отправка запроса заняла слишком много времени, и он не был выполнен. Проверьте подключение к интернету и попробуйте снова.",
};
