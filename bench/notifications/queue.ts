/**
 * What queueing the mails adds to telling 2,000 employees of a roster change (issue 55): `notify` of 2,000
 * ROSTER_CHANGED events, every employee with an account and an address, once with the kind chosen inbox-only
 * by all (no mail job) and once by mail (2,000 jobs), each in its own transaction, best of a few rounds.
 * `npx tsx bench/notifications/queue.ts [pglite|postgres]` (postgres: DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/core/db/database.ts';
import { notify } from '../../src/modules/notifications/service.ts';
import { preparedDatabase } from '../database.ts';

const EMPLOYEES = 2_000;
const ROUNDS = 3;
const driver = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const prepared = await preparedDatabase(driver, 'mail', { employees: EMPLOYEES });
const { db } = prepared.database;
const [unit] = await queryRows<{ id: string }>(db, sql`select id from business_units where code = 'MAIN'`);
const buId = unit!.id;
await db.execute(
  sql`insert into users (bu_id, username, display_name, email, password_hash, employee_id)
      select e.bu_id, 'bench.' || e.employee_number, e.employee_number, 'bench.' || e.employee_number || '@example.com',
             'x', e.id
        from employees e
       where e.bu_id = ${buId} and not exists (select 1 from users u where u.employee_id = e.id)`,
);
const employees = (
  await queryRows<{ id: string }>(
    db,
    sql`select id from employees where bu_id = ${buId} order by employee_number limit ${EMPLOYEES}`,
  )
).map((row) => row.id);
const change = {
  date: '2027-06-01',
  change: 'added' as const,
  before: null,
  after: {
    shiftCode: 'M',
    shiftNameEn: 'Morning',
    shiftNameAr: null,
    start: '06:00',
    end: '14:00',
    terminalCode: 'T1',
    terminalNameEn: 'Terminal 1',
    terminalNameAr: null,
  },
};
const tell = async (key: string) => {
  const started = performance.now();
  await db.transaction((tx) =>
    notify(
      tx,
      employees.map((employeeId) => ({
        buId,
        employeeIds: [employeeId],
        kind: 'ROSTER_CHANGED' as const,
        data: { version: 2, changes: [change] },
        key,
      })),
    ),
  );
  return performance.now() - started;
};
const setChoice = (byMail: boolean) =>
  db.execute(
    sql`insert into notification_mail_choices (bu_id, user_id, kind, by_mail)
        select bu_id, id, 'ROSTER_CHANGED', ${byMail} from users where bu_id = ${buId}
        on conflict (user_id, kind) do update set by_mail = excluded.by_mail`,
  );
const best = { inboxOnly: Number.POSITIVE_INFINITY, byMail: Number.POSITIVE_INFINITY };
for (let round = 0; round < ROUNDS; round++) {
  await setChoice(false);
  best.inboxOnly = Math.min(best.inboxOnly, await tell(`bench:inbox:${round}`));
  await setChoice(true);
  best.byMail = Math.min(best.byMail, await tell(`bench:mail:${round}`));
}
const [jobs] = await queryRows<{ n: number }>(
  db,
  sql`select count(*)::int as n from jobs where kind = 'notification-mail'`,
);
console.log(
  JSON.stringify({
    driver,
    employees: employees.length,
    inboxOnlyMs: Math.round(best.inboxOnly),
    byMailMs: Math.round(best.byMail),
    queueingMs: Math.round(best.byMail - best.inboxOnly),
    mailJobs: jobs!.n,
  }),
);
await prepared.database.close();
await prepared.drop();
