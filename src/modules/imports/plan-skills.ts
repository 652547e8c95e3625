import { cellOf, type SheetRow } from '../../core/xlsx/index.ts';
import type * as repo from './batch-repository.ts';
import type { Unit } from './plan.ts';
import { isOrphanSkill, SHEETS, type SkillColumn } from './workbook.ts';

interface SkillEntry {
  rows: number[];
  skills: { skillId: string; levelId: string | null }[];
  errors?: repo.RowError[];
  /** Whether the employee is on the Employees sheet (their skill rows are theirs, not orphans). */
  claimed: boolean;
}

/** The EmployeeSkills sheet by employee number, read before the Employees sheet streams. */
export interface SkillIndex {
  add(row: SheetRow, columns: Record<SkillColumn, number>): void;
  /** The skills of an employee of the Employees sheet (null when the sheet lists none) and their errors. */
  claim(employeeNumber: string): SkillEntry | undefined;
  /** One failed unit per EmployeeSkills row whose employee was not on the Employees sheet. */
  orphans(): Unit[];
}

export function createSkillIndex(maps: repo.CodeMaps): SkillIndex {
  const byNumber = new Map<string, SkillEntry>();
  return {
    add(row, columns) {
      const number = cellOf(row, columns, 'employeeNumber');
      let entry = byNumber.get(number);
      if (!entry) {
        entry = { rows: [], skills: [], claimed: false };
        byNumber.set(number, entry);
      }
      entry.rows.push(row.rowNumber);
      const skillCode = cellOf(row, columns, 'skillCode');
      const levelCode = cellOf(row, columns, 'levelCode');
      const skillId = maps.skills.get(skillCode);
      const levelId = levelCode === '' ? null : maps.levels.get(levelCode);
      const err = (column: SkillColumn, value: string, reason: string) => {
        entry.errors ??= [];
        entry.errors.push({
          rowNumber: row.rowNumber,
          employeeNumber: number,
          sheet: SHEETS.skills,
          column,
          value,
          reason,
        });
      };
      if (!skillId) err('skillCode', skillCode, skillCode ? 'Unknown skill code' : 'Required');
      else if (levelId === undefined) err('levelCode', levelCode, 'Unknown skill level code');
      else if (entry.skills.some((s) => s.skillId === skillId)) {
        err('skillCode', skillCode, 'The skill is listed twice for this employee');
      } else entry.skills.push({ skillId, levelId });
    },
    claim(employeeNumber) {
      const entry = byNumber.get(employeeNumber);
      if (entry) entry.claimed = true;
      return entry;
    },
    orphans() {
      const claimed = new Set([...byNumber].filter(([, entry]) => entry.claimed).map(([number]) => number));
      const units: Unit[] = [];
      for (const [number, entry] of byNumber) {
        if (!isOrphanSkill(number, claimed)) continue;
        for (const rowNumber of entry.rows) {
          units.push({
            kind: 'failed',
            errors: [
              {
                rowNumber,
                employeeNumber: number,
                sheet: SHEETS.skills,
                column: 'employeeNumber',
                value: number,
                reason: 'The employee is not on the Employees sheet of this workbook',
              },
            ],
          });
        }
      }
      return units;
    },
  };
}
