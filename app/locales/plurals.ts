/**
 * The plural forms a counted string needs: i18next's suffixes, chosen by `Intl.PluralRules`
 * of the page's language from the `count` it is given (on the server by i18next, in the
 * browser by app/lib/translator.ts). Estonian and English have `_one` and `_other`; Russian
 * also `_few` and `_many` ("1 балл", "2 балла", "5 баллов", "21 балл", "94 балла"). A module
 * writes its Estonian strings with `_one`/`_other` and types its Russian ones as
 * `WithRussianPlurals<typeof et>`, so a missing Russian form does not compile;
 * tests/unit/plurals.test.ts checks every language's forms against its plural rules.
 */
export type WithRussianPlurals<T> = { [K in keyof T as K extends `${infer Base}_one` ? K | `${Base}_few` | `${Base}_many` : K]: string };
