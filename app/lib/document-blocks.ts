/**
 * What a document is made of (app/core/documents draws it into the PDF) and what its
 * accessible HTML version renders (app/components/document-view.tsx): types only, so the
 * browser needs nothing of the core.
 */
import type { Language } from "./euro";

export interface Column {
  /** Share of the content width. */
  width: number;
  align?: "left" | "right";
}

/** A link in a document: the web page's `<a>`; the PDF prints its text, and an in-app path after it. */
export interface DocLink {
  text: string;
  href: string;
}

/**
 * One piece of a document, drawn into the PDF and rendered as HTML alike. A paragraph's, a list
 * item's, a links item's or a field's value may mark an Estonian name in an English or Russian
 * text `<et>…</et>`: the web page gives it `lang="et"`, the PDF tags it as a span in Estonian.
 */
export type DocBlock =
  | { kind: "title"; text: string; subtitle: string }
  | { kind: "heading"; text: string; id?: string }
  | { kind: "paragraph"; text: string; small?: boolean }
  | { kind: "list"; items: string[] }
  /** A list whose items end in links: to the app's own pages (a path), an address (`mailto:`) or a site. */
  | { kind: "links"; items: Array<{ text: string; links: DocLink[] }> }
  | { kind: "fields"; rows: Array<{ label: string; value: string }> }
  | { kind: "table"; columns: Column[]; header?: string[]; rows: string[][]; total?: boolean }
  | { kind: "qr"; payload: string; caption: string };

/** A block as the HTML version shows it: the QR code as an SVG path instead of its text. */
export type HtmlDocBlock = Exclude<DocBlock, { kind: "qr" }> | { kind: "qr"; caption: string; size: number; path: string };

/** What the accessible HTML version of a document renders (serialisable loader data). */
export interface HtmlDocModel {
  language: Language;
  title: string;
  blocks: HtmlDocBlock[];
}
