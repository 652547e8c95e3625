import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { addDays } from '../../core/time/dates.ts';
import type { DemoContext, DemoStep } from './index.ts';

/** Employees of MAIN numbered E{from + 1} … E{to}: the demo's per-employee rules apply to a range of them. */
export interface EmployeeRange {
  from: number;
  to: number;
}

/** The number of a demo employee `e` (E00042 → 42); null for any other number (an imported one). */
export const demoNumber = sql`(case when e.employee_number ~ '^E[0-9]{1,9}$' then substring(e.employee_number from 2)::int end)`;

const inRange = (range: EmployeeRange) => sql`${demoNumber} between ${range.from + 1} and ${range.to}`;

/**
 * Skills with levels, certifications and group memberships for a range of the demo staff of MAIN
 * (set-based, so a demo of thousands of employees loads as fast as one of sixty). The first load gives
 * them to everyone; `npm run seed:demo -- --employees N` to the employees it adds. Dates are relative to
 * the day of seeding: every seventh certified employee's licence expires within 30 days, and E00004's has
 * lapsed. The skill requirements and the groups must exist (`peopleStep` creates them).
 */
export async function equipDemoEmployees(tx: Executor, buId: string, today: string, range: EmployeeRange) {
  // Department skills: ramp marshals (every third also drives the pushback tug), passenger agents
  // check in and board, cargo agents drive forklifts. Levels cycle by employee number.
  await tx.execute(sql`
    insert into employee_skills (bu_id, employee_id, skill_id, level_id)
    select e.bu_id, e.id, s.id,
           (select l.id from skill_levels l where l.bu_id = e.bu_id
             and l.rank = 1 + (substring(e.employee_number from 2)::int + length(s.code)) % 4)
      from employees e
      join org_nodes d on d.id = e.department_id
      join skills s on s.bu_id = e.bu_id and (
           (d.code = 'RAMP' and (s.code = 'MARSHALLING'
              or (s.code = 'PUSHBACK' and substring(e.employee_number from 2)::int % 3 = 1)))
        or (d.code = 'PAX' and s.code in ('CHECK_IN', 'BOARDING'))
        or (d.code = 'CARGO' and s.code = 'FORKLIFT'))
     where e.bu_id = ${buId} and ${inRange(range)}`);
  // Licences for the skills that need them, valid a year or two, some expiring soon.
  await tx.execute(sql`
    insert into certifications (bu_id, employee_id, certification_code, issued_on, expires_on, status)
    select r.bu_id, es.employee_id, r.certification_code,
           ${addDays(today, -400)}::date,
           case when substring(e.employee_number from 2)::int % 7 = 0
                then ${today}::date + (5 + substring(e.employee_number from 2)::int % 20)
                else ${today}::date + (300 + substring(e.employee_number from 2)::int % 300) end,
           'Active'
      from skill_certification_requirements r
      join employee_skills es on es.skill_id = r.skill_id
      join employees e on e.id = es.employee_id
     where r.bu_id = ${buId} and ${inRange(range)}`);
  // Everyone holds first aid; E00004's has lapsed (it reads Expired until the sweep writes it).
  await tx.execute(sql`
    insert into certifications (bu_id, employee_id, certification_code, issued_on, expires_on, status)
    select e.bu_id, e.id, 'FIRST_AID', ${addDays(today, -700)}::date,
           case when e.employee_number = 'E00004' then ${addDays(today, -3)}::date
                when substring(e.employee_number from 2)::int % 11 = 0 then ${addDays(today, 12)}::date
                else ${addDays(today, 365)}::date end,
           'Active'
      from employees e where e.bu_id = ${buId} and ${inRange(range)}`);
  // Even-numbered ramp staff are on the night crew; every tenth (5, 15, …) trains newcomers.
  await tx.execute(sql`
    insert into employee_group_members (group_id, employee_id)
    select g.id, e.id
      from employee_groups g
      join employees e on e.bu_id = g.bu_id and g.department_id = e.department_id
     where g.bu_id = ${buId} and g.code = 'RAMP_NIGHT_CREW' and ${inRange(range)}
       and substring(e.employee_number from 2)::int % 2 = 0`);
  await tx.execute(sql`
    insert into employee_group_members (group_id, employee_id)
    select g.id, e.id
      from employee_groups g
      join employees e on e.bu_id = g.bu_id
     where g.bu_id = ${buId} and g.code = 'TRAINERS' and ${inRange(range)}
       and substring(e.employee_number from 2)::int % 10 = 5`);
}

/** The skill requirements and the groups of MAIN, then the staff's skills, certifications and groups. */
export const peopleStep: DemoStep = {
  name: 'people: skills, certifications, groups',
  async run(tx: Executor, context: DemoContext) {
    const buId = context.units.MAIN;
    await tx.execute(sql`
      insert into skill_certification_requirements (bu_id, skill_id, certification_code)
      select bu_id, id, case code when 'PUSHBACK' then 'PUSHBACK_LICENCE' else 'FORKLIFT_LICENCE' end
        from skills where bu_id = ${buId} and code in ('PUSHBACK', 'FORKLIFT')`);
    await tx.execute(sql`
      insert into employee_groups (bu_id, code, name_en, name_ar, description, department_id)
      values (${buId}, 'RAMP_NIGHT_CREW', 'Ramp night crew', 'طاقم الساحة الليلي',
              'Ramp agents who prefer night shifts', ${context.departments['MAIN/RAMP']!}),
             (${buId}, 'TRAINERS', 'On-the-job trainers', 'المدربون الميدانيون',
              'Experienced staff who train newcomers', null)`);
    await equipDemoEmployees(tx, buId, context.today, { from: 0, to: context.employeeCount });
  },
};
