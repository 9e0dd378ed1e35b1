/**
 * What a page's server render makes once and keeps (patches of @remix-run/react,
 * react-router-dom and @conform-to/react, docs/decisions/0237): Remix's route table once per
 * build, React Router's data routes once per table, and conform's metadata of a field once
 * per form state and one field per name in a fieldset (0242), the names a render reads
 * gathered in place (0239). These tests load the copies the server loads (the CommonJS builds) and show
 * that the render answers as before and that what is kept is really kept.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const React = require("react") as typeof import("react");
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
const { RemixServer, Outlet, useLoaderData } = require("@remix-run/react") as typeof import("@remix-run/react");
const { createStaticHandler } = require("@remix-run/router") as typeof import("@remix-run/router");
const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
const { useForm } = require("@conform-to/react") as typeof import("@conform-to/react");

const h = React.createElement;

/** A file of conform's React package as installed (both builds are patched: `.js` and `.mjs`). */
const conformFile = (file: string) => path.join(path.dirname(require.resolve("@conform-to/react")), file);

/** A build of two routes, as the Remix compiler describes it, whose modules count how often Remix reads them. */
function build() {
  const reads = { root: 0, "routes/page": 0 };
  const module = (id: keyof typeof reads, Component: () => React.ReactElement) => ({
    default: Component,
    get handle() {
      reads[id]++;
      return { id };
    },
  });
  const manifest = {
    entry: { module: "/build/entry.client.js", imports: [] },
    url: "/build/manifest.js",
    version: "1",
    routes: {
      root: { id: "root", path: "", module: "/build/root.js", hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false },
      "routes/page": { id: "routes/page", parentId: "root", path: "page", module: "/build/page.js", hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false },
    },
  };
  const modules = {
    root: module("root", () => h("main", null, h(Outlet))),
    "routes/page": module("routes/page", () => h("p", null, String(useLoaderData()))),
  };
  const handler = createStaticHandler([
    { id: "root", path: "", children: [{ id: "routes/page", path: "page", loader: ({ request }) => new URL(request.url).searchParams.get("say") }] },
  ]);
  /** One request's render, as @remix-run/server-runtime makes its context (a new modules object each time). */
  async function render(url: string): Promise<string> {
    const staticHandlerContext = await handler.query(new Request(url));
    if (staticHandlerContext instanceof Response) throw new Error("not a page");
    const context = {
      manifest,
      routeModules: { ...modules },
      staticHandlerContext,
      future: FUTURE,
      isSpaMode: false,
      serverHandoffString: "{}",
      renderMeta: {},
    };
    return renderToString(h(RemixServer, { context: context as never, url }));
  }
  return { render, reads };
}
const FUTURE = { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_singleFetch: false, v3_lazyRouteDiscovery: true };

describe("the route table of a page's render (patched @remix-run/react and react-router-dom)", () => {
  it("renders every request's own data from a table made once per build", async () => {
    const { render, reads } = build();
    expect(await render("https://x/page?say=first")).toContain("<main><p>first</p></main>");
    expect(await render("https://x/page?say=second")).toContain("<main><p>second</p></main>");
    expect(await render("https://x/page?say=third")).toContain("<main><p>third</p></main>");
    // Remix reads a module's handle when it makes the table: once, not again for each request.
    expect(reads).toEqual({ root: 1, "routes/page": 1 });
  });

  it("makes the table again for another build (a new manifest, as in development)", async () => {
    const one = build();
    const other = build();
    await one.render("https://x/page?say=a");
    await other.render("https://x/page?say=b");
    expect(other.reads["routes/page"]).toBe(1);
  });

  it("keeps React Router's data routes per routes array, with the request's own matches", async () => {
    const routes = [{ id: "root", path: "", children: [{ id: "page", path: "page", loader: () => "x" }] }];
    const handler = createStaticHandler(routes);
    const first = await handler.query(new Request("https://x/page"));
    const second = await handler.query(new Request("https://x/page?again"));
    if (first instanceof Response || second instanceof Response) throw new Error("not a page");
    const a = createStaticRouter(routes, first);
    const b = createStaticRouter(routes, second);
    expect(b.routes).toBe(a.routes);
    expect(b.state.location.search).toBe("?again");
    expect(b.state.matches.map((m) => m.route)).toEqual([b.routes[0], b.routes[0].children![0]]);
    expect(createStaticRouter([...routes], second).routes).not.toBe(a.routes);
  });
});

/** Proxies made since the count was last reset (conform's fields and their metadata are Proxies). */
const proxies = { made: 0 };

