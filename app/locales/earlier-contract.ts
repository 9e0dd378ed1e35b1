import type { WithRussianPlurals } from "./plurals";

/**
 * Translations of the data page's earlier contracts (docs/decisions/0272): the documents of a
 * contract that ended, kept while the customer signs up again; all three languages side by side.
 */

export const et = {
  "earlier.heading": "Sinu varasem leping {{policy}}",
  "earlier.ended.withdrawal": "Taganesid sellest lepingust {{on}}: see lõppes algusest peale ja esitatud arved on krediteeritud.",
  "earlier.heading.application": "Sinu varasem taotlus {{policy}}",
  "earlier.ended.application": "Võtsid selle taotluse tagasi {{on}}, enne riskihindaja otsust: lepingut ei sõlmitud ja arveid ei esitatud.",
  "earlier.ended.cancellation": "Ütlesid selle lepingu üles {{on}}, kindlustuskaitsega kuni {{date}}. Kuni selle päevani esitatud arved tuleb tasuda; pärast seda arveid ei tule.",
  "earlier.keep": "Hoia kinnitus alles: see tõendab lepingu lõppemist.",
  "earlier.invoices.heading": "Arved",
  "earlier.invoices.none": "Arveid ei esitatud.",
  "earlier.invoices.older_one": "Lisaks {{count}} varasem arve.",
  "earlier.invoices.older_other": "Lisaks {{count}} varasemat arvet.",
  "earlier.invoices.all": "Kõik selle lepingu arved ({{total}})",
  "earlier.invoices.list_heading": "Lepingu {{policy}} arved",
  "earlier.invoices.pages": "Arvete leheküljed",
  "earlier.invoice": "Arve {{pid}}",
  "earlier.invoice.details": "{{date}}, {{sum}}",
  "earlier.invoice.due": "tasuda hiljemalt {{date}}",
  "earlier.credit_note": "Kreeditarve {{pid}}",
  "earlier.credit_note.details": "{{date}}, arvele {{invoice}}, {{sum}}",
  "earlier.back": "Tagasi andmejälgija juurde",
};

export const en: Record<keyof typeof et, string> = {
  "earlier.heading": "Your earlier contract {{policy}}",
  "earlier.ended.withdrawal": "You withdrew from this contract on {{on}}: it ended from its start, and the invoices issued were credited.",
  "earlier.heading.application": "Your earlier application {{policy}}",
  "earlier.ended.application": "You withdrew this application on {{on}}, before the underwriter decided: no contract was concluded and nothing was invoiced.",
  "earlier.ended.cancellation": "You cancelled this contract on {{on}}, with cover until {{date}}. Invoices issued up to that day are payable; none is issued after it.",
  "earlier.keep": "Keep the confirmation: it is your proof that the contract ended.",
  "earlier.invoices.heading": "Invoices",
  "earlier.invoices.none": "No invoice was issued.",
  "earlier.invoices.older_one": "And {{count}} older invoice.",
  "earlier.invoices.older_other": "And {{count}} older invoices.",
  "earlier.invoices.all": "All invoices of this contract ({{total}})",
  "earlier.invoices.list_heading": "Invoices of contract {{policy}}",
  "earlier.invoices.pages": "Pages of invoices",
  "earlier.invoice": "Invoice {{pid}}",
  "earlier.invoice.details": "{{date}}, {{sum}}",
  "earlier.invoice.due": "to pay by {{date}}",
  "earlier.credit_note": "Credit note {{pid}}",
  "earlier.credit_note.details": "{{date}}, for invoice {{invoice}}, {{sum}}",
  "earlier.back": "Back to the data tracker",
};

export const ru: WithRussianPlurals<typeof et> = {
  "earlier.heading": "Ваш прежний договор {{policy}}",
  "earlier.ended.withdrawal": "Вы отказались от этого договора {{on}}: он прекращён с самого начала, а выставленные счета кредитованы.",
  "earlier.heading.application": "Ваше прежнее заявление {{policy}}",
  "earlier.ended.application": "Вы отозвали это заявление {{on}}, до решения андеррайтера: договор не был заключён, счета не выставлялись.",
  "earlier.ended.cancellation": "Вы расторгли этот договор {{on}}, страховая защита до {{date}}. Счета, выставленные до этого дня, подлежат оплате; после него счетов не будет.",
  "earlier.keep": "Сохраните подтверждение: оно доказывает, что договор прекращён.",
  "earlier.invoices.heading": "Счета",
  "earlier.invoices.none": "Счета не выставлялись.",
  "earlier.invoices.older_one": "И ещё {{count}} более ранний счёт.",
  "earlier.invoices.older_few": "И ещё {{count}} более ранних счёта.",
  "earlier.invoices.older_many": "И ещё {{count}} более ранних счетов.",
  "earlier.invoices.older_other": "И ещё {{count}} более ранних счёта.",
  "earlier.invoices.all": "Все счета по этому договору ({{total}})",
  "earlier.invoices.list_heading": "Счета по договору {{policy}}",
  "earlier.invoices.pages": "Страницы счетов",
  "earlier.invoice": "Счёт {{pid}}",
  "earlier.invoice.details": "{{date}}, {{sum}}",
  "earlier.invoice.due": "оплатить до {{date}}",
  "earlier.credit_note": "Кредитовый счёт {{pid}}",
  "earlier.credit_note.details": "{{date}}, к счёту {{invoice}}, {{sum}}",
  "earlier.back": "Назад к отслеживанию данных",
};
