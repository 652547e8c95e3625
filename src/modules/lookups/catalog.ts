import { type TProperties, Type } from '@sinclair/typebox';
import {
  certificationTypes,
  demandReasons,
  employeeStatuses,
  holidayTypes,
  shiftTypes,
  skillCategories,
  skillLevels,
  terminals,
} from '../../core/db/tables/index.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { listOrgNodes } from './org-repository.ts';
import { type ExtraSelect, type LookupTable, listLookupRows } from './repository.ts';
import { type ActiveFilter, lookupRecordFields, Nullable, Uuid } from './schemas.ts';
import { type GroupRecord, recordOf } from './service.ts';

/** A read-only lookup of `/api/lookups/*`: a lookup table, optionally with extra fields. */
export interface CatalogEntry {
  route: string;
  /** The operation's name after `lookup` (`lookupTerminals`). */
  operationName: string;
  summary: string;
  table: LookupTable;
  select: ExtraSelect;
  recordFields: TProperties;
  view(extra: Record<string, unknown>): Record<string, unknown>;
}

const plain = { select: {}, recordFields: {}, view: () => ({}) };

export const CATALOG: readonly CatalogEntry[] = [
  { route: 'terminals', operationName: 'Terminals', summary: 'Terminals', table: terminals, ...plain },
  {
    route: 'employee-statuses',
    operationName: 'EmployeeStatuses',
    summary: 'Employee statuses',
    table: employeeStatuses,
    ...plain,
  },
  {
    route: 'holiday-types',
    operationName: 'HolidayTypes',
    summary: 'Holiday types',
    table: holidayTypes,
    ...plain,
  },
  {
    route: 'skill-categories',
    operationName: 'SkillCategories',
    summary: 'Skill categories',
    table: skillCategories,
    ...plain,
  },
  {
    route: 'skill-levels',
    operationName: 'SkillLevels',
    summary: 'Skill levels (rank orders them, 1 lowest)',
    table: skillLevels,
    select: { rank: skillLevels.rank },
    recordFields: { rank: Type.Integer() },
    view: (extra) => ({ rank: Number(extra.rank) }),
  },
  {
    route: 'demand-reasons',
    operationName: 'DemandReasons',
    summary: 'Demand reasons',
    table: demandReasons,
    ...plain,
  },
  {
    route: 'certification-types',
    operationName: 'CertificationTypes',
    summary: 'Certification types: the codes a certification, a skill requirement or an import row may name',
    table: certificationTypes,
    ...plain,
  },
];

export const catalogRecordOf = (entry: CatalogEntry) =>
  Type.Object(
    { ...lookupRecordFields, ...entry.recordFields },
    // Plain entries share one shape and so one name; an entry with fields of its own has its own.
    {
      $id: Object.keys(entry.recordFields).length
        ? `${entry.operationName.replace(/s$/, '')}Entry`
        : 'LookupEntry',
    },
  );

export async function listCatalog(
  { db }: ServiceDeps,
  buId: string,
  entry: Pick<CatalogEntry, 'table' | 'select' | 'view'>,
  query: PageQuery & ActiveFilter,
): Promise<Page<GroupRecord>> {
  const { rows, total } = await listLookupRows(
    db,
    entry.table,
    entry.select,
    buId,
    { isActive: query.isActive },
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(
    rows.map((row) => recordOf(entry, row)),
    total,
    query,
  );
}

/** The unit's shift types, as the shifts module lists them (no route of the catalog of its own). */
export const listShiftTypes = (deps: ServiceDeps, buId: string, query: PageQuery & ActiveFilter) =>
  listCatalog(deps, buId, { table: shiftTypes, ...plain }, query);

export const OrgNode = Type.Object(
  {
    id: Uuid,
    code: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
    nodeTypeCode: Type.String(),
    parentId: Nullable(Uuid),
    parentCode: Nullable(Type.String()),
    isActive: Type.Boolean(),
  },
  { $id: 'OrgNode' },
);

/** Departments are the nodes of the system node type DEPARTMENT (DESIGN §7). */

export async function listNodes(
  { db }: ServiceDeps,
  buId: string,
  query: PageQuery & ActiveFilter & { nodeTypeCode?: string },
) {
  const { rows, total } = await listOrgNodes(
    db,
    buId,
    { nodeTypeCode: query.nodeTypeCode, isActive: query.isActive },
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(
    rows.map((row) => ({
      id: row.id,
      code: row.code,
      Name_1_English: row.nameEn,
      Name_2_Arabic: row.nameAr,
      nodeTypeCode: row.nodeTypeCode,
      parentId: row.parentId,
      parentCode: row.parentCode,
      isActive: row.isActive,
    })),
    total,
    query,
  );
}
