import { isolated } from './bidi.ts';
import { registerFonts } from './fonts.ts';
import { drawLine, lineWidth, type TextStyle } from './text.ts';

/**
 * A report as a PDF grid: a title block, a table whose header row repeats on every page, optional notes
 * (a legend) after it, and "page n of m" in every footer. A right-to-left report mirrors the layout:
 * the first column stands at the right and text is right-aligned.
 */

export interface GridColumn {
  title: string;
  /** Relative width: the columns share the page's width in proportion. */
  width: number;
  align?: 'start' | 'end' | 'center';
  /** A fill behind the whole column, header and body (a weekend, a holiday). */
  shade?: string;
  /** Never cut (an identifier): the column is at least as wide as its widest cell. */
  whole?: boolean;
  /** Wraps onto up to three lines instead of being cut (a name). */
  wrap?: boolean;
}

/** A cell: its text, or its text on a fill of its own (a day of leave). */
export type GridCell = string | { text: string; fill: string };

/** A line of the notes: its text, after a swatch of a fill the table uses when one is given. */
export type NoteLine = string | { text: string; swatch: string };

export interface GridReport {
  direction: 'ltr' | 'rtl';
  landscape?: boolean;
  title: string;
  /** Lines under the title (period, scope); values inside words should be `isolated`. */
  subtitle: readonly string[];
  columns: readonly GridColumn[];
  /** Rows under the column titles, repeated with them on every page (the weekdays of a month). */
  headers?: readonly (readonly string[])[];
  rows: Iterable<readonly GridCell[]>;
  /** Rows drawn bold after the table (totals). */
  totals?: readonly (readonly string[])[];
  /** A heading and lines after the table (the legend of shift codes). */
  notes?: { title: string; lines: readonly NoteLine[] };
  /** Words of the footer: "Page", "of". */
  pageWords: { page: string; of: string };
  fontSize?: number;
}

const HEADER_FILL = '#e3e7ed';
/** Every other row, so that a long row stays readable across the page. */
const STRIPE_FILL = '#f5f6f8';
const RULE_COLOUR = '#c0c6cf';

const MARGIN = 28;

