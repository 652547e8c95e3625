import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  attendanceStatuses,
  certificationTypes,
  DEPARTMENT_NODE_TYPE,
  demandReasons,
  grades,
  nodeTypes,
  orgNodes,
  shiftTemplates,
  shiftTypes,
  skills,
  terminals,
} from '../../core/db/tables/index.ts';

/* Whether another module's input names a lookup the unit keeps, active. */

const BY_KIND = { shiftTemplate: shiftTemplates, terminal: terminals, skill: skills };

/** Whether the unit has this shift template, terminal or skill, active. */
export async function isActiveLookup(
  executor: Executor,
  buId: string,
  kind: keyof typeof BY_KIND,
  id: string,
): Promise<boolean> {
  const table = BY_KIND[kind];
  const [row] = await executor
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.buId, buId), eq(table.id, id), eq(table.isActive, true)));
  return row !== undefined;
}

/** Whether the unit has an active certification type of this code. */
export async function isActiveCertificationType(executor: Executor, buId: string, code: string) {
  const [row] = await executor
    .select({ id: certificationTypes.id })
    .from(certificationTypes)
    .where(
      and(
        eq(certificationTypes.buId, buId),
        eq(certificationTypes.code, code),
        eq(certificationTypes.isActive, true),
      ),
    );
  return row !== undefined;
}

/** Whether the unit has a department of this id (a node of the DEPARTMENT type). */
export async function isDepartment(executor: Executor, buId: string, id: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: orgNodes.id })
    .from(orgNodes)
    .innerJoin(nodeTypes, eq(nodeTypes.id, orgNodes.nodeTypeId))
    .where(and(eq(orgNodes.id, id), eq(orgNodes.buId, buId), eq(nodeTypes.code, DEPARTMENT_NODE_TYPE)));
  return row !== undefined;
}

/** Whether the unit has a node of the organisation tree of this id. */
export async function isOrgNode(executor: Executor, buId: string, id: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: orgNodes.id })
    .from(orgNodes)
    .where(and(eq(orgNodes.buId, buId), eq(orgNodes.id, id)));
  return row !== undefined;
}

/** Whether the unit has a shift type of this id, active or not. */
export async function isShiftType(executor: Executor, buId: string, id: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: shiftTypes.id })
    .from(shiftTypes)
    .where(and(eq(shiftTypes.buId, buId), eq(shiftTypes.id, id)));
  return row !== undefined;
}

/*
 * Lookups as subqueries another module's query joins to, where it sorts or filters by them (one statement,
 * the order the database gives).
 */

/** The terminals' codes, to join. */
export const terminalsToJoin = new QueryBuilder()
  .select({ id: terminals.id, code: terminals.code })
  .from(terminals)
  .as('terminal');

/** The shift templates' codes and start times, to join. */
export const shiftTemplatesToJoin = new QueryBuilder()
  .select({ id: shiftTemplates.id, code: shiftTemplates.code, startTime: shiftTemplates.startTime })
  .from(shiftTemplates)
  .as('shift_template');

/** The skills' codes, to join. */
export const skillsToJoin = new QueryBuilder()
  .select({ id: skills.id, code: skills.code })
  .from(skills)
  .as('skill');

/** The nodes' codes of the organisation tree, to join. */
export const orgNodesToJoin = new QueryBuilder()
  .select({ id: orgNodes.id, code: orgNodes.code })
  .from(orgNodes)
  .as('org_node');

/** That a terminal column names a terminal of this code. */
export const ofTerminalCoded = (column: AnyPgColumn, code: string): SQL =>
  sql`${column} in ${new QueryBuilder().select({ id: terminals.id }).from(terminals).where(eq(terminals.code, code))}`;

/* Lookups by id or code, as other modules' answers name them. */

/** Departments (or any nodes) of the unit by id, by code. */
export async function departmentsByIds(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return executor
    .select({ id: orgNodes.id, code: orgNodes.code, nameEn: orgNodes.nameEn, nameAr: orgNodes.nameAr })
    .from(orgNodes)
    .where(and(eq(orgNodes.buId, buId), inArray(orgNodes.id, [...ids])))
    .orderBy(asc(orgNodes.code));
}

