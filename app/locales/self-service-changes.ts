/**
 * Translations of the policyholder's own changes in self-service (issue 22 items 2, 4, 6 and 7):
 * contact details, consents (the score's too, docs/decisions/0257), the bills' due date and the
 * confirmation's documents.
 */
export const et = {
  "title.self_service.contact": "kontaktandmete muutmine",
  "self_service.contact.heading": "Muuda kontaktandmeid",
  "self_service.contact.intro": "Uued andmed kehtivad kohe: nende kaudu võtame sinuga ühendust.",
  "self_service.contact.change": "Muuda kontaktandmeid",
  "self_service.contact.submit": "Salvesta kontaktandmed",
  "self_service.contact.cancel": "Tühista ja mine tagasi minu andmete juurde",
  "self_service.contact.notice.changed": "Sinu kontaktandmed on muudetud.",
  "sign_in.notice.renamed": "Sinu nimi on uuendatud nii, nagu selle kinnitas sinu e-ID. Juba esitatud arved ja sinu allkirjastatud dokumendid jäävad endise nimega.",
  "self_service.contact.notice.unchanged": "Kontaktandmed jäid samaks: midagi ei muutunud.",
  "error.changed_meanwhile": "Seda muudeti vahepeal mujal (teises aknas või seadmes). Laadi leht uuesti, et näha kehtivaid andmeid, ja muuda siis uuesti.",

  "self_service.consents.heading": "Nõusolekud",
  "self_service.consents.intro": "Vabatahtliku nõusoleku saad anda ja tagasi võtta siin. Muudatus kehtib kohe.",
  "self_service.consents.newsletter.name": "Uudiskiri",
  "self_service.consents.newsletter.text": "Soovin saada e-posti teel uudiseid ja pakkumisi.",
  "self_service.consents.partner.name": "Koostööpartner {{name}}",
  "self_service.consents.partner.text": "Nõustun, et minu kontaktandmed, taotluse käik ja lepingu seis edastatakse koostööpartnerile {{name}}.",
  "self_service.consents.given": "Antud {{date}} kell {{time}}",
  "self_service.consents.withdrawn": "Ei ole antud (alates {{date}} kell {{time}})",
  "self_service.consents.not_given": "Ei ole antud",
  "self_service.consents.activity.name": "Aktiivsusmonitor",
  "self_service.consents.activity.text":
    "Heaoluskoori arvutamiseks loeme sinu aktiivsusmonitorist sammude arvu ja treeningminuteid. Nõusoleku annad heaoluskoori lehel monitori ühendades. Kui selle tagasi võtad, lõpetame ühenduse ja kustutame monitorist saadud andmed; varem salvestatud heaoluskoor jääb alles.",
  "self_service.consents.measurement.name": "Tervisemõõtmine",
  "self_service.consents.measurement.text":
    "Heaoluskoori arvutamiseks salvestame sinu tervisemõõtmise tulemused (puhkepulss ja kehamassiindeks). Nõusoleku annad iga mõõtmisega. Kui selle tagasi võtad, kustutame salvestatud tulemused; varem salvestatud heaoluskoor jääb alles.",
  "self_service.consents.health-data.name": "Terviseandmete töötlemine",
  "self_service.consents.health-data.text":
    "Registreerudes nõustusid, et töötleme lepingu sõlmimiseks sinu terviseandmeid (heaoluskoori ja terviseankeedi vastuseid). Kui nõusoleku tagasi võtad, kustutame need vastused kohe ja pooleli allkirjastamine lõpeb. Taotluse jätkamiseks tuleb nõusolek konto sammul uuesti anda ja terviseküsimustele uuesti vastata.",
  "self_service.consents.give": "Anna nõusolek: {{name}}",
  "self_service.consents.withdraw": "Võta nõusolek tagasi: {{name}}",
  "self_service.consents.notice.newsletter.given": "Uudiskirja nõusolek on antud.",
  "self_service.consents.notice.newsletter.withdrawn": "Uudiskirja nõusolek on tagasi võetud.",
  "self_service.consents.notice.partner.given": "Nõusolek koostööpartnerile {{name}} on antud.",
  "self_service.consents.notice.partner.withdrawn": "Nõusolek koostööpartnerile {{name}} on tagasi võetud.",
  "self_service.consents.notice.activity.withdrawn": "Aktiivsusmonitori nõusolek on tagasi võetud: ühendus on lõpetatud ja monitorist saadud andmed kustutatud.",
  "self_service.consents.notice.measurement.withdrawn": "Tervisemõõtmise nõusolek on tagasi võetud: salvestatud mõõtmistulemused on kustutatud.",
  "error.consent.given_at_score": "Selle nõusoleku saad anda heaoluskoori lehel: ühenda seal aktiivsusmonitor või tee tervisemõõtmine.",
  "self_service.consents.notice.health-data.withdrawn": "Terviseandmete töötlemise nõusolek on tagasi võetud ja sinu terviseandmed kustutatud. Taotluse jätkamiseks anna nõusolek konto sammul uuesti.",
  "self_service.consents.health-data.text_withdrawn":
    "Registreerudes nõustusid, et töötleme sinu terviseandmeid. Sinu leping on taganemisega lõppenud ega andnud kunagi kaitset. Kui nõusoleku tagasi võtad, kustutame kohe sinu heaoluskoori ja terviseankeedi vastused ning mõõtmised; alles jääb allkirjastatud taotlus, millega leping sõlmiti ja millest taganesid. Uuesti liitudes annad nõusoleku konto sammul.",
  "self_service.consents.health-data.text_cancelled":
    "Registreerudes nõustusid, et töötleme sinu terviseandmeid. Kui nõusoleku tagasi võtad, kustutame kohe mõõtmised, monitori andmed ja pooleli jäänud vastused. Terviseankeet ja heaoluskoorid, mille alusel üles öeldud leping sõlmiti ja hinnati, jäävad alles seni, kuni selle lepingu alusel saab nõudeid esitada (isikuandmete kaitse üldmääruse art 17 lg 3 p e). Uuesti liitudes annad nõusoleku konto sammul.",
  "self_service.consents.notice.health-data.withdrawn_withdrawn": "Terviseandmete töötlemise nõusolek on tagasi võetud ja sinu terviseandmed kustutatud; alles on allkirjastatud taotlus.",
  "self_service.consents.notice.health-data.withdrawn_cancelled": "Terviseandmete töötlemise nõusolek on tagasi võetud; mõõtmised ja pooleli jäänud vastused on kustutatud, lepingu terviseankeet ja heaoluskoorid on alles nõuete ajaks.",
  "error.consent.given_at_account": "Selle nõusoleku saad anda konto sammul.",
  "self_service.consents.revoke": "Nõusoleku saad tagasi võtta ka, kirjutades aadressile <mail>{{email}}</mail>.",

  "self_service.bills.due": "Maksetähtaeg",

  "confirmation.documents.heading": "Allkirjastatud dokumendid",
  "confirmation.documents.pdf": "{{document}} (PDF)",
  "confirmation.documents.pdf.in": "{{document}} (PDF, {{language}})",
  "confirmation.documents.euw": "Poliis ja maksegraafik tulevad pärast riskihindaja otsust.",
  "confirmation.self_service": "Iseteenindus avaneb kindlustuse alguspäeval {{date}}: seal on sinu kindlustus, arved ja dokumendid.",
  "doc.view.back_confirmation": "Tagasi kinnituse juurde",
} as const;

