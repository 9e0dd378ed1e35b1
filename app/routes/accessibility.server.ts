// The accessibility statement's server half: its route takes its server code from here only
// (docs/decisions/0043).
export { pageTitles } from "~/http/failed-request.server";
export { getT } from "~/i18n/i18next.server";
