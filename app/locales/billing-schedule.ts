/**
 * Translations of the payment schedule as billed (issue 23 item 3, docs/decisions/0165): the
 * self-service schedule page's invoices issued, the payments to come and how they are set,
 * all three languages side by side.
 */
export const et = {
  "billing_schedule.heading": "Maksed ja arved",
  "billing_schedule.intro":
    "Allkirjastatud maksegraafik (allpool) näitab kõiki makseid lepingu sõlmimise päeva terviseboonusega ({{percent}}%). Iga arve summa arvutatakse arve kuupäeval kehtiva terviseboonusega, nii et arved võivad graafikust erineda. Siin on see, mida tegelikult maksad.",
  "billing_schedule.caption": "Esitatud arved ja tulevased maksed kuni {{date}}",
  "billing_schedule.date": "Kuupäev",
  "billing_schedule.discount": "Terviseboonus",
  "billing_schedule.sum": "Summa",
  "billing_schedule.invoice": "Arve",
  "billing_schedule.upcoming": "tulemas",
  "billing_schedule.percent": "{{value}}%",
  "billing_schedule.none": "Arveid ei ole esitatud ja sel lepinguaastal makseid enam ei tule.",
  "billing_schedule.how.heading": "Kuidas järgmised arved kujunevad",
  "billing_schedule.how.rule":
    "Iga arve on kuumakse, millest on maha arvatud terviseboonus: selle hindamisperioodi boonus, mille heaoluskoori olid arve kuupäevaks viimasena salvestanud. Boonus arvutatakse surma- ja töövõimetuskindlustuse maksetelt.",
  "billing_schedule.how.now.signed": "Järgmine arve arvestatakse lepingu sõlmimise terviseboonusega {{percent}}%.",
  "billing_schedule.how.now.period": "Järgmine arve arvestatakse {{date}} alanud perioodi terviseboonusega {{percent}}%.",
  "billing_schedule.how.change":
    "Tulevased summad on arvutatud praeguse boonusega. Kui salvestad jooksva perioodi heaoluskoori, kehtib uus boonus arvetele alates järgmisest arve kuupäevast.",
  "billing_schedule.how.score_link": "Heaoluskoori perioodid",
  "billing_schedule.periods.caption": "Terviseboonus hindamisperioodide kaupa",
  "billing_schedule.periods.period": "Periood",
  "billing_schedule.periods.score": "Heaoluskoor",
  "billing_schedule.periods.first": "Esimene arve selle boonusega",
  "billing_schedule.periods.signed": "Lepingu sõlmimisel",
  "billing_schedule.periods.from": "alates {{date}}",
  "billing_schedule.periods.none": "veel pole",
};

export const en: typeof et = {
  "billing_schedule.heading": "Payments and invoices",
  "billing_schedule.intro":
    "The payment schedule you signed (below) states every payment with the health dividends of the signing day ({{percent}}%). Each invoice is set with the health dividends in force on its own date, so your invoices can differ from it. This is what you pay.",
  "billing_schedule.caption": "Invoices issued and payments to come up to {{date}}",
  "billing_schedule.date": "Date",
  "billing_schedule.discount": "Health dividends",
  "billing_schedule.sum": "Sum",
  "billing_schedule.invoice": "Invoice",
  "billing_schedule.upcoming": "to come",
  "billing_schedule.percent": "{{value}}%",
  "billing_schedule.none": "No invoice has been issued and no more payments are due this policy year.",
  "billing_schedule.how.heading": "How the next invoices are set",
  "billing_schedule.how.rule":
    "Each invoice is the monthly premium less the health dividends of the latest score period whose wellness score you had saved by the invoice's date. The dividends are taken off the life and disability premiums.",
  "billing_schedule.how.now.signed": "Your next invoice is set with the health dividends at signing, {{percent}}%.",
  "billing_schedule.how.now.period": "Your next invoice is set with {{percent}}%, the health dividends of the period from {{date}}.",
  "billing_schedule.how.change":
    "The sums to come are at today's dividends. If you save the current period's wellness score, the new dividends apply from the next invoice date on.",
  "billing_schedule.how.score_link": "Wellness score periods",
  "billing_schedule.periods.caption": "Health dividends per score period",
  "billing_schedule.periods.period": "Period",
  "billing_schedule.periods.score": "Wellness score",
  "billing_schedule.periods.first": "First invoice with them",
  "billing_schedule.periods.signed": "At signing",
  "billing_schedule.periods.from": "from {{date}}",
  "billing_schedule.periods.none": "none yet",
};

export const ru: typeof et = {
  "billing_schedule.heading": "Платежи и счета",
  "billing_schedule.intro":
    "В подписанном графике платежей (ниже) все платежи указаны с бонусом за здоровье на день подписания ({{percent}}%). Каждый счёт рассчитывается с бонусом за здоровье, действующим на дату счёта, поэтому счета могут отличаться от графика. Здесь показано, что вы платите на самом деле.",
  "billing_schedule.caption": "Выставленные счета и предстоящие платежи до {{date}}",
  "billing_schedule.date": "Дата",
  "billing_schedule.discount": "Бонус за здоровье",
  "billing_schedule.sum": "Сумма",
  "billing_schedule.invoice": "Счёт",
  "billing_schedule.upcoming": "предстоит",
  "billing_schedule.percent": "{{value}}%",
  "billing_schedule.none": "Счета не выставлялись, и в этом году договора платежей больше нет.",
  "billing_schedule.how.heading": "Как рассчитываются следующие счета",
  "billing_schedule.how.rule":
    "Каждый счёт — это ежемесячный взнос за вычетом бонуса за здоровье того периода оценки, оценку благополучия за который вы сохранили последней к дате счёта. Бонус вычитается из взносов за страхование жизни и нетрудоспособности.",
  "billing_schedule.how.now.signed": "Следующий счёт рассчитывается с бонусом за здоровье на день подписания, {{percent}}%.",
  "billing_schedule.how.now.period": "Следующий счёт рассчитывается с бонусом {{percent}}% периода, начавшегося {{date}}.",
  "billing_schedule.how.change":
    "Предстоящие суммы рассчитаны с нынешним бонусом. Если вы сохраните оценку благополучия за текущий период, новый бонус будет действовать со следующей даты счёта.",
  "billing_schedule.how.score_link": "Периоды оценки благополучия",
  "billing_schedule.periods.caption": "Бонус за здоровье по периодам оценки",
  "billing_schedule.periods.period": "Период",
  "billing_schedule.periods.score": "Оценка благополучия",
  "billing_schedule.periods.first": "Первый счёт с этим бонусом",
  "billing_schedule.periods.signed": "При подписании",
  "billing_schedule.periods.from": "с {{date}}",
  "billing_schedule.periods.none": "пока нет",
};
