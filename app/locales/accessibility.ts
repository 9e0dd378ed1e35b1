/**
 * The accessibility statement at /accessibility (issue 24 item 5, docs/decisions/0150) and its
 * link in every page's footer, all three languages side by side. What it says about testing and
 * known limits must stay true: change it with the tests and limits it names.
 */
export const et = {
  "title.accessibility": "ligipääsetavuse teatis",
  "footer.accessibility": "Ligipääsetavus",
  "a11y.heading": "Ligipääsetavuse teatis",
  "a11y.intro":
    "See teatis käib {{product}} veebiteenuse kohta: hinnapäring, elu- ja töövõimetuskindlustusega liitumine ning kindlustatu iseteenindus. Teenust pakub {{insurer}}.",
  "a11y.standard.heading": "Millisele nõudele vastame",
  "a11y.standard.text":
    "Eesmärk on WCAG 2.2 tase AA. Seda nõuab veebisisult Euroopa standard EN 301 549, millele toetuvad Euroopa ligipääsetavuse akt (direktiiv (EL) 2019/882) ja toodete ja teenuste ligipääsetavuse seadus tarbijale pakutava finantsteenuse puhul.",
  "a11y.standard.status": "Teenus vastab nõuetele osaliselt: mis veel ei vasta, on kirjas allpool.",
  "a11y.use.heading": "Mida saad teha",
  "a11y.use.keyboard":
    "Kasutada iga lehte ainult klaviatuuri või ekraanilugejaga. Pärast iga sammu on fookus uue lehe pealkirjal, pärast ebaõnnestunud salvestamist vigade loetelul, mis viitab igale väljale.",
  "a11y.use.nojs":
    "Kasutada teenust ka JavaScriptita või vanemas brauseris: kõik vormid on tavalised HTML-vormid. Safari 16, Chrome 92, Samsung Internet 16, Firefox 98 ja uuemad saavad lisaks JavaScripti abi (hinnang kohe, seansi hoiatus, kinnitusaknad); vanemas brauseris on leht selline nagu JavaScriptita.",
  "a11y.use.sliders": "Sisestada summad ja väärtused numbritega: ühtegi liugurit ei pea lohistama.",
  "a11y.use.time":
    "Jätkata seanssi: see lõpeb pärast 30 minutit tegevuseta, 3 minutit enne saad hoiatuse. Kui seanss lõpeb, on sisestatu pärast uut sisselogimist alles.",
  "a11y.use.languages": "Valida igal lehel eesti, inglise või vene keele.",
  "a11y.use.documents": "Avada iga dokumendi (taotlus, maksegraafik, poliis, lepingueelne teave, arve) ka veebilehena, mitte ainult PDF-ina.",
  "a11y.tested.heading": "Kuidas kontrollisime",
  "a11y.tested.intro":
    "Teenust on hinnanud selle arendajad ise, välist auditit pole veel tehtud. Iga muudatuse järel käivad Chromiumis automaatsed testid, igaüks nii JavaScriptiga kui ka ilma:",
  "a11y.tested.axe": "axe-core'i kontroll (WCAG 2.0, 2.1 ja 2.2 tasemete A ja AA reeglid) igal ekraanil, ka veateadete ja kinnitusakendega;",
  "a11y.tested.keyboard": "kogu liitumine sisselogimisest allkirjastamiseni ainult klaviatuuriga: fookus iga lehe pealkirjal, Tab-vajutuste arv igal sammul piiratud;",
  "a11y.tested.tree":
    "see, mida brauseri ligipääsetavuspuu ekraanilugejale annab: väljade nimed, kohustuslikkus, vigased väljad koos veateatega, liugurite väärtused;",
  "a11y.tested.spacing": "suurendatud tekstivahed (WCAG 1.4.12) 360 pikslit laial ekraanil ilma külgsuunas kerimiseta;",
  "a11y.tested.reflow":
    "iga tabeliga leht 320 pikslit laial ekraanil (WCAG 1.4.10): leht ei keri külgsuunas ja iga tabeli iga lahter on näha, kas tabelis või ridadena üksteise all, iga lahter oma veeru pealkirjaga.",
  "a11y.limits.heading": "Mis veel ei vasta",
  "a11y.limits.pdf":
    "PDF-dokumendid. Uued PDF-id on märgendatud (pealkirjad, tabelid, loendid, QR-koodi tekstiline kirjeldus, dokumendi keel) PDF/UA (ISO 14289) nõuete järgi, kuid ühtegi pole kontrollitud PDF/UA valideerija ega ekraanilugejatega. Enne 24. novembrit 2026 allkirjastatud või väljastatud PDF jääb selliseks, nagu see oli, ja on märgendamata (ekraanilugeja loeb seda halvasti). Iga dokumendi sisu on ka veebilehena; soovi korral saadame selle muus vormis.",
  "a11y.limits.providers":
    "Teiste pakkujate osad: e-ID-ga sisselogimine ja lepingu allkirjastamise aken tulevad e-ID ja allkirjastamise teenuse pakkujalt ning nende ligipääsetavus sõltub neist. Kui need takistavad, anna teada: leiame teise võimaluse.",
  "a11y.limits.assistive":
    "Teenust pole veel proovinud ekraanilugejate (NVDA, JAWS, VoiceOver, TalkBack) ja teiste abivahendite kasutajad; automaatsed testid käivad ainult Chromiumis, mitte Firefoxis ega Safaris.",
  "a11y.report.heading": "Anna teada takistusest",
  "a11y.report.text":
    "Kui miski takistab teenuse kasutamist, kirjuta <mail>{{email}}</mail>: millisel lehel, mida tegid ja millist brauserit või abivahendit kasutad. Vastame 5 tööpäeva jooksul. Kui takistust ei saa kohe kõrvaldada, ütleme, millal see kõrvaldatakse, ja aitame seni muul viisil, näiteks saadame dokumendi sobivas vormis.",
  "a11y.enforcement.heading": "Kui vastus ei rahulda",
  "a11y.enforcement.text":
    "Toodete ja teenuste ligipääsetavuse nõuete täitmise üle teeb järelevalvet Tarbijakaitse ja Tehnilise Järelevalve Amet (TTJA): <web>www.ttja.ee</web>, <mail>info@ttja.ee</mail>.",
  "a11y.date": "Teatis on koostatud 24. novembril 2026 ja vaadatakse üle iga olulise muudatuse järel.",
} as const;

