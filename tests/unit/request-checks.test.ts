import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyLimit, checkFormFields, checkJson, checkUrl, nestedQueryName, parseFieldName, parseUrlencoded, QUESTIONNAIRE_LIMITS, REQUEST_LIMITS } from "~/http/request-checks";

const codeOf = (entries: Array<[string, string]>) => checkFormFields(entries)?.code ?? null;
const intent = (value: unknown): [string, string] => ["__intent__", JSON.stringify(value)];
const row = (i: number): Array<[string, string]> => [
  [`beneficiaries[${i}].name`, "Maasikas"],
  [`beneficiaries[${i}].idCode`, "49005150229"],
];

describe("field names", () => {
  it.each([
    ["idCode", ["idCode"]],
    ["beneficiaries[1].idCode", ["beneficiaries", 1, "idCode"]],
    ["content.smokingExtra.howMany", ["content", "smokingExtra", "howMany"]],
    ["a[0][1]", ["a", 0, 1]],
  ])("%s is a name", (name, segments) => expect(parseFieldName(name)).toEqual(segments));

  it.each(["", "[0]", ".a", "a.", "a..b", "a[]", "a[x]", "a[0]b", "a.[0]", "a]", "x".repeat(REQUEST_LIMITS.nameLength + 1)])("%j is not", (name) =>
    expect(parseFieldName(name)).toBeNull(),
  );
});

describe("form fields", () => {
  it("what our forms send passes: a full list, repeated checkboxes, an insert and a remove", () => {
    const list = Array.from({ length: 10 }, (_, i) => row(i)).flat();
    expect(codeOf(list)).toBeNull();
    expect(codeOf([["services", "MENTAL"], ["services", "PHYSIO"], ["intent", "save"]])).toBeNull();
    expect(codeOf([...list, intent({ type: "insert", payload: { name: "beneficiaries", defaultValue: { type: "P", name: "" } } })])).toBeNull();
    expect(codeOf([...list, intent({ type: "remove", payload: { name: "beneficiaries", index: 3 } })])).toBeNull();
    expect(codeOf([["a", "line one\r\nline two\tend"]])).toBeNull();
  });

  it("a list index at or past the bound, a gap, or a name repeated past it is refused", () => {
    expect(codeOf(row(REQUEST_LIMITS.listItems))).toBe("error.list_too_long");
    expect(codeOf([...row(0), ...row(2)])).toBe("error.list_too_long");
    expect(codeOf(row(1))).toBe("error.list_too_long");
    expect(codeOf(Array.from({ length: REQUEST_LIMITS.listItems + 1 }, (): [string, string] => ["services", "MENTAL"]))).toBe("error.list_too_long");
    expect(codeOf([["a[5000].b", "x"]])).toBe("error.list_too_long");
  });

  it("too many fields, prototype keys, control characters and malformed names are refused", () => {
    expect(codeOf(Array.from({ length: REQUEST_LIMITS.fields + 1 }, (_, i): [string, string] => [`f${i}`, ""]))).toBe("error.too_many_fields");
    for (const name of ["__proto__", "a.__proto__.b", "constructor", "a.prototype"]) expect(codeOf([[name, "x"]])).toBe("error.invalid_field");
    expect(codeOf([["a[b]", "x"]])).toBe("error.invalid_field");
    expect(codeOf([["name", "Jaan\u0000"]])).toBe("error.control_characters");
    expect(codeOf([["name", "\u001b[31m"]])).toBe("error.control_characters");
    expect(codeOf([["na\nme", "x"]])).toBe("error.control_characters");
    // The C1 controls too (a terminal's CSI, NEL); the letters after them are kept.
    for (const c1 of ["\u0080", "\u0085", "\u009b", "\u009f"]) expect(codeOf([["occupation", `a${c1}31mb`]])).toBe("error.control_characters");
    expect(codeOf([["na\u009bme", "x"]])).toBe("error.control_characters");
    expect(codeOf([["name", "Jõgi\u00a0Ülle\r\n\t"]])).toBeNull();
  });

  it.each([
    ["not JSON", "{"],
    ["null", "null"],
    ["an unknown type", JSON.stringify({ type: "explode", payload: {} })],
    ["no payload", JSON.stringify({ type: "validate" })],
    ["an extra key", JSON.stringify({ type: "validate", payload: {}, x: 1 })],
    ["an unknown payload key", JSON.stringify({ type: "remove", payload: { name: "beneficiaries", index: 0, x: 1 } })],
    ["a remove without an index", JSON.stringify({ type: "remove", payload: { name: "beneficiaries" } })],
    ["an index past the bound", JSON.stringify({ type: "remove", payload: { name: "beneficiaries", index: 5000 } })],
    ["a negative index", JSON.stringify({ type: "reorder", payload: { name: "beneficiaries", from: -1, to: 0 } })],
    ["a prototype path", JSON.stringify({ type: "remove", payload: { name: "__proto__.x", index: 0 } })],
    ["a list intent on a text field", JSON.stringify({ type: "remove", payload: { name: "beneficiaries[0].name", index: 0 } })],
    ["a list intent on an object", JSON.stringify({ type: "insert", payload: { name: "beneficiaries[0]" } })],
    ["an update of the whole form with text", JSON.stringify({ type: "update", payload: { value: "x" } })],
    ["a value with a prototype key", '{"type":"update","payload":{"name":"a","value":{"__proto__":{"x":1}}}}'],
  ])("an intent with %s is refused", (_, value) => {
    expect(codeOf([...row(0), ["__intent__", value]])).toBe("error.invalid_intent");
  });

  it("conform's state field must be a JSON object whose validated fields are marked true or false", () => {
    expect(codeOf([["__state__", "{"]])).toBe("error.invalid_intent");
    expect(codeOf([["__state__", "{}"]])).toBeNull();
    expect(codeOf([["__state__", '{"validated":{}}']])).toBeNull();
    expect(codeOf([["__state__", '{"validated":{"beneficiaries[0].name":true,"email":false}}']])).toBeNull();
    for (const validated of ['"x"', "1", "true", "null", "[true]", '{"email":"yes"}', '{"email":{"a":true}}']) {
      expect(codeOf([["__state__", `{"validated":${validated}}`]]), validated).toBe("error.invalid_intent");
    }
  });
});

