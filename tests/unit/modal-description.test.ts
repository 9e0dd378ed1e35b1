/**
 * A modal's text is heard as it opens (app/components/form-shell.tsx `Modal`): focus goes
 * straight to a field or a button in it, so a screen reader said the dialog's heading and then
 * the control ("Kinnita pakkumine, dialog; Tugikood (valikuline), edit") and never the text
 * between them (the offer's monthly premium, why the page asks before leaving). The dialog is
 * described by its text's paragraphs, not by its fields.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Modal } from "~/components/form-shell";

/** The dialog's description as a screen reader takes it: the text of the elements aria-describedby names. */
function description(html: string): string {
  const ids = /<dialog[^>]*aria-describedby="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
  return ids.map((id) => new RegExp(`<p id="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>([^<]*)</p>`).exec(html)?.[1] ?? `(no element ${id})`).join(" ");
}

describe("a modal's description", () => {
  it("is its paragraphs, not the field after them", () => {
    const html = renderToStaticMarkup(
      h(Modal, { open: true, onClose: () => undefined, heading: "Kinnita pakkumine" }, [
        h("p", { key: "text" }, "Pärast kinnitamist allkirjastad lepingu digitaalselt. Kuumakse: 14,03 €."),
        h("label", { key: "label", htmlFor: "code" }, "Tugikood (valikuline)"),
        h("input", { key: "field", id: "code" }),
      ]),
    );
    expect(description(html)).toBe("Pärast kinnitamist allkirjastad lepingu digitaalselt. Kuumakse: 14,03 €.");
  });

  it("is every paragraph, in order, and nothing when there is none", () => {
    const two = renderToStaticMarkup(h(Modal, { open: true, onClose: () => undefined, heading: "H" }, [h("p", { key: 1 }, "Üks."), null, h("p", { key: 2 }, "Kaks.")]));
    expect(description(two)).toBe("Üks. Kaks.");
    const none = renderToStaticMarkup(h(Modal, { open: true, onClose: () => undefined, heading: "H" }, h("ul", null, h("li", null, "x"))));
    expect(none).not.toContain("aria-describedby");
  });
});
