/**
 * The server renders every page with one i18next instance per language whose resources never
 * change while the process runs, and most `t("key")` calls have no options: their answer is
 * the same every time. i18next works it out anew on each call (options objects, namespace
 * and fallback resolution, interpolation, post-processing) for about a hundred calls a page,
 * a measurable part of a page's server time (docs/decisions/0040). This keeps each such
 * answer per instance; calls with any option of their own (count, values, defaultValue,
 * context) go to i18next as before.
 */
import type { i18n as I18n } from "i18next";

/** The options react-i18next's fixed `t` adds to every call, none of them the caller's. */
const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

export function memoiseSimpleT(instance: I18n): I18n {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const answers = new Map<string, unknown>();
  const language = instance.language;
  const defaultNS = instance.options.defaultNS;
  const plain = (options: unknown): boolean => {
    if (options === undefined) return true;
    if (typeof options !== "object" || options === null) return false;
    const given = options as Record<string, unknown>;
    for (const name in given) {
      if (!FIXED_T_OPTIONS.has(name)) return false;
    }
    if (given.lng !== undefined && given.lng !== language) return false;
    if (given.lngs !== undefined || given.keyPrefix) return false;
    const ns = given.ns;
    return ns === undefined || ns === defaultNS || (Array.isArray(ns) && ns.length === 1 && ns[0] === defaultNS);
  };
  const memoised = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length > 0 || !plain(options)) return translate(key, options, ...rest);
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = translate(key);
      answers.set(key, answer);
    }
    return answer;
  }) as unknown as I18n["t"];
  instance.t = memoised;
  return instance;
}
