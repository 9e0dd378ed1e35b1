/**
 * docs/operations.md "What re-sealing does not reach": the VACUUM after a reseal names every
 * table holding sealed values (SEALED_COLUMNS), so a new sealed column's table is not left out
 * of what an operator rewrites after a key is compromised (docs/decisions/0313).
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { SEALED_COLUMNS } from "~/core/health-keys";

it("the guide's VACUUM names every table that holds sealed values", () => {
  const guide = readFileSync("docs/operations.md", "utf8");
  const statement = /`VACUUM \(FULL, VERBOSE\) ([a-z_, ]+);`/.exec(guide);
  expect(statement).not.toBeNull();
  const vacuumed = statement![1].split(",").map((table) => table.trim());
  expect(vacuumed.sort()).toEqual([...new Set(SEALED_COLUMNS.map((c) => c.table))].sort());
});
