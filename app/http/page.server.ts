/** Small helpers every page loader uses. */
import type { TranslationKey } from "../locales/et.js";
import { getT } from "../i18n/i18next.server.js";
import type { AppContext } from "./context.server.js";

/** `registration | Elukaitse` (SPEC.md section 1). */
export async function pageTitle(request: Request, context: AppContext, key: TranslationKey, values?: Record<string, string | number>): Promise<string> {
  const t = await getT(request);
  return `${t(key, values)} | ${context.config.productName}`;
}
