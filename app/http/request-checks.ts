/**
 * The shapes a request may have before any route sees it (ARCHITECTURE.md "Limits before
 * work"): pure checks of the URL, of form fields and of JSON bodies. Each answers null (fine)
 * or the problem, with the status and the i18n code the answer carries. The rules reject only
 * what our own pages and a well-behaved /api client never send, so a customer's typing is
 * never refused by them (docs/decisions/0020-request-limits.md).
 */

export const REQUEST_LIMITS = {
  /** A page form (urlencoded or multipart): the largest of ours is a few kilobytes. */
  formBytes: 64 * 1024,
  /** A JSON body of /api (docs/api.md). */
  jsonBytes: 100 * 1024,
  /** Fields in one form post. */
  fields: 300,
  /** Characters of a field name. */
  nameLength: 200,
  /**
   * Items of any list (an indexed field, a repeated field, a JSON array): ours hold at most
   * 10 (beneficiaries), and a page that shows a list renders each item with its errors.
   */
  listItems: 12,
  /** Nesting of a JSON body or a conform intent's value. */
  depth: 8,
  /**
   * Characters of a request's path, and its segments (a path-like query value's too, such as
   * the route discovery's `p`): ours have at most 6 segments and under 100 characters. Remix
   * matches every prefix of an unknown path while it renders the 404, so its work grows with
   * segments × length: 7 900 segments held a process for 6–10 s.
   */
  pathChars: 1024,
  pathSegments: 16,
} as const;

/**
 * The one form whose valid answer outgrows those limits (decision 0401): the long health
 * questionnaire, 62 texts of up to 1 000 characters (SUB_TEXT_MAX). In the widest character a
 * text may hold (three bytes of UTF-8, nine percent-escaped) its page form is about 560 KB and
 * its /api JSON about 190 kB; tests/integration/request-limits.test.ts sends exactly that. Its
 * page (and the page's single-fetch `.data`), its /api address and SESSION_PATH (where the page's
 * form is posted whole as a draft: the language switch, the session's end) get these, every other
 * body the limits above.
 */
export const QUESTIONNAIRE_LIMITS = { formBytes: 640 * 1024, jsonBytes: 400 * 1024 } as const;
const QUESTIONNAIRE_PATHS = new Set(["/questionnaire", "/questionnaire.data", "/api/onboarding/questionnaire", "/session"]);

/**
 * The most bytes a body of `kind` posted to `path` may have. The path as the routers match it:
 * Express's and Remix's ignore case and a trailing slash (a form posts to its page's address as
 * the customer typed it).
 */
export function bodyLimit(kind: "json" | "form", path: string): number {
  const routed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  const limits = QUESTIONNAIRE_PATHS.has(routed.toLowerCase()) ? QUESTIONNAIRE_LIMITS : REQUEST_LIMITS;
  return kind === "json" ? limits.jsonBytes : limits.formBytes;
}

export type ProblemStatus = 400 | 408 | 413 | 415 | 417 | 431;
export interface RequestProblem {
  status: ProblemStatus;
  code: string;
}

const problem = (status: ProblemStatus, code: string): RequestProblem => ({ status, code });
export const PROBLEMS = {
  tooLarge: problem(413, "error.payload_too_large"),
  timeout: problem(408, "error.request_timeout"),
  mediaType: problem(415, "error.unsupported_media_type"),
  malformed: problem(400, "error.malformed_body"),
  invalidJson: problem(400, "error.invalid_json"),
  path: problem(400, "error.invalid_path"),
  field: problem(400, "error.invalid_field"),
  fields: problem(400, "error.too_many_fields"),
  list: problem(400, "error.list_too_long"),
  intent: problem(400, "error.invalid_intent"),
  control: problem(400, "error.control_characters"),
  /** Refused by Node's parser before any route (app/http/http-server.server.ts). */
  headersTooLarge: problem(431, "error.headers_too_large"),
  badRequest: problem(400, "error.bad_request"),
  expectation: problem(417, "error.expectation_failed"),
} as const;

