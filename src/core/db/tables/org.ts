import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { businessUnits } from './platform.ts';

/** Columns every admin lookup group shares (DESIGN §7). */
export const lookupColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  buId: uuid('bu_id')
    .notNull()
    .references(() => businessUnits.id),
  code: text('code').notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar'),
  description: text('description'),
  isSystem: boolean('is_system').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const nodeTypes = pgTable('node_types', lookupColumns(), (t) => [
  unique('node_types_bu_code').on(t.buId, t.code),
]);

/** The node type whose nodes are departments (the scope of grants, demand, rosters …). */
export const DEPARTMENT_NODE_TYPE = 'DEPARTMENT';

/** The organisation tree; departments are the nodes whose type is DEPARTMENT. */
export const orgNodes = pgTable(
  'org_nodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    nodeTypeId: uuid('node_type_id')
      .notNull()
      .references(() => nodeTypes.id),
    parentId: uuid('parent_id').references((): AnyPgColumn => orgNodes.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('org_nodes_bu_code').on(t.buId, t.code)],
);

/**
 * People are written only by the employee import (a later area); users link to them and grants, demand
 * and rosters are scoped by their department.
 */
export const employees = pgTable(
  'employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    employeeNumber: text('employee_number').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    departmentId: uuid('department_id').references(() => orgNodes.id),
    // References grades(id) through migration 0003: importing `grades` here would be a module cycle.
    gradeId: uuid('grade_id'),
    status: text('status').notNull().default('ACTIVE'),
    hireDate: date('hire_date'),
    endDate: date('end_date'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('employees_bu_number').on(t.buId, t.employeeNumber),
    // What changed since a run executed (issue 53) reads the few records written after an instant.
    index('employees_bu_updated_idx').on(t.buId, t.updatedAt),
  ],
);