export const en: Record<keyof typeof et, string> = {
  "title.self_service.contact": "change contact details",
  "self_service.contact.heading": "Change contact details",
  "self_service.contact.intro": "The new details apply at once: this is how we contact you.",
  "self_service.contact.change": "Change contact details",
  "self_service.contact.submit": "Save contact details",
  "self_service.contact.cancel": "Cancel and go back to my details",
  "self_service.contact.notice.changed": "Your contact details have been changed.",
  "sign_in.notice.renamed": "Your name has been updated as your e-ID confirmed it. Invoices already issued and the documents you signed keep your former name.",
  "self_service.contact.notice.unchanged": "Your contact details stayed the same: nothing changed.",
  "error.changed_meanwhile": "This was changed elsewhere meanwhile (in another window or device). Reload the page to see the details in force, then change them again.",

  "self_service.consents.heading": "Consents",
  "self_service.consents.intro": "You can give and withdraw an optional consent here. A change applies at once.",
  "self_service.consents.newsletter.name": "Newsletter",
  "self_service.consents.newsletter.text": "I would like to receive news and offers by email.",
  "self_service.consents.partner.name": "Partner {{name}}",
  "self_service.consents.partner.text": "I agree that my contact details, the progress of my application and the status of my contract are shared with the partner {{name}}.",
  "self_service.consents.given": "Given on {{date}} at {{time}}",
  "self_service.consents.withdrawn": "Not given (since {{date}} at {{time}})",
  "self_service.consents.not_given": "Not given",
  "self_service.consents.activity.name": "Activity tracker",
  "self_service.consents.activity.text":
    "For your wellness score we read the steps and exercise minutes from your activity tracker. You give this consent by connecting the tracker on the wellness score page. If you withdraw it, we end the connection and erase the data it brought; a wellness score saved before stays.",
  "self_service.consents.measurement.name": "Health measurement",
  "self_service.consents.measurement.text":
    "For your wellness score we store the results of your health measurements (resting heart rate and body-mass index). You give this consent with each measurement. If you withdraw it, we erase the stored results; a wellness score saved before stays.",
  "self_service.consents.health-data.name": "Processing of health data",
  "self_service.consents.health-data.text":
    "When you registered, you agreed that we process your health data (your wellness score and health questionnaire answers) to conclude the contract. If you withdraw the consent, we erase those answers at once and a signing in progress ends. To continue the application, give the consent again at the Account step and answer the health questions again.",
  "self_service.consents.give": "Give consent: {{name}}",
  "self_service.consents.withdraw": "Withdraw consent: {{name}}",
  "self_service.consents.notice.newsletter.given": "Your newsletter consent has been given.",
  "self_service.consents.notice.newsletter.withdrawn": "Your newsletter consent has been withdrawn.",
  "self_service.consents.notice.partner.given": "Your consent for the partner {{name}} has been given.",
  "self_service.consents.notice.partner.withdrawn": "Your consent for the partner {{name}} has been withdrawn.",
  "self_service.consents.notice.activity.withdrawn": "Your activity tracker consent has been withdrawn: the connection has ended and the data it brought has been erased.",
  "self_service.consents.notice.measurement.withdrawn": "Your health measurement consent has been withdrawn: the stored results have been erased.",
  "error.consent.given_at_score": "This consent is given on the wellness score page: connect an activity tracker or take a health measurement there.",
  "self_service.consents.notice.health-data.withdrawn": "The consent to process health data is withdrawn and your health data erased. To continue the application, give the consent again at the Account step.",
  "self_service.consents.health-data.text_withdrawn":
    "When you registered, you agreed that we process your health data. Your contract ended by withdrawal and never gave cover. If you withdraw the consent, we erase your wellness score and health questionnaire answers and your measurements at once; the signed application the contract was concluded and withdrawn on stays. If you sign up again, you give the consent at the Account step.",
  "self_service.consents.health-data.text_cancelled":
    "When you registered, you agreed that we process your health data. If you withdraw the consent, we erase your measurements, tracker data and unfinished answers at once. The health questionnaire and the wellness scores your cancelled contract was concluded and priced on stay for as long as claims under it can be made (GDPR art. 17(3)(e)). If you sign up again, you give the consent at the Account step.",
  "self_service.consents.notice.health-data.withdrawn_withdrawn": "The consent to process health data is withdrawn and your health data erased; the signed application stays.",
  "self_service.consents.notice.health-data.withdrawn_cancelled": "The consent to process health data is withdrawn; your measurements and unfinished answers are erased, the contract's health questionnaire and wellness scores stay for the time of claims.",
  "error.consent.given_at_account": "This consent is given at the Account step.",
  "self_service.consents.revoke": "You can also withdraw a consent by writing to <mail>{{email}}</mail>.",

  "self_service.bills.due": "Due date",

  "confirmation.documents.heading": "Signed documents",
  "confirmation.documents.pdf": "{{document}} (PDF)",
  "confirmation.documents.pdf.in": "{{document}} (PDF, {{language}})",
  "confirmation.documents.euw": "The policy and the payment schedule follow the underwriter's decision.",
  "confirmation.self_service": "Self-service opens on the first day of your insurance, {{date}}: your insurance, bills and documents are there.",
  "doc.view.back_confirmation": "Back to the confirmation",
};

