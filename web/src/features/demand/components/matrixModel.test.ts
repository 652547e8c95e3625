import { describe, expect, it } from 'vitest';
import {
  type Column,
  cellKey,
  matrixRows,
  move,
  moveOfKey,
  parseBlock,
  parseRequired,
  pasteBlock,
  pendingCells,
  type Row,
  rebase,
  type Stored,
  setEdit,
  staleDiff,
  storedCells,
  totals,
} from './matrixModel';

const columns: Column[] = [
  { terminal: 'T1', shift: 'MORNING' },
  { terminal: 'T1', shift: 'NIGHT' },
  { terminal: 'T2', shift: 'MORNING' },
];
const rows: Row[] = matrixRows(['2031-01-01', '2031-01-02'], ['PUSHBACK'], (date) => date === '2031-01-01');

describe('the matrix keyboard', () => {
  it('reads the arrows as the reader sees them, left going forward in Arabic', () => {
    expect(moveOfKey('ArrowLeft', false, 'ltr')).toBe('start');
    expect(moveOfKey('ArrowLeft', false, 'rtl')).toBe('end');
    expect(moveOfKey('ArrowRight', false, 'rtl')).toBe('start');
    expect(moveOfKey('Tab', true, 'ltr')).toBe('previous');
    expect(moveOfKey('Enter', false, 'rtl')).toBe('down');
    expect(moveOfKey('a', false, 'ltr')).toBeNull();
  });

  it('stays inside the matrix and wraps Tab to the next row', () => {
    expect(move({ row: 0, col: 0 }, 'up', 3, 3)).toEqual({ row: 0, col: 0 });
    expect(move({ row: 2, col: 2 }, 'down', 3, 3)).toEqual({ row: 2, col: 2 });
    expect(move({ row: 0, col: 2 }, 'next', 3, 3)).toEqual({ row: 1, col: 0 });
    expect(move({ row: 1, col: 0 }, 'previous', 3, 3)).toEqual({ row: 0, col: 2 });
    expect(move({ row: 2, col: 2 }, 'next', 3, 3)).toEqual({ row: 2, col: 2 });
    expect(move({ row: 1, col: 1 }, 'last', 3, 3)).toEqual({ row: 1, col: 2 });
  });

  it('accepts whole numbers up to 10,000, Arabic-Indic digits too, and reads blank as 0', () => {
    expect(parseRequired(' 7 ')).toBe(7);
    expect(parseRequired('١٢')).toBe(12);
    expect(parseRequired('')).toBe(0);
    expect(parseRequired('-1')).toBeNull();
    expect(parseRequired('2.5')).toBeNull();
    expect(parseRequired('10001')).toBeNull();
  });
});

describe('pasting a block from a spreadsheet', () => {
  it('splits rows by newline and cells by tab, without a row for the final newline', () => {
    expect(parseBlock('1\t2\r\n3\tx\n')).toEqual([
      [1, 2],
      [3, null],
    ]);
  });

  it('sets the cells from the anchor, skipping text and counting what falls outside', () => {
    const result = pasteBlock({ row: 1, col: 1 }, parseBlock('4\t5\t6\nx\t7\n8'), rows, columns);
    expect(rows[1]).toEqual({ date: '2031-01-01', skill: 'PUSHBACK' });
    expect(result.edits).toEqual([
      { key: cellKey('2031-01-01', 'T1', 'NIGHT', 'PUSHBACK'), value: 4 },
      { key: cellKey('2031-01-01', 'T2', 'MORNING', 'PUSHBACK'), value: 5 },
      { key: cellKey('2031-01-02', 'T2', 'MORNING', null), value: 7 },
    ]);
    expect(result.rejected).toBe(1);
    expect(result.clipped).toBe(2);
  });
});

const stored = storedCells([
  {
    date: '2031-01-01',
    terminalCode: 'T1',
    shiftTemplateCode: 'MORNING',
    skillCode: null,
    required: 3,
    reasonCode: 'PEAK',
  },
  {
    date: '2031-01-01',
    terminalCode: 'T1',
    shiftTemplateCode: 'MORNING',
    skillCode: 'PUSHBACK',
    required: 1,
    reasonCode: null,
  },
]);
const general = cellKey('2031-01-01', 'T1', 'MORNING', null);
const night = cellKey('2031-01-02', 'T1', 'NIGHT', null);

describe('saving', () => {
  it('forgets an edit back to the stored value and keeps the reason of a changed line', () => {
    const edits = new Map<string, number>();
    setEdit(stored, edits, general, 5);
    setEdit(stored, edits, night, 2);
    setEdit(stored, edits, night, 0);
    expect([...edits.keys()]).toEqual([general]);
    expect(pendingCells(stored, edits)).toEqual([
      {
        date: '2031-01-01',
        terminalCode: 'T1',
        shiftTemplateCode: 'MORNING',
        skillCode: null,
        required: 5,
        reasonCode: 'PEAK',
      },
    ]);
  });

  it('totals per date, shift and column over stored cells and edits', () => {
    const edits = new Map([
      [general, 5],
      [night, 2],
    ]);
    const sums = totals(stored, edits);
    expect(sums.total).toBe(8);
    expect(sums.byDate.get('2031-01-01')).toBe(6);
    expect(sums.byShift.get('NIGHT')).toBe(2);
    expect(sums.byColumn.get('T1|MORNING')).toBe(6);
  });
});

describe('a stale save', () => {
  it('shows what the server changed beside the edits, and which edits conflict', () => {
    const server = new Map<string, Stored>(stored);
    server.set(general, { required: 4, reasonCode: null });
    server.set(night, { required: 1, reasonCode: null });
    const edits = new Map([
      [general, 5],
      [cellKey('2031-01-02', 'T2', 'MORNING', null), 3],
    ]);
    const diff = staleDiff(stored, server, edits);
    expect(
      diff.map((change) => [change.key, change.before, change.server, change.mine, change.conflict]),
    ).toEqual([
      [general, 3, 4, 5, true],
      [night, 0, 1, null, false],
      [cellKey('2031-01-02', 'T2', 'MORNING', null), 0, 0, 3, false],
    ]);
  });

  it('reapplies the edits over the server, dropping those it already holds', () => {
    const server = new Map<string, Stored>([[general, { required: 5, reasonCode: null }]]);
    const next = rebase(
      server,
      new Map([
        [general, 5],
        [night, 2],
      ]),
    );
    expect([...next]).toEqual([[night, 2]]);
  });
});
