import { Type } from '@sinclair/typebox';
import {
  attendanceStatuses,
  certificationTypes,
  demandReasons,
  grades,
  nodeTypes,
  terminals,
} from '../../core/db/tables/index.ts';
import { type LookupGroup, none } from './group-definition.ts';
import { HOLIDAYS } from './holiday-group.ts';
import { lookupRecordFields } from './schemas.ts';
import { SHIFT_TEMPLATES } from './shift-template-group.ts';
import { SKILLS } from './skill-group.ts';

export type { LookupGroup } from './group-definition.ts';
export { HOLIDAYS, SHIFT_TEMPLATES, SKILLS };

export const GRADES: LookupGroup = {
  route: 'grades',
  name: 'Grade',
  names: 'Grades',
  entity: 'grade',
  label: 'grade',
  table: grades,
  arabicRequired: true,
  ...none,
};
export const TERMINALS: LookupGroup = {
  route: 'terminals',
  name: 'Terminal',
  names: 'Terminals',
  entity: 'terminal',
  label: 'terminal',
  table: terminals,
  arabicRequired: true,
  ...none,
};
export const NODE_TYPES: LookupGroup = {
  route: 'node-types',
  name: 'NodeType',
  names: 'NodeTypes',
  entity: 'node_type',
  label: 'node type',
  table: nodeTypes,
  arabicRequired: true,
  ...none,
};
/** The one group whose Arabic name is optional (interface spec, "Resources"). */
export const DEMAND_REASONS: LookupGroup = {
  route: 'demand-reasons',
  name: 'DemandReason',
  names: 'DemandReasons',
  entity: 'demand_reason',
  label: 'demand reason',
  table: demandReasons,
  arabicRequired: false,
  ...none,
};
export const ATTENDANCE_STATUSES: LookupGroup = {
  route: 'attendance-statuses',
  name: 'AttendanceStatus',
  names: 'AttendanceStatuses',
  entity: 'attendance_status',
  label: 'attendance status',
  table: attendanceStatuses,
  arabicRequired: true,
  ...none,
};

/**
 * The catalogue of certification codes (issue 40): an employee's certification, a skill's requirement and
 * an import row may name only an active code of it (or one a skill requires). Codes are upper case.
 */
export const CERTIFICATION_TYPES: LookupGroup = {
  route: 'certification-types',
  name: 'CertificationType',
  names: 'CertificationTypes',
  entity: 'certification_type',
  label: 'certification type',
  table: certificationTypes,
  arabicRequired: true,
  ...none,
};

/** The eight admin groups of the interface spec, in its order, then the certification types (issue 40). */
export const LOOKUP_GROUPS: readonly LookupGroup[] = [
  GRADES,
  SKILLS,
  TERMINALS,
  NODE_TYPES,
  HOLIDAYS,
  DEMAND_REASONS,
  SHIFT_TEMPLATES,
  ATTENDANCE_STATUSES,
  CERTIFICATION_TYPES,
];

/** The response schema of a group's records. */
export const recordSchemaOf = (group: LookupGroup) =>
  Type.Object({ ...lookupRecordFields, ...group.recordFields }, { $id: group.name });
