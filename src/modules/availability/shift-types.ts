import type { Executor } from '../../core/db/database.ts';
import { shiftTypeCodesOf, shiftTypesByIds } from '../lookups/reads.ts';
import * as repo from './repository.ts';

/* The shift types of wishes and of live work, named through lookups (the shift types are theirs). */

/** A preference with its shift type's code and names. */
export type PreferenceRow = repo.StoredPreference & {
  shiftTypeCode: string | null;
  shiftTypeNameEn: string | null;
  shiftTypeNameAr: string | null;
};

/** Names the preferences' shift types, read through lookups (the shift types are theirs). */
export async function withShiftTypes(
  executor: Executor,
  buId: string,
  rows: readonly repo.StoredPreference[],
): Promise<PreferenceRow[]> {
  const ids = [...new Set(rows.flatMap((row) => row.shiftTypeId ?? []))];
  const types = new Map((await shiftTypesByIds(executor, buId, ids)).map((type) => [type.id, type]));
  return rows.map((row) => {
    const type = row.shiftTypeId === null ? undefined : types.get(row.shiftTypeId);
    return {
      ...row,
      shiftTypeId: type?.id ?? null,
      shiftTypeCode: type?.code ?? null,
      shiftTypeNameEn: type?.nameEn ?? null,
      shiftTypeNameAr: type?.nameAr ?? null,
    };
  });
}

/** The employees' live work between the dates by its shift type's code, named through lookups. */
export async function liveWorkOf(
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
  from: string,
  to: string,
) {
  const work = await repo.liveWorkOf(executor, buId, employeeIds, from, to);
  const codes = await shiftTypeCodesOf(
    executor,
    buId,
    work.map((row) => row.shiftTemplateId),
  );
  return work
    .filter((row) => codes.has(row.shiftTemplateId))
    .map(({ employeeId, date, shiftTemplateId }) => ({
      employeeId,
      date,
      shiftTypeCode: codes.get(shiftTemplateId)!,
    }));
}
