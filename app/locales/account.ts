/** Translations of the account step, all three languages side by side. */
export const et = {} as const;

export const en: Record<keyof typeof et, string> = {};

export const ru: Record<keyof typeof et, string> = {};
