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
  const code = await codesOf(executor, buId);
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

/** Codes of terminals, shifts and skills by kind and id (a deleted one answers its id). */
async function codesOf(executor: Executor, buId: string) {
  const codes = new Map(
    (await repo.lookupCodes(executor, buId)).map((row) => [`${row.kind}:${row.id}`, row.code]),
  );
  return (kind: 'terminal' | 'shift' | 'skill', id: string) => codes.get(`${kind}:${id}`) ?? id;
}

/**
 * The order a planner reads lines in: by date, then shift start, then terminal and skill code (ids would
 * scatter one day's lines over the list).
 */
export async function lineOrderOf(
  executor: Executor,
  buId: string,
  instance: Instance,
): Promise<(a: { lineId: string }, b: { lineId: string }) => number> {
  const code = await codesOf(executor, buId);
  const starts = new Map(instance.shiftTemplates.map((template) => [template.id, template.start]));
  const keys = new Map(
    instance.demandLines.map((line) => [
      line.id,
      [
        line.date,
        starts.get(line.shiftTemplateId) ?? '',
        code('terminal', line.terminal),
        line.skill === undefined ? '' : code('skill', line.skill),
        line.id,
      ].join('\u0000'),
    ]),
  );
  return (a, b) => {
    const left = keys.get(a.lineId) ?? a.lineId;
    const right = keys.get(b.lineId) ?? b.lineId;
    return left < right ? -1 : left > right ? 1 : 0;
  };
}
