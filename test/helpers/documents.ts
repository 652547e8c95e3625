import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';

/** Reading report files back as a person's tools would: the workbook's cells, the PDF's text. */

export async function readWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    // exceljs leaves empty cells out (null here) and answers text kept from formulas as rich text.
    rows.push(
      Array.from((row.values as unknown[]).slice(1), (value) =>
        value && typeof value === 'object' && 'richText' in value
          ? (value as { richText: { text: string }[] }).richText.map((part) => part.text).join('')
          : (value ?? null),
      ),
    );
  });
  return { sheet, rows };
}

/** The text items of every page as pdf.js (Firefox's PDF reader) extracts them, in drawing order. */
export async function pdfText(
  bytes: Buffer,
): Promise<{ pages: number; items: string[]; pageItems: string[][] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pageItems: string[][] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    const items: string[] = [];
    for (const item of content.items) if ('str' in item && item.str.trim()) items.push(item.str.trim());
    pageItems.push(items);
  }
  await document.destroy();
  return { pages: document.numPages, items: pageItems.flat(), pageItems };
}

/** Bidi marks and embeddings that poppler puts around the right-to-left and left-to-right pieces of a line. */
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text of a PDF as poppler's `pdftotext` (what Evince and Okular search with) extracts it, each page's
 * lines with their layout, bidi marks removed. Needs Debian's `poppler-utils`.
 */
export function pdftotext(bytes: Buffer): string {
  try {
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes })
      .toString('utf8')
      .replace(BIDI_MARKS, '');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pdftotext is missing: install poppler-utils (apt-get install poppler-utils)');
    throw error;
  }
}
