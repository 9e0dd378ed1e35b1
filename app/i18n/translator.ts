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

export function createTranslator(language: string, strings: Readonly<Record<string, string>>): Translate {
  let plurals: Intl.PluralRules | undefined;
  const find = (key: string, options: TranslateOptions | undefined): string | undefined => {
    const base = options?.context !== undefined && options.context !== "" ? `${key}_${options.context}` : key;
    if (typeof options?.count === "number") {
      plurals ??= new Intl.PluralRules(language);
      const suffixed = (options.count === 0 ? strings[`${base}_zero`] : undefined) ?? strings[`${base}_${plurals.select(options.count)}`];
      if (suffixed !== undefined) return suffixed;
    }
    return strings[base] ?? (base === key ? undefined : strings[key]);
  };
  return (key, options) => {
    const text = find(key, options) ?? options?.defaultValue ?? key;
    if (!options || !text.includes("{{")) return text;
    return text.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = options[name.replace(/^-/, "").trim()];
      return value === undefined ? placeholder : value === null ? "" : String(value);
    });
  };
}
