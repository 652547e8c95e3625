import bidiFactory, { type Bidi } from 'bidi-js';

/**
 * The bidi pass of PDF text (DESIGN §2): bidi-js cuts a line into runs of one direction and one font in
 * visual order, which `text.ts` draws one after the other.
 */

// A CommonJS module: its typings describe the factory as a namespace, Node hands over the function.
const bidi = (bidiFactory as unknown as () => Bidi)();
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Hebrew, Arabic and the other right-to-left blocks, and the bidi marks, isolates and embeddings. */
const RIGHT_TO_LEFT_OR_CONTROL =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200e\u200f\u202a-\u202e\u2066-\u2069]|\uD802|\uD803|\uD83A|\uD83B/;
/** Marks and isolates that steer the bidi pass and are never drawn. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/**
 * A signed figure that starts a word (`-1`, `+2.5`, `−3`): the bidi algorithm gives a leading sign the
 * direction of the text around it, so inside Arabic it would print after the digits (`1-`).
 */
const SIGNED_FIGURE = /(?<![\p{L}\p{N}])[-+\u2212]\p{Nd}[\p{Nd}.,:]*/gu;

/**
 * A value kept in its own left-to-right order inside right-to-left text (a date, a time range, a code):
 * without it a date after Arabic words reads as Arabic digits would, 07-03-2027.
 */
export const isolated = (value: string) => `\u2066${value}\u2069`;

export type TextDirection = 'ltr' | 'rtl' | 'auto';

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
 * level is reversed here; brackets at such levels are mirrored here on both paths. A signed figure keeps
 * its sign before its digits in any paragraph.
 */
export function visualRuns(line: string, direction: TextDirection): TextRun[] {
  if (!line) return [];
  // Most cells (codes, figures, Latin names) hold no right-to-left letter: at level 0 they are one run.
  if (direction !== 'rtl' && !RIGHT_TO_LEFT_OR_CONTROL.test(line)) {
    return [{ text: line, font: 'latin', rightToLeft: false }];
  }
  const text = line.replace(SIGNED_FIGURE, isolated);
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
