/**
 * What a start says of its migrations when they are not what this release expects: one that
 * fails half way (its statements rolled back, named in the error), and a database a newer
 * release migrated (its migrations named, for the start's warning in server.ts).
 */
import { describe, expect, it } from "vitest";
import { migrate, migrations, unknownMigrations } from "~/core/db/migrations";
import { copyTemplateDatabase, emptyDatabase } from "../support/database";

describe("the migrations at a start", () => {
  it("one that fails half way is named, and nothing of it stays", async () => {
    const db = await emptyDatabase();
    try {
      const broken = { id: "9999_broken", sql: "CREATE TABLE half_way (n int); INSERT INTO no_such_table VALUES (1);" };
      const failed = await migrate(db, [...migrations, broken]).then(
        () => null,
        (error: unknown) => error as Error,
      );
      expect(failed?.message).toMatch(/^migration 9999_broken failed and was rolled back \(nothing of it applied; the next start tries it again\): /);
      expect(await db.query(`SELECT to_regclass('half_way')::text AS t`)).toEqual([{ t: null }]);
      expect(await db.query(`SELECT id FROM schema_migrations WHERE id = '9999_broken'`)).toEqual([]);
      // The migrations before it stay applied: the next start goes on from there.
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("a database a newer release migrated is told by the migrations it has that this release does not", async () => {
    const db = await copyTemplateDatabase();
    try {
      expect(await unknownMigrations(db)).toEqual([]);
      await db.query(`INSERT INTO schema_migrations (id) VALUES ('9998_from_a_newer_release')`);
      expect(await unknownMigrations(db)).toEqual(["9998_from_a_newer_release"]);
    } finally {
      await db.close();
    }
  });
});
