import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { addDays } from '../../core/time/dates.ts';
import { publishSnapshot } from '../../modules/publishing/repository.ts';
import type { DemoStep } from './index.ts';

export const PAST_DAYS = 14;

/**
 * The ramp's roster of the past two weeks, published and approved, so that attendance has something to be
 * reconciled with. Its run is archived (the period is over), and kept no engine instance or result: it
 * stands for history loaded from before this service, so nothing explains or reruns it. The roster: Sunday to Thursday (Friday and Saturday are the default weekend), even
 * numbers on the morning shift, odd ones on the evening, numbers ending in 9 on the night every other
 * day, terminals by number; nobody on approved leave. Demand asks for what was planned plus one more on
 * each day's T1 morning, so the variance shows a gap.
 */
export const pastRosterStep: DemoStep = {
  name: 'past roster',
  async run(tx: Executor, context) {
    const { today } = context;
    await publishPastRoster(tx, {
      buId: context.units.MAIN,
      departmentId: context.departments['MAIN/RAMP']!,
      from: addDays(today, -PAST_DAYS),
      to: addDays(today, -1),
    });
  },
};

interface RosterScope {
  buId: string;
  departmentId: string;
  from: string;
  to: string;
}

/** The roster described above for one department and period (the reconciliation benchmark's too). */
export async function publishPastRoster(tx: Executor, scope: RosterScope): Promise<void> {
  await publishPatternRoster(tx, scope, {
    name: `Past roster ${scope.from} – ${scope.to}`,
    era: 'past',
    extraT1MorningUntil: scope.to,
  });
}

/**
 * The pattern of the past roster, published: for the past (`era: 'past'`) the run is archived and was
 * approved two weeks ago; for the present the run stays locked into the live roster and was approved
 * yesterday, and the two employees numbered …5 of the department form a weekend crew (Friday and Saturday
 * mornings at T1, none of their weekdays) from the first day. So that the crew's first weekend keeps the
 * rest and the runs of days after the past's weekday evenings whatever weekday the present opens on, the
 * crew is off the past's last two days. The T1 morning asks for one more head than planned
 * until `extraT1MorningUntil`: gaps for the planner to cover. Answers the plan, run and roster ids.
 */
export async function publishPatternRoster(
  tx: Executor,
  { buId, departmentId: ramp, from, to }: RosterScope,
  { name, era, extraT1MorningUntil }: { name: string; era: 'past' | 'present'; extraT1MorningUntil: string },
): Promise<{ planId: string; runId: string; rosterId: string }> {
  const [people] = await queryRows<{ planner: string; manager: string }>(
    tx,
    sql`select (select id from users where username = 'planner') as planner,
                 (select id from users where username = 'manager') as manager`,
  );
  const { planner, manager } = people!;
  const past = era === 'past';
  const [plan] = await queryRows<{ id: string }>(
    tx,
    sql`insert into demand_plans (bu_id, department_id, name, period_from, period_to, status)
          values (${buId}, ${ramp}, ${name}, ${from}, ${to}, 'Locked') returning id`,
  );
  const decided = past ? sql`now() - interval '15 days'` : sql`now() - interval '1 day'`;
  const [run] = await queryRows<{ id: string }>(
    tx,
    sql`insert into allocation_runs (bu_id, plan_id, department_id, period_from, period_to, status, created_by,
            executed_by, executed_at, reviewed_by, reviewed_at, locked_by, locked_at, archived_by, archived_at)
          values (${buId}, ${plan!.id}, ${ramp}, ${from}, ${to}, ${past ? 'Archived' : 'Locked'}, ${planner},
            ${planner}, ${decided}, ${planner}, ${decided}, ${planner}, ${decided},
            ${past ? planner : null}, ${past ? sql`now()` : null})
          returning id`,
  );
  await tx.execute(sql`
      with days as (
        select d::date as date, (d::date - ${from}::date) as k, extract(dow from d) in (5, 6) as weekend
          from generate_series(${from}::date, ${to}::date, interval '1 day') d),
      staff as (
        select id, substring(employee_number from 2)::int as n from employees
         where bu_id = ${buId} and department_id = ${ramp} and status = 'ACTIVE'),
      weekdays as (
        select s.id as employee_id, d.date,
               case when s.n % 10 = 9 then 'NIGHT' when s.n % 2 = 0 then 'MORNING' else 'EVENING' end as shift,
               'T' || (s.n % 3 + 1) as terminal
          from staff s cross join days d
         where not d.weekend and (s.n % 10 <> 9 or d.k % 2 = 0)
           and (s.n % 10 <> 5 or (${past} and d.date < ${to}::date - 1))),
      weekend_crew as (
        select s.id as employee_id, d.date, 'MORNING' as shift, 'T1' as terminal
          from staff s cross join days d
         where not ${past} and d.weekend and s.n % 10 = 5),
      planned as (
        select * from (select * from weekdays union all select * from weekend_crew) p
         where not exists (select 1 from leave_requests l where l.employee_id = p.employee_id
                            and l.status = 'Approved' and p.date between l.from_date and l.to_date))
      insert into shift_assignments (bu_id, employee_id, date, shift_template_id, terminal_id, run_id, source, created_by)
      select ${buId}, p.employee_id, p.date, t.id, x.id, ${run!.id}, 'Allocation', ${planner}
        from planned p
        join shift_templates t on t.bu_id = ${buId} and t.code = p.shift
        join terminals x on x.bu_id = ${buId} and x.code = p.terminal`);
  await tx.execute(sql`
      insert into demand_lines (bu_id, plan_id, date, terminal_id, shift_template_id, required)
      select ${buId}, ${plan!.id}, a.date, a.terminal_id, a.shift_template_id,
             count(*) + case when x.code = 'T1' and t.code = 'MORNING' and a.date <= ${extraT1MorningUntil}::date
                             then 1 else 0 end
        from shift_assignments a
        join terminals x on x.id = a.terminal_id
        join shift_templates t on t.id = a.shift_template_id
       where a.run_id = ${run!.id}
       group by a.date, a.terminal_id, a.shift_template_id, x.code, t.code`);
  await tx.execute(sql`
      update shift_assignments a set demand_line_id = l.id
        from demand_lines l
       where a.run_id = ${run!.id} and l.plan_id = ${plan!.id} and l.date = a.date
         and l.terminal_id = a.terminal_id and l.shift_template_id = a.shift_template_id`);
  await tx.execute(sql`update allocation_runs
        set locked_assignments = (select count(*) from shift_assignments where run_id = ${run!.id})
      where id = ${run!.id}`);
  const rosterId = await publishSnapshot(
    tx,
    { buId, runId: run!.id, planId: plan!.id, departmentId: ramp, from, to },
    { version: 1, reason: null, supersedesId: null, publishedBy: planner },
  );
  await tx.execute(sql`insert into roster_approvals (bu_id, roster_id, department_id, status, decided_by,
        decided_at, comment)
      values (${buId}, ${rosterId}, ${ramp}, 'Approved', ${manager}, ${past ? sql`now() - interval '14 days'` : decided}, 'Approved')`);
  return { planId: plan!.id, runId: run!.id, rosterId };
}
