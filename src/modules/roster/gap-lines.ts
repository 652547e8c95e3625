import type { Executor } from '../../core/db/database.ts';
import { WHOLE_UNIT } from './checks.ts';
import { type GapLineRow, listGaps } from './gaps-repository.ts';

/** A shift's line as the engine's checks take it (what `resolveTarget` answers). */
export type LineTarget = GapLineRow & { demandLineId: string | null };

/** The open heads of a department's demand lines over some dates, handed out to work put on those days. */
export interface GapLines {
  /** The gap of the target's day, shift, terminal and skill with a head still open, taken; else undefined. */
  take(target: LineTarget): LineTarget | undefined;
}

const keyOf = (line: Pick<LineTarget, 'date' | 'shiftTemplateId' | 'terminalId' | 'skillId'>) =>
  `${line.date}|${line.shiftTemplateId}|${line.terminalId}|${line.skillId ?? ''}`;

export async function gapLinesOf(
  executor: Executor,
  buId: string,
  departmentId: string,
  from: string,
  to: string,
): Promise<GapLines> {
  const { rows } = await listGaps(
    executor,
    buId,
    { from, to, departmentId, scope: WHOLE_UNIT },
    Number.MAX_SAFE_INTEGER,
    0,
  );
  const open = new Map<string, { line: LineTarget; heads: number }[]>();
  for (const row of rows) {
    const line: LineTarget = {
      id: row.id,
      date: row.date,
      terminalId: row.terminalId,
      shiftTemplateId: row.shiftTemplateId,
      skillId: row.skillId,
      required: row.required,
      departmentId: row.departmentId,
      demandLineId: row.id,
    };
    const list = open.get(keyOf(line)) ?? [];
    list.push({ line, heads: row.required - row.assigned });
    open.set(keyOf(line), list);
  }
  return {
    take(target) {
      const gap = open.get(keyOf(target))?.find((candidate) => candidate.heads > 0);
      if (!gap) return undefined;
      gap.heads--;
      return gap.line;
    },
  };
}
