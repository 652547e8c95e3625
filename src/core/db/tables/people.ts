import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { employees, orgNodes } from './org.ts';
import { businessUnits } from './platform.ts';
import { skillLevels, skills } from './reference.ts';

/** The skills an employee holds, each at one level; written by the employee import. */
export const employeeSkills = pgTable(
  'employee_skills',
  {
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id),
    levelId: uuid('level_id').references(() => skillLevels.id),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.skillId] }),
    index('employee_skills_skill_idx').on(t.skillId),
  ],
);

/** Certifications a skill requires (by certification code). */
export const skillCertificationRequirements = pgTable(
  'skill_certification_requirements',
  {
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    certificationCode: text('certification_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.skillId, t.certificationCode] })],
);

/** A certification's stored status: the expiry sweep writes Expired (reads compute it before the sweep). */
export const CERTIFICATION_STATUSES = ['Active', 'Suspended', 'Revoked', 'Expired'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

/** One certification of one employee. */
export const certifications = pgTable(
  'certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    certificationCode: text('certification_code').notNull(),
    issuedOn: date('issued_on').notNull(),
    expiresOn: date('expires_on'),
    status: text('status').$type<CertificationStatus>().notNull().default('Active'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('certifications_employee_idx').on(t.employeeId),
    index('certifications_bu_expires_idx').on(t.buId, t.expiresOn),
    index('certifications_bu_updated_idx').on(t.buId, t.updatedAt),
  ],
);

/** A named set of employees; `departmentId` null means the group spans the unit. */
export const employeeGroups = pgTable(
  'employee_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description'),
    departmentId: uuid('department_id').references(() => orgNodes.id),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('employee_groups_bu_code').on(t.buId, t.code)],
);

export const employeeGroupMembers = pgTable(
  'employee_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => employeeGroups.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.employeeId] }),
    index('employee_group_members_employee_idx').on(t.employeeId),
  ],
);

/**
 * Background jobs (core/jobs): claimed with FOR UPDATE SKIP LOCKED, a heartbeat while running, progress
 * per committed row and `cursor` = the next row to process, so a job left Running by a dead process
 * resumes exactly there. The input file is kept in the row, so any live process can resume it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('Queued'),
    fileName: text('file_name'),
    fileSha256: text('file_sha256'),
    input: bytea('input'),
    payload: jsonb('payload'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsFailed: integer('rows_failed').notNull().default(0),
    rowsChanged: integer('rows_changed').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** A job put back to wait (a mail server that was down) is not claimed before this instant. */
    notBefore: timestamp('not_before', { withTimezone: true }),
    workerId: text('worker_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdByUsername: text('created_by_username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.createdAt),
    index('jobs_bu_kind_created_idx').on(t.buId, t.kind, t.createdAt),
    index('jobs_sha_idx').on(t.buId, t.fileSha256),
  ],
);

/** Rows a job could not apply, with the reason (the error report). */
export const jobRowErrors = pgTable(
  'job_row_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    /** The employee the failed row is about (blank for an OrgNodes row): the error report names it. */
    employeeNumber: text('employee_number'),
    sheet: text('sheet').notNull(),
    column: text('column'),
    value: text('value'),
    reason: text('reason').notNull(),
  },
  (t) => [index('job_row_errors_job_idx').on(t.jobId, t.rowNumber)],
);
