import { describe, expect, it } from 'vitest';
import { EditStore } from './editStore';
import { cellKey, storedCells, totals } from './matrixModel';

describe('the edit store', () => {
  it('keeps its totals by difference equal to a count from scratch, and renders only the edited date again', () => {
    const stored = storedCells([
      {
        date: '2031-01-01',
        terminalCode: 'T1',
        shiftTemplateCode: 'MORNING',
        skillCode: null,
        required: 3,
        reasonCode: null,
      },
    ]);
    const store = new EditStore(stored);
    const other = store.dateVersion('2031-01-02');
    store.set([
      { key: cellKey('2031-01-01', 'T1', 'MORNING', null), value: 5 },
      { key: cellKey('2031-01-01', 'T2', 'NIGHT', 'PUSHBACK'), value: 2 },
    ]);
    store.set([{ key: cellKey('2031-01-01', 'T2', 'NIGHT', 'PUSHBACK'), value: 1 }]);
    expect(store.totals).toEqual(totals(stored, store.edits));
    expect(store.totals.total).toBe(6);
    expect(store.dateVersion('2031-01-02')).toBe(other);
    store.set([{ key: cellKey('2031-01-01', 'T1', 'MORNING', null), value: 3 }]);
    expect([...store.edits.keys()]).toEqual([cellKey('2031-01-01', 'T2', 'NIGHT', 'PUSHBACK')]);
    store.reset(stored);
    expect(store.totals.total).toBe(3);
  });
});
