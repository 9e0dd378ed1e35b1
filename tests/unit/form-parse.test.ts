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
