import type * as repo from './batch-repository.ts';
import type { Unit } from './plan.ts';
import { isOrphanSkill } from './workbook.ts';

/** What a per-employee sheet (EmployeeSkills, EmployeeCertifications) holds of one employee. */
export interface EmployeeRows {
  rows: number[];
  errors?: repo.RowError[];
  /** Whether the employee is on the Employees sheet (their rows are theirs, not orphans). */
  claimed: boolean;
}

/**
 * A per-employee sheet's rows by employee number, read before the Employees sheet streams: each entry is
 * claimed by its employee's row, and what no employee claimed fails as an orphan.
 */
export function employeeRowsBy<Entry extends EmployeeRows>(sheet: string, fresh: () => Entry) {
  const byNumber = new Map<string, Entry>();
  return {
    /** The employee's entry, with `rowNumber` counted in it. */
    entryOf(employeeNumber: string, rowNumber: number): Entry {
      let entry = byNumber.get(employeeNumber);
      if (!entry) {
        entry = fresh();
        byNumber.set(employeeNumber, entry);
      }
      entry.rows.push(rowNumber);
      return entry;
    },
    claim(employeeNumber: string): Entry | undefined {
      const entry = byNumber.get(employeeNumber);
      if (entry) entry.claimed = true;
      return entry;
    },
    /** One failed unit per row whose employee was not on the Employees sheet. */
    orphans(): Unit[] {
      const claimed = new Set([...byNumber].filter(([, entry]) => entry.claimed).map(([number]) => number));
      return [...byNumber]
        .filter(([number]) => isOrphanSkill(number, claimed))
        .flatMap(([number, entry]) =>
          entry.rows.map(
            (rowNumber): Unit => ({
              kind: 'failed',
              errors: [
                {
                  rowNumber,
                  employeeNumber: number,
                  sheet,
                  column: 'employeeNumber',
                  value: number,
                  reason: 'The employee is not on the Employees sheet of this workbook',
                },
              ],
            }),
          ),
        );
    },
  };
}