/** `element` rendered with every Proxy made counted in `proxies.made`. */
function renderCountingProxies(element: React.ReactElement) {
  const RealProxy = globalThis.Proxy;
  globalThis.Proxy = new RealProxy(RealProxy, {
    construct(target, args) {
      proxies.made++;
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    renderToString(element);
  } finally {
    globalThis.Proxy = RealProxy;
  }
}

describe("a field's metadata (patched @conform-to/react)", () => {
  it("is made once per form state, however many of its properties a render reads", () => {
    let read: Record<string, unknown> = {};
    function Form() {
      const [, fields] = useForm<{ email: string }>({ id: "f", defaultValue: { email: "a@b.ee" }, lastResult: { status: "error", error: { email: ["account.email.invalid"] } } });
      proxies.made = 0;
      const field = fields.email;
      read = { id: field.id, name: field.name, errorId: field.errorId, value: field.initialValue, defaultValue: field.defaultValue, errors: field.errors, key: field.key, descriptionId: field.descriptionId };
      return h("p", null, String(proxies.made));
    }
    renderCountingProxies(h(Form));
    expect(read).toEqual({ id: "f-email", name: "email", errorId: "f-email-error", value: "a@b.ee", defaultValue: "a@b.ee", errors: ["account.email.invalid"], key: undefined, descriptionId: "f-email-description" });
    // The fieldset's field and its metadata; before the patch, one metadata for each of the eight reads and more.
    expect(proxies.made).toBeLessThanOrEqual(2);
  });

  it("is one field however often a render takes it from the fieldset (decision 0242)", () => {
    let seen: unknown[] = [];
    function Form() {
      const [, fields] = useForm<{ email: string; phone: string }>({ id: "f", defaultValue: { email: "a@b.ee", phone: "+372 5555 5555" } });
      proxies.made = 0;
      // As the score screen does: the same field taken in the summary, the question and its parts.
      seen = [fields.email.id, fields.email.initialValue, fields.email.errors, fields.phone.initialValue, fields.email === fields.email, fields.email === fields.phone];
      return h("p", null, String(proxies.made));
    }
    renderCountingProxies(h(Form));
    expect(seen).toEqual(["f-email", "a@b.ee", undefined, "+372 5555 5555", true, false]);
    // Each of the two fields and its metadata once; before, a new field (and metadata) for each of the seven takes.
    expect(proxies.made).toBe(4);
  });

  it.each(["context.js", "context.mjs"])("gathers the names a render reads in place, each once (%s, decision 0239)", async (file) => {
    // Both builds: the server's render loads the ES module one, a CommonJS require the other.
    const { updateSubjectRef } = (await import(pathToFileURL(conformFile(file)).href)) as {
      updateSubjectRef(ref: { current: Record<string, unknown> }, subject: string, scope?: string, name?: string): void;
    };
    const ref = { current: { pendingIntents: true } as Record<string, unknown> };
    for (const name of ["email", "phone", "email", "email", "phone"]) updateSubjectRef(ref, "error", "name", name);
    const errors = ref.current.error;
    updateSubjectRef(ref, "error", "prefix", "beneficiaries");
    updateSubjectRef(ref, "initialValue", "name", "email");
    updateSubjectRef(ref, "status");
    expect(ref.current).toEqual({
      pendingIntents: true,
      error: { name: ["email", "phone"], prefix: ["beneficiaries"] },
      initialValue: { name: ["email"] },
      status: true,
    });
    // The same lists, grown: not a copy of the subject and its list on every read.
    expect(ref.current.error).toBe(errors);
  });
});

describe("a field's metadata answered in the trap (patched @conform-to/react, decision 0247)", () => {
  type Ref = { current: Record<string, unknown> };
  type GetMetadata = (context: unknown, subjectRef: Ref, stateSnapshot: unknown, name?: string) => Record<string, unknown>;
  const state = {
    initialValue: { email: "a@b.ee", tags: ["x", "y"], agree: "on" },
    value: { email: "typed" },
    error: { email: ["e1"], "address.city": ["c1"], "address.zip": ["z1"], addresses: ["a"] },
    key: { email: "k1" },
    valid: { email: false },
    dirty: { email: true },
    constraint: {},
  };
  const context = { getFormId: () => "f", getState: () => state };
  const load = async (file: string) =>
    ((await import(pathToFileURL(conformFile(file)).href)) as { getMetadata: GetMetadata }).getMetadata;

  it.each(["context.js", "context.mjs"])("answers every property as conform's getters did (%s)", async (file) => {
    const getMetadata = await load(file);
    const email = getMetadata(context, { current: {} }, state, "email");
    expect(pick(email)).toEqual({
      id: "f-email",
      name: "email",
      errorId: "f-email-error",
      descriptionId: "f-email-description",
      defaultValue: "a@b.ee",
      defaultOptions: ["a@b.ee"],
      defaultChecked: undefined,
      initialValue: "a@b.ee",
      value: "typed",
      errors: ["e1"],
      key: "k1",
      valid: false,
      dirty: true,
    });
    const tags = getMetadata(context, { current: {} }, state, "tags");
    expect([tags.defaultValue, tags.defaultOptions, tags.defaultChecked]).toEqual(["x", ["x", "y"], undefined]);
    expect(getMetadata(context, { current: {} }, state, "agree").defaultChecked).toBe(true);
    // The errors under a name (not a name it is only the start of), and the form's: all of them.
    expect(getMetadata(context, { current: {} }, state, "address").allErrors).toEqual({ "address.city": ["c1"], "address.zip": ["z1"] });
    expect(getMetadata(context, { current: {} }, state).allErrors).toBe(state.error);
    expect(getMetadata(context, { current: {} }, state).id).toBe("f");
    const fieldset = (getMetadata(context, { current: {} }, state, "address").getFieldset as () => Record<string, Record<string, unknown>>)();
    expect([fieldset.city.name, fieldset.city.errors, fieldset.city === fieldset.city]).toEqual(["address.city", ["c1"], true]);
    // Nothing defined on the object itself any more: before the patch, thirteen getters per field.
    expect(Object.getOwnPropertyDescriptor(email, "errors")).toBeUndefined();
  });

  it.each(["context.js", "context.mjs"])("subscribes the render to what it read, as before, and a callback to nothing (%s)", async (file) => {
    const getMetadata = await load(file);
    const ref: Ref = { current: {} };
    const email = getMetadata(context, ref, state, "email");
    // defaultValue reads initialValue through the field itself, so that is what it subscribes to.
    void [email.defaultValue, email.errors, email.id, email.dirty];
    void getMetadata(context, ref, state, "address").allErrors;
    expect(ref.current).toEqual({ initialValue: { name: ["email"] }, error: { name: ["email"], prefix: ["address"] }, formId: true, dirty: { name: ["email"] } });
    const later: Ref = { current: {} };
    const read = getMetadata(context, later, { ...state }, "email");
    void [read.defaultValue, read.errors, read.id];
    expect(later.current).toEqual({});
  });
});

/** Every property of a field's metadata that conform documents, read one by one (the metadata is a Proxy). */
function pick(metadata: Record<string, unknown>) {
  const names = ["id", "name", "errorId", "descriptionId", "defaultValue", "defaultOptions", "defaultChecked", "initialValue", "value", "errors", "key", "valid", "dirty"];
  return Object.fromEntries(names.map((name) => [name, metadata[name]]));
}

describe("a control's props (patched @conform-to/react and @conform-to/dom, decision 0244)", () => {
  const metadata = { id: "f-email", name: "email", formId: "f", errorId: "f-email-error", required: true, errors: ["error.required"], valid: false, initialValue: "a@b.ee", maxLength: 60 };

  it.each(["helpers.js", "helpers.mjs"])("are what conform's own helpers answer, without an undefined key (%s)", async (file) => {
    const { getInputProps, getSelectProps } = (await import(pathToFileURL(conformFile(file)).href)) as typeof import("@conform-to/react");
    const input = getInputProps(metadata as never, { type: "email", ariaDescribedBy: "hint" });
    expect(Object.entries(input)).toEqual([
      ["required", true],
      ["id", "f-email"],
      ["name", "email"],
      ["form", "f"],
      ["aria-invalid", true],
      ["aria-describedby", "f-email-error hint"],
      ["type", "email"],
      ["maxLength", 60],
      ["defaultValue", "a@b.ee"],
    ]);
    expect(getSelectProps({ ...metadata, errors: undefined, valid: true, required: false } as never)).toEqual({ id: "f-email", name: "email", form: "f", defaultValue: "a@b.ee" });
  });

  it.each(["helpers.js", "helpers.mjs"])("stay fast objects for React to walk: made with Object.assign, the undefined keys left out, never deleted (%s)", (file) => {
    // V8 says whether an object kept its fast properties only to a process started with
    // --allow-natives-syntax; `delete` turns one into a slow dictionary.
    const script = `
      const { getInputProps } = await import(${JSON.stringify(pathToFileURL(conformFile(file)).href)});
      const props = getInputProps(${JSON.stringify(metadata)}, { type: "email" });
      process.stdout.write(String(%HasFastProperties(props)));`;
    const run = spawnSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("true");
  });
});
