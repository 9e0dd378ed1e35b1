/** White-label partners (PRODUCT.md section 9), found by source or by promo/support code. */
import type { Queryable } from "./db/index.js";

export interface Intermediary {
  source: string;
  name: string;
  /** Path of the logo under public/. */
  logo: string;
}

export function intermediaryStore(db: Queryable) {
  return {
    async bySource(source: string): Promise<Intermediary | null> {
      const rows = await db.query<Intermediary>(`SELECT source, name, logo FROM intermediaries WHERE source = $1`, [
        source.trim().toLowerCase(),
      ]);
      return rows[0] ?? null;
    },
    async byCode(code: string): Promise<Intermediary | null> {
      const trimmed = code.trim().toUpperCase();
      if (!trimmed) return null;
      const rows = await db.query<Intermediary>(
        `SELECT i.source, i.name, i.logo FROM intermediary_codes c JOIN intermediaries i USING (source) WHERE c.code = $1`,
        [trimmed],
      );
      return rows[0] ?? null;
    },
  };
}
