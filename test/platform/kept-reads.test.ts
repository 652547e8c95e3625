import { type SQL, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createPrincipalStore } from '../../src/core/auth/principal-store.ts';
import { type Executor, queryRows } from '../../src/core/db/database.ts';
import { literalOf, type PreparedValue, type RunPrepared } from '../../src/core/db/prepared.ts';
import * as usersRepo from '../../src/modules/identity/repository.ts';
import { USERS_READ } from '../../src/modules/identity/users-service.ts';
import * as employeesRepo from '../../src/modules/people/employees-repository.ts';
import { EMPLOYEES_READ } from '../../src/modules/people/employees-service.ts';
import * as publishingRepo from '../../src/modules/publishing/own-roster-repository.ts';
import { OWN_ROSTER_READ } from '../../src/modules/publishing/service.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const relationsOf = (node: PlanNode, into = new Set<string>()): Set<string> => {
  if (node['Relation Name']) into.add(node['Relation Name']);
  for (const child of node.Plans ?? []) relationsOf(child, into);
  return into;
};

describeEachDatabase('kept list reads', (context) => {
  const unit = async () => {
    const [row] = await queryRows<{ buId: string; employeeId: string; departmentId: string }>(
      context.database.db,
      sql`select u.bu_id as "buId", u.employee_id as "employeeId", e.department_id as "departmentId"
            from users u join employees e on e.id = u.employee_id where u.username = 'employee'`,
    );
    return row!;
  };

  /** The tables each statement reads, as its plan names them (views opened to their tables). */
  const tablesRead = async (statements: SQL[]) => {
    const tables = new Set<string>();
    for (const statement of statements) {
      const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
        context.database.db,
        sql`explain (format json) ${statement}`,
      );
      const plan = row!['QUERY PLAN'];
      relationsOf((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan, tables);
    }
    return tables;
  };

  /** An executor that runs nothing but keeps what a repository asks of it. */
  const recorder = (statements: SQL[]) =>
    ({
      execute: async (statement: SQL) => {
        statements.push(statement);
        return { rows: [] };
      },
    }) as unknown as Executor;

  it('every table a kept read reads announces that read on each write', async () => {
    const { buId, employeeId, departmentId } = await unit();
    const reads = new Map<string, SQL[]>([
      [USERS_READ, []],
      [EMPLOYEES_READ, []],
      [OWN_ROSTER_READ, []],
    ]);
    const users = recorder(reads.get(USERS_READ)!);
    for (const q of [undefined, 'plan']) await usersRepo.listUsers(users, buId, { q }, 50, 0);
    const employees = recorder(reads.get(EMPLOYEES_READ)!);
    const every: employeesRepo.EmployeeFilters = {
      q: 'a',
      departmentId,
      grade: 'G1',
      status: 'Active',
      skill: 'S1',
      poolId: departmentId,
      activeOn: '2026-11-27',
    };
    for (const scope of [
      { kind: 'unit' } as const,
      { kind: 'departments', departmentIds: [departmentId] } as const,
    ])
      for (const filters of [{}, every])
        await employeesRepo.listEmployees(employees, buId, scope, filters, 50, 0);
    const ownRoster: RunPrepared = async (read, values: readonly PreparedValue[]) => {
      const text = read.text.replace(/\$(\d+)/g, (_, n: string) => literalOf(values[Number(n) - 1]!));
      reads.get(OWN_ROSTER_READ)!.push(sql.raw(text));
      return [{}] as never[];
    };
    await publishingRepo.ownRosterSources(ownRoster, buId, employeeId, '2026-11-01', '2026-11-30');

    const triggers = await queryRows<{ table: string; definition: string }>(
      context.database.db,
      sql`select c.relname as "table", pg_get_triggerdef(t.oid) as "definition"
            from pg_trigger t join pg_class c on c.oid = t.tgrelid
           where not t.tgisinternal and pg_get_triggerdef(t.oid) like '%announce_read_change%'`,
    );
    const announced = (table: string) =>
      triggers
        .filter((trigger) => trigger.table === table)
        .flatMap((trigger) => [...trigger.definition.matchAll(/'(read:[a-z-]+)'/g)].map((match) => match[1]));
    const unannounced: Record<string, string[]> = {};
    for (const [read, statements] of reads) {
      expect(statements.length, read).toBeGreaterThan(0);
      const tables = [...(await tablesRead(statements))].sort();
      expect(tables.length, read).toBeGreaterThan(0);
      unannounced[read] = tables.filter((table) => !announced(table).includes(read));
    }
    expect(unannounced, 'tables each read reads without announcing it').toEqual({
      [USERS_READ]: [],
      [EMPLOYEES_READ]: [],
      [OWN_ROSTER_READ]: [],
    });
  });

  it('answers a kept page until a write reaches its tables, whoever wrote it', async () => {
    const names = async () => {
      const answer = await context.request('sysadmin', { method: 'GET', url: '/api/users?q=planner' });
      expect(answer.statusCode).toBe(200);
      return answer
        .json<{ items: { username: string; displayName: string }[] }>()
        .items.map((u) => u.displayName);
    };
    const before = await names();
    expect(before.length).toBeGreaterThan(0);
    // A change that announces nothing (triggers off for the session) is not seen: the page was kept.
    await context.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update users set display_name = 'Unannounced' where username = 'planner'`);
    });
    expect(await names()).toEqual(before);
    // A change by hand, outside the service, announced by its trigger: the very next read has it.
    await context.database.db.execute(
      sql`update users set display_name = 'Renamed by hand' where username = 'planner'`,
    );
    expect(await names()).toContain('Renamed by hand');
  });

  it('shows a new employee on the next page read, and an approved leave on the next own roster', async () => {
    const { buId, employeeId, departmentId } = await unit();
    const page = async () =>
      (await context.request('hradmin', { method: 'GET', url: '/api/employees?q=KEPT-1' })).json<{
        total: number;
      }>().total;
    expect(await page()).toBe(0);
    await context.database.db.execute(
      sql`insert into employees (bu_id, employee_number, name_en, name_ar, department_id)
          values (${buId}, 'KEPT-1', 'Kept One', 'Kept One', ${departmentId})`,
    );
    expect(await page()).toBe(1);

    const leaveDays = async () =>
      (
        await context.request('employee', {
          method: 'GET',
          url: '/api/me/roster?from=2027-03-01&to=2027-03-07',
        })
      )
        .json<{ days: { kind: string }[] }>()
        .days.filter((day) => day.kind === 'leave').length;
    expect(await leaveDays()).toBe(0);
    await context.database.db.execute(
      sql`insert into leave_requests (bu_id, employee_id, from_date, to_date, status, requested_by)
          select ${buId}, ${employeeId}, '2027-03-02', '2027-03-03', 'Approved', id from users where username = 'employee'`,
    );
    expect(await leaveDays()).toBe(2);
  });

  it('shares one load among the callers asking at once, but not across an announcement', async () => {
    const store = await createPrincipalStore(context.database);
    try {
      let loads = 0;
      const waiting: (() => void)[] = [];
      const release = () => {
        for (const resolve of waiting.splice(0)) resolve();
      };
      const load = async () => {
        loads += 1;
        const load = loads;
        await new Promise<void>((resolve) => waiting.push(resolve));
        return { load };
      };
      const first = store.keptValue('read:test', 'page', load);
      const second = store.keptValue('read:test', 'page', load);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(loads).toBe(1);
      release();
      expect(await first).toBe(await second);

      const third = store.keptValue('read:test', 'other', load);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await context.database.db.execute(sql`select pg_notify('rostering_access', 'read:test')`);
      await store.settle();
      const fourth = store.keptValue('read:test', 'other', load);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(loads).toBe(3);
      release();
      expect(await fourth).toEqual({ load: 3 });
      // The load that straddled the announcement was answered but not kept; the later one was.
      expect(await store.keptValue('read:test', 'other', load)).toBe(await fourth);
      await third;
    } finally {
      await store.close();
    }
  });

  it.skipIf(context.driver !== 'postgres')(
    'waits for a write made elsewhere before answering, however late this process hears of it',
    async () => {
      const { database } = context;
      // A process whose announcements reach it late (a busy machine delays a listener's delivery).
      const slow = await createPrincipalStore({
        ...database,
        listen: (channel, handlers) =>
          database.listen(channel, {
            onMessage: (payload) => setTimeout(() => handlers.onMessage(payload), 300),
            onReset: handlers.onReset,
          }),
      });
      try {
        const name = () =>
          slow.keptValue('read:users', 'supervisor', async () => {
            const [row] = await queryRows<{ name: string }>(
              database.db,
              sql`select display_name as "name" from users where username = 'supervisor'`,
            );
            return row!.name;
          });
        expect(await name()).not.toBe('Heard late');
        await database.db.execute(
          sql`update users set display_name = 'Heard late' where username = 'supervisor'`,
        );
        expect(await name()).toBe('Heard late');
      } finally {
        await slow.close();
      }
    },
  );
});
