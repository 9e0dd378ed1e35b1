// A bare page with a page's own markup: `/markup?page=N` renders, as React elements, the body
// the app sent for the bench's page N (written to REFERENCE_MARKUP_DIR/N.html by the bench:
// header, banner, main with its form, footer; not the app's scripts, which this page has its
// own of). Parsed once per page, kept, and rendered on every request: what React and Remix cost
// for exactly that markup, with none of the app's components, hooks, form library or data
// (issue 25: where a page's CPU beyond the bare form goes).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import parse from "html-react-parser";

export const meta = () => [{ title: "Reference markup" }];

const parsed = new Map<string, ReturnType<typeof parse>>();

export function loader({ request }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "";
  if (!/^\d{1,3}$/.test(page)) throw new Response("?page=N", { status: 400 });
  if (!parsed.has(page)) parsed.set(page, parse(readFileSync(path.join(process.env.REFERENCE_MARKUP_DIR ?? "", `${page}.html`), "utf8")));
  return { page };
}

export default function Markup() {
  const { page } = useLoaderData<typeof loader>();
  return <>{parsed.get(page) ?? null}</>;
}
