import type { GridRowInput } from '../../components/roster-grid/gridModel';

/** What the live roster's rows are narrowed to: codes of a shift's terminal, skill and shift, and warnings. */
export interface RosterFilter {
  terminal: string | null;
  skill: string | null;
  shift: string | null;
  /** Only people the figures find near a limit or breaking a rule. */
  warning: boolean;
}

export const NO_FILTER: RosterFilter = { terminal: null, skill: null, shift: null, warning: false };

interface ShiftCodes {
  terminalCode: string;
  skillCode: string | null;
  shiftCode: string;
}

/** The codes the period's shifts hold, each once and sorted: what the filters offer. */
export function filterChoices(shifts: readonly ShiftCodes[]) {
  const sorted = (codes: (string | null)[]) =>
    [...new Set(codes.filter((code): code is string => code !== null))].sort();
  return {
    terminals: sorted(shifts.map((shift) => shift.terminalCode)),
    skills: sorted(shifts.map((shift) => shift.skillCode)),
    shifts: sorted(shifts.map((shift) => shift.shiftCode)),
  };
}

const matches = (shift: ShiftCodes, filter: RosterFilter) =>
  (filter.terminal === null || shift.terminalCode === filter.terminal) &&
  (filter.skill === null || shift.skillCode === filter.skill) &&
  (filter.shift === null || shift.shiftCode === filter.shift);

/**
 * The rows shown: a person with a shift of the period that matches every criterion chosen (any row when
 * none is), and, when asked, a warning.
 */
export function shownRows(
  rows: readonly GridRowInput[],
  filter: RosterFilter,
  hasWarning: (employeeId: string) => boolean,
): GridRowInput[] {
  const byShift = filter.terminal !== null || filter.skill !== null || filter.shift !== null;
  return rows.filter(
    (row) =>
      (!byShift || row.cells.some((cell) => matches(cell, filter))) &&
      (!filter.warning || hasWarning(row.employee.id)),
  );
}