describe("JSON bodies", () => {
  it("bounds depth and lists, refuses prototype keys and control characters", () => {
    expect(checkJson({ beneficiaries: [{ name: "Mari" }] })).toBeNull();
    expect(checkJson({ a: Array.from({ length: REQUEST_LIMITS.listItems + 1 }, () => 1) })?.code).toBe("error.list_too_long");
    let deep: unknown = 1;
    for (let i = 0; i <= REQUEST_LIMITS.depth + 1; i++) deep = { a: deep };
    expect(checkJson(deep)?.code).toBe("error.invalid_json");
    expect(checkJson(JSON.parse('{"a":{"constructor":{"prototype":1}}}'))?.code).toBe("error.invalid_field");
    expect(checkJson({ name: "a\u0000" })?.code).toBe("error.control_characters");
    expect(checkJson({ occupation: "a\u009b31mb" })?.code).toBe("error.control_characters");
    expect(checkJson({ ["a\u0085"]: "x" })?.code).toBe("error.invalid_field");
    expect(checkJson({ name: "Õie\u00a0Šõr" })).toBeNull();
  });

  it("refuses half a surrogate pair in a value or a key, keeps a whole pair", () => {
    expect(checkJson(JSON.parse('{"name":"Mari \\ud83d\\ude00"}'))).toBeNull();
    expect(checkJson(JSON.parse('{"name":"x\\ud800"}'))?.code).toBe("error.invalid_json");
    expect(checkJson(JSON.parse('{"name":"\\udfffx"}'))?.code).toBe("error.invalid_json");
    expect(checkJson(JSON.parse('{"list":["\\ud800\\ud800\\udc00"]}'))?.code).toBe("error.invalid_json");
    expect(checkJson(JSON.parse('{"\\udc00":1}'))?.code).toBe("error.invalid_json");
  });
});

