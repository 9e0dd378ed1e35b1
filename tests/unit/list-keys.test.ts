/**
 * Every item of a form's list has a key (docs/decisions/0334). A page rendered from the server's
 * answer to a post without JavaScript (a second beneficiary added, a row refused) shows the
 * answer's list, longer than the page's default: conform keyed only the default's items, so
 * React rendered the others by their index (and warned), and after hydration a row removed
 * above them could take another row's typed values with it.
 */
import { parse, useForm, type SubmissionResult } from "@conform-to/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

type Form = { people: Array<{ name: string }> };

function keysOf(defaultValue: Form, lastResult?: SubmissionResult<string[]>): Array<string | undefined> {
  let keys: Array<string | undefined> = [];
  function ListForm() {
    const [, fields] = useForm<Form>({ id: "list", defaultValue, lastResult });
    keys = fields.people.getFieldList().map((item) => item.key);
    return null;
  }
  renderToString(createElement(ListForm));
  return keys;
}

/** The server's answer to a post, as an action hands it back: a name shorter than two letters is refused. */
function answer(body: string): SubmissionResult<string[]> {
  const submission = parse<Form, string[]>(new URLSearchParams(body), {
    resolve: (value) => {
      const people = (value as Partial<Form>).people ?? [];
      const error = Object.fromEntries(people.flatMap((person, i) => ((person?.name ?? "").length < 2 ? [[`people[${i}].name`, ["error.too_short"]]] : [])));
      return Object.keys(error).length ? { error } : { value: { people } };
    },
  });
  return submission.reply();
}

describe("a form's list rendered from the server's answer", () => {
  it("keys every item the answer shows, each its own", () => {
    const keys = keysOf({ people: [{ name: "" }] }, answer("people[0].name=Mari&people[1].name=J&people[2].name=Jaan"));
    expect(keys).toHaveLength(3);
    expect(keys.every((key) => typeof key === "string" && key.length > 0)).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });

  it("keys an item added by the list's own button without JavaScript", () => {
    const insert = encodeURIComponent(JSON.stringify({ type: "insert", payload: { name: "people" } }));
    const keys = keysOf({ people: [{ name: "" }] }, answer(`people[0].name=Mari&__intent__=${insert}`));
    expect(keys).toHaveLength(2);
    expect(new Set(keys.filter(Boolean)).size).toBe(2);
  });

  it("keys the default's items when there is no answer", () => {
    const keys = keysOf({ people: [{ name: "" }, { name: "" }] });
    expect(new Set(keys.filter(Boolean)).size).toBe(2);
  });
});
