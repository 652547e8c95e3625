import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { advanceStatement, isJobLost } from '../../src/core/jobs/runner.ts';
import { upsertEmployeeStatement } from '../../src/modules/imports/repository.ts';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('the job cursor guard', (t) => {
  it('lands a row only with the cursor move of the worker that owns the job, never twice', async () => {
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
    const apply = (worker: string, from: number, number: string) =>
      queryRows(
        db,
        upsertEmployeeStatement(
          unit!.id,
          row(number),
          (changed) => advanceStatement(job!.id, worker, from, { changed }),
          t.driver === 'postgres',
        ),
      );
    const intruder = await apply('intruder', 0, 'GUARD1').catch((error: unknown) => error);
    expect(isJobLost(intruder)).toBe(true);
    await apply('owner', 0, 'GUARD1');
    const replay = await apply('owner', 0, 'GUARD1').catch((error: unknown) => error);
    expect(isJobLost(replay)).toBe(true);
    const [state] = await queryRows<{ cursor: number; rows_done: number; rows_changed: number; n: number }>(
      db,
      sql`select cursor, rows_done, rows_changed,
                 (select count(*)::int from employees where employee_number = 'GUARD1') as n
            from jobs where id = ${job!.id}`,
    );
    expect(state).toEqual({ cursor: 1, rows_done: 1, rows_changed: 1, n: 1 });
  });
});