export const en: Record<keyof typeof et, string> = {
  "title.accessibility": "accessibility statement",
  "footer.accessibility": "Accessibility",
  "a11y.heading": "Accessibility statement",
  "a11y.intro":
    "This statement covers the {{product}} online service: the price quote, signing up for life and disability insurance, and the policyholders' self-service. The service is provided by {{insurer}}.",
  "a11y.standard.heading": "The standard we aim at",
  "a11y.standard.text":
    "We aim at WCAG 2.2 level AA. The European standard EN 301 549 requires it of web content, and the European Accessibility Act (Directive (EU) 2019/882) and Estonia's Accessibility of Products and Services Act rely on that standard for financial services offered to consumers.",
  "a11y.standard.status": "The service partially conforms: what does not conform yet is listed below.",
  "a11y.use.heading": "What you can do",
  "a11y.use.keyboard":
    "Use every page with a keyboard only or with a screen reader. After each step focus is on the new page's heading; after a failed save, on the list of errors, which links to each field.",
  "a11y.use.nojs":
    "Use the service without JavaScript or in an older browser too: every form is a plain HTML form. Safari 16, Chrome 92, Samsung Internet 16, Firefox 98 and newer also get JavaScript's help (the live estimate, the session warning, confirmation dialogs); in an older browser the page is as without JavaScript.",
  "a11y.use.sliders": "Enter amounts and values as numbers: no slider needs dragging.",
  "a11y.use.time":
    "Keep your session: it ends after 30 minutes without activity, and you are warned 3 minutes before. If it ends, what you entered is back after you sign in again.",
  "a11y.use.languages": "Choose Estonian, English or Russian on every page.",
  "a11y.use.documents": "Open every document (application, payment schedule, policy, pre-contract information, invoice) as a web page, not only as a PDF.",
  "a11y.tested.heading": "How it was tested",
  "a11y.tested.intro":
    "The service was assessed by its own developers; there has been no external audit yet. After every change automated tests run in Chromium, each with JavaScript on and off:",
  "a11y.tested.axe": "axe-core checks (WCAG 2.0, 2.1 and 2.2 level A and AA rules) on every screen, including error messages and confirmation dialogs;",
  "a11y.tested.keyboard":
    "the whole sign-up from signing in to signing the contract by keyboard only: focus on each page's heading, and a limit on the Tab presses each step needs;",
  "a11y.tested.tree":
    "what the browser's accessibility tree hands a screen reader: the names of fields, which are required, invalid fields with their error message, slider values;",
  "a11y.tested.spacing": "increased text spacing (WCAG 1.4.12) on a 360 pixel wide screen without sideways scrolling;",
  "a11y.tested.reflow":
    "every page with a table on a 320 pixel wide screen (WCAG 1.4.10): the page does not scroll sideways and every cell of every table is in view, in the table or with its rows stacked, each cell beside its column's header.",
  "a11y.limits.heading": "What does not conform yet",
  "a11y.limits.pdf":
    "PDF documents. New PDFs are tagged (headings, tables, lists, a text alternative for the QR code, the document's language) aiming at PDF/UA (ISO 14289), but none has been checked with a PDF/UA validator or with screen readers. A PDF signed or issued before 24 November 2026 stays exactly as it was and is untagged (read poorly by a screen reader). Every document's content is also a web page; on request we send it in another format.",
  "a11y.limits.providers":
    "Parts from other providers: signing in with e-ID and the contract signing window come from the e-ID and signing service providers, and their accessibility depends on them. If they block you, tell us: we will find another way.",
  "a11y.limits.assistive":
    "People who use screen readers (NVDA, JAWS, VoiceOver, TalkBack) and other assistive technology have not yet tried the service; the automated tests run only in Chromium, not in Firefox or Safari.",
  "a11y.report.heading": "Report a barrier",
  "a11y.report.text":
    "If anything stops you from using the service, write to <mail>{{email}}</mail>: on which page, what you did, and which browser or assistive technology you use. We answer within 5 working days. If the barrier cannot be removed at once, we tell you when it will be, and help you another way meanwhile, for example by sending a document in a format that suits you.",
  "a11y.enforcement.heading": "If our answer does not satisfy you",
  "a11y.enforcement.text":
    "The Consumer Protection and Technical Regulatory Authority (<et>Tarbijakaitse ja Tehnilise Järelevalve Amet</et>, TTJA) enforces the accessibility requirements for products and services: <web>www.ttja.ee</web>, <mail>info@ttja.ee</mail>.",
  "a11y.date": "This statement was prepared on 24 November 2026 and is reviewed after every significant change.",
};

