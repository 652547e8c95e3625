import { cellOf, type SheetRow } from '../../core/xlsx/index.ts';
import type * as repo from './batch-repository.ts';
import { type EmployeeRows, employeeRowsBy } from './employee-rows.ts';
import type { Unit } from './plan.ts';
import { SHEETS, type SkillColumn } from './workbook.ts';

interface SkillEntry extends EmployeeRows {
  skills: { skillId: string; levelId: string | null }[];
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
  const index = employeeRowsBy<SkillEntry>(SHEETS.skills, () => ({ rows: [], skills: [], claimed: false }));
  return {
    add(row, columns) {
      const number = cellOf(row, columns, 'employeeNumber');
      const entry = index.entryOf(number, row.rowNumber);
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
    claim: index.claim,
    orphans: index.orphans,
  };
}
