/** Folders a test writes to, in the system's temporary folder, gone when the test ends. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { onTestFinished } from "vitest";

/** A new folder named `prefix…`, removed (with what is in it) once the calling test has finished. */
export function testDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
