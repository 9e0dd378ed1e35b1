/**
 * A document's tables on its web page (app/components/document-view.tsx) on a 320 px screen
 * (docs/decisions/0281): a table of four or more columns (the beneficiaries, the premium by age)
 * stacks there, each body cell carrying its column's header to show beside it (app/styles/app.css
 * `.stack-table`); one of two or three columns stays a table, which fits. The pages themselves
 * at 320 px: tests/e2e/reflow.spec.ts.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { htmlToDOM, type DOMNode, type Element } from "html-react-parser";
import { describe, expect, it } from "vitest";
import { DocumentView } from "~/components/document-view";
import { htmlModel } from "~/core/documents/index";
import { resources } from "~/i18n/i18next.server";
import { TranslationProvider } from "~/i18n/react";
import { createTranslator } from "~/i18n/translator";
import type { Language } from "~/lib/euro";
import { DOCUMENTS } from "../support/document-models";

const LANGUAGES: Language[] = ["et", "en", "ru"];

// By the node's type: the parser's own copy of its node classes is not the one `instanceof` would test.
const isElement = (node: DOMNode): node is Element => node.type === "tag";
const elements = (nodes: DOMNode[], name: string): Element[] =>
  nodes.flatMap((node) => (isElement(node) ? [...(node.name === name ? [node] : []), ...elements(node.children as DOMNode[], name)] : []));
const textOf = (node: DOMNode): string => (node.type === "text" && "data" in node ? node.data : isElement(node) ? (node.children as DOMNode[]).map(textOf).join("") : "");

/** Each table of the page: stacked or not, its column headers, and each body row's cells' labels. */
function tablesOf(html: string) {
  return elements(htmlToDOM(html), "table").map((table) => {
    const headers = elements([table], "thead").flatMap((head) => elements([head], "th")).map(textOf);
    const rows = elements([table], "tbody").flatMap((body) => elements([body], "tr"));
    return {
      stacked: table.attribs.class.split(" ").includes("stack-table"),
      columns: elements([rows[0]], "th").length + elements([rows[0]], "td").length,
      headers,
      labels: rows.map((row) => (row.children as DOMNode[]).filter(isElement).map((cell) => cell.attribs["data-label"])),
    };
  });
}

function page(language: Language, build: (language: Language) => Parameters<typeof htmlModel>[0]): string {
  const view = createElement(DocumentView, { model: htmlModel(build(language)), level: 1, pdfHref: "/document.pdf", back: { href: "/offer", label: "back" } });
  return renderToStaticMarkup(createElement(TranslationProvider, { value: { t: createTranslator(language, resources[language].common), i18n: { language } } }, view));
}

describe("a document's tables on a narrow screen", () => {
  for (const language of LANGUAGES) {
    it(`stack from four columns, each cell with its column's header; fewer stay a table: every document in ${language}`, () => {
      const stackedOf: Record<string, number> = {};
      for (const [name, build] of Object.entries(DOCUMENTS)) {
        const tables = tablesOf(page(language, build));
        for (const table of tables) {
          if (table.columns >= 4) {
            expect(table.stacked, `${name}: a table of ${table.columns} columns`).toBe(true);
            expect(table.headers).toHaveLength(table.columns);
            for (const labels of table.labels) expect(labels, name).toEqual(table.headers);
          } else {
            expect(table.stacked, `${name}: a table of ${table.columns} columns`).toBe(false);
            for (const labels of table.labels) expect(labels, name).toEqual(labels.map(() => undefined));
          }
        }
        stackedOf[name] = tables.filter((table) => table.stacked).length;
      }
      // The beneficiaries; the premium by age (five columns in the schedule, four in the pre-contract information).
      expect(stackedOf).toEqual({
        application: 1,
        "payment schedule": 1,
        // Ended: no premium by age (nothing is renewed).
        "payment schedule, cancelled": 0,
        policy: 1,
        invoice: 0,
        "credit note": 0,
        "pre-contract information": 0,
        "pre-contract information of a customer": 1,
        "insurance conditions": 0,
        "confirmation of a withdrawal": 0,
      });
    });
  }
});
