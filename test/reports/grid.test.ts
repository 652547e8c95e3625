import { describe, expect, it } from 'vitest';
import { isolated, visualRuns } from '../../src/core/pdf/bidi.ts';
import { renderGrid } from '../../src/core/pdf/grid.ts';
import { FAMILY_NAMES, GIVEN_NAMES } from '../../src/seed/demo/names.ts';
import { pdfText, pdftotext } from '../helpers/documents.ts';

const names = ['أحمد الحربي', 'Noura Al-Harbi', 'سارة القحطاني (RAMP-2)'];

describe('a PDF grid of many rows', () => {
  it('repeats the header row on every page, numbers the pages and keeps every row, in both directions', async () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const rows = Array.from({ length: 150 }, (_, index) => [
        `E${String(index + 1).padStart(5, '0')}`,
        names[index % names.length]!,
        String(index % 9),
      ]);
      const page = direction === 'rtl' ? { page: 'صفحة', of: 'من' } : { page: 'Page', of: 'of' };
      const bytes = await renderGrid({
        direction,
        title: direction === 'rtl' ? 'تقرير' : 'Report',
        subtitle: [`${direction === 'rtl' ? 'الفترة' : 'Period'}: ${isolated('2027-03-01 – 2027-03-31')}`],
        columns: [
          { title: 'No.', width: 20 },
          { title: direction === 'rtl' ? 'الاسم' : 'Name', width: 60 },
          { title: 'Shifts', width: 15, align: 'end' },
        ],
        rows,
        totals: [['', 'Total', '600']],
        pageWords: page,
      });
      const text = await pdfText(Buffer.from(bytes));
      expect(text.pages).toBeGreaterThan(2);
      text.pageItems.forEach((items, index) => {
        expect(items).toContain('Shifts');
        // pdf.js gives the footer's words in drawing order, left to right: an Arabic footer reads from the right.
        const footer = [page.page, String(index + 1), page.of, String(text.pages)];
        expect(items.join(' ')).toContain((direction === 'rtl' ? footer.reverse() : footer).join(' '));
      });
      for (const row of rows) expect(text.items).toContain(row[0]);
      // Names in logical order; a Latin code inside Arabic keeps its letters and digits in order.
      expect(text.items).toContain(names[0]);
      expect(text.items).toContain(names[1]);
      expect(text.items.join(' ')).toContain('RAMP-2');
      expect(text.items.join(' ')).toContain('2027-03-01 – 2027-03-31');
      expect(text.items).toContain('E00150');
    }
  });
});

describe('identifiers and names on paper (issue 51)', () => {
  it('prints a long employee number whole and wraps a long name instead of cutting either', async () => {
    const number = 'ACCRMX57QZ0912';
    const name = 'Abdulrahman Mohammed Abdullah Al-Qahtani bin Saleh';
    for (const direction of ['ltr', 'rtl'] as const) {
      const bytes = await renderGrid({
        direction,
        landscape: true,
        fontSize: 6.5,
        title: 'Monthly roster',
        subtitle: [],
        columns: [
          { title: 'No.', width: 40, whole: true },
          { title: 'Name', width: 60, wrap: true },
          ...Array.from({ length: 31 }, (_, day) => ({ title: String(day + 1), width: 16 })),
        ],
        rows: [
          [number, name, ...Array.from({ length: 31 }, () => 'M')],
          [`${number.slice(0, -1)}3`, 'Short', ...Array.from({ length: 31 }, () => 'N')],
        ],
        pageWords: { page: 'Page', of: 'of' },
      });
      const text = pdftotext(Buffer.from(bytes));
      expect(text).toContain(number);
      expect(text).toContain(`${number.slice(0, -1)}3`);
      expect(text).not.toContain('…');
      for (const word of name.split(' ')) expect(text).toContain(word);
    }
  });
});

describe('the text layer of a right-to-left grid', () => {
  it('holds each of 20 Arabic names whole and as written, for pdftotext and pdf.js alike', async () => {
    const arabic = Array.from(
      { length: 20 },
      (_, index) =>
        `${GIVEN_NAMES[index % GIVEN_NAMES.length]![1]} ${FAMILY_NAMES[index % FAMILY_NAMES.length]![1]}`,
    );
    const bytes = await renderGrid({
      direction: 'rtl',
      title: 'جدول المناوبات الشهري',
      subtitle: [`الفترة: ${isolated('2027-03-01 – 2027-03-31')}`],
      columns: [
        { title: 'الرقم', width: 20 },
        { title: 'الاسم', width: 60 },
      ],
      rows: arabic.map((name, index) => [`E${String(index + 1).padStart(5, '0')}`, name]),
      pageWords: { page: 'صفحة', of: 'من' },
    });
    const poppler = pdftotext(bytes);
    expect(arabic.filter((name) => !poppler.includes(name))).toEqual([]);
    // Lines in logical order, no zero-width spaces between the pieces of a word.
    expect(poppler).toContain('جدول المناوبات الشهري');
    // poppler sets the colon between a word and a figure by its own rule: the pieces, each whole.
    expect(poppler.split('\n').find((line) => line.includes('الفترة'))).toContain('2027-03-01 – 2027-03-31');
    expect(poppler).not.toContain('\u200b');
    const pdfjs = await pdfText(bytes);
    expect(arabic.filter((name) => !pdfjs.items.includes(name))).toEqual([]);
  });

  it('keeps a signed figure inside Arabic words in its own order: the sign before the digits', () => {
    // Runs are drawn left to right: the figure is one run, the words on either side of it.
    expect(visualRuns('الفرق: -1 ساعة', 'rtl').map((run) => run.text)).toEqual([' ساعة', '-1', 'الفرق: ']);
    expect(visualRuns('الفرق (−2.5)', 'rtl').map((run) => run.text)).toEqual(['(', '−2.5', 'الفرق )']);
    // A hyphen inside a code or a date is no sign.
    expect(visualRuns('رمز RAMP-2', 'rtl').map((run) => run.text)).toEqual(['RAMP-2', 'رمز ']);
  });
});
