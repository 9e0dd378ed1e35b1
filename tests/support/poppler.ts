/**
 * What poppler's pdfinfo reads in a PDF (docs/decisions/0155): its info fields ("Tagged: yes",
 * the page count and size) and the text of its structure tree in reading order
 * (`pdfinfo -struct-text`). A reader independent of the library that wrote the PDF.
 * Needs poppler-utils (`apt-get install -y poppler-utils`).
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

async function pdfinfo(bytes: Uint8Array, args: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "pdfinfo-"));
  try {
    const file = join(dir, "document.pdf");
    await writeFile(file, bytes);
    const { stdout } = await run("pdfinfo", [...args, file], { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** pdfinfo's "Key: value" lines: Tagged, Pages, Page size, Title, PDF version… */
export async function pdfInfo(bytes: Uint8Array): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const line of (await pdfinfo(bytes, [])).split("\n")) {
    const match = /^([^:]+):\s*(.*)$/.exec(line);
    if (match) fields[match[1]] = match[2].trim();
  }
  return fields;
}

/** The structure tree as pdfinfo prints it: one element a line, indented, its text quoted below it. */
export const structText = (bytes: Uint8Array) => pdfinfo(bytes, ["-struct-text"]);

/** The catalogue's entries pdfinfo -meta does not show: the document language and whether the window shows the title. */
export function catalogue(bytes: Uint8Array): { lang: string | null; displayDocTitle: boolean } {
  const text = Buffer.from(bytes).toString("latin1");
  const root = /\/Type \/Catalog\b[\s\S]*?>>\s*endobj/.exec(text)?.[0] ?? "";
  const viewer = /\/ViewerPreferences (\d+) 0 R/.exec(root);
  const preferences = viewer ? (new RegExp(`\\n${viewer[1]} 0 obj\\s*<<([\\s\\S]*?)>>`).exec(text)?.[1] ?? "") : "";
  return { lang: /\/Lang \(([^)]*)\)/.exec(root)?.[1] ?? null, displayDocTitle: /\/DisplayDocTitle true/.test(preferences) };
}
