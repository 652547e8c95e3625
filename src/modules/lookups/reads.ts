import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import {
  certificationTypes,
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
