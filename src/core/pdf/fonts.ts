import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

/**
 * The fonts of PDF text (DESIGN §2): Noto Sans Arabic and Noto Sans from their npm packages (OFL), one
 * for each script, regular and bold, with a text mapping that reads back what was written.
 */

const require = createRequire(import.meta.url);
export const FONT_FILES = {
  latin: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  latinBold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  arabic: require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  arabicBold: require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
} as const;

export type FontName = keyof typeof FONT_FILES;
export type Doc = InstanceType<typeof PDFDocument>;

/** A glyph of the layout, as fontkit gives it. */
interface LaidOutGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
  path: { toSVG(): string };
}

/** A glyph position of pdfkit's layout, in thousandths of the font size. */
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** What pdfkit's embedded font (an internal class) holds that the text mapping below needs. */
interface EmbeddedFont {
  font: { unitsPerEm: number; getGlyph(id: number, characters?: number[]): LaidOutGlyph };
  /** With features given, a fresh layout of the whole text, positions scaled as `encode` answers them. */
  layout(text: string, features: unknown): { glyphs: LaidOutGlyph[]; positions: Position[] };
  subset: { mapping: Record<number, number>; glyphs: number[]; includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
  encode(text: string, features: unknown): [string[], Position[]];
  widthOfString(text: string, size: number, features: unknown): number;
}

/**
 * A glyph that stands for no character (the dots of a dotted Arabic letter), drawn as a shape rather
 * than as text: its outline (SVG path, font units, y up), where it stands from the start of its text
 * (thousandths of the font size) and the font's units per thousandth.
 */
export interface MarkShape {
  outline: string;
  x: number;
  y: number;
  unitsScale: number;
}

/** Our calls always pass no features: the font's own defaults for each script (see `drawLine`). */
const isDefaultFeatures = (features: unknown) => Array.isArray(features) && features.length === 0;

const marksByFont = new WeakMap<object, Map<string, MarkShape[]>>();

const sameCharacters = (a: number[], b: number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * Makes copied, searched and extracted text match what was written. Noto Sans Arabic draws a dotted
 * letter as a shared dotless skeleton plus dot marks, fontkit caches a glyph with the characters of its
 * first use, and pdfkit maps each glyph to one text, so a second letter on the same skeleton would read
 * as the first. Here each glyph of a layout carries its own characters, and a glyph drawn for other
 * characters is embedded once more under a code of its own. The dot marks stand for no character and
 * sit, by their own offsets, back over the letter before them: as text they cut words apart for every
 * extractor (pdftotext split "الفترة" into three pieces). They leave the text and are drawn as shapes
 * (`marksOf`), so the text layer holds one glyph per letter in visual order, as extractors expect.
 */
function mapTextExactly(target: EmbeddedFont): void {
  if (marksByFont.has(target)) return;
  const marks = new Map<string, MarkShape[]>();
  marksByFont.set(target, marks);
  const font = target.font;
  const cachedGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = cachedGlyph(id, characters);
    return !characters.length || sameCharacters(glyph.codePoints, characters)
      ? glyph
      : Object.create(glyph, { codePoints: { value: characters } });
  };
  const codes = new Map<string, number>();
  const outlines = new Map<number, string>();
  // Shaping is most of a report's time and a grid repeats its texts (codes, figures, names on every
  // page), while pdfkit caches no layout made with features given: each text is shaped once per font.
  const encodings = new Map<string, [string[], Position[]]>();
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
  const codeOf = (glyph: LaidOutGlyph, characters: number[]) => {
    const key = `${glyph.id}:${characters.join(',')}`;
    let code = codes.get(key);
    if (code === undefined) {
      if (target.subset.mapping[glyph.id] === undefined) code = target.subset.includeGlyph(glyph.id);
      else code = target.subset.glyphs.push(glyph.id) - 1;
      codes.set(key, code);
      target.widths[code] = glyph.advanceWidth * target.scale;
      target.unicode[code] = characters;
    }
    return `0000${code.toString(16)}`.slice(-4);
  };
  target.encode = function encode(this: EmbeddedFont, text, features) {
    const cached = isDefaultFeatures(features) ? encodings.get(text) : undefined;
    if (cached) return cached;
    const { glyphs, positions } = this.layout(text, features ?? []);
    const encoded: string[] = [];
    const kept: Position[] = [];
    const shapes: MarkShape[] = [];
    let pen = 0;
    glyphs.forEach((glyph, index) => {
      const position = positions[index]!;
      const previous = kept.at(-1);
      // Laid out right to left, a mark comes before its letter: it may well be the first glyph.
      if (glyph.codePoints.length || (position.xAdvance !== 0 && !previous)) {
        encoded.push(codeOf(glyph, glyph.codePoints));
        kept.push({ ...position });
      } else {
        let outline = outlines.get(glyph.id);
        if (outline === undefined) {
          outline = glyph.path.toSVG();
          outlines.set(glyph.id, outline);
        }
        shapes.push({ outline, x: pen + position.xOffset, y: position.yOffset, unitsScale: this.scale });
        // Marks advance the pen by nothing in these fonts; should one, the glyph before it carries it.
        if (previous) previous.xAdvance += position.xAdvance;
      }
      pen += position.xAdvance;
    });
    const encoding: [string[], Position[]] = [encoded, kept];
    if (isDefaultFeatures(features)) {
      encodings.set(text, encoding);
      marks.set(text, shapes);
    }
    return encoding;
  };
}

/** The marks of `text` in the current font, which `encode` left out of the text, to draw as shapes. */
export function marksOf(doc: Doc, text: string): readonly MarkShape[] {
  const font = (doc as unknown as { _font: EmbeddedFont })._font;
  return marksByFont.get(font)?.get(text) ?? [];
}

/** Registers the four fonts on a document. */
export function registerFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
}

/** Makes `name` at `size` the document's current font, its text mapped exactly. */
export function useFont(doc: Doc, name: FontName, size: number): void {
  doc.font(name).fontSize(size);
  // pdfkit's current font object; not in its typings.
  mapTextExactly((doc as unknown as { _font: EmbeddedFont })._font);
}
