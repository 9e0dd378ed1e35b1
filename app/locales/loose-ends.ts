/**
 * Translations of issue 23 item 9's loose ends: every signing provider outcome in words of
 * our own (app/lib/signing-outcome.ts), a support code no partner has, and the product's page
 * for an address the server cannot read.
 */
export const et = {
  "signing.outcome.cancelled": "Sa katkestasid allkirjastamise. Midagi ei allkirjastatud; võid uuesti proovida.",
  "signing.outcome.expired": "Allkirjastamise aeg sai läbi. Midagi ei allkirjastatud; proovi uuesti.",
  "signing.outcome.declined": "Allkirja ei antud. Midagi ei allkirjastatud; võid uuesti proovida.",
  "signing.outcome.unreachable": "Allkirjastamise teenusega ei saanud ühendust. Kontrolli internetiühendust ja proovi uuesti.",
  "signing.outcome.failed": "Allkirjastamine ei õnnestunud. Midagi ei allkirjastatud; proovi uuesti.",
  "error.support_code_unknown": "Sellist tugikoodi ei ole. Kontrolli koodi või jäta väli tühjaks.",
  "account.notice.code_not_found_partner_kept":
    "Tugikoodiga {{code}} koostööpartnerit ei leitud. Sinu taotlus jääb seotuks koostööpartneriga {{name}}, kelle lingi kaudu tulid.",
};

export const en: typeof et = {
  "signing.outcome.cancelled": "You cancelled the signing. Nothing was signed; you can try again.",
  "signing.outcome.expired": "The time for signing ran out. Nothing was signed; please try again.",
  "signing.outcome.declined": "The signature was not given. Nothing was signed; you can try again.",
  "signing.outcome.unreachable": "The signing service could not be reached. Check your internet connection and try again.",
  "signing.outcome.failed": "Signing did not succeed. Nothing was signed; please try again.",
  "error.support_code_unknown": "There is no such support code. Check the code or leave the field empty.",
  "account.notice.code_not_found_partner_kept":
    "No partner was found for the support code {{code}}. Your application stays linked to the partner {{name}}, whose link brought you here.",
};

export const ru: typeof et = {
  "signing.outcome.cancelled": "Вы прервали подписание. Ничего не подписано; можно попробовать снова.",
  "signing.outcome.expired": "Время подписания истекло. Ничего не подписано; попробуйте снова.",
  "signing.outcome.declined": "Подпись не была поставлена. Ничего не подписано; можно попробовать снова.",
  "signing.outcome.unreachable": "Не удалось связаться со службой подписания. Проверьте подключение к интернету и попробуйте снова.",
  "signing.outcome.failed": "Подписание не удалось. Ничего не подписано; попробуйте снова.",
  "error.support_code_unknown": "Такого кода поддержки нет. Проверьте код или оставьте поле пустым.",
  "account.notice.code_not_found_partner_kept":
    "Партнёр с кодом поддержки {{code}} не найден. Ваше заявление остаётся связанным с партнёром {{name}}, по ссылке которого вы пришли.",
};
