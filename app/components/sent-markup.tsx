/**
 * Parts of a page only the server renders from data the browser is not handed (docs/decisions/0299,
 * 0309): on a request for the whole page a loader leaves them for the server's render
 * (app/http/page.server.ts `pagePart`), and while the browser hydrates it keeps the markup it was
 * sent (React leaves an element's inner HTML it is given alone) until a later load of the page's
 * data brings them. Static markup only: links and text, nothing the browser acts on.
 */
import { createContext, useContext, useId, useState, type ReactNode } from "react";
import type { HtmlDocModel } from "~/lib/document-blocks";
import type { ShownEarlierContract } from "~/lib/earlier-contract";
import type { ShownAccessLog } from "~/lib/my-data";

/** The markup sent in the element `id`, read once while the browser hydrates the page. */
export function sentMarkup(id: string): { html: string; lang: string } | null {
  const sent = typeof document === "undefined" ? null : document.getElementById(id);
  return sent ? { html: sent.innerHTML, lang: sent.lang } : null;
}

/**
 * The parts loaders leave for the server's render alone: a document page's document
 * (app/components/document-view.tsx, docs/decisions/0299), the data page's earlier contracts
 * and access log (docs/decisions/0309).
 */
export interface PageParts {
  document: HtmlDocModel | null;
  earlier: ShownEarlierContract[] | null;
  log: ShownAccessLog | null;
}

/** No part left for the server's render (a client navigation, or a page that leaves none). */
export const NO_PARTS: PageParts = { document: null, earlier: null, log: null };

const ServerParts = createContext<PageParts>(NO_PARTS);
export const ServerPartsProvider = ServerParts.Provider;

/** `part` as the server's render of the whole page has it (null in the browser). */
export const useServerPart = <K extends keyof PageParts>(part: K): PageParts[K] => useContext(ServerParts)[part];

/** `part` drawn by `children` from the page's data, or from the server's render; in the browser's hydration, the markup sent. */
export function SentOnce<K extends keyof PageParts>({ part, data, children }: { part: K; data: PageParts[K]; children: (shown: NonNullable<PageParts[K]>) => ReactNode }) {
  const id = useId();
  const server = useServerPart(part);
  const shown = data ?? server;
  const [sent] = useState(() => (shown ? null : sentMarkup(id)));
  if (!shown) return <div id={id} dangerouslySetInnerHTML={{ __html: sent?.html ?? "" }} />;
  return <div id={id}>{children(shown as NonNullable<PageParts[K]>)}</div>;
}
