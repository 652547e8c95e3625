import PDFDocument from 'pdfkit';
import { drawLine, isolated, registerFonts, type TextStyle } from './text.ts';

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
}

export interface GridReport {
  direction: 'ltr' | 'rtl';
  landscape?: boolean;
  title: string;
  /** Lines under the title (period, scope); values inside words should be `isolated`. */
  subtitle: readonly string[];
  columns: readonly GridColumn[];
  rows: Iterable<readonly string[]>;
  /** Rows drawn bold after the table (totals). */
  totals?: readonly (readonly string[])[];
  /** A heading and lines after the table (the legend of shift codes). */
  notes?: { title: string; lines: readonly string[] };
  /** Words of the footer: "Page", "of". */
  pageWords: { page: string; of: string };
  fontSize?: number;
}

const MARGIN = 28;

/** Renders the report and answers the PDF's bytes. */
export async function renderGrid(report: GridReport): Promise<Buffer> {
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
  const totalWeight = report.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = report.columns.map((column) => (column.width / totalWeight) * pageWidth);
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
  const drawRow = (cells: readonly string[], bold: boolean, shade: string | null) => {
    if (shade) doc.rect(MARGIN, y, pageWidth, rowHeight).fill(shade).fillColor('black');
    cells.forEach((cell, index) => {
      const column = report.columns[index];
      if (!column) return;
      // A cell is a paragraph of its own: its first strong letter sets its direction (figures: left to right).
      drawLine(doc, cell, lefts[index]! + 2, y + 2, widths[index]! - 4, {
        ...style(bold),
        direction: 'auto',
        align: alignOf(column),
      });
    });
    doc
      .moveTo(MARGIN, y + rowHeight)
      .lineTo(MARGIN + pageWidth, y + rowHeight)
      .lineWidth(0.3)
      .strokeColor('#c0c6cf')
      .stroke();
    y += rowHeight;
  };
  const header = () =>
    drawRow(
      report.columns.map((column) => column.title),
      true,
      '#e3e7ed',
    );
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
  // Every other row shaded, so that a long row stays readable across the page.
  let index = 0;
  for (const cells of report.rows) {
    room(rowHeight);
    drawRow(cells, false, index % 2 === 1 ? '#f5f6f8' : null);
    index += 1;
  }
  for (const cells of report.totals ?? []) {
    room(rowHeight);
    drawRow(cells, true, '#e3e7ed');
  }
  if (report.notes) {
    y += 8;
    room(rowHeight * 2);
    line(report.notes.title, y, 9, true);
    y += 14;
    for (const text of report.notes.lines) {
      room(rowHeight);
      line(text, y, size);
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
