import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import {
  businessUnits,
  DEPARTMENT_NODE_TYPE,
  employees,
  orgNodes,
  roles,
  userRoles,
  users,
} from '../../core/db/tables/index.ts';
import { businessDate, DEFAULT_TIMEZONE } from '../../core/time/dates.ts';
import { hashPassword } from '../../modules/identity/passwords.ts';
import { createBusinessUnit, nodeTypeId } from '../reference.ts';
import { attendanceStep } from './attendance.ts';
import { costsStep } from './costs.ts';
import { demandStep } from './demand.ts';
import { leaveStep } from './leave.ts';
import { FAMILY_NAMES, GIVEN_NAMES } from './names.ts';
import { peopleStep } from './people.ts';
import { presentRosterStep } from './present.ts';
import { referenceDataStep } from './reference-data.ts';
import { pastRosterStep } from './roster.ts';

export const DEMO_PASSWORD = 'Demo#Roster2026';

/** What the demo steps share: the units they created and the demo password's hash, computed once. */
export interface DemoContext {
  units: Record<'MAIN' | 'NORTH', string>;
  departments: Record<string, string>;
  passwordHash: string;
  employeeCount: number;
  /** The day of seeding in the demo units' time zone: every step dates its data from this one day. */
  today: string;
  upcoming: DemoUpcoming;
}

/**
 * What the ramp's coming weeks hold: `published`, the demo a newcomer starts (this fortnight and the next
 * published and approved, no plan in the way of the planner's first); `draft-plan`, the data set the test
 * suites and benchmarks were written on (nothing published ahead, a draft plan of the next two weeks for
 * them to run).
 */
export type DemoUpcoming = 'published' | 'draft-plan';

/** One part of the demo data set; later areas append theirs to `DEMO_STEPS`. */
export interface DemoStep {
  name: string;
  run(tx: Executor, context: DemoContext): Promise<void>;
}

/** MAIN's departments, in the order staff are spread over them (E00001 ramp, E00002 passenger, …). */
export const DEPARTMENTS = [
  { code: 'RAMP', nameEn: 'Ramp Services', nameAr: 'خدمات الساحة' },
  { code: 'PAX', nameEn: 'Passenger Services', nameAr: 'خدمات المسافرين' },
  { code: 'CARGO', nameEn: 'Cargo', nameAr: 'الشحن' },
];

const orgTree: DemoStep = {
  name: 'organisation tree',
  async run(tx, context) {
    for (const [unitCode, buId] of Object.entries(context.units)) {
      const [root] = await tx
        .insert(orgNodes)
        .values({
          buId,
          code: `${unitCode}-HQ`,
          nameEn: `${unitCode === 'MAIN' ? 'Main' : 'North'} Airport Operations`,
          nameAr: unitCode === 'MAIN' ? 'عمليات المطار الرئيسي' : 'عمليات مطار الشمال',
          nodeTypeId: await nodeTypeId(tx, buId, 'COMPANY'),
        })
        .returning({ id: orgNodes.id });
      const departmentType = await nodeTypeId(tx, buId, DEPARTMENT_NODE_TYPE);
      const departments = unitCode === 'MAIN' ? DEPARTMENTS : DEPARTMENTS.slice(0, 1);
      for (const department of departments) {
        const [row] = await tx
          .insert(orgNodes)
          .values({ ...department, buId, nodeTypeId: departmentType, parentId: root!.id })
          .returning({ id: orgNodes.id });
        context.departments[`${unitCode}/${department.code}`] = row!.id;
      }
    }
  },
};

