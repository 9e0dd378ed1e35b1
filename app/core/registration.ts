/** Account registration (SPEC.md section 2 "Account", 3, 5). */
import type { Clock } from "./clock.js";
import type { Db } from "./db/index.js";

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function registrationService(deps: { db: Db; clock: Clock }) {
  return {};
}
