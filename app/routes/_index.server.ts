// The home route's server half: the route takes its server code from here only, so that the
// browser build neither makes a chunk of each `.server` module nor loads the onboarding table
// its loader alone reads (docs/decisions/0043).
export { redirect } from "@remix-run/node";
export { pageTitle } from "~/http/page.server";
export { landingPath } from "~/lib/route-access";