/** Deterministic staff with Arabic and English names, spread over the departments. */
export async function addDemoEmployees(
  tx: Executor,
  buId: string,
  departmentIds: string[],
  from: number,
  to: number,
) {
  const rows = [];
  for (let n = from; n < to; n++) {
    const given = GIVEN_NAMES[n % GIVEN_NAMES.length]!;
    const family = FAMILY_NAMES[Math.floor(n / GIVEN_NAMES.length) % FAMILY_NAMES.length]!;
    rows.push({
      buId,
      employeeNumber: `E${String(n + 1).padStart(5, '0')}`,
      nameEn: `${given[0]} ${family[0]}`,
      nameAr: `${given[1]} ${family[1]}`,
      departmentId: departmentIds[n % departmentIds.length]!,
      hireDate: `20${String(15 + (n % 10)).padStart(2, '0')}-0${1 + (n % 9)}-01`,
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(employees).values(rows.slice(i, i + 1000));
}

const staff: DemoStep = {
  name: 'employees',
  async run(tx, context) {
    const main = Object.entries(context.departments)
      .filter(([key]) => key.startsWith('MAIN/'))
      .map(([, id]) => id);
    await addDemoEmployees(tx, context.units.MAIN, main, 0, context.employeeCount);
    await addDemoEmployees(tx, context.units.NORTH, [context.departments['NORTH/RAMP']!], 0, 5);
  },
};

/**
 * One user per system role, each linked to an employee. The manager and supervisor lead the ramp, and the
 * demo employee works there (employees are spread over RAMP, PAX, CARGO by number: 1, 4, 7… are ramp), so
 * the leave chain and scoped views can be tried with the demo users alone.
 */
export const DEMO_USERS = [
  { username: 'sysadmin', role: 'SYS_ADMIN', displayName: 'System Administrator', employeeNumber: 2 },
  { username: 'hradmin', role: 'HR_ADMIN', displayName: 'HR Administrator', employeeNumber: 3 },
  { username: 'hrdirector', role: 'HR_DIRECTOR', displayName: 'HR Director', employeeNumber: 5 },
  { username: 'coo', role: 'COO', displayName: 'Chief Operating Officer', employeeNumber: 6 },
  { username: 'planner', role: 'PLANNER', displayName: 'Roster Planner', employeeNumber: 8 },
  {
    username: 'manager',
    role: 'MANAGER',
    displayName: 'Ramp Manager',
    department: 'MAIN/RAMP',
    employeeNumber: 1,
  },
  {
    username: 'supervisor',
    role: 'SUPERVISOR',
    displayName: 'Ramp Supervisor',
    department: 'MAIN/RAMP',
    employeeNumber: 4,
    // Works shifts on the ramp too: their own roster, swaps and open shifts are an employee's.
    alsoRoles: ['EMPLOYEE'],
  },
  { username: 'employee', role: 'EMPLOYEE', displayName: 'Ramp Agent', employeeNumber: 7 },
] as const;

const demoUsers: DemoStep = {
  name: 'users',
  async run(tx, context) {
    const accounts = [
      ...DEMO_USERS.map((user) => ({ ...user, unit: 'MAIN' as const })),
      {
        username: 'north.admin',
        role: 'SYS_ADMIN',
        displayName: 'North Administrator',
        unit: 'NORTH' as const,
        employeeNumber: 1,
      },
    ];
    for (const account of accounts) {
      const buId = context.units[account.unit];
      const [employee] = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(
          sql`${employees.buId} = ${buId} and ${employees.employeeNumber} = ${`E${String(account.employeeNumber).padStart(5, '0')}`}`,
        );
      const [user] = await tx
        .insert(users)
        .values({
          buId,
          username: account.username,
          displayName: account.displayName,
          email: `${account.username}@example.com`,
          passwordHash: context.passwordHash,
          employeeId: employee?.id ?? null,
        })
        .returning({ id: users.id });
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(sql`${roles.buId} = ${buId} and ${roles.code} = ${account.role}`);
      const department = 'department' in account ? context.departments[account.department] : undefined;
      await tx
        .insert(userRoles)
        .values({ buId, userId: user!.id, roleId: role!.id, departmentId: department ?? null });
      for (const code of 'alsoRoles' in account ? account.alsoRoles : []) {
        const [also] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(sql`${roles.buId} = ${buId} and ${roles.code} = ${code}`);
        await tx.insert(userRoles).values({ buId, userId: user!.id, roleId: also!.id, departmentId: null });
      }
    }
  },
};

/** The demo data set, in order; each later area appends its step. */
export const DEMO_STEPS: DemoStep[] = [
  orgTree,
  staff,
  demoUsers,
  referenceDataStep,
  peopleStep,
  leaveStep,
  demandStep,
  pastRosterStep,
  presentRosterStep,
  attendanceStep,
  costsStep,
];

export const DEMO_EMPLOYEES = 60;

/** Loads the demo set when the database holds no business unit yet; answers whether it did. */
export async function loadDemoData(
  db: Executor,
  options: { employees?: number; upcoming?: DemoUpcoming } = {},
): Promise<boolean> {
  const [any] = await db.select({ id: businessUnits.id }).from(businessUnits).limit(1);
  if (any) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const context: DemoContext = {
      units: {
        MAIN: await createBusinessUnit(tx, {
          code: 'MAIN',
          nameEn: 'Main Airport',
          nameAr: 'المطار الرئيسي',
        }),
        NORTH: await createBusinessUnit(tx, {
          code: 'NORTH',
          nameEn: 'North Airport',
          nameAr: 'مطار الشمال',
        }),
      },
      departments: {},
      passwordHash,
      employeeCount: Math.max(options.employees ?? DEMO_EMPLOYEES, DEMO_USERS.length),
      today: businessDate(new Date(), DEFAULT_TIMEZONE),
      upcoming: options.upcoming ?? 'published',
    };
    for (const step of DEMO_STEPS) await step.run(tx, context);
  });
  return true;
}

export async function unitId(db: Executor, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: businessUnits.id })
    .from(businessUnits)
    .where(eq(businessUnits.code, code));
  return row?.id;
}
