// A bare page with a page's own markup: `/markup?page=N` renders, as React elements, the body
// the app sent for the bench's page N (written to REFERENCE_MARKUP_DIR/N.html by the bench:
// header, banner, main with its form, footer; not the app's scripts, which this page has its
// own of). Parsed once per page and kept; on every request its elements are made anew, as a
// page's compiled JSX makes its own, and rendered: what React and Remix cost for exactly that
// markup made per request, with none of the app's components, hooks, form library or data
// (issue 25: where a page's CPU beyond the bare form goes; decision 0232 section 1).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import parse from "html-react-parser";
import { isValidElement, type ElementType, type ReactNode } from "react";
import { jsx } from "react/jsx-runtime";

export const meta = () => [{ title: "Reference markup" }];

const parsed = new Map<string, ReturnType<typeof parse>>();

export function loader({ request }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "";
  if (!/^\d{1,3}$/.test(page)) throw new Response("?page=N", { status: 400 });
  if (!parsed.has(page)) parsed.set(page, parse(readFileSync(path.join(process.env.REFERENCE_MARKUP_DIR ?? "", `${page}.html`), "utf8")));
  return { page };
}

/**
 * The same elements made anew: a `jsx()` call and a props object for each, as the compiler's
 * output makes them on every render (the same HTML; measured no costlier than rendering the
 * kept elements, decision 0232).
 */
function remade(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(remade);
  if (!isValidElement<{ children?: ReactNode }>(node)) return node;
  const { children, ...props } = node.props;
  return jsx(node.type as ElementType, children === undefined ? props : { ...props, children: remade(children) }, node.key ?? undefined);
}

export default function Markup() {
  const { page } = useLoaderData<typeof loader>();
  return <>{remade(parsed.get(page) ?? null)}</>;
}
