/** The text of a PDF, for checking what a generated document says (pdf-parse, pdf.js based). */
import { PDFParse } from "pdf-parse";

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: Buffer.from(bytes) });
  try {
    const result = await parser.getText();
    return result.text;
  } finally {
    await parser.destroy();
  }
}
