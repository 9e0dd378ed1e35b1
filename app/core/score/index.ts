/** The wellness score (SPEC.md section 2 "Score", PRODUCT.md section 7). */
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { AuditLog, HealthCipher } from "../health-data.js";

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function scoreService(deps: { db: Db; clock: Clock; cipher: HealthCipher; audit: AuditLog }) {
  return {};
}
