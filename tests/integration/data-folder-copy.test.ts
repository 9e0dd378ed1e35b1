/**
 * An embedded database's folder copied while its server held it (`cp -a data backup` beside a
 * running server) is no backup: PostgreSQL's files are copied one after another while they
 * change, and such a copy opens holding less than was saved while it was copied, or not at all
 * (docs/operations.md "Backup and restore"). Its lock comes along: the copy is told by it at the
 * next open, which says so, and a folder copied after a stop is opened without a word.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/core/db/index";

const root = mkdtempSync(path.join(tmpdir(), "elukaitse-copy-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("an embedded database's folder copied", () => {
  it("while its server held it is said at the copy's open; after a stop it is not", async () => {
    const original = path.join(root, "data", "pglite");
    const copied: string[] = [];
    const open = (dataDir: string) => openDatabase({ dataDir, onCopiedFolder: (lockFile) => copied.push(lockFile) });

    const serving = await open(original);
    await serving.query(`CREATE TABLE kept (n int)`);
    await serving.query(`INSERT INTO kept VALUES (1)`);
    // The whole DATA_DIR copied while it is held, as `cp -a data while-serving` copies it.
    cpSync(path.join(root, "data"), path.join(root, "while-serving"), { recursive: true });
    await serving.close();
    cpSync(path.join(root, "data"), path.join(root, "after-stop"), { recursive: true });

    const copy = await open(path.join(root, "while-serving", "pglite"));
    await copy.close();
    expect(copied).toEqual([path.join(root, "while-serving", "pglite.lock")]);

    copied.length = 0;
    const stopped = await open(path.join(root, "after-stop", "pglite"));
    expect(await stopped.query(`SELECT n FROM kept`)).toEqual([{ n: 1 }]);
    await stopped.close();
    expect(copied).toEqual([]);
    // Three embedded databases opened, the first made anew: seconds each on a busy machine.
  }, 120_000);
});
