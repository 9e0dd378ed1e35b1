/**
 * Any address no other route takes: a 404 answered through the root's error page. Matching
 * it here (rather than leaving the URL unmatched) makes Remix run the root loader, so the
 * error page keeps the product name, the logo's text, the title and the language switch.
 *
 * It also answers an address the server could not read, or a request Node's parser refused
 * (app/http/bad-address.server.ts): the server hands such a request on here with the problem in
 * the load context, and the root's error page shows its translated message with its status
 * (400, 408, 417, 431).
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { CONDITIONS_PATH, PRIVACY_PATH } from "~/components/every-page";
import { requestProblemOf } from "~/http/bad-address.server";

const notFound = () => {
  throw new Response(null, { status: 404, statusText: "Not Found" });
};

/** The insurance conditions' static pages of before, moved to one page drawn like the PDF (docs/decisions/0283). */
const MOVED_CONDITIONS = /^\/documents\/conditions\.(et|en|ru)\.html$/;
/** The privacy notice's static pages of before, moved to one page drawn like its PDF (docs/decisions/0292). */
const MOVED_PRIVACY = /^\/documents\/privacy\.(et|en|ru)\.html$/;

export const loader = ({ request, context }: LoaderFunctionArgs) => {
  // The problem the server found with the address, or null (then this is a plain 404).
  const problem = requestProblemOf(context);
  if (problem) throw data({ code: problem.code }, { status: problem.status, statusText: problem.statusText });
  const { pathname } = new URL(request.url);
  const conditions = MOVED_CONDITIONS.exec(pathname);
  if (conditions) return redirect(`${CONDITIONS_PATH}?lng=${conditions[1]}`, 301);
  const privacy = MOVED_PRIVACY.exec(pathname);
  if (privacy) return redirect(`${PRIVACY_PATH}?lng=${privacy[1]}`, 301);
  return notFound();
};
export const action = notFound;

// A component makes this a page route, not a resource route: the thrown 404 renders the
// root's error page instead of going out bare. Never rendered itself.
export default function NotFound() {
  return null;
}
