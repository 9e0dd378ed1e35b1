/**
 * Translations of the analytics consent: the banner, the settings page and the footer link
 * (app/components/analytics-consent.tsx, app/routes/privacy.analytics.tsx,
 * docs/decisions/0095), all three languages side by side.
 */
export const et = {
  "title.analytics_consent": "analüütika seaded",
  "consent.banner.heading": "Analüütika ja sinu privaatsus",
  "consent.banner.text":
    "Kas lubad meil mõõta, kuidas liitumist kasutatakse (milliste sammudeni jõutakse), et seda ja oma reklaami paremaks teha? Enne sinu nõusolekut ei saadeta midagi. Sinu e-posti aadressi, telefoninumbrit ja nime ei saadeta kunagi sellisena, nagu need on, vaid ainult pöördumatu koodina (SHA-256 räsi).",
  "consent.banner.more": "Loe lähemalt",
  "consent.accept": "Luban analüütika",
  "consent.decline": "Ei luba",
  "consent.saved.granted": "Salvestatud: analüütika on lubatud.",
  "consent.saved.denied": "Salvestatud: analüütikat ei kasutata.",
  "consent.saved.change": "Valikut saad muuta analüütika seadetes.",
  "consent.settings.link": "Analüütika seaded",
  "consent.settings.heading": "Analüütika seaded",
  "consent.settings.intro":
    "Sinu nõusolekul teatame veebilehe analüütikale (Google Tag Manageri andmekihile), kui alustad liitumist, logid sisse, lõpetad sammu või registreerid konto. Konto registreerimisel lisatakse sinu e-posti aadress, telefoninumber ja nimi ainult SHA-256 räsina, mida reklaamiplatvormid kasutavad reklaami tulemuste mõõtmiseks; sellisena, nagu need on, ei lahku need meie serverist.",
  "consent.settings.default": "Kuni sa pole valinud, analüütikat ei kasutata. Sinu valik jääb selles brauseris meelde kuueks kuuks, siis küsime uuesti.",
  "consent.settings.current.granted": "Praegu: analüütika on lubatud.",
  "consent.settings.current.denied": "Praegu: analüütikat ei kasutata (keeldusid).",
  "consent.settings.current.none": "Praegu: sa pole veel valinud, seega analüütikat ei kasutata.",
  "consent.settings.saved": "Sinu valik on salvestatud.",
  "error.analytics_consent.choice": "Vali, kas lubad analüütika või mitte.",
} as const;

export const en: Record<keyof typeof et, string> = {
  "title.analytics_consent": "analytics settings",
  "consent.banner.heading": "Analytics and your privacy",
  "consent.banner.text":
    "May we measure how the sign-up is used (which steps people reach) to improve it and our advertising? Nothing is sent before you agree. Your e-mail address, phone number and name are never sent as they are, only as a one-way code (a SHA-256 hash).",
  "consent.banner.more": "Read more",
  "consent.accept": "Allow analytics",
  "consent.decline": "Do not allow",
  "consent.saved.granted": "Saved: analytics is allowed.",
  "consent.saved.denied": "Saved: no analytics.",
  "consent.saved.change": "You can change this in the analytics settings.",
  "consent.settings.link": "Analytics settings",
  "consent.settings.heading": "Analytics settings",
  "consent.settings.intro":
    "With your consent we tell the website's analytics (the Google Tag Manager data layer) when you start the sign-up, sign in, complete a step or register your account. When you register, your e-mail address, phone number and name are added only as SHA-256 hashes, which advertising platforms use to measure their ads; as they are, they never leave our server.",
  "consent.settings.default": "Until you choose, no analytics is used. Your choice is remembered in this browser for six months; then we ask again.",
  "consent.settings.current.granted": "Now: analytics is allowed.",
  "consent.settings.current.denied": "Now: no analytics (you declined).",
  "consent.settings.current.none": "Now: you have not chosen yet, so no analytics is used.",
  "consent.settings.saved": "Your choice is saved.",
  "error.analytics_consent.choice": "Choose whether you allow analytics or not.",
};

export const ru: Record<keyof typeof et, string> = {
  "title.analytics_consent": "настройки аналитики",
  "consent.banner.heading": "Аналитика и ваша конфиденциальность",
  "consent.banner.text":
    "Разрешите нам измерять, как используется оформление (до каких шагов доходят посетители), чтобы улучшать его и нашу рекламу? До вашего согласия ничего не отправляется. Ваши адрес e-mail, номер телефона и имя никогда не отправляются как есть, только в виде необратимого кода (хеша SHA-256).",
  "consent.banner.more": "Подробнее",
  "consent.accept": "Разрешить аналитику",
  "consent.decline": "Не разрешать",
  "consent.saved.granted": "Сохранено: аналитика разрешена.",
  "consent.saved.denied": "Сохранено: аналитика не используется.",
  "consent.saved.change": "Изменить выбор можно в настройках аналитики.",
  "consent.settings.link": "Настройки аналитики",
  "consent.settings.heading": "Настройки аналитики",
  "consent.settings.intro":
    "С вашего согласия мы сообщаем аналитике сайта (слою данных Google Tag Manager), когда вы начинаете оформление, входите в систему, завершаете шаг или регистрируете учётную запись. При регистрации ваши адрес e-mail, номер телефона и имя передаются только в виде хешей SHA-256, по которым рекламные платформы измеряют результаты рекламы; как есть они не покидают наш сервер.",
  "consent.settings.default": "Пока вы не сделали выбор, аналитика не используется. Ваш выбор запоминается в этом браузере на шесть месяцев, затем мы спросим снова.",
  "consent.settings.current.granted": "Сейчас: аналитика разрешена.",
  "consent.settings.current.denied": "Сейчас: аналитика не используется (вы отказались).",
  "consent.settings.current.none": "Сейчас: вы ещё не сделали выбор, поэтому аналитика не используется.",
  "consent.settings.saved": "Ваш выбор сохранён.",
  "error.analytics_consent.choice": "Выберите, разрешаете ли вы аналитику.",
};
