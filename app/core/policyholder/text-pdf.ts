/**
 * A plain text PDF (PDF 1.4, Helvetica in WinAnsiEncoding, one A4 page per 48 lines): the
 * fallback renderer until the document renderers of app/core/documents are merged.
 * WinAnsi covers Estonian (õ, ä, ö, ü, š, ž); characters outside it are written as "?".
 */
const WIN_ANSI_EXTRA: Record<string, number> = { "€": 0x80, "Š": 0x8a, "š": 0x9a, "Ž": 0x8e, "ž": 0x9e, "–": 0x96, "—": 0x97, "„": 0x84, "“": 0x93, "”": 0x94 };

function encodeLine(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    let byte = WIN_ANSI_EXTRA[ch] ?? (code < 0x7f || (code >= 0xa0 && code <= 0xff) ? code : 0x3f);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    if (byte < 0x20) byte = 0x20;
    bytes.push(byte);
  }
  return Buffer.from(bytes);
}

export function textPdf(title: string, lines: string[]): Buffer {
  const perPage = 48;
  const pages: string[][] = [];
  const all = [title, "", ...lines];
  for (let i = 0; i < all.length; i += perPage) pages.push(all.slice(i, i + perPage));
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => objects.push(typeof body === "string" ? Buffer.from(body, "latin1") : body) && objects.length;
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // the page tree, filled in below
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const pageIds: number[] = [];
  for (const [index, page] of pages.entries()) {
    const parts: Buffer[] = [Buffer.from("BT\n/F1 11 Tf\n14 TL\n56 790 Td\n", "latin1")];
    for (const [n, line] of page.entries()) {
      if (index === 0 && n === 0) parts.push(Buffer.from("/F1 16 Tf\n", "latin1"));
      parts.push(Buffer.from("(", "latin1"), encodeLine(line), Buffer.from(") Tj T*\n", "latin1"));
      if (index === 0 && n === 0) parts.push(Buffer.from("/F1 11 Tf\n", "latin1"));
    }
    parts.push(Buffer.from("ET\n", "latin1"));
    const stream = Buffer.concat(parts);
    const content = add(Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`, "latin1"), stream, Buffer.from("endstream", "latin1")]));
    pageIds.push(
      add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`),
    );
  }
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`, "latin1");
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = chunks[0].length;
  for (const [i, body] of objects.entries()) {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")]);
    chunks.push(chunk);
    length += chunk.length;
  }
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, "latin1"));
  return Buffer.concat(chunks);
}
