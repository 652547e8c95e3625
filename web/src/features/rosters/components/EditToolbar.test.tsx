import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveLists } from '../../../test/certification-types';
import { renderIn } from '../../../test/render';
import type { RosterEditor } from '../roster-editor';
import { EditToolbar } from './EditToolbar';

const noura = { id: 'e7', employeeNumber: 'E00007', Name_1_English: 'Noura', Name_2_Arabic: 'نورة' };
const refused = {
  edit: { kind: 'add' as const, employeeId: 'e7', date: '2027-01-05', shiftTemplateId: 't', terminalId: 'x' },
  placed: {
    employee: noura,
    cell: {
      date: '2027-01-05',
      shiftCode: 'MORNING',
      terminalCode: 'T1',
      skillCode: null,
      night: false,
      lent: false,
    },
  },
  takes: null,
};

const editor = (over: Partial<RosterEditor>): RosterEditor => ({
  pending: [],
  problems: [],
  saved: null,
  checking: false,
  saving: false,
  canUndo: false,
  change: vi.fn(),
  undo: vi.fn(),
  discard: vi.fn(),
  submit: vi.fn(async () => undefined),
  ...over,
});

beforeEach(() =>
  serveLists({
    '/api/shift-templates': [
      {
        id: 't',
        code: 'MORNING',
        Name_1_English: 'Morning',
        Name_2_Arabic: 'الوردية الصباحية',
        isActive: true,
      },
    ],
  }),
);
afterEach(() => vi.unstubAllGlobals());

describe('the grid editor toolbar', () => {
  it('names the person, the day and the broken rule of a change not kept, and counts what waits', async () => {
    renderIn(
      'en',
      <EditToolbar
        editor={editor({
          pending: [refused],
          canUndo: true,
          problems: [{ kind: 'refused', item: refused, reasons: ['REST_TOO_SHORT'], certification: null }],
        })}
        editing
        onEditing={vi.fn()}
        canEdit
      />,
    );
    expect(await screen.findByText(/Morning/)).toBeVisible();
    expect(screen.getByTestId('edit-refusal')).toHaveTextContent(
      /Noura\u2069, Tue 5 Jan, Morning: Rest too short/,
    );
    expect(screen.getByTestId('edit-refusal')).not.toHaveTextContent(/REST_TOO_SHORT|MORNING/);
    expect(screen.getByTestId('edit-save')).toHaveTextContent('Save 1 change');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
  });

  it('reads in Arabic, and says another save met the cell', async () => {
    renderIn(
      'ar',
      <EditToolbar
        editor={editor({ problems: [{ kind: 'occupied', item: refused, current: null }], saved: 3 })}
        editing
        onEditing={vi.fn()}
        canEdit
      />,
    );
    expect(await screen.findByText(/الصباحية/)).toBeVisible();
    expect(screen.getByTestId('edit-conflict')).toHaveTextContent('نورة');
    expect(screen.getByTestId('edit-conflict')).toHaveTextContent('مخطط آخر');
    expect(screen.getByTestId('edit-conflict')).not.toHaveTextContent(/[A-Z]{2,}/);
    expect(screen.getByTestId('edit-saved')).toHaveTextContent('حُفظت 3 تغييرات');
  });

  it('asks for a department before editing', () => {
    renderIn('en', <EditToolbar editor={editor({})} editing={false} onEditing={vi.fn()} canEdit={false} />);
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(screen.getByText(/Choose a department/)).toBeVisible();
  });
});
