import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { employees, orgNodes } from './org.ts';
import { businessUnits } from './platform.ts';
import { demandReasons, shiftTemplates, skills, terminals } from './reference.ts';

/*
 * Pools, lending rules, demand plans and demand templates (DESIGN §9). A department's default pool is
 * created by a trigger on `org_nodes` (migration `pools_default_trigger`), so departments that arrive
 * through any path (the import, seeds, SQL) get one; the partial unique index keeps it to one.
 */

export const pools = pgTable(
  'pools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => orgNodes.id),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('pools_bu_code').on(t.buId, t.code),
    uniqueIndex('pools_one_default_per_department').on(t.departmentId).where(sql`${t.isDefault}`),
    index('pools_department_idx').on(t.departmentId),
  ],
);

/** Explicit membership: an employee has at most one explicit pool; without one, the department default. */
export const poolMembers = pgTable(
  'pool_members',
  {
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => pools.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.employeeId] }), index('pool_members_pool_idx').on(t.poolId)],
);

/** Staff of `source` may work demand of `target` between the dates (inclusive; open end when null). */
export const poolLendingRules = pgTable(
  'pool_lending_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    sourcePoolId: uuid('source_pool_id')
      .notNull()
      .references(() => pools.id),
    targetPoolId: uuid('target_pool_id')
      .notNull()
      .references(() => pools.id),
    effectiveFrom: date('effective_from').notNull(),
    effectiveTo: date('effective_to'),
    maxPerDay: integer('max_per_day'),
    description: text('description'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pool_lending_rules_not_self', sql`${t.sourcePoolId} <> ${t.targetPoolId}`),
    check(
      'pool_lending_rules_range',
      sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`,
    ),
    check('pool_lending_rules_max_per_day', sql`${t.maxPerDay} is null or ${t.maxPerDay} > 0`),
    index('pool_lending_rules_pair_idx').on(t.sourcePoolId, t.targetPoolId),
    index('pool_lending_rules_target_idx').on(t.targetPoolId),
  ],
);

/** The skills a rule lends (none listed: any skill). */
export const poolLendingRuleSkills = pgTable(
  'pool_lending_rule_skills',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => poolLendingRules.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.skillId] })],
);

export const DEMAND_PLAN_STATUSES = ['Draft', 'Approved', 'Locked', 'Archived'] as const;
export type DemandPlanStatus = (typeof DEMAND_PLAN_STATUSES)[number];

/** The longest period of a plan, in days (inclusive). */
export const MAX_PLAN_DAYS = 92;

export const demandPlans = pgTable(
  'demand_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => orgNodes.id),
    name: text('name').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    status: text('status').$type<DemandPlanStatus>().notNull().default('Draft'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'demand_plans_period',
      sql`${t.periodTo} >= ${t.periodFrom} and ${t.periodTo} - ${t.periodFrom} < 92`,
    ),
    check('demand_plans_status', sql`${t.status} in ('Draft', 'Approved', 'Locked', 'Archived')`),
    index('demand_plans_bu_period_idx').on(t.buId, t.periodFrom, t.periodTo),
    index('demand_plans_department_idx').on(t.departmentId),
  ],
);

/** One cell of a plan: headcount required on a date, at a terminal, on a shift, optionally of a skill. */
export const demandLines = pgTable(
  'demand_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => demandPlans.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => terminals.id),
    shiftTemplateId: uuid('shift_template_id')
      .notNull()
      .references(() => shiftTemplates.id),
    skillId: uuid('skill_id').references(() => skills.id),
    required: integer('required').notNull(),
    reasonId: uuid('reason_id').references(() => demandReasons.id),
  },
  (t) => [
    unique('demand_lines_cell')
      .on(t.planId, t.date, t.terminalId, t.shiftTemplateId, t.skillId)
      .nullsNotDistinct(),
    check('demand_lines_required', sql`${t.required} > 0`),
  ],
);

/** A week of cells keyed by weekday (0 = Sunday … 6 = Saturday); no department means the whole unit. */
export const demandTemplates = pgTable('demand_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  buId: uuid('bu_id')
    .notNull()
    .references(() => businessUnits.id),
  departmentId: uuid('department_id').references(() => orgNodes.id),
  name: text('name').notNull(),
  description: text('description'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const demandTemplateCells = pgTable(
  'demand_template_cells',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => demandTemplates.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => terminals.id),
    shiftTemplateId: uuid('shift_template_id')
      .notNull()
      .references(() => shiftTemplates.id),
    skillId: uuid('skill_id').references(() => skills.id),
    required: integer('required').notNull(),
    reasonId: uuid('reason_id').references(() => demandReasons.id),
  },
  (t) => [
    unique('demand_template_cells_cell')
      .on(t.templateId, t.weekday, t.terminalId, t.shiftTemplateId, t.skillId)
      .nullsNotDistinct(),
    check('demand_template_cells_weekday', sql`${t.weekday} between 0 and 6`),
    check('demand_template_cells_required', sql`${t.required} > 0`),
  ],
);
