/**
 * React's jsx() as the production build runs it (patches/react+18.3.1.patch, docs/decisions/
 * 0245): the props object the compiler passes becomes the element's props when it holds no key
 * or ref, as in React 19, instead of being copied key by key. Held here to the elements React's
 * own development build makes (not patched: it copies, checks and freezes) for any props, key
 * and ref, with and without default props.
 */
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
type Jsx = (type: unknown, config: Record<string, unknown>, maybeKey?: unknown) => { type: unknown; key: string | null; ref: unknown; props: Record<string, unknown> };
// The builds by their files (the package exports only the one its environment picks).
const react = path.dirname(require.resolve("react/package.json"));
const production = require(path.join(react, "cjs/react-jsx-runtime.production.min.js")) as { jsx: Jsx; jsxs: Jsx };
const development = require(path.join(react, "cjs/react-jsx-runtime.development.js")) as { jsx: Jsx };

function Plain() {
  return null;
}
function WithDefaults() {
  return null;
}
WithDefaults.defaultProps = { tone: "quiet", size: 2 };

const shape = (element: ReturnType<Jsx>) => ({ type: element.type, key: element.key, ref: element.ref, props: { ...element.props } });

describe("jsx() of the production build", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the compiler's props object as the element's props when it holds no key or ref", () => {
    const config = { className: "field", children: "text" };
    const element = production.jsx("div", config);
    // Copied before the patch: this fails on React 18.3.1 as published.
    expect(element.props).toBe(config);
    expect(production.jsxs("ul", config, "k").props).toBe(config);
  });

  it("still takes a spread key or ref out of the props", () => {
    const ref = { current: null };
    const element = production.jsx("input", { key: "a", ref, name: "email" });
    expect(element.key).toBe("a");
    expect(element.ref).toBe(ref);
    expect(element.props).toEqual({ name: "email" });
  });

  it("makes the element React's development build makes, for any props, key and ref", () => {
    // The development build warns about keys it is shown in a spread; not what is compared.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(undefined), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
    const name = fc.constantFrom("className", "children", "id", "tone", "size", "key", "ref", "aria-label", "onClick", "defaultValue");
    fc.assert(
      fc.property(
        fc.dictionary(name, value, { maxKeys: 6 }),
        fc.constantFrom<unknown>("div", Plain, WithDefaults),
        fc.option(fc.oneof(fc.string(), fc.integer()), { nil: undefined }),
        (config, type, maybeKey) => {
          // The compiler passes a new object every time: each build gets its own.
          const made = production.jsx(type, { ...config }, maybeKey);
          const expected = development.jsx(type, { ...config }, maybeKey);
          expect(shape(made)).toEqual(shape(expected));
        },
      ),
      { numRuns: 500 },
    );
  });
});
