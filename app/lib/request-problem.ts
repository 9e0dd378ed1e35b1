/**
 * Where the server renders the product's page for an address it could not read
 * (app/http/bad-address.server.ts, docs/decisions/0182): an address of its own, which the
 * browser never shows and which asked for directly is an ordinary 404.
 */
export const REQUEST_PROBLEM_PATH = "/request-problem";

/**
 * Where a post from this page returns to without JavaScript: the page itself; from the
 * unreadable address's page, whose own address the server cannot render again, the home page.
 */
export const returnPath = (location: { pathname: string; search: string }) =>
  location.pathname === REQUEST_PROBLEM_PATH ? "/" : location.pathname + location.search;
