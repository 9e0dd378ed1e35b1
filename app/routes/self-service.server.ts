// The self-service layout's server half: the layout takes its server code from here only. In
// the browser build each `.server` module a route imports is an empty module, a shared one a
// chunk of its own that every self-service page would load (docs/decisions/0043).
export { requireAccess } from "~/http/guards.server";
export { pageTitle } from "~/http/page.server";
export { postFailed } from "~/http/failed-request.server";
export { mayView, placeFor, placePath } from "~/lib/onboarding";
export { landingPath } from "~/lib/route-access";
