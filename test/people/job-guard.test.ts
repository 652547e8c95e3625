import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { advanceStatement, isJobLost } from '../../src/core/jobs/runner.ts';
import { employeeBatchStatement } from '../../src/modules/imports/batch-repository.ts';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('the job cursor guard', (t) => {
  it('lands a batch only with the cursor move of the worker that owns the job, never twice', async () => {
    const db = t.database.db;
    const [unit] = await queryRows<{ id: string }>(
      db,
      sql`select id from business_units where code = 'MAIN'`,
    );
    const [job] = await queryRows<{ id: string }>(
      db,
      sql`insert into jobs (bu_id, kind, status, worker_id) values (${unit!.id}, 'guard-test', 'Running', 'owner')
          returning id`,
    );
    const row = (number: string) => ({
      employeeNumber: number,
      nameEn: 'Guard',
      nameAr: 'حارس',
      departmentId: null,
      gradeId: null,
      status: 'ACTIVE',
      hireDate: null,
      endDate: null,
      skills: null,
    });
    const failed = {
      rowNumber: 4,
      employeeNumber: 'GUARD3',
      sheet: 'Employees',
      column: 'gradeCode',
      value: 'NOPE',
      reason: 'Unknown',
    };
    const apply = (worker: string, from: number) =>
      queryRows(
        db,
        employeeBatchStatement(unit!.id, job!.id, [row('GUARD1'), row('GUARD2')], [failed], (changed) =>
          advanceStatement(job!.id, worker, from, from + 3, { failed: 1, changed }),
        ),
      );
    const intruder = await apply('intruder', 0).catch((error: unknown) => error);
    expect(isJobLost(intruder)).toBe(true);
    await apply('owner', 0);
    const replay = await apply('owner', 0).catch((error: unknown) => error);
    expect(isJobLost(replay)).toBe(true);
    const [state] = await queryRows<{
      cursor: number;
      rows_done: number;
      rows_failed: number;
      rows_changed: number;
      employees: number;
      errors: number;
    }>(
      db,
      sql`select cursor, rows_done, rows_failed, rows_changed,
                 (select count(*)::int from employees where employee_number like 'GUARD%') as employees,
                 (select count(*)::int from job_row_errors where job_id = ${job!.id}) as errors
            from jobs where id = ${job!.id}`,
    );
    expect(state).toEqual({
      cursor: 3,
      rows_done: 3,
      rows_failed: 1,
      rows_changed: 2,
      employees: 2,
      errors: 1,
    });
  });
});
