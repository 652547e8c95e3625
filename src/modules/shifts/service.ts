import { notFound, validationFailed } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, isRealDate } from '../../core/time/dates.ts';
import type { ActiveFilter } from '../lookups/schemas.ts';
import { expandCycle, OFF } from './expand.ts';
import * as repo from './repository.ts';
import type { PatternPreview, PreviewQuery, ShiftPattern } from './schemas.ts';

function patternView(row: repo.PatternRow, cycle: repo.CycleDayRow[]): ShiftPattern {
  return {
    id: row.id,
    code: row.code,
    Name_1_English: row.nameEn,
    Name_2_Arabic: row.nameAr,
    description: row.description,
    cycle: cycle.map((day) => day.template?.code ?? OFF),
    cycleLength: cycle.length,
    workingDaysPerCycle: cycle.filter((day) => day.template).length,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPatterns(
  { db }: ServiceDeps,
  buId: string,
  query: PageQuery & ActiveFilter,
): Promise<Page<ShiftPattern>> {
  const { rows, total } = await repo.listPatterns(db, buId, query, query.pageSize, offsetOf(query));
  const days = await repo.cycleDays(
    db,
    buId,
    rows.map((row) => row.id),
  );
  return pageOf(
    rows.map((row) =>
      patternView(
        row,
        days.filter((day) => day.patternId === row.id),
      ),
    ),
    total,
    query,
  );
}

/** The pattern's cycle laid over dates from `from` (cycle day 1); holidays do not change a pattern. */
export async function previewPattern(
  { db }: ServiceDeps,
  buId: string,
  id: string,
  query: PreviewQuery,
): Promise<PatternPreview> {
  if (!isRealDate(query.from)) {
    throw validationFailed('from is not a date', [{ path: 'querystring/from', message: 'not a real date' }]);
  }
  const pattern = await repo.findPattern(db, buId, id);
  if (!pattern) throw notFound('The shift pattern');
  const days = expandCycle(await repo.cycleDays(db, buId, [id]), query.from, query.days);
  return {
    patternId: pattern.id,
    code: pattern.code,
    from: query.from,
    to: addDays(query.from, query.days - 1),
    days,
    totalPaidHours: days.reduce((sum, day) => sum + day.paidHours, 0),
  };
}