/** The departments a scope reaches, by code. */
export async function departmentsInScope(executor: Executor, buId: string, scope: DepartmentScope | null) {
  return executor
    .select({ id: orgNodes.id, code: orgNodes.code, nameEn: orgNodes.nameEn, nameAr: orgNodes.nameAr })
    .from(orgNodes)
    .innerJoin(nodeTypes, eq(nodeTypes.id, orgNodes.nodeTypeId))
    .where(
      and(
        eq(orgNodes.buId, buId),
        eq(nodeTypes.code, DEPARTMENT_NODE_TYPE),
        inDepartmentScope(orgNodes.id, scope),
      ),
    )
    .orderBy(asc(orgNodes.code));
}

/** Grades of the unit by id, with their codes and names. */
export async function gradesByIds(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return executor
    .select({ id: grades.id, code: grades.code, nameEn: grades.nameEn, nameAr: grades.nameAr })
    .from(grades)
    .where(and(eq(grades.buId, buId), inArray(grades.id, [...ids])));
}

/** Certification types of the unit by code, with their names. */
export async function certificationTypesByCodes(executor: Executor, buId: string, codes: readonly string[]) {
  if (!codes.length) return [];
  return executor
    .select({
      code: certificationTypes.code,
      nameEn: certificationTypes.nameEn,
      nameAr: certificationTypes.nameAr,
    })
    .from(certificationTypes)
    .where(and(eq(certificationTypes.buId, buId), inArray(certificationTypes.code, [...codes])));
}

/** Skills of the unit by code, with their names. */
export async function skillsByCodes(executor: Executor, buId: string, codes: readonly string[]) {
  if (!codes.length) return [];
  return executor
    .select({ code: skills.code, nameEn: skills.nameEn, nameAr: skills.nameAr })
    .from(skills)
    .where(and(eq(skills.buId, buId), inArray(skills.code, [...codes])));
}

/** Skills of the unit named by id or by code: id and code. */
export async function skillsByIdsOrCodes(executor: Executor, buId: string, ids: string[], codes: string[]) {
  if (!ids.length && !codes.length) return [];
  return executor
    .select({ id: skills.id, code: skills.code })
    .from(skills)
    .where(
      and(
        eq(skills.buId, buId),
        or(
          ids.length ? inArray(skills.id, ids) : undefined,
          codes.length ? inArray(skills.code, codes) : undefined,
        ),
      ),
    );
}

/** Skills of the unit by id, with their codes and names, by code. */
export async function skillsByIds(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return executor
    .select({ id: skills.id, code: skills.code, nameEn: skills.nameEn, nameAr: skills.nameAr })
    .from(skills)
    .where(and(eq(skills.buId, buId), inArray(skills.id, [...ids])))
    .orderBy(asc(skills.code));
}

/** Shift templates of the unit by id, with their codes, names, times and paid hours. */
export async function shiftTemplatesByIds(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return executor
    .select({
      id: shiftTemplates.id,
      code: shiftTemplates.code,
      nameEn: shiftTemplates.nameEn,
      nameAr: shiftTemplates.nameAr,
      startTime: shiftTemplates.startTime,
      endTime: shiftTemplates.endTime,
      paidHours: shiftTemplates.paidHours,
    })
    .from(shiftTemplates)
    .where(and(eq(shiftTemplates.buId, buId), inArray(shiftTemplates.id, [...new Set(ids)])));
}

/** Shift types of the unit by id, with their codes and names. */
export async function shiftTypesByIds(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return executor
    .select({
      id: shiftTypes.id,
      code: shiftTypes.code,
      nameEn: shiftTypes.nameEn,
      nameAr: shiftTypes.nameAr,
    })
    .from(shiftTypes)
    .where(and(eq(shiftTypes.buId, buId), inArray(shiftTypes.id, [...ids])));
}

