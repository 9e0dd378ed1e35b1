/**
 * The demands-and-needs statement on the application (IDD art. 20(1), docs/decisions/0296):
 * what the customer chose in the sign-up, that the contract proposed is those choices, and that
 * no advice is given (art. 18).
 */
import type { WithRussianPlurals } from "./plurals";

export const et = {
  "needs.heading": "Sinu soovid ja vajadused",
  "needs.intro": "Selle liitumise käigus antud vastuste järgi soovid:",
  "needs.death": "elukindlustust {{amount}}, mis makstakse sinu surma korral sinu nimetatud soodustatud isikutele: {{beneficiaries}};",
  "needs.disability": "töövõimetuskindlustust {{amount}}, mis makstakse sulle, kui kaotad püsivalt töövõime;",
  "needs.disability.none": "töövõimetuskindlustust ei soovi;",
  "needs.services": "terviseteenuseid: {{services}};",
  "needs.services.none": "terviseteenuseid ei soovi;",
  "needs.term": "kaitset, mis kehtib aasta ja pikeneb aasta kaupa, kuni oled pikendamise päeval {{until}}-aastane või vanem (praegu oled {{age}});",
  "needs.premium": "maksta kuumakset {{amount}} igakuise arve alusel.",
  "needs.consistent": "Pakutav leping vastab neile soovidele: see kindlustab just need summad ja teenused, nende soodustatud isikute kasuks ja selle kuumaksega.",
  "needs.advice":
    "Me ei nõusta sind ega anna isiklikku soovitust. Me ei küsinud sinu sissetuleku, laenude ega pere kohta, seega ei hinda me, kas need summad on sulle piisavad: selle otsustad sina.",
};

export const en: Record<keyof typeof et, string> = {
  "needs.heading": "Your demands and needs",
  "needs.intro": "From what you told us in this sign-up, you want:",
  "needs.death": "life cover of {{amount}}, paid on your death to the beneficiaries you named: {{beneficiaries}};",
  "needs.disability": "disability cover of {{amount}}, paid to you if you permanently lose the capacity for work;",
  "needs.disability.none": "no disability cover;",
  "needs.services": "the health services: {{services}};",
  "needs.services.none": "no health services;",
  "needs.term": "cover for a year, renewed a year at a time until a renewal day on which you are {{until}} or older (you are {{age}} now);",
  "needs.premium": "to pay a monthly premium of {{amount}} by a monthly invoice.",
  "needs.consistent": "The contract proposed is consistent with these: it insures exactly these sums and services, for these beneficiaries, at this monthly premium.",
  "needs.advice":
    "We give you no advice (no personal recommendation). We did not ask about your income, loans or family, so we do not judge whether these sums are enough for you: that is your decision.",
};

export const ru: WithRussianPlurals<typeof et> = {
  "needs.heading": "Ваши требования и потребности",
  "needs.intro": "По вашим ответам при оформлении вы хотите:",
  "needs.death": "страхование жизни на {{amount}}, выплачиваемое в случае вашей смерти названным вами выгодоприобретателям: {{beneficiaries}};",
  "needs.disability": "страхование нетрудоспособности на {{amount}}, выплачиваемое вам, если вы навсегда потеряете трудоспособность;",
  "needs.disability.none": "без страхования нетрудоспособности;",
  "needs.services": "медицинские услуги: {{services}};",
  "needs.services.none": "без медицинских услуг;",
  "needs.term": "защиту на год с продлением на год, пока в день продления вам не будет {{until}} лет или больше (сейчас вам {{age}});",
  "needs.premium": "платить ежемесячный взнос {{amount}} по ежемесячному счёту.",
  "needs.consistent": "Предлагаемый договор им соответствует: он страхует именно эти суммы и услуги, в пользу этих выгодоприобретателей, за этот ежемесячный взнос.",
  "needs.advice":
    "Мы не консультируем и не даём личных рекомендаций. Мы не спрашивали о ваших доходах, кредитах или семье, поэтому не оцениваем, достаточны ли для вас эти суммы: это решаете вы.",
};
