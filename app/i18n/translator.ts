/**
 * The translator pages render with (docs/decisions/0042-first-visit-javascript.md, 0235): the
 * few i18next features our strings use, over the page language's flat strings, instead of
 * i18next and react-i18next (about 19 KB gzip on every first visit, and most of i18next's
 * cost per call on the server). The browser makes it over the language's JSON asset, the
 * server over the same strings, for the render, loaders and actions alike (translatorFor in
 * app/i18n/i18next.server.ts, docs/decisions/0242). tests/unit/translator.test.ts holds
 * every string of every language to i18next's answer.
 *
 * Supported: `{{name}}` interpolation (a placeholder without a value stays, as in i18next), plurals by
 * `count` with `_zero` … `_other` suffixes (Intl.PluralRules), `context` (`key_context`),
 * `defaultValue`. Not supported (the test fails when a string needs them): nesting `$t(…)`
 * and formats `{{value, number}}`.
 */
export type TranslateOptions = Record<string, unknown> & { count?: number; context?: string; defaultValue?: string };
export type Translate = (key: string, options?: TranslateOptions) => string;

const PLACEHOLDER = /\{\{([^{}]+)\}\}/g;

/** A string cut at its placeholders: `texts` around them (one more than the placeholders), each placeholder as written and the value's name. */
interface Template {
  texts: string[];
  placeholders: string[];
  names: string[];
}

function templateOf(text: string): Template {
  const template: Template = { texts: [], placeholders: [], names: [] };
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    template.texts.push(text.slice(from, match.index));
    template.placeholders.push(match[0]);
    template.names.push(match[1].replace(/^-/, "").trim());
    from = match.index! + match[0].length;
  }
  template.texts.push(text.slice(from));
  return template;
}

/** Most plural counts a translator remembers the category of (counts are few: days, items, answers). */
const KEPT_COUNTS = 500;

export function createTranslator(language: string, strings: Readonly<Record<string, string>>): Translate {
  let plurals: Intl.PluralRules | undefined;
  const categories = new Map<number, string>();
  const category = (count: number): string => {
    let kept = categories.get(count);
    if (kept === undefined) {
      plurals ??= new Intl.PluralRules(language);
      kept = plurals.select(count);
      if (categories.size < KEPT_COUNTS) categories.set(count, kept);
    }
    return kept;
  };
  // Each of the language's strings is cut at its placeholders once, when first filled in (a
  // regular expression and a callback per call cost a page's render a tenth of a millisecond).
  const templates = new Map<string, Template>();
  const find = (key: string, options: TranslateOptions | undefined): string | undefined => {
    const base = options?.context !== undefined && options.context !== "" ? `${key}_${options.context}` : key;
    if (typeof options?.count === "number") {
      const suffixed = (options.count === 0 ? strings[`${base}_zero`] : undefined) ?? strings[`${base}_${category(options.count)}`];
      if (suffixed !== undefined) return suffixed;
    }
    return strings[base] ?? (base === key ? undefined : strings[key]);
  };
  return (key, options) => {
    const found = find(key, options);
    const text = found ?? options?.defaultValue ?? key;
    if (!options || !text.includes("{{")) return text;
    let template = templates.get(text);
    if (!template) {
      template = templateOf(text);
      // Only the language's own strings are kept: a default value or a missing key may be anything.
      if (found !== undefined) templates.set(text, template);
    }
    let filled = template.texts[0];
    for (let i = 0; i < template.names.length; i++) {
      const value = options[template.names[i]];
      filled += (value === undefined ? template.placeholders[i] : value === null ? "" : String(value)) + template.texts[i + 1];
    }
    return filled;
  };
}
