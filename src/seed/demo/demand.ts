import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import {
  demandLines,
  demandPlans,
  demandReasons,
  demandTemplateCells,
  demandTemplates,
  employees,
  poolLendingRules,
  poolMembers,
  pools,
  shiftTemplates,
  skills,
  terminals,
} from '../../core/db/tables/index.ts';
import { addDays, weekdayOf } from '../../core/time/dates.ts';
import type { DemoStep } from './index.ts';

type Table = typeof terminals | typeof shiftTemplates | typeof skills | typeof demandReasons;

async function idsOf(tx: Executor, table: Table, buId: string, codes: string[]) {
  const rows = await tx
    .select({ id: table.id, code: table.code })
    .from(table)
    .where(and(eq(table.buId, buId), inArray(table.code, codes)));
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  for (const code of codes) if (!ids.has(code)) throw new Error(`Demo reference row ${code} is missing`);
  return ids;
}

/**
 * Ramp demand per terminal and shift (one more on weekend mornings at T1, Friday and Saturday), plus two
 * skilled cells a day: 284 headcount-shifts over two weeks. 20 ramp staff (one shift a day, at most 6 days
 * in a row: 240) and at most 2 lent cargo staff a day (28) can cover most of it, never all.
 */
const BASE = { MORNING: 3, EVENING: 2, NIGHT: 1 } as const;
const SKILLED = [
  { terminal: 'T1', shift: 'MORNING', skill: 'MARSHALLING', required: 1 },
  { terminal: 'T2', shift: 'EVENING', skill: 'PUSHBACK', required: 1 },
] as const;
const TERMINALS = ['T1', 'T2', 'T3'];

function dayCells(weekday: number) {
  const weekend = weekday === 5 || weekday === 6;
  const cells: {
    terminal: string;
    shift: string;
    skill: string | null;
    required: number;
    reason: string | null;
  }[] = [];
  for (const terminal of TERMINALS) {
    for (const [shift, required] of Object.entries(BASE)) {
      // Weekend mornings at T1 are the peak of the week: one more, with its reason.
      const peak = weekend && terminal === 'T1' && shift === 'MORNING';
      cells.push({
        terminal,
        shift,
        skill: null,
        required: required + (peak ? 1 : 0),
        reason: peak ? 'PEAK_SEASON' : null,
      });
    }
  }
  for (const cell of SKILLED) cells.push({ ...cell, reason: null });
  return cells;
}

/**
 * Pools (defaults exist by trigger), one extra pool with members, one lending rule, a template and, for the
 * suites' data set, a draft plan of the next two weeks.
 */
export const demandStep: DemoStep = {
  name: 'pools and demand',
  async run(tx, context) {
    const buId = context.units.MAIN;
    const ramp = context.departments['MAIN/RAMP']!;
    const cargo = context.departments['MAIN/CARGO']!;
    const { today } = context;

    const [apron] = await tx
      .insert(pools)
      .values({
        buId,
        departmentId: ramp,
        code: 'RAMP-APRON',
        nameEn: 'Apron team',
        nameAr: 'فريق الساحة',
        description: 'Marshalling and pushback specialists',
      })
      .returning({ id: pools.id });
    const rampStaff = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.buId, buId), eq(employees.departmentId, ramp)))
      .orderBy(employees.employeeNumber);
    await tx
      .insert(poolMembers)
      .values(rampStaff.slice(-5).map((employee) => ({ buId, employeeId: employee.id, poolId: apron!.id })));

    const defaults = await tx
      .select({ id: pools.id, departmentId: pools.departmentId })
      .from(pools)
      .where(and(eq(pools.buId, buId), eq(pools.isDefault, true)));
    const defaultOf = (department: string) => defaults.find((pool) => pool.departmentId === department)!.id;
    await tx.insert(poolLendingRules).values({
      buId,
      sourcePoolId: defaultOf(cargo),
      targetPoolId: defaultOf(ramp),
      effectiveFrom: today,
      effectiveTo: addDays(today, 90),
      maxPerDay: 2,
      description: 'Cargo lends up to two staff a day to the ramp',
    });

    const terminalIds = await idsOf(tx, terminals, buId, TERMINALS);
    const shiftIds = await idsOf(tx, shiftTemplates, buId, Object.keys(BASE));
    const skillIds = await idsOf(
      tx,
      skills,
      buId,
      SKILLED.map((cell) => cell.skill),
    );
    const reasonIds = await idsOf(tx, demandReasons, buId, ['PEAK_SEASON']);
    const resolve = (cell: ReturnType<typeof dayCells>[number]) => ({
      terminalId: terminalIds.get(cell.terminal)!,
      shiftTemplateId: shiftIds.get(cell.shift)!,
      skillId: cell.skill ? skillIds.get(cell.skill)! : null,
      required: cell.required,
      reasonId: cell.reason ? reasonIds.get(cell.reason)! : null,
    });

    if (context.upcoming === 'draft-plan') {
      const from = addDays(today, 1);
      const to = addDays(from, 13);
      const [plan] = await tx
        .insert(demandPlans)
        .values({ buId, departmentId: ramp, name: 'Ramp – next two weeks', periodFrom: from, periodTo: to })
        .returning({ id: demandPlans.id });
      const lines = [];
      for (let date = from; date <= to; date = addDays(date, 1)) {
        for (const cell of dayCells(weekdayOf(date)))
          lines.push({ buId, planId: plan!.id, date, ...resolve(cell) });
      }
      await tx.insert(demandLines).values(lines);
    }

    const [template] = await tx
      .insert(demandTemplates)
      .values({
        buId,
        departmentId: ramp,
        name: 'Ramp standard week',
        description: 'The usual ramp week, with busier weekend mornings at T1',
      })
      .returning({ id: demandTemplates.id });
    const templateCells = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      for (const cell of dayCells(weekday))
        templateCells.push({ templateId: template!.id, weekday, ...resolve(cell) });
    }
    await tx.insert(demandTemplateCells).values(templateCells);
  },
};
