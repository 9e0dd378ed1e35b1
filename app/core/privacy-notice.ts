/**
 * The privacy notice (GDPR art. 13, docs/decisions/0292): the same for everyone, a web page
 * (/privacy) and a PDF (/api/privacy-notice) from one model (app/core/documents/privacy-notice.ts).
 */
import type { Language } from "../lib/euro.js";
import { today, type Clock } from "./clock.js";
import type { Insurer } from "./config.js";
import { drawnOnceADay } from "./documents/drawn-once-a-day.js";
import { documentFileName, type DocModel, type RenderPdf } from "./documents/index.js";
import { privacyNoticeModel, type PrivacyNoticeDocument } from "./documents/privacy-notice.js";

export function privacyNoticeService(deps: { clock: Clock; insurer: Insurer; pdf: RenderPdf } & Pick<PrivacyNoticeDocument, "eid" | "signing" | "integrations">) {
  const { clock, pdf, ...facts } = deps;
  const forEveryone = drawnOnceADay(clock);
  return {
    /** The notice's model (its web page). */
    model(language: Language): DocModel {
      return privacyNoticeModel({ ...facts, language, at: clock.now(), date: today(clock) });
    },

    /** The notice's PDF: the same model, drawn. */
    async document(language: Language): Promise<{ bytes: Uint8Array; fileName: string }> {
      const bytes = await forEveryone(language, () => pdf(this.model(language), null));
      return { bytes, fileName: documentFileName("privacy", language) };
    },
  };
}
