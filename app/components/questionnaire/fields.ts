/** Field names of the questionnaire form as conform nests them (`content.smokingExtra.howMany`). */

/** The value at a dotted field name inside conform's nested initial value. */
export function valueAt(source: unknown, name: string): string {
  let node: unknown = source;
  for (const part of name.split(".")) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : "";
}

/** An element id for a dotted field name. */
export const idOf = (name: string) => `q-${name.replace(/\./g, "-")}`;
