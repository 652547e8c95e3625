import { createRequire } from 'node:module';
import bidiFactory, { type Bidi } from 'bidi-js';
import type PDFDocument from 'pdfkit';

/**
 * Arabic and Latin text in PDFs (DESIGN §2): Noto Sans Arabic and Noto Sans from their npm packages (OFL),
 * a bidi pass (bidi-js) that cuts a line into runs of one direction and one font in visual order, and
 * each run laid out whole. pdfkit alone lays a line out word by word (so Arabic words come out in the
 * wrong order) and one font cannot draw both scripts.
 */

const require = createRequire(import.meta.url);
export const FONT_FILES = {
  latin: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  latinBold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  arabic: require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  arabicBold: require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
} as const;

type FontName = keyof typeof FONT_FILES;
type Doc = InstanceType<typeof PDFDocument>;

// A CommonJS module: its typings describe the factory as a namespace, Node hands over the function.
const bidi = (bidiFactory as unknown as () => Bidi)();
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const ZERO_WIDTH_SPACE = 0x200b;
/** Hebrew, Arabic and the other right-to-left blocks, and the bidi marks, isolates and embeddings. */
const RIGHT_TO_LEFT_OR_CONTROL =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200e\u200f\u202a-\u202e\u2066-\u2069]|\uD802|\uD803|\uD83A|\uD83B/;
/** Marks and isolates that steer the bidi pass and are never drawn. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A value kept in its own left-to-right order inside right-to-left text (a date, a time range, a code):
 * without it a date after Arabic words reads as Arabic digits would, 07-03-2027.
 */
export const isolated = (value: string) => `\u2066${value}\u2069`;

/** What pdfkit's embedded font (an internal class) holds that the text mapping below needs. */
interface EmbeddedFont {
  font: { getGlyph(id: number, characters?: number[]): { codePoints: number[] } };
  /** With features given, a fresh layout of the whole text, positions scaled as `encode` answers them. */
  layout(
    text: string,
    features: unknown,
  ): { glyphs: { id: number; codePoints: number[]; advanceWidth: number }[]; positions: unknown[] };
  subset: { mapping: Record<number, number>; glyphs: number[]; includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
  encode(text: string, features: unknown): [string[], unknown[]];
  widthOfString(text: string, size: number, features: unknown): number;
}

/** Our calls always pass no features: the font's own defaults for each script (see `drawLine`). */
const isDefaultFeatures = (features: unknown) => Array.isArray(features) && features.length === 0;

const exact = new WeakSet<object>();

const sameCharacters = (a: number[], b: number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * Makes copied and extracted text match what was written. Noto Sans Arabic draws a dotted letter as a
 * shared dotless skeleton plus dot marks, fontkit caches a glyph with the characters of its first use,
 * and pdfkit maps each glyph to one text, so a second letter on the same skeleton would read as the
 * first. Here each glyph of a layout carries its own characters, a glyph drawn for other characters is
 * embedded once more under a code of its own, and marks that stand for no character read as a
 * zero-width space (which text extractors drop).
 */
function mapTextExactly(target: EmbeddedFont): void {
  if (exact.has(target)) return;
  exact.add(target);
  const font = target.font;
  const cachedGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = cachedGlyph(id, characters);
    return !characters.length || sameCharacters(glyph.codePoints, characters)
      ? glyph
      : Object.create(glyph, { codePoints: { value: characters } });
  };
  const codes = new Map<string, number>();
  // Shaping is most of a report's time and a grid repeats its texts (codes, figures, names on every
  // page), while pdfkit caches no layout made with features given: each text is shaped once per font.
  const encodings = new Map<string, [string[], unknown[]]>();
  const widths = new Map<string, number>();
  const shapedWidth = target.widthOfString.bind(target);
  target.widthOfString = (text, size, features) => {
    if (!isDefaultFeatures(features)) return shapedWidth(text, size, features);
    let width = widths.get(text);
    if (width === undefined) {
      width = shapedWidth(text, 1000, features);
      widths.set(text, width);
    }
    return (width * size) / 1000;
  };
  target.encode = function encode(this: EmbeddedFont, text, features) {
    const cached = isDefaultFeatures(features) ? encodings.get(text) : undefined;
    if (cached) return cached;
    const { glyphs, positions } = this.layout(text, features ?? []);
    const encoded = glyphs.map((glyph) => {
      const characters = glyph.codePoints.length ? glyph.codePoints : [ZERO_WIDTH_SPACE];
      const key = `${glyph.id}:${characters.join(',')}`;
      let code = codes.get(key);
      if (code === undefined) {
        if (this.subset.mapping[glyph.id] === undefined) code = this.subset.includeGlyph(glyph.id);
        else code = this.subset.glyphs.push(glyph.id) - 1;
        codes.set(key, code);
        this.widths[code] = glyph.advanceWidth * this.scale;
        this.unicode[code] = characters;
      }
      return `0000${code.toString(16)}`.slice(-4);
    });
    const encoding: [string[], unknown[]] = [encoded, positions];
    if (isDefaultFeatures(features)) encodings.set(text, encoding);
    return encoding;
  };
}

/** Registers the four fonts on a document. */
export function registerFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
}

