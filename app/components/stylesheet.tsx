/**
 * The page's stylesheet: inline on a browser's first visit, with a prefetch of the file for the
 * next; linked once the browser has it (app/http/stylesheet.server.ts, docs/decisions/0324).
 *
 * Only the server decides. The browser renders the root's two elements as a returning visit has
 * them (an empty <style>, the file linked) and hydration keeps what the server sent: React leaves
 * an element's inner HTML it is given alone, and does not patch an attribute that differs (the
 * link's `rel`); nor does a later render, whose props are those of the browser's first. Were the
 * elements ever made anew in the browser, the link would load the file: styled either way.
 */
import { createContext, useContext } from "react";

/** The server's render: the stylesheet's text to inline, or null to link it (none in the browser). */
const InlineStylesheet = createContext<string | null>(null);
export const InlineStylesheetProvider = InlineStylesheet.Provider;
export const useInlineStylesheet = () => useContext(InlineStylesheet);