/**
 * C0 controls, DEL and the C1 controls (U+0080–U+009F: the CSI of a terminal's escapes among
 * them, NEL too): never in a name or a path. No keyboard types a C1 control; a form in UTF-8
 * sends none.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** In a value: the same, except tab and line breaks (a textarea sends CR LF). */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Keys that reach an object's prototype when code merges input into objects. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Half of a UTF-16 surrogate pair on its own: only a JSON escape (`"\\ud800"`) can make one
 * (percent-escapes and form bytes are decoded as strict UTF-8). It is no character: PostgreSQL
 * refuses it inside JSON (a 500 where a customer's text is kept as JSON), and elsewhere it
 * would be stored as U+FFFD, not as sent.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const hasControl = (text: string) => CONTROL.test(text);
const hasControlInText = (text: string) => CONTROL_IN_TEXT.test(text);

/** Decodes a percent-encoded component strictly (valid escapes, valid UTF-8), or null. */
function decodeStrict(component: string, plusIsSpace = false): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? component.replace(/\+/g, " ") : component);
  } catch {
    return null;
  }
}

/**
 * The request target (path and query, as sent): every escape must decode to UTF-8 and
 * nothing may decode to a control character (a NUL would otherwise reach PostgreSQL); the
 * path, and a query value that is a path, no longer or deeper than REQUEST_LIMITS allows; no
 * `_data` parameter.
 */
export function checkUrl(target: string): RequestProblem | null {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (path.length > REQUEST_LIMITS.pathChars) return PROBLEMS.path;
  const decodedPath = decodeStrict(path);
  if (decodedPath === null || hasControl(decodedPath) || tooDeep(decodedPath)) return PROBLEMS.path;
  if (query !== -1) {
    for (const pair of target.slice(query + 1).split("&")) {
      const decoded = decodeStrict(pair, true);
      if (decoded === null || hasControlInText(decoded)) return PROBLEMS.path;
      // Remix's data requests before single fetch: no page of ours sends one, and Remix answers
      // it with an error it logs (and an empty page or an English message).
      if (decoded === "_data" || decoded.startsWith("_data=")) return PROBLEMS.path;
      const value = decoded.slice(decoded.indexOf("=") + 1);
      if (value.startsWith("/") && (value.length > REQUEST_LIMITS.pathChars || tooDeep(value))) return PROBLEMS.path;
    }
  }
  return null;
}

/** More segments than any address of ours has (REQUEST_LIMITS.pathSegments). */
function tooDeep(path: string): boolean {
  let slashes = 0;
  for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) if (++slashes > REQUEST_LIMITS.pathSegments) return true;
  return false;
}

/** An application/x-www-form-urlencoded body as entries, or null when an escape or its UTF-8 is broken. */
export function parseUrlencoded(body: string): Array<[string, string]> | null {
  const entries: Array<[string, string]> = [];
  if (!body) return entries;
  for (const pair of body.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = decodeStrict(eq === -1 ? pair : pair.slice(0, eq), true);
    const value = decodeStrict(eq === -1 ? "" : pair.slice(eq + 1), true);
    if (name === null || value === null) return null;
    entries.push([name, value]);
  }
  return entries;
}

export type PathSegment = string | number;

/**
 * A field name in conform's syntax (`beneficiaries[1].idCode`, `content.smoking`) as
 * segments, or null when it is not one. Empty brackets (`list[]`) are not ours either.
 */
export function parseFieldName(name: string): PathSegment[] | null {
  if (!name || name.length > REQUEST_LIMITS.nameLength) return null;
  const token = /([^.[\]]+)|\[(\d+)\]/g;
  const segments: PathSegment[] = [];
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = token.exec(name))) {
    // A key may follow the previous token after one dot; an index follows it directly.
    const gap = match.index - last;
    if (segments.length === 0 && match[2] !== undefined) return null;
    const dotted = gap === 1 && name[last] === "." && match[1] !== undefined && segments.length > 0;
    if (gap !== 0 && !dotted) return null;
    if (gap === 0 && match[1] !== undefined && segments.length > 0) return null;
    segments.push(match[1] !== undefined ? match[1] : Number(match[2]));
    last = token.lastIndex;
  }
  return last === name.length ? segments : null;
}

const formatPath = (segments: readonly PathSegment[]) =>
  segments.reduce<string>((path, s) => (typeof s === "number" ? `${path}[${s}]` : path ? `${path}.${s}` : s), "");

