import { describe, expect, it } from 'vitest';
import { renderGrid } from '../../src/core/pdf/grid.ts';
import { isolated } from '../../src/core/pdf/text.ts';
import { pdfText } from '../helpers/documents.ts';

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