describe("URLs and urlencoded bodies", () => {
  it.each(["/", "/login?src=sportclub&life=100000", "/%C3%B5un", "/self-service/score/12?x=a+b%20c"])("%s passes", (url) => expect(checkUrl(url)).toBeNull());
  it.each(["/%E0%A4%A", "/a%00b", "/a%0Ab", "/a%C2%9Bb", "/x?q=%C2%85", "/x?q=%zz", "/x?q=%00", "/x?%ff", "/?_data=root", "/x.data?a=1&_data"])("%s is refused", (url) => expect(checkUrl(url)?.code).toBe("error.invalid_path"));

  it("a path as deep or as long as the limits passes, one segment or character more does not; so for a query value that is a path", () => {
    const deep = (n: number) => "/a".repeat(n);
    expect(checkUrl(deep(REQUEST_LIMITS.pathSegments))).toBeNull();
    expect(checkUrl(deep(REQUEST_LIMITS.pathSegments + 1))?.code).toBe("error.invalid_path");
    expect(checkUrl(`/${"a".repeat(REQUEST_LIMITS.pathChars - 1)}`)).toBeNull();
    expect(checkUrl(`/${"a".repeat(REQUEST_LIMITS.pathChars)}`)?.code).toBe("error.invalid_path");
    // Escaped slashes count once decoded (a path in a query value comes escaped).
    expect(checkUrl(`/x${"%2Fa".repeat(REQUEST_LIMITS.pathSegments)}`)?.code).toBe("error.invalid_path");
    const manifest = (path: string) => `/__manifest?version=abc&p=${encodeURIComponent(path)}`;
    expect(checkUrl(manifest(deep(REQUEST_LIMITS.pathSegments)))).toBeNull();
    expect(checkUrl(manifest(deep(REQUEST_LIMITS.pathSegments + 1)))?.code).toBe("error.invalid_path");
    expect(checkUrl(`/login?redirectTo=${encodeURIComponent(`/${"b".repeat(REQUEST_LIMITS.pathChars)}`)}`)?.code).toBe("error.invalid_path");
    // Slashes in a value that is not a path are text.
    expect(checkUrl(`/x?q=${"a/".repeat(40)}`)).toBeNull();
  });

  it("decodes strictly", () => {
    expect(parseUrlencoded("a=1&b=x+y&c=%C3%B5&d")).toEqual([["a", "1"], ["b", "x y"], ["c", "õ"], ["d", ""]]);
    expect(parseUrlencoded("a=%zz")).toBeNull();
    expect(parseUrlencoded("a=%C3%28")).toBeNull();
  });
});

describe("query names (docs/decisions/0267)", () => {
  it.each([
    ["age=40&life=1", null],
    ["age=40&life[x]=1", "life"],
    ["life[]=1&age.a=2", "life"],
    ["age=40&%5Bx%5D=1", ""],
    ["packages%5B0%5D=MENTAL", "packages"],
    ["x]=1", "x"],
  ])("%s: %s", (query, nested) => {
    expect(nestedQueryName(new URLSearchParams(query))).toBe(nested);
  });

  it("names a query nested exactly when one of its names holds a bracket or a dot (generated)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 4 })), { maxLength: 6 }), (pairs) => {
        const nested = pairs.find(([name]) => /[.[\]]/.test(name));
        expect(nestedQueryName(new URLSearchParams(pairs))).toBe(nested ? nested[0].split(/[.[\]]/)[0] : null);
      }),
      { seed: 20_260_302, numRuns: 500 },
    );
  });
});

describe("the body limit of an address (decision 0401)", () => {
  it("gives the questionnaire's page, its single fetch, its /api and the session's draft their larger limit, as the routers match them", () => {
    for (const path of ["/questionnaire", "/questionnaire/", "/Questionnaire", "/questionnaire.data", "/session", "/api/onboarding/questionnaire", "/API/onboarding/questionnaire/"]) {
      expect(bodyLimit("form", path), path).toBe(QUESTIONNAIRE_LIMITS.formBytes);
      expect(bodyLimit("json", path), path).toBe(QUESTIONNAIRE_LIMITS.jsonBytes);
    }
    for (const path of ["/", "/beneficiaries", "/questionnaire/x", "/questionnaires", "/api/onboarding/questionnaire/required-type", "//questionnaire"]) {
      expect(bodyLimit("form", path), path).toBe(REQUEST_LIMITS.formBytes);
      expect(bodyLimit("json", path), path).toBe(REQUEST_LIMITS.jsonBytes);
    }
  });
});