/** Renders the report and answers the PDF's bytes. */
export async function renderGrid(report: GridReport): Promise<Buffer> {
  // Loaded on first use: pdfkit (and fontkit under it) costs a fifth of a second of CPU at start-up otherwise.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: report.landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: report.title, Creator: 'Workforce Rostering Service' },
    lang: report.direction === 'rtl' ? 'ar' : 'en',
    displayTitle: true,
  } as PDFKit.PDFDocumentOptions);
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const { direction } = report;
  const size = report.fontSize ?? 8;
  const rowHeight = size + 6;
  const pageWidth = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 16;
  const rows = [...report.rows];
  const widths = columnWidths(doc, report, rows, pageWidth, size);
  // Left edges in logical column order; mirrored for right to left.
  const lefts: number[] = [];
  let edge = 0;
  for (const width of widths) {
    lefts.push(direction === 'rtl' ? MARGIN + pageWidth - edge - width : MARGIN + edge);
    edge += width;
  }
  const alignOf = (column: GridColumn): 'left' | 'right' | 'center' => {
    const align = column.align ?? 'start';
    if (align === 'center') return 'center';
    return (align === 'start') === (direction === 'ltr') ? 'left' : 'right';
  };
  const style = (bold = false): TextStyle => ({ size, bold, direction });
  const line = (text: string, y: number, lineSize: number, bold = false) =>
    drawLine(doc, text, MARGIN, y, pageWidth, {
      size: lineSize,
      bold,
      direction,
      align: direction === 'rtl' ? 'right' : 'left',
    });

  let y = MARGIN;
  let height = rowHeight;
  const fill = (x: number, width: number, colour: string) =>
    doc.rect(x, y, width, height).fill(colour).fillColor('black');
  const linesOf = (cells: readonly GridCell[], bold: boolean) =>
    cells.map((cell, index) => {
      const text = typeof cell === 'string' ? cell : cell.text;
      const column = report.columns[index];
      return column?.wrap ? wrapped(doc, text, widths[index]! - 4, style(bold)) : [text];
    });
  const heightOf = (cells: readonly GridCell[], bold = false) =>
    rowHeight + (Math.max(1, ...linesOf(cells, bold).map((lines) => lines.length)) - 1) * (size + 2);
  const drawRow = (cells: readonly GridCell[], bold: boolean, stripe: string | null) => {
    const lines = linesOf(cells, bold);
    height = heightOf(cells, bold);
    if (stripe) fill(MARGIN, pageWidth, stripe);
    report.columns.forEach((column, index) => {
      const cell = cells[index];
      const own = typeof cell === 'object' ? cell.fill : undefined;
      if (own ?? column.shade) fill(lefts[index]!, widths[index]!, (own ?? column.shade)!);
    });
    cells.forEach((_, index) => {
      const column = report.columns[index];
      if (!column) return;
      // A cell is a paragraph of its own: its first strong letter sets its direction (figures: left to right).
      lines[index]!.forEach((text, at) => {
        drawLine(doc, text, lefts[index]! + 2, y + 2 + at * (size + 2), widths[index]! - 4, {
          ...style(bold),
          direction: 'auto',
          align: alignOf(column),
        });
      });
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + pageWidth, y + height)
      .lineWidth(0.3)
      .strokeColor(RULE_COLOUR)
      .stroke();
    y += height;
  };
  const header = () => {
    for (const cells of [report.columns.map((column) => column.title), ...(report.headers ?? [])]) {
      drawRow(cells, true, HEADER_FILL);
    }
  };
  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = MARGIN;
    header();
  };

  line(report.title, y, 14, true);
  y += 22;
  for (const text of report.subtitle) {
    line(text, y, 9);
    y += 13;
  }
  y += 4;
  header();
  let index = 0;
  for (const cells of rows) {
    room(heightOf(cells));
    drawRow(cells, false, index % 2 === 1 ? STRIPE_FILL : null);
    index += 1;
  }
  for (const cells of report.totals ?? []) {
    room(rowHeight);
    drawRow(cells, true, HEADER_FILL);
  }
  if (report.notes) {
    y += 8;
    room(rowHeight * 2);
    line(report.notes.title, y, 9, true);
    y += 14;
    const swatch = rowHeight - 4;
    for (const note of report.notes.lines) {
      room(rowHeight);
      if (typeof note === 'string') {
        line(note, y, size);
      } else {
        // The swatch stands where the line starts: left, or right for right to left.
        const x = direction === 'rtl' ? MARGIN + pageWidth - swatch : MARGIN;
        doc
          .rect(x, y + 1, swatch, swatch)
          .fillAndStroke(note.swatch, RULE_COLOUR)
          .fillColor('black');
        drawLine(
          doc,
          note.text,
          direction === 'rtl' ? MARGIN : MARGIN + swatch + 4,
          y,
          pageWidth - swatch - 4,
          {
            size,
            direction,
            align: direction === 'rtl' ? 'right' : 'left',
          },
        );
      }
      y += rowHeight;
    }
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    const footer = `${report.pageWords.page} ${isolated(String(page + 1))} ${report.pageWords.of} ${isolated(String(range.count))}`;
    // Footers sit in the bottom margin: no automatic page break may follow them.
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    drawLine(doc, footer, MARGIN, doc.page.height - MARGIN - 10, pageWidth, {
      size: 7,
      direction,
      align: 'center',
    });
    doc.page.margins.bottom = keep;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * The columns' widths: their weights' share of the page, except that a column of identifiers is at least
 * as wide as its widest cell; the others give up that room in proportion.
 */
function columnWidths(
  doc: PDFKit.PDFDocument,
  report: GridReport,
  rows: readonly (readonly GridCell[])[],
  pageWidth: number,
  size: number,
): number[] {
  const totalWeight = report.columns.reduce((sum, column) => sum + column.width, 0);
  const shared = report.columns.map((column) => (column.width / totalWeight) * pageWidth);
  const needed = report.columns.map((column, index) => {
    if (!column.whole) return 0;
    const style = { size, bold: false, direction: report.direction };
    const cells = rows
      .map((row) => row[index])
      .map((cell) => (typeof cell === 'object' ? cell.text : (cell ?? '')));
    return (
      Math.max(
        lineWidth(doc, column.title, { ...style, bold: true }),
        ...cells.map((text) => lineWidth(doc, text, style)),
      ) + 6
    );
  });
  const grown = shared.map((width, index) => Math.max(width, needed[index]!));
  const extra = grown.reduce((sum, width) => sum + width, 0) - pageWidth;
  if (extra <= 0) return grown;
  const others = report.columns.reduce(
    (sum, column, index) => (column.whole ? sum : sum + shared[index]!),
    0,
  );
  return grown.map((width, index) =>
    report.columns[index]!.whole ? width : width - (extra * width) / others,
  );
}

/** The text broken at spaces into lines that fit `width`, three at most (the last cut if need be). */
function wrapped(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (!current || lineWidth(doc, next, style) <= width) current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  lines.push(current);
  if (lines.length <= 3) return lines;
  return [...lines.slice(0, 2), lines.slice(2).join(' ')];
}
