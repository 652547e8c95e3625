import { Alert, Button, Text } from '@mantine/core';
import { type KeyboardEvent, memo, useCallback, useMemo, useState } from 'react';
import { useRefusalText } from '../../../components/RuleReasons';
import { CellDetails, type OpenedCell } from '../../../components/roster-grid/CellDetails';
import {
  buildGrid,
  type GridCell,
  type GridEmployee,
  type GridRowInput,
  isNight,
  type Position,
  rowsOf,
} from '../../../components/roster-grid/gridModel';
import { useGridText } from '../../../components/roster-grid/gridText';
import { GridLegend, RosterGrid } from '../../../components/roster-grid/RosterGrid';
import { useWishMarks } from '../../../components/roster-grid/wishMarks';
import { usePermissions } from '../../../lib/auth/permissions';
import { weekday } from '../../../lib/dates';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import {
  type RosterGap,
  type Scope,
  type ShiftAssignment,
  usePersonFigures,
  useRemoveAssignment,
} from '../api';
import { addShift, editedRows, moveShift, removeShift, type ShownShift } from '../editing';
import { type RosterFilter, shownRows } from '../filters';
import type { RosterEditor } from '../roster-editor';
import { type AddingCell, AddShiftModal } from './AddShiftModal';
import { hasWarning, PersonFiguresDetail, useFiguresColumn } from './PersonFigures';

const liveShift = (a: ShiftAssignment): ShownShift => ({
  employee: a.employee,
  cell: {
    date: a.date,
    shiftCode: a.shiftTemplate.code,
    terminalCode: a.terminal.code,
    skillCode: a.skill?.code ?? null,
    night: isNight(a.shiftTemplate.start, a.shiftTemplate.end),
    lent: a.lendingRuleId !== null,
    assignmentId: a.id,
    demandLineId: a.demandLineId,
  },
});

/**
 * The live roster as the grid, dates with gaps highlighted, each person's figures after the dates (with a
 * department chosen), the rows the filters leave; Enter on a shift offers to remove it. While
 * editing: Enter on an empty cell adds a shift, Delete removes one, Ctrl+X and Ctrl+V (or a drag) move
 * one, Ctrl+Z undoes, Escape lets a cut shift go; nothing is written until the edits are saved.
 */