export const ru: Record<keyof typeof et, string> = {
  "title.accessibility": "заявление о доступности",
  "footer.accessibility": "Доступность",
  "a11y.heading": "Заявление о доступности",
  "a11y.intro":
    "Это заявление относится к онлайн-сервису {{product}}: расчёт цены, оформление страхования жизни и нетрудоспособности и самообслуживание страхователей. Сервис предоставляет {{insurer}}.",
  "a11y.standard.heading": "Какому стандарту мы следуем",
  "a11y.standard.text":
    "Наша цель — WCAG 2.2 уровня AA. Этого требует от веб-содержимого европейский стандарт EN 301 549, на который опираются Европейский акт о доступности (директива (ЕС) 2019/882) и эстонский Закон о доступности товаров и услуг для финансовых услуг потребителям.",
  "a11y.standard.status": "Сервис соответствует требованиям частично: что ещё не соответствует, указано ниже.",
  "a11y.use.heading": "Что можно делать",
  "a11y.use.keyboard":
    "Пользоваться каждой страницей только с клавиатуры или с программой экранного доступа. После каждого шага фокус на заголовке новой страницы, после неудачного сохранения — на списке ошибок со ссылкой на каждое поле.",
  "a11y.use.nojs":
    "Пользоваться сервисом и без JavaScript или в старом браузере: все формы — обычные HTML-формы. Safari 16, Chrome 92, Samsung Internet 16, Firefox 98 и новее дополнительно получают помощь JavaScript (мгновенный расчёт, предупреждение о конце сеанса, окна подтверждения); в более старом браузере страница такая же, как без JavaScript.",
  "a11y.use.sliders": "Вводить суммы и значения числами: ни один ползунок не нужно перетаскивать.",
  "a11y.use.time":
    "Продлевать сеанс: он заканчивается после 30 минут бездействия, за 3 минуты до этого вы получите предупреждение. Если сеанс закончится, введённое вернётся после нового входа.",
  "a11y.use.languages": "Выбирать на каждой странице эстонский, английский или русский язык.",
  "a11y.use.documents": "Открывать каждый документ (заявление, график платежей, полис, преддоговорную информацию, счёт) и как веб-страницу, а не только как PDF.",
  "a11y.tested.heading": "Как мы проверяли",
  "a11y.tested.intro":
    "Сервис оценивали сами его разработчики, внешнего аудита ещё не было. После каждого изменения в Chromium выполняются автоматические тесты, каждый с JavaScript и без него:",
  "a11y.tested.axe": "проверка axe-core (правила WCAG 2.0, 2.1 и 2.2 уровней A и AA) на каждом экране, в том числе с сообщениями об ошибках и окнами подтверждения;",
  "a11y.tested.keyboard":
    "всё оформление от входа до подписания договора только с клавиатуры: фокус на заголовке каждой страницы, число нажатий Tab на каждом шаге ограничено;",
  "a11y.tested.tree":
    "то, что дерево доступности браузера передаёт программе экранного доступа: названия полей, обязательность, неверные поля с сообщением об ошибке, значения ползунков;",
  "a11y.tested.spacing": "увеличенные интервалы текста (WCAG 1.4.12) на экране шириной 360 пикселей без горизонтальной прокрутки;",
  "a11y.tested.reflow":
    "каждая страница с таблицей на экране шириной 320 пикселей (WCAG 1.4.10): страница не прокручивается по горизонтали, и каждая ячейка каждой таблицы видна, в таблице или в строках друг под другом, каждая рядом с заголовком своего столбца.",
  "a11y.limits.heading": "Что ещё не соответствует",
  "a11y.limits.pdf":
    "PDF-документы. Новые PDF размечены тегами (заголовки, таблицы, списки, текстовое описание QR-кода, язык документа) по требованиям PDF/UA (ISO 14289), но ни один не проверен валидатором PDF/UA или программами экранного доступа. PDF, подписанный или выданный до 24 ноября 2026 года, остаётся таким, каким был, и не размечен (программа экранного доступа читает его плохо). Содержание каждого документа доступно и как веб-страница; по запросу мы пришлём его в другом формате.",
  "a11y.limits.providers":
    "Части других поставщиков: вход с e-ID и окно подписания договора предоставляют поставщики e-ID и подписания, и их доступность зависит от них. Если они мешают, сообщите нам: мы найдём другой способ.",
  "a11y.limits.assistive":
    "Пользователи программ экранного доступа (NVDA, JAWS, VoiceOver, TalkBack) и других вспомогательных средств ещё не пробовали сервис; автоматические тесты выполняются только в Chromium, не в Firefox и Safari.",
  "a11y.report.heading": "Сообщите о препятствии",
  "a11y.report.text":
    "Если что-то мешает пользоваться сервисом, напишите на <mail>{{email}}</mail>: на какой странице, что вы делали и каким браузером или вспомогательным средством пользуетесь. Мы ответим в течение 5 рабочих дней. Если препятствие нельзя устранить сразу, сообщим, когда оно будет устранено, и до тех пор поможем иначе, например пришлём документ в подходящем формате.",
  "a11y.enforcement.heading": "Если ответ вас не устраивает",
  "a11y.enforcement.text":
    "Надзор за выполнением требований доступности товаров и услуг осуществляет Департамент защиты прав потребителей и технического надзора (<et>Tarbijakaitse ja Tehnilise Järelevalve Amet</et>, TTJA): <web>www.ttja.ee</web>, <mail>info@ttja.ee</mail>.",
  "a11y.date": "Заявление составлено 24 ноября 2026 года и пересматривается после каждого существенного изменения.",
};