function useFont(doc: Doc, name: FontName, size: number): void {
  doc.font(name).fontSize(size);
  // pdfkit's current font object; not in its typings.
  mapTextExactly((doc as unknown as { _font: EmbeddedFont })._font);
}

export interface TextRun {
  text: string;
  font: 'latin' | 'arabic';
  /** Laid out right to left by the font itself (an Arabic run in logical order). */
  rightToLeft: boolean;
}

/**
 * The runs of one line in visual order, left to right, for a paragraph of the given direction (`auto`:
 * the first strong character's, left to right when there is none, as for a cell of figures). Arabic
 * runs stay in logical order (the font lays them out right to left); other text at a right-to-left
 * level is reversed here; brackets at such levels are mirrored here on both paths.
 */
export function visualRuns(text: string, direction: TextDirection): TextRun[] {
  if (!text) return [];
  // Most cells (codes, figures, Latin names) hold no right-to-left letter: at level 0 they are one run.
  if (direction !== 'rtl' && !RIGHT_TO_LEFT_OR_CONTROL.test(text)) {
    return [{ text, font: 'latin', rightToLeft: false }];
  }
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const order = bidi.getReorderedIndices(text, embedding);
  const runs: { indices: number[]; odd: boolean }[] = [];
  for (const index of order) {
    if (BIDI_CONTROLS.test(text[index]!)) continue;
    const odd = (levels[index]! & 1) === 1;
    const last = runs.at(-1);
    const previous = last?.indices.at(-1);
    if (last && last.odd === odd && previous !== undefined && index === previous + (odd ? -1 : 1)) {
      last.indices.push(index);
    } else {
      runs.push({ indices: [index], odd });
    }
  }
  return runs.map(({ indices, odd }) => {
    const shown = (i: number) => (odd ? (mirrored.get(i) ?? text[i]!) : text[i]!);
    const logical = [...indices].sort((a, b) => a - b);
    const letters = logical.map(shown).join('');
    if (odd && ARABIC.test(letters)) return { text: letters, font: 'arabic', rightToLeft: true };
    return { text: indices.map(shown).join(''), font: 'latin', rightToLeft: false };
  });
}

export type TextDirection = 'ltr' | 'rtl' | 'auto';

export interface TextStyle {
  size: number;
  bold?: boolean;
  direction: TextDirection;
}

const fontOf = (run: TextRun, bold?: boolean): FontName => `${run.font}${bold ? 'Bold' : ''}` as FontName;

/** The width of a line of text, as `drawLine` draws it. */
function lineWidth(doc: Doc, text: string, style: TextStyle): number {
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
    doc.text(run.text, cursor, y + style.size, options);
    cursor += doc.widthOfString(run.text, options);
  }
}
