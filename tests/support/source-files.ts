/**
 * The files under a folder of the repository, every level down, for the tests that read the
 * source itself (keys before spreads, field errors, state names, counted nouns, what imports
 * i18next). Each path is `dir` joined with the file's path under it, with "/" between folders:
 * relative when `dir` is, absolute when it is.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

export function sourceFiles(dir: string, name: RegExp, options: { skipFolders?: string[] } = {}): string[] {
  const skip = new Set(options.skipFolders);
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).split(path.sep).slice(0, -1).some((folder) => skip.has(folder)))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}
