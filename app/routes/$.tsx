/**
 * Any address no other route takes: a 404 answered through the root's error page. Matching
 * it here (rather than leaving the URL unmatched) makes Remix run the root loader, so the
 * error page keeps the product name, the logo's text, the title and the language switch.
 */
const notFound = () => {
  throw new Response(null, { status: 404, statusText: "Not Found" });
};

export const loader = notFound;
export const action = notFound;

// A component makes this a page route, not a resource route: the thrown 404 renders the
// root's error page instead of going out bare. Never rendered itself.
export default function NotFound() {
  return null;
}
