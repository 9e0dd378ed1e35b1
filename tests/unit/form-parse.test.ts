/** The forms' conform adapter for zod's mini build (app/lib/form-parse.ts): conform's default coercion and error shape. */
import * as z from "zod/v4/mini";
import { describe, expect, it } from "vitest";
import { parseWithZod } from "~/lib/form-parse";
import { coerceFormValue } from "~/lib/zod-resolve";

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("coerceFormValue", () => {
  const schema = z.object({
    text: z.optional(z.string()),
    ticked: z._default(z.boolean(), false),
    count: z.optional(z.number()),
    tags: z.array(z.string()),
    rows: z._default(z.array(z.object({ name: z.optional(z.string()), on: z.optional(z.boolean()) })), []),
    piped: z.pipe(z.optional(z.string()), z.transform((v) => v ?? "none")),
    raw: z.optional(z.unknown()),
  });

  it("reads texts as conform does: empty is no value, 'on' is true, numbers, one value is a list of one", () => {
    expect(coerceFormValue(schema, { text: "", ticked: "on", count: "12", tags: "a", rows: [{ name: "", on: "on" }], piped: "", raw: "" })).toEqual({
      ticked: true,
      count: 12,
      tags: ["a"],
      rows: [{ on: true }],
      raw: "",
    });
    expect(coerceFormValue(schema, {})).toEqual({ tags: [], rows: [] });
    expect(coerceFormValue(schema, { count: " ", tags: ["a", "b"] })).toEqual({ tags: ["a", "b"], rows: [] });
  });

  it("leaves values that are not form texts as they are", () => {
    expect(coerceFormValue(schema, { ticked: true, count: 3, tags: [], rows: [{ on: false }] })).toEqual({ ticked: true, count: 3, tags: [], rows: [{ on: false }] });
  });
});

describe("parseWithZod", () => {
  const schema = z
    .object({ name: z.string({ error: "error.required" }), rows: z.array(z.object({ share: z.string().check(z.regex(/^\d+$/, "error.share")) })) })
    .check((ctx) => {
      if (ctx.value.rows.length > 1) ctx.issues.push({ code: "custom", message: "error.too_many", input: ctx.value, path: ["rows"], continue: true });
    });

  it("gives the parsed value on success", () => {
    const submission = parseWithZod(form([["name", "Mari"], ["rows[0].share", "40"]]), { schema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ name: "Mari", rows: [{ share: "40" }] });
  });

  it("gives our messages under conform's field names", () => {
    const submission = parseWithZod(form([["rows[0].share", "x"], ["rows[1].share", "4"]]), { schema });
    expect(submission.reply().error).toEqual({ name: ["error.required"], "rows[0].share": ["error.share"] });
  });
});

describe("a list of rows posted as anything but rows", () => {
  const schema = z.object({
    tags: z.optional(z.array(z.string())),
    rows: z._default(z.array(z.object({ name: z.optional(z.string()), items: z.optional(z.array(z.object({ x: z.optional(z.string()) }))) })), []),
    nested: z.optional(z.object({ rows: z.optional(z.array(z.object({ y: z.optional(z.string()) }))) })),
  });
  const refusal = async (entries: Array<[string, string]>) => {
    try {
      parseWithZod(form(entries), { schema });
      return null;
    } catch (thrown) {
      const response = thrown as Response;
      return { status: response.status, ...((await response.json()) as { code: string }) };
    }
  };
  const update = (payload: object) => ["__intent__", JSON.stringify({ type: "update", payload })] as [string, string];

  it("is refused: a text, an object or an update's value where the rows are (conform would throw showing it)", async () => {
    expect(await refusal([["rows", "x"]])).toEqual({ status: 400, code: "error.invalid_field" });
    expect(await refusal([["rows.name", "x"]])).toEqual({ status: 400, code: "error.invalid_field" });
    expect(await refusal([["rows[0].items", "x"]])).toEqual({ status: 400, code: "error.invalid_field" });
    expect(await refusal([["nested.rows", "x"]])).toEqual({ status: 400, code: "error.invalid_field" });
    expect(await refusal([["rows[0].name", "a"], update({ name: "rows", value: 5 })])).toEqual({ status: 400, code: "error.invalid_intent" });
    expect(await refusal([update({ value: { rows: { a: 1 } } })])).toEqual({ status: 400, code: "error.invalid_intent" });
  });

  it("is refused: a field of one value sent twice (conform would read a list, which its rule calls missing)", async () => {
    expect(await refusal([["rows[0].name", "a"], ["rows[0].name", "b"]])).toEqual({ status: 400, code: "error.repeated_field" });
    expect(await refusal([["nested.rows[0].y", "a"], ["nested.rows[0].y", "b"]])).toEqual({ status: 400, code: "error.repeated_field" });
    expect(await refusal([["tags", "a"], ["tags", "b"]])).toBeNull();
  });

  it("is not: rows, no rows, one value for a list of texts, an update within a row", async () => {
    expect(await refusal([["rows[0].name", "a"], ["rows[1].items[0].x", "b"]])).toBeNull();
    expect(await refusal([])).toBeNull();
    expect(await refusal([["tags", "a"]])).toBeNull();
    expect(await refusal([["rows[0].name", "a"], update({ name: "rows[0].name", value: "b" })])).toBeNull();
  });
});
