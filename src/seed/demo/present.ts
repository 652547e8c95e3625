import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { addDays, weekdayOf } from '../../core/time/dates.ts';
import type { DemoStep } from './index.ts';
import { publishPatternRoster } from './roster.ts';

/** Days of the published present: the current fortnight and the next, from the day of seeding. */
export const PRESENT_DAYS = 28;
/** Days from today whose T1 morning asks for one more head than is rostered: the planner's gaps. */
const GAP_DAYS = 7;

/**
 * The demo in the present: the ramp's roster of this fortnight and the next, published and approved, with a
 * few gaps on the T1 morning, one of them offered as an open shift, and the demo employee's give-away of a
 * Sunday evening to a weekend-crew colleague, accepted and waiting for the manager. A newcomer opens a live
 * roster with people on it, today's coverage and things waiting; the next free period of the ramp starts
 * four weeks out, and the other departments are unplanned.
 */
export const presentRosterStep: DemoStep = {
  name: 'present roster',
  async run(tx: Executor, context) {
    if (context.upcoming !== 'published') return;
    const buId = context.units.MAIN;
    const departmentId = context.departments['MAIN/RAMP']!;
    const { today } = context;
    const to = addDays(today, PRESENT_DAYS - 1);
    const { planId } = await publishPatternRoster(
      tx,
      { buId, departmentId, from: today, to },
      {
        name: 'Ramp – this fortnight and the next',
        era: 'present',
        extraT1MorningUntil: addDays(today, GAP_DAYS - 1),
      },
    );
    await offerFirstGap(tx, { buId, departmentId, planId, after: today });
    await giveAwaySunday(tx, { buId, departmentId, after: addDays(today, 2), until: to });
  },
};

/** The T1 morning gap of the first working day after `after`, offered by the planner. */
async function offerFirstGap(
  tx: Executor,
  {
    buId,
    departmentId,
    planId,
    after,
  }: { buId: string; departmentId: string; planId: string; after: string },
): Promise<void> {
  await tx.execute(sql`
      insert into open_shifts (bu_id, demand_line_id, department_id, heads, offered_by)
      select ${buId}, l.id, ${departmentId}, 1, (select id from users where username = 'planner')
        from demand_lines l
        join terminals x on x.id = l.terminal_id and x.code = 'T1'
        join shift_templates t on t.id = l.shift_template_id and t.code = 'MORNING'
       where l.plan_id = ${planId} and l.date > ${after}::date
         and l.required > (select count(*) from shift_assignments a where a.demand_line_id = l.id)
       order by l.date limit 1`);
}

/**
 * The demo employee gives their evening of the first Sunday whose Saturday the weekend crew works to E00025,
 * who works that Saturday's morning and then has Monday off: the give-away keeps every rule, so the
 * manager's approval goes through.
 */
async function giveAwaySunday(
  tx: Executor,
  { buId, departmentId, after, until }: { buId: string; departmentId: string; after: string; until: string },
): Promise<void> {
  let sunday = addDays(after, 1);
  while (weekdayOf(sunday) !== 0) sunday = addDays(sunday, 1);
  if (sunday > until) return;
  const [shift] = await queryRows<{
    id: string;
    employeeId: string;
    shiftTemplateId: string;
    terminalId: string;
  }>(
    tx,
    sql`select a.id, a.employee_id as "employeeId", a.shift_template_id as "shiftTemplateId",
               a.terminal_id as "terminalId"
          from shift_assignments a join users u on u.employee_id = a.employee_id and u.username = 'employee'
         where a.date = ${sunday}::date`,
  );
  if (!shift) return;
  await tx.execute(sql`
      insert into shift_swaps (bu_id, kind, status, department_id, proposer_id, colleague_id,
          offered_assignment_id, offered_date, offered_shift_template_id, offered_terminal_id, note,
          proposed_by, responded_at)
      select ${buId}, 'GiveAway', 'Accepted', ${departmentId}, ${shift.employeeId}, c.id, ${shift.id},
             ${sunday}::date, ${shift.shiftTemplateId}, ${shift.terminalId}, 'Family visit that evening',
             (select id from users where username = 'employee'), now() - interval '2 hours'
        from employees c where c.bu_id = ${buId} and c.employee_number = 'E00025'`);
}