/** The shift type's code of each of these shift templates of the unit (null for a template without one). */
export async function shiftTypeCodesOf(
  executor: Executor,
  buId: string,
  templateIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (!templateIds.length) return new Map();
  const rows = await executor
    .select({ id: shiftTemplates.id, code: shiftTypes.code })
    .from(shiftTemplates)
    .leftJoin(shiftTypes, eq(shiftTypes.id, shiftTemplates.shiftTypeId))
    .where(and(eq(shiftTemplates.buId, buId), inArray(shiftTemplates.id, [...new Set(templateIds)])));
  return new Map(rows.map((row) => [row.id, row.code]));
}

export interface CodeMaps {
  terminals: Map<string, string>;
  shiftTemplates: Map<string, string>;
  skills: Map<string, string>;
  reasons: Map<string, string>;
}

/** Active lookup rows of the unit named by the codes, as code → id maps (one query per group). */
export async function activeIdsByCodes(
  executor: Executor,
  buId: string,
  codes: { terminals: string[]; shiftTemplates: string[]; skills: string[]; reasons: string[] },
): Promise<CodeMaps> {
  const load = async (
    table: typeof terminals | typeof shiftTemplates | typeof skills | typeof demandReasons,
    wanted: string[],
  ) => {
    if (!wanted.length) return new Map<string, string>();
    const rows = await executor
      .select({ id: table.id, code: table.code })
      .from(table)
      .where(and(eq(table.buId, buId), eq(table.isActive, true), inArray(table.code, wanted)));
    return new Map(rows.map((row) => [row.code, row.id]));
  };
  return {
    terminals: await load(terminals, codes.terminals),
    shiftTemplates: await load(shiftTemplates, codes.shiftTemplates),
    skills: await load(skills, codes.skills),
    reasons: await load(demandReasons, codes.reasons),
  };
}

/** The codes of these rows of one of the unit's code lists, by id. */
async function codesByIds(
  executor: Executor,
  buId: string,
  table: typeof demandReasons | typeof attendanceStatuses,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await executor
    .select({ id: table.id, code: table.code })
    .from(table)
    .where(and(eq(table.buId, buId), inArray(table.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** The codes of these demand reasons of the unit, by id. */
export const demandReasonCodesOf = (executor: Executor, buId: string, ids: readonly string[]) =>
  codesByIds(executor, buId, demandReasons, ids);

/** The unit's active attendance statuses by code (codes are upper case). */
export async function activeAttendanceStatuses(
  executor: Executor,
  buId: string,
): Promise<Map<string, string>> {
  const rows = await executor
    .select({ id: attendanceStatuses.id, code: attendanceStatuses.code })
    .from(attendanceStatuses)
    .where(and(eq(attendanceStatuses.buId, buId), eq(attendanceStatuses.isActive, true)))
    .orderBy(asc(attendanceStatuses.code));
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** An attendance status of the unit by code, active or not. */
export async function attendanceStatusIdByCode(
  executor: Executor,
  buId: string,
  code: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ id: attendanceStatuses.id })
    .from(attendanceStatuses)
    .where(and(eq(attendanceStatuses.buId, buId), eq(attendanceStatuses.code, code)));
  return row?.id ?? null;
}

/** The codes of these attendance statuses of the unit, by id. */
export const attendanceStatusCodesOf = (executor: Executor, buId: string, ids: readonly string[]) =>
  codesByIds(executor, buId, attendanceStatuses, ids);

/* The shift templates as the engine's input takes them. */

export interface TemplateRow {
  id: string;
  code: string;
  start: string;
  end: string;
  paidHours: number;
  shiftType: string | null;
}

export async function shiftTemplatesOf(executor: Executor, buId: string): Promise<TemplateRow[]> {
  const rows = await executor
    .select({
      id: shiftTemplates.id,
      code: shiftTemplates.code,
      start: shiftTemplates.startTime,
      end: shiftTemplates.endTime,
      paidHours: shiftTemplates.paidHours,
      shiftType: shiftTypes.code,
    })
    .from(shiftTemplates)
    .leftJoin(shiftTypes, eq(shiftTypes.id, shiftTemplates.shiftTypeId))
    .where(eq(shiftTemplates.buId, buId));
  return rows.map((row) => ({ ...row, paidHours: Number(row.paidHours) }));
}
