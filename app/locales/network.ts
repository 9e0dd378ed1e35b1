/**
 * Translations of the bad-network and session-limit pieces (app/components/request-failure.tsx,
 * app/components/session-timer.tsx), all three languages side by side.
 */
export const et = {
  "error.offline": "Tundub, et sul pole praegu internetiühendust. Sinu sisestatud andmed on alles: proovi uuesti, kui ühendus on taastunud.",
} as const;

export const en: Record<keyof typeof et, string> = {
  "error.offline": "You seem to be offline. What you typed is kept: try again when the connection is back.",
};

export const ru: Record<keyof typeof et, string> = {
  "error.offline": "Похоже, сейчас нет подключения к интернету. Введённые данные сохранены: попробуйте снова, когда связь восстановится.",
};
