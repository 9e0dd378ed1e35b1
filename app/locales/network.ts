/**
 * Translations of the bad-network and session-limit pieces (app/components/request-failure.tsx,
 * app/components/session-timer.tsx), all three languages side by side.
 */
export const et = {
  "error.offline": "Tundub, et sul pole praegu internetiühendust. Sinu sisestatud andmed on alles: proovi uuesti, kui ühendus on taastunud.",
  "error.request_unknown": "Sinu sisestatud andmed on alles. Me ei tea, kas päring jõudis meieni: saada see uuesti – midagi ei salvestata kaks korda.",
  "form.logout.confirm": "Logi välja salvestamata",
  "form.logout.offline.heading": "Sa ei ole välja logitud",
  "form.logout.offline.text": "Tundub, et sul pole praegu internetiühendust, seega väljalogimine ei jõudnud meieni ja sa oled endiselt sisse logitud. Proovi uuesti, kui ühendus on taastunud. Seni ära jäta seda seadet järelevalveta.",
  "form.logout.offline.close": "Sulge",
  "session.warning.idle": "Sinu seanss lõpeb kell {{time}}, sest oled olnud tegevuseta. Kas soovid jätkata?",
  "session.warning.absolute": "Sinu seanss lõpeb kell {{time}}: seanss kestab kõige rohkem ööpäeva. Salvesta vorm enne seda. Sisestatud andmed jäävad alles ka pärast uuesti sisselogimist.",
  "session.extend": "Jätka seanssi",
  "session.warning.close": "Selge",
  "session.note": "Kui sa vormi ei saada, lõpeb seanss kell {{time}} (30 minutit pärast viimast päringut), hiljemalt {{date}} kell {{end}}. Pärast seda palutakse sul uuesti sisse logida; saadetud andmed jäävad alles.",
  "session.ended": "Sinu seanss lõppes. Logi uuesti sisse: sinu sisestatud andmed on alles ja ootavad vormis.",
  "session.ended_unsaved": "Sa ei ole sisse logitud (seanss lõppes või logisid teises aknas välja), seega saadetud andmeid ei salvestatud. Logi uuesti sisse ja saada need uuesti.",
  "form.notice.not_saved": "Saadetud andmeid ei salvestatud: see leht ei ole enam muudetav, sest sinu taotlus või leping on vahepeal edasi liikunud (näiteks teises aknas). Siin on selle praegune seis.",
} as const;

export const en: Record<keyof typeof et, string> = {
  "error.offline": "You seem to be offline. What you typed is kept: try again when the connection is back.",
  "error.request_unknown": "What you typed is kept. We cannot tell whether your request reached us: send it again – nothing is saved twice.",
  "form.logout.confirm": "Sign out without saving",
  "form.logout.offline.heading": "You are not signed out",
  "form.logout.offline.text": "You seem to be offline, so the sign-out did not reach us and you are still signed in. Try again when the connection is back. Until then, do not leave this device unattended.",
  "form.logout.offline.close": "Close",
  "session.warning.idle": "Your session ends at {{time}} because you have been inactive. Do you want to continue?",
  "session.warning.absolute": "Your session ends at {{time}}: a session lasts one day at most. Save the form before then. What you typed is also kept after you sign in again.",
  "session.extend": "Continue the session",
  "session.warning.close": "OK",
  "session.note": "If you do not send the form, your session ends at {{time}} (30 minutes after the last request), at the latest on {{date}} at {{end}}. You will then be asked to sign in again; what you sent is kept.",
  "session.ended": "Your session ended. Sign in again: what you typed is kept and waits in the form.",
  "session.ended_unsaved": "You are not signed in (your session ended, or you signed out in another window), so what you sent was not saved. Sign in and send it again.",
  "form.notice.not_saved": "What you sent was not saved: that page can no longer be changed, because your application or contract has moved on meanwhile (in another window, for example). This is where it stands now.",
};

export const ru: Record<keyof typeof et, string> = {
  "error.offline": "Похоже, сейчас нет подключения к интернету. Введённые данные сохранены: попробуйте снова, когда связь восстановится.",
  "error.request_unknown": "Введённые данные на месте. Неизвестно, дошёл ли запрос до нас: отправьте его ещё раз – ничего не будет сохранено дважды.",
  "form.logout.confirm": "Выйти без сохранения",
  "form.logout.offline.heading": "Вы не вышли из системы",
  "form.logout.offline.text": "Похоже, сейчас нет подключения к интернету, поэтому запрос на выход до нас не дошёл и вы по-прежнему в системе. Попробуйте снова, когда связь восстановится. До тех пор не оставляйте это устройство без присмотра.",
  "form.logout.offline.close": "Закрыть",
  "session.warning.idle": "Ваш сеанс завершится в {{time}}, так как вы были неактивны. Хотите продолжить?",
  "session.warning.absolute": "Ваш сеанс завершится в {{time}}: сеанс длится не более суток. Сохраните форму до этого. Введённые данные сохранятся и после повторного входа.",
  "session.extend": "Продолжить сеанс",
  "session.warning.close": "Понятно",
  "session.note": "Если вы не отправите форму, сеанс завершится в {{time}} (через 30 минут после последнего запроса), не позднее {{date}} в {{end}}. Затем нужно будет войти снова; отправленные данные сохранятся.",
  "session.ended": "Ваш сеанс завершился. Войдите снова: введённые данные сохранены и ждут в форме.",
  "session.ended_unsaved": "Вы не вошли в систему (сеанс завершился или вы вышли в другом окне), поэтому отправленные данные не сохранены. Войдите снова и отправьте их ещё раз.",
  "form.notice.not_saved": "Отправленные данные не сохранены: эту страницу больше нельзя изменить, так как ваше заявление или договор тем временем продвинулись дальше (например, в другом окне). Здесь показано их текущее состояние.",
};
