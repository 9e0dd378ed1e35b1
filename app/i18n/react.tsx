/**
 * Translations in components: `useTranslation()` and `Trans`, the part of react-i18next's
 * API our components use, over a `t` the entry provides: the small translator of
 * app/i18n/translator.ts on both sides (entry.server.tsx, entry.client.tsx, decision 0235).
 * Both render with this one module, so the markup is the same on both
 * sides (docs/decisions/0042-first-visit-javascript.md).
 */
import { Children, cloneElement, createContext, isValidElement, useContext, type ReactElement, type ReactNode } from "react";
import type { Translate, TranslateOptions } from "./translator";

export type { Translate, TranslateOptions } from "./translator";

export interface Translation {
  t: Translate;
  i18n: {
    language: string;
    /** The URL of the language's translations asset (app/i18n/locales-asset.server.ts). */
    resourcesUrl?: string;
  };
}

const TranslationContext = createContext<Translation | null>(null);

export const TranslationProvider = TranslationContext.Provider;

export function useTranslation(): Translation {
  const translation = useContext(TranslationContext);
  if (!translation) throw new Error("useTranslation outside TranslationProvider");
  return translation;
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A translation with markup: each `<name>…</name>` in the string becomes `components[name]`
 * with the tag's text as its children (after interpolation, as react-i18next's `Trans`).
 */
export function Trans(props: { i18nKey: string; t?: Translate; values?: TranslateOptions; components?: Record<string, ReactElement> }) {
  const own = useTranslation().t;
  const text = (props.t ?? own)(props.i18nKey, props.values);
  return <>{withComponents(text, props.components ?? {})}</>;
}

function withComponents(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match;
    const component = components[name];
    if (!isValidElement(component)) continue;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    nodes.push(cloneElement(component, { key: nodes.length }, ...Children.toArray(withComponents(inner, components))));
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