/** What is wrong with a name's segments: a key that reaches a prototype, or an index beyond the list bound. */
function segmentProblem(segments: readonly PathSegment[]): RequestProblem | null {
  for (const s of segments) {
    if (typeof s === "number") {
      if (!Number.isSafeInteger(s) || s >= REQUEST_LIMITS.listItems) return PROBLEMS.list;
    } else if (FORBIDDEN_KEYS.has(s) || hasControl(s)) {
      return PROBLEMS.field;
    }
  }
  return null;
}

/** conform's reserved fields: the list and validation buttons' intent, and its state. */
const INTENT_FIELD = "__intent__";
const STATE_FIELD = "__state__";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A parsed JSON value's problem: too deep, a list too long, a prototype key, a control character or a lone surrogate. */
export function checkJson(value: unknown, depth = 0): RequestProblem | null {
  if (depth > REQUEST_LIMITS.depth) return PROBLEMS.invalidJson;
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? PROBLEMS.invalidJson : hasControlInText(value) ? PROBLEMS.control : null;
  if (Array.isArray(value)) {
    if (value.length > REQUEST_LIMITS.listItems) return PROBLEMS.list;
    for (const item of value) {
      const found = checkJson(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length > REQUEST_LIMITS.fields) return PROBLEMS.fields;
    for (const key of keys) {
      if (LONE_SURROGATE.test(key)) return PROBLEMS.invalidJson;
      if (FORBIDDEN_KEYS.has(key) || hasControl(key)) return PROBLEMS.field;
      const found = checkJson((value as Record<string, unknown>)[key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

const parseJson = (text: string): { value: Json } | null => {
  try {
    return { value: JSON.parse(text) as Json };
  } catch {
    return null;
  }
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isIndex = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < REQUEST_LIMITS.listItems;

/**
 * conform's state as its hidden field writes it: `{"validated":{"<field>":true}}`. Conform
 * marks fields validated in that object when it shows the form again, so anything but an
 * object there (`{"validated":"x"}`) threw.
 */
const isFormState = (v: unknown) =>
  isRecord(v) && (v.validated === undefined || (isRecord(v.validated) && Object.values(v.validated).every((mark) => typeof mark === "boolean")));

/**
 * conform's intents and which payload keys each takes (@conform-to/dom 1.x): the buttons
 * of a list (insert, remove, reorder) and of validation (validate, update, reset).
 */
const INTENTS: Record<string, { required: string[]; optional: string[] }> = {
  validate: { required: [], optional: ["name"] },
  update: { required: [], optional: ["name", "index", "value"] },
  reset: { required: [], optional: ["name", "index"] },
  insert: { required: ["name"], optional: ["index", "defaultValue"] },
  remove: { required: ["name", "index"], optional: [] },
  reorder: { required: ["name", "from", "to"], optional: [] },
};
const LIST_INTENTS = new Set(["insert", "remove", "reorder"]);

/**
 * A conform intent as its buttons write it, checked against the posted field names: a list
 * intent must name a list (not a field holding text or an object), as conform would
 * otherwise throw while the page is answered.
 */
function checkIntent(raw: string, names: ReadonlySet<string>): RequestProblem | null {
  const parsed = parseJson(raw);
  if (!parsed || !isRecord(parsed.value)) return PROBLEMS.intent;
  const { type, payload, ...rest } = parsed.value;
  const shape = typeof type === "string" && Object.hasOwn(INTENTS, type) ? INTENTS[type] : null;
  if (!shape || !isRecord(payload) || Object.keys(rest).length) return PROBLEMS.intent;
  const keys = Object.keys(payload);
  if (shape.required.some((k) => !keys.includes(k)) || keys.some((k) => !shape.required.includes(k) && !shape.optional.includes(k))) {
    return PROBLEMS.intent;
  }
  for (const key of ["index", "from", "to"]) {
    if (key in payload && !isIndex(payload[key])) return PROBLEMS.intent;
  }
  for (const key of ["value", "defaultValue"]) {
    if (key in payload && checkJson(payload[key], 1)) return PROBLEMS.intent;
  }
  if ("name" in payload) {
    if (typeof payload.name !== "string") return PROBLEMS.intent;
    const segments = payload.name === "" && !LIST_INTENTS.has(type as string) ? [] : parseFieldName(payload.name);
    if (!segments || segmentProblem(segments)) return PROBLEMS.intent;
    // The target and every ancestor must be a list or an object in the posted fields.
    const target = formatPath(segments);
    for (let i = 1; i <= segments.length; i++) {
      if (i < segments.length || LIST_INTENTS.has(type as string)) {
        if (names.has(formatPath(segments.slice(0, i)))) return PROBLEMS.intent;
      }
    }
    if (LIST_INTENTS.has(type as string) && [...names].some((n) => n.startsWith(`${target}.`))) return PROBLEMS.intent;
  } else if (type === "update" && !isRecord(payload.value)) {
    // Without a name an update replaces the whole form's value: only an object can.
    return PROBLEMS.intent;
  }
  return null;
}

/**
 * A form post's fields: bounded in number, names in conform's syntax without prototype keys,
 * lists within the bound and without gaps (our lists are rendered from index 0 on, so a gap
 * is never sent by a browser; without this rule one field `list[5000].x` made the page
 * render 5 001 rows), no control characters, and conform's intent well formed.
 */
export function checkFormFields(entries: ReadonlyArray<readonly [string, string]>): RequestProblem | null {
  if (entries.length > REQUEST_LIMITS.fields) return PROBLEMS.fields;
  const names = new Set<string>();
  const repeats = new Map<string, number>();
  const lists = new Map<string, Set<number>>();
  let intent: string | null = null;
  for (const [name, value] of entries) {
    if (hasControl(name) || hasControlInText(value)) return PROBLEMS.control;
    if (name === INTENT_FIELD || name === STATE_FIELD) {
      if (name === INTENT_FIELD) {
        if (intent !== null) return PROBLEMS.intent;
        intent = value;
      } else {
        const state = parseJson(value);
        if (!state || !isFormState(state.value) || checkJson(state.value)) return PROBLEMS.intent;
      }
      continue;
    }
    const segments = parseFieldName(name);
    if (!segments) return PROBLEMS.field;
    const found = segmentProblem(segments);
    if (found) return found;
    const count = (repeats.get(name) ?? 0) + 1;
    if (count > REQUEST_LIMITS.listItems) return PROBLEMS.list;
    repeats.set(name, count);
    names.add(name);
    segments.forEach((s, i) => {
      if (typeof s !== "number") return;
      const list = formatPath(segments.slice(0, i));
      let indexes = lists.get(list);
      if (!indexes) lists.set(list, (indexes = new Set()));
      indexes.add(s);
    });
  }
  for (const indexes of lists.values()) {
    if (Math.max(...indexes) !== indexes.size - 1) return PROBLEMS.list;
  }
  return intent === null ? null : checkIntent(intent, names);
}

/** A query parameter's name that is not one plain name: a bracket or a dot in it (`life[x]`, `life[]`, `age.a`). */
const NESTING = /[.[\]]/;

/**
 * A query's first nested name, as the parameter it nests under (`life[x]` → `life`; `""` when
 * nothing comes before its bracket or dot), or null when every name is plain. Our queries
 * (the /api's, the landing page's quote form) are plain names only, and each reader takes a
 * nested one its own way: Express's qs makes `life[x]` an object, conform's parse drops a name
 * it cannot read (`life[x]`, `age[a]`) and makes `life[]` or `packages[0]` a list, so such a
 * name was priced as if absent. docs/decisions/0267-plain-query-names.md.
 */
export function nestedQueryName(search: URLSearchParams): string | null {
  for (const name of search.keys()) {
    const nested = nestsUnder(name);
    if (nested !== null) return nested;
  }
  return null;
}

/**
 * A GET form's query as conform's `parse` may read it: its plain names only, conform's reserved
 * fields left out. A query is not checked before work as a body is (`checkFormFields`), and
 * conform reads what it gets: `__state__` or `__intent__` that is not its JSON threw (a 500),
 * and `x[9999999]=1` built a list of ten million entries that the refused form's reply then
 * showed back (30 s, 30 MB). No query of ours nests or carries conform's fields
 * (docs/decisions/0267, 0317); the reader refuses a nested name of its own parameters itself.
 */
export function plainQuery(search: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...search].filter(([name]) => nestsUnder(name) === null && name !== INTENT_FIELD && name !== STATE_FIELD));
}

/** The parameter a nested name nests under (`life[x]` → `life`), or null for a plain name. */
export function nestsUnder(name: string): string | null {
  const at = name.search(NESTING);
  return at === -1 ? null : name.slice(0, at);
}
