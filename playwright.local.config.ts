// Local only (not committed): the shared machine starts the server slower than 60 s.
import base from "./playwright.config";
export default { ...base, webServer: { ...(base.webServer as object), timeout: 240_000 } };