export const LiveGrid = memo(function LiveGrid({
  scope,
  assignments,
  employees,
  gaps,
  editor,
  editing,
  filter,
}: {
  scope: Scope;
  assignments: ShiftAssignment[];
  employees: GridEmployee[];
  gaps: RosterGap[];
  editor: Pick<RosterEditor, 'pending' | 'change' | 'undo'>;
  editing: boolean;
  filter: RosterFilter;
}) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const remove = useRemoveAssignment();
  const refusal = useRefusalText();
  const figures = usePersonFigures(scope);
  const figuresOf = useMemo(
    () => new Map((figures.data?.people ?? []).map((person) => [person.employee.id, person])),
    [figures.data],
  );
  const figuresColumn = useFiguresColumn(figures.data, figuresOf);
  const live = useMemo(() => assignments.map(liveShift), [assignments]);
  const { pending, change, undo } = editor;
  const liveRows = useMemo(() => rowsOf(live, (shift) => shift, employees), [live, employees]);
  const holders = useMemo(() => new Map(assignments.map((a) => [a.id, a.employee.id])), [assignments]);
  const rows = useMemo(
    () => editedRows(liveRows, pending, (id) => holders.get(id)),
    [liveRows, pending, holders],
  );
  const shown = useMemo(
    () => shownRows(rows, filter, (id) => hasWarning(figuresOf.get(id))),
    [rows, filter, figuresOf],
  );
  // Rows no edit touched keep their cells between changes (a change rebuilds a row or two, not thousands);
  // other dates start a new cache.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cache belongs to the shown dates
  const lines = useMemo(() => new WeakMap<GridRowInput, (GridCell | null)[]>(), [scope.from, scope.to]);
  const model = useMemo(
    () => buildGrid(scope.from, scope.to, shown, lines),
    [shown, scope.from, scope.to, lines],
  );
  const [cutAt, setCutAt] = useState<Position | null>(null);
  const [adding, setAdding] = useState<AddingCell | null>(null);
  const cellAt = useCallback((at: Position) => model.cells[at.row]?.[at.column] ?? null, [model]);
  const move = useCallback(
    (from: Position, to: Position) => {
      const cell = cellAt(from);
      const employee = model.employees[to.row];
      const date = model.dates[to.column];
      if (!cell || cellAt(to) || !employee || !date) return;
      change(moveShift(pending, cell, employee, date));
    },
    [cellAt, change, model, pending],
  );
  const onCellKey = useCallback(
    (event: KeyboardEvent<HTMLDivElement>, at: Position) => {
      if (!editing) return false;
      const cell = cellAt(at);
      const command = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (event.key === 'Delete' || event.key === 'Backspace') {
        if (cell) change(removeShift(pending, cell));
        return true;
      }
      if (command && key === 'x') {
        if (cell) setCutAt(at);
        return true;
      }
      if (command && key === 'v') {
        if (cutAt) move(cutAt, at);
        setCutAt(null);
        return true;
      }
      if (command && key === 'z') {
        undo();
        return true;
      }
      if (event.key === 'Escape' && cutAt) {
        setCutAt(null);
        return true;
      }
      return false;
    },
    [editing, cellAt, change, pending, cutAt, move, undo],
  );
  const gapsByDate = useMemo(() => {
    const byDate = new Map<string, number>();
    for (const gap of gaps) byDate.set(gap.date, (byDate.get(gap.date) ?? 0) + gap.missing);
    return byDate;
  }, [gaps]);
  const [opened, setOpened] = useState<OpenedCell | null>(null);
  const wishOf = useWishMarks(
    scope.departmentId,
    scope.from,
    scope.to,
    has('availability.view'),
    lang,
    (day) =>
      day.kind === 'unavailable'
        ? t('rosters.wish.unavailable', { reason: day.reason ?? '' })
        : t(`rosters.wish.${day.kind}`, { shift: day.shiftTypeCode ?? 'none' }),
  );
  const text = useGridText();
  const unsavedCell = t('rosters.edit.unsavedCell');
  const cellLabel = useCallback(
    (cell: GridCell | null, employee: GridEmployee, date: string) => {
      const label = text.cellLabel(cell, employee, date);
      return cell?.edited ? `${label}. ${unsavedCell}` : label;
    },
    [text, unsavedCell],
  );
  const close = () => {
    remove.reset();
    setOpened(null);
  };
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="shown-count">
        {t('rosters.filter.shown', { shown: shown.length, total: rows.length })}
        {scope.departmentId === null && ` ${t('rosters.figures.needsDepartment')}`}
      </Text>
      <RosterGrid
        // A grid of other rows starts afresh: its focus and scroll belonged to rows that may be gone.
        key={`${filter.terminal}|${filter.skill}|${filter.shift}|${filter.warning}|${shown.length}`}
        model={model}
        label={t('rosters.grid.label')}
        cornerLabel={t('common.employee')}
        {...text}
        cellLabel={cellLabel}
        onCellKey={onCellKey}
        onDropCell={editing ? move : undefined}
        cutAt={editing ? cutAt : null}
        dateLabel={(date) => {
          const gaps = gapsByDate.get(date) ?? 0;
          return gaps
            ? `${text.dateLabel(date)}: ${t('rosters.grid.gaps', { count: gaps })}`
            : text.dateLabel(date);
        }}
        isWeekend={(date) => unit.weekendDays.includes(weekday(date))}
        gapsByDate={gapsByDate}
        wishOf={wishOf}
        onOpen={(_at, cell, employee, date) =>
          editing && !cell ? setAdding({ employee, date }) : setOpened({ cell, employee, date })
        }
        rowSummary={scope.departmentId === null ? undefined : figuresColumn}
      />
      <AddShiftModal
        adding={adding}
        gaps={gaps}
        onAdd={(edit, placed) => change(addShift(pending, edit, placed))}
        onClose={() => setAdding(null)}
      />
      <GridLegend
        night={t('common.grid.night')}
        lent={t('common.grid.lent')}
        gap={t('rosters.grid.gapLegend')}
        wish={has('availability.view') ? t('rosters.wish.legend') : undefined}
      />
      <CellDetails
        opened={opened}
        onClose={close}
        actions={
          editing && opened?.cell ? (
            <Button
              color="red"
              onClick={() => {
                change(removeShift(pending, opened.cell!));
                close();
              }}
              data-testid="edit-remove"
            >
              {t('rosters.edit.remove')}
            </Button>
          ) : (
            opened?.cell?.assignmentId &&
            has('roster.edit') && (
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(opened.cell!.assignmentId!, { onSuccess: close })}
              >
                {t('rosters.remove')}
              </Button>
            )
          )
        }
      >
        {opened && figures.data && (
          <PersonFiguresDetail figures={figuresOf.get(opened.employee.id)} currency={figures.data.currency} />
        )}
        {remove.error && (
          <Alert color="red" role="alert">
            {refusal(remove.error)}
          </Alert>
        )}
      </CellDetails>
    </>
  );
});
