import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderIn } from '../../../test/render';
import type { MatrixLabels } from './DemandMatrix';
import { StaleNotice } from './StaleNotice';

const labels: MatrixLabels = {
  date: (date) => date.slice(8),
  terminal: (code) => (code === 'T1' ? 'المبنى 1' : code),
  shift: (code) => (code === 'MORNING' ? 'الوردية الصباحية' : code),
  skill: (code) => code,
};

describe('the notice of a save that met a newer version', () => {
  it('names each changed cell by its terminal’s and shift’s names, not their codes', () => {
    renderIn(
      'ar',
      <StaleNotice
        changes={[
          {
            key: 'k',
            date: '2026-12-16',
            terminalCode: 'T1',
            shiftTemplateCode: 'MORNING',
            skillCode: null,
            before: 7,
            server: 4,
            mine: 9,
            conflict: true,
          },
        ]}
        labels={labels}
        onReload={vi.fn()}
        onReapply={vi.fn()}
      />,
    );
    const cell = screen.getByTestId('stale-change');
    expect(cell).toHaveTextContent('16 · المبنى 1 · الوردية الصباحية');
    expect(cell).not.toHaveTextContent('T1');
  });
});
