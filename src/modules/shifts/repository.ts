import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import { shiftPatternDays, shiftPatterns } from '../../core/db/tables/index.ts';
import { shiftTemplatesByIds } from '../lookups/reads.ts';

export type PatternRow = typeof shiftPatterns.$inferSelect;

export async function listPatterns(
  executor: Executor,
  buId: string,
  filter: { isActive?: boolean },
  limit: number,
  offset: number,
): Promise<{ rows: PatternRow[]; total: number }> {
  const where = and(
    eq(shiftPatterns.buId, buId),
    filter.isActive === undefined ? undefined : eq(shiftPatterns.isActive, filter.isActive),
  );
  return paged(
    executor
      .select()
      .from(shiftPatterns)
      .where(where)
      .orderBy(asc(shiftPatterns.code))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(shiftPatterns).where(where),
  );
}

export async function findPattern(
  executor: Executor,
  buId: string,
  id: string,
): Promise<PatternRow | undefined> {
  const [row] = await executor
    .select()
    .from(shiftPatterns)
    .where(and(eq(shiftPatterns.id, id), eq(shiftPatterns.buId, buId)));
  return row;
}

export interface CycleDayRow {
  patternId: string;
  position: number;
  /** Null on a day off. */
  template: {
    code: string;
    nameEn: string;
    nameAr: string | null;
    startTime: string;
    endTime: string;
    paidHours: number;
  } | null;
}

/** The cycle days of the patterns, in order, with the template of each worked day (the unit's, from lookups). */
export async function cycleDays(
  executor: Executor,
  buId: string,
  patternIds: string[],
): Promise<CycleDayRow[]> {
  if (!patternIds.length) return [];
  const days = await executor
    .select({
      patternId: shiftPatternDays.patternId,
      position: shiftPatternDays.position,
      shiftTemplateId: shiftPatternDays.shiftTemplateId,
    })
    .from(shiftPatternDays)
    .where(inArray(shiftPatternDays.patternId, patternIds))
    .orderBy(asc(shiftPatternDays.patternId), asc(shiftPatternDays.position));
  const templateIds = days.flatMap((day) => (day.shiftTemplateId === null ? [] : [day.shiftTemplateId]));
  const templates = new Map(
    (await shiftTemplatesByIds(executor, buId, templateIds)).map(({ id, ...template }) => [id, template]),
  );
  return days.map(({ patternId, position, shiftTemplateId }) => ({
    patternId,
    position,
    template: (shiftTemplateId === null ? undefined : templates.get(shiftTemplateId)) ?? null,
  }));
}
