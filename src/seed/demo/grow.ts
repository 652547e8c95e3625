import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { businessDate, DEFAULT_TIMEZONE } from '../../core/time/dates.ts';
import { addDemoEmployees, DEPARTMENTS, unitId } from './index.ts';
import { demoNumber, equipDemoEmployees } from './people.ts';

/**
 * Grows the demo unit MAIN to `wanted` demo employees (E00001 … E{wanted}) (`npm run seed:demo -- --employees N` on a database that
 * has the demo already): the added staff are spread over the departments as the first load spreads them,
 * and get what the first load gives its staff (skills with levels, certifications, groups), and every
 * tenth added ramp agent joins the apron team as their home pool (the others' home pool is their
 * department's default). Answers how many employees it added.
 */
export async function growDemo(db: Executor, wanted: number): Promise<number> {
  const buId = await unitId(db, 'MAIN');
  if (!buId) throw new Error('The database has business units but no MAIN unit: not a demo database');
  const [have] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(max(${demoNumber}), 0)::int as n from employees e where e.bu_id = ${buId}`,
  );
  const from = have?.n ?? 0;
  if (from >= wanted) return 0;
  const departments = await queryRows<{ code: string; id: string }>(
    db,
    sql`select n.code, n.id from org_nodes n join node_types t on t.id = n.node_type_id
         where n.bu_id = ${buId} and t.code = 'DEPARTMENT'`,
  );
  const ids = DEPARTMENTS.map(({ code }) => departments.find((d) => d.code === code)?.id);
  if (ids.some((id) => !id)) throw new Error('MAIN lacks a demo department (RAMP, PAX or CARGO)');
  const today = businessDate(new Date(), DEFAULT_TIMEZONE);
  const range = { from, to: wanted };
  await db.transaction(async (tx) => {
    await addDemoEmployees(tx, buId, ids as string[], from, wanted);
    await equipDemoEmployees(tx, buId, today, range);
    await tx.execute(sql`
      insert into pool_members (bu_id, employee_id, pool_id)
      select e.bu_id, e.id, p.id
        from employees e
        join pools p on p.bu_id = e.bu_id and p.code = 'RAMP-APRON' and p.department_id = e.department_id
       where e.bu_id = ${buId}
         and ${demoNumber} between ${from + 1} and ${wanted} and ${demoNumber} % 30 = 10`);
  });
  return wanted - from;
}