export const ru: Record<keyof typeof et, string> = {
  "title.self_service.contact": "изменение контактных данных",
  "self_service.contact.heading": "Изменить контактные данные",
  "self_service.contact.intro": "Новые данные действуют сразу: по ним мы связываемся с вами.",
  "self_service.contact.change": "Изменить контактные данные",
  "self_service.contact.submit": "Сохранить контактные данные",
  "self_service.contact.cancel": "Отменить и вернуться к моим данным",
  "self_service.contact.notice.changed": "Ваши контактные данные изменены.",
  "sign_in.notice.renamed": "Ваше имя обновлено так, как его подтвердил ваш e-ID. Уже выставленные счета и подписанные вами документы остаются с прежним именем.",
  "self_service.contact.notice.unchanged": "Контактные данные остались прежними: ничего не изменилось.",
  "error.changed_meanwhile": "Это уже изменили в другом окне или на другом устройстве. Обновите страницу, чтобы увидеть действующие данные, и измените их снова.",

  "self_service.consents.heading": "Согласия",
  "self_service.consents.intro": "Здесь можно дать и отозвать добровольное согласие. Изменение действует сразу.",
  "self_service.consents.newsletter.name": "Рассылка",
  "self_service.consents.newsletter.text": "Я хочу получать новости и предложения по электронной почте.",
  "self_service.consents.partner.name": "Партнёр {{name}}",
  "self_service.consents.partner.text": "Я согласен(-на), чтобы мои контактные данные, ход рассмотрения заявления и состояние договора передавались партнёру {{name}}.",
  "self_service.consents.given": "Дано {{date}} в {{time}}",
  "self_service.consents.withdrawn": "Не дано (с {{date}} в {{time}})",
  "self_service.consents.not_given": "Не дано",
  "self_service.consents.activity.name": "Трекер активности",
  "self_service.consents.activity.text":
    "Для оценки благополучия мы получаем из вашего трекера активности количество шагов и минут тренировок. Согласие вы даёте, подключая трекер на странице оценки благополучия. Если вы его отзовёте, мы прекратим подключение и удалим полученные из трекера данные; сохранённая ранее оценка благополучия останется.",
  "self_service.consents.measurement.name": "Измерение здоровья",
  "self_service.consents.measurement.text":
    "Для оценки благополучия мы храним результаты ваших измерений здоровья (пульс в покое и индекс массы тела). Согласие вы даёте при каждом измерении. Если вы его отзовёте, мы удалим сохранённые результаты; сохранённая ранее оценка благополучия останется.",
  "self_service.consents.health-data.name": "Обработка данных о здоровье",
  "self_service.consents.health-data.text":
    "При регистрации вы согласились, что мы обрабатываем ваши данные о здоровье (ответы для оценки благополучия и анкеты здоровья) для заключения договора. Если вы отзовёте согласие, мы сразу удалим эти ответы, а начатое подписание прекратится. Чтобы продолжить оформление, снова дайте согласие на шаге «Учётная запись» и заново ответьте на вопросы о здоровье.",
  "self_service.consents.give": "Дать согласие: {{name}}",
  "self_service.consents.withdraw": "Отозвать согласие: {{name}}",
  "self_service.consents.notice.newsletter.given": "Согласие на рассылку дано.",
  "self_service.consents.notice.newsletter.withdrawn": "Согласие на рассылку отозвано.",
  "self_service.consents.notice.partner.given": "Согласие для партнёра {{name}} дано.",
  "self_service.consents.notice.partner.withdrawn": "Согласие для партнёра {{name}} отозвано.",
  "self_service.consents.notice.activity.withdrawn": "Согласие на подключение трекера активности отозвано: подключение прекращено, полученные из трекера данные удалены.",
  "self_service.consents.notice.measurement.withdrawn": "Согласие на измерение здоровья отозвано: сохранённые результаты измерений удалены.",
  "error.consent.given_at_score": "Это согласие даётся на странице оценки благополучия: подключите там трекер активности или пройдите измерение здоровья.",
  "self_service.consents.notice.health-data.withdrawn": "Согласие на обработку данных о здоровье отозвано, ваши данные о здоровье удалены. Чтобы продолжить оформление, снова дайте согласие на шаге «Учётная запись».",
  "self_service.consents.health-data.text_withdrawn":
    "При регистрации вы согласились, что мы обрабатываем ваши данные о здоровье. Ваш договор прекращён отказом и никогда не давал защиты. Если вы отзовёте согласие, мы сразу удалим ваши ответы для оценки благополучия и анкеты здоровья и измерения; останется подписанное заявление, по которому договор был заключён и от которого вы отказались. При новом оформлении вы дадите согласие на шаге «Учётная запись».",
  "self_service.consents.health-data.text_cancelled":
    "При регистрации вы согласились, что мы обрабатываем ваши данные о здоровье. Если вы отзовёте согласие, мы сразу удалим измерения, данные трекера активности и незаконченные ответы. Анкета здоровья и оценки благополучия, по которым расторгнутый договор был заключён и рассчитан, хранятся, пока по нему можно предъявить требования (GDPR, ст. 17(3)(e)). При новом оформлении вы дадите согласие на шаге «Учётная запись».",
  "self_service.consents.notice.health-data.withdrawn_withdrawn": "Согласие на обработку данных о здоровье отозвано, ваши данные о здоровье удалены; подписанное заявление сохранено.",
  "self_service.consents.notice.health-data.withdrawn_cancelled": "Согласие на обработку данных о здоровье отозвано; измерения и незаконченные ответы удалены, анкета здоровья и оценки благополучия договора хранятся на время требований.",
  "error.consent.given_at_account": "Это согласие даётся на шаге «Учётная запись».",
  "self_service.consents.revoke": "Отозвать согласие можно и письмом на адрес <mail>{{email}}</mail>.",

  "self_service.bills.due": "Срок оплаты",

  "confirmation.documents.heading": "Подписанные документы",
  "confirmation.documents.pdf": "{{document}} (PDF)",
  "confirmation.documents.pdf.in": "{{document}} (PDF, {{language}})",
  "confirmation.documents.euw": "Полис и график платежей последуют после решения андеррайтера.",
  "confirmation.self_service": "Самообслуживание откроется в первый день страхования, {{date}}: там ваша страховка, счета и документы.",
  "doc.view.back_confirmation": "Назад к подтверждению",
};
