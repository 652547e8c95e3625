import type { Executor } from '../../core/db/database.ts';
import type { Instance } from '../../engine/index.ts';
import * as repo from './repository.ts';
import type { LineRef } from './schemas.ts';

/**
 * Lines of a stored instance described by code. Read from the instance and the lookups rather than the
 * plan, so a line removed from its plan since the run still reads as the run saw it.
 */
export async function lineRefsOf(
  executor: Executor,
  buId: string,
  instance: Instance,
  lineIds: readonly string[],
): Promise<Map<string, LineRef>> {
  const codes = new Map(
    (await repo.lookupCodes(executor, buId)).map((row) => [`${row.kind}:${row.id}`, row.code]),
  );
  const code = (kind: string, id: string) => codes.get(`${kind}:${id}`) ?? id;
  const wanted = new Set(lineIds);
  const refs = new Map<string, LineRef>();
  for (const line of instance.demandLines) {
    if (!wanted.has(line.id)) continue;
    refs.set(line.id, {
      id: line.id,
      date: line.date,
      terminalCode: code('terminal', line.terminal),
      shiftTemplateCode: code('shift', line.shiftTemplateId),
      skillCode: line.skill === undefined ? null : code('skill', line.skill),
      required: line.required,
    });
  }
  return refs;
}
