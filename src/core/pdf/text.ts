import { type TextDirection, type TextRun, visualRuns } from './bidi.ts';
import { type Doc, type FontName, marksOf, useFont } from './fonts.ts';

/**
 * Lines of Arabic and Latin text in PDFs: each line goes through the bidi pass into runs of one direction
 * and one font, each run laid out whole. pdfkit alone lays a line out word by word (so Arabic words come
 * out in the wrong order) and one font cannot draw both scripts.
 */

export interface TextStyle {
  size: number;
  bold?: boolean;
  direction: TextDirection;
}

const fontOf = (run: TextRun, bold?: boolean): FontName => `${run.font}${bold ? 'Bold' : ''}` as FontName;

/** The width of a line of text, as `drawLine` draws it. */
export function lineWidth(doc: Doc, text: string, style: TextStyle): number {
  let width = 0;
  for (const run of visualRuns(text, style.direction)) {
    useFont(doc, fontOf(run, style.bold), style.size);
    width += doc.widthOfString(run.text, { features: [] } as PDFKit.Mixins.TextOptions);
  }
  return width;
}

/** The text cut at its logical end with an ellipsis so that it fits `width`, and its width. */
function fitted(doc: Doc, text: string, width: number, style: TextStyle): { shown: string; total: number } {
  const whole = lineWidth(doc, text, style);
  if (whole <= width) return { shown: text, total: whole };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (lineWidth(doc, `${text.slice(0, middle).trimEnd()}…`, style) <= width) low = middle;
    else high = middle - 1;
  }
  const shown = `${text.slice(0, low).trimEnd()}…`;
  return { shown, total: lineWidth(doc, shown, style) };
}

/**
 * Draws one line in a box of `width` from `x` (its baseline one font size below `y`), aligned left, right or centred, cut with an
 * ellipsis when it does not fit; never wraps.
 */
export function drawLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { align: 'left' | 'right' | 'center' },
): void {
  const { shown, total } = fitted(doc, text, width, style);
  let cursor =
    style.align === 'left' ? x : style.align === 'right' ? x + width - total : x + (width - total) / 2;
  for (const run of visualRuns(shown, style.direction)) {
    useFont(doc, fontOf(run, style.bold), style.size);
    // One baseline for both fonts, whose ascents differ.
    const options = { lineBreak: false, features: [], baseline: 'alphabetic' } as PDFKit.Mixins.TextOptions;
    const baseline = y + style.size;
    doc.text(run.text, cursor, baseline, options);
    drawMarks(doc, run.text, cursor, baseline, style.size);
    cursor += doc.widthOfString(run.text, options);
  }
}

/** The marks the text layer leaves out (see `marksOf`), filled in the text's colour where the font puts them. */
function drawMarks(doc: Doc, text: string, x: number, baseline: number, size: number): void {
  const perThousandth = size / 1000;
  for (const mark of marksOf(doc, text)) {
    const scale = perThousandth * mark.unitsScale;
    doc
      .save()
      .transform(scale, 0, 0, -scale, x + mark.x * perThousandth, baseline - mark.y * perThousandth)
      .path(mark.outline)
      .fill()
      .restore();
  }
}
