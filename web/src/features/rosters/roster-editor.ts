import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { unsaved } from '../../lib/unsaved-changes';
import {
  type RosterEditCheck,
  type RosterEditConflict,
  useCheckRosterEdits,
  useSaveRosterEdits,
} from './api';
import { type PendingEdit, withoutEdits } from './editing';

/** Why an edit was not kept or cannot be saved as it is. */
export type EditProblem =
  | { kind: 'refused'; item: PendingEdit | null; reasons: string[]; certification: string | null }
  | { kind: 'gone' | 'occupied'; item: PendingEdit | null; current: RosterEditConflict['current'] }
  | { kind: 'error'; error: unknown };

function problemsOf(
  verdicts: RosterEditCheck['verdicts'],
  conflicts: RosterEditConflict[],
  list: readonly PendingEdit[],
): { problems: EditProblem[]; indexes: Set<number> } {
  const refused = verdicts.filter((verdict) => verdict.reasons.length);
  return {
    problems: [
      ...conflicts.map((c) => ({ kind: c.kind, item: list[c.index] ?? null, current: c.current })),
      ...refused.map((v) => ({
        kind: 'refused' as const,
        item: list[v.index] ?? null,
        reasons: v.reasons,
        certification: v.certification,
      })),
    ],
    indexes: new Set([...conflicts.map((c) => c.index), ...refused.map((v) => v.index)]),
  };
}

/**
 * The grid's edits not saved yet, for one department: each change is kept at once (a key answers without
 * waiting) and checked by the service with the ones before it; a change the rules refuse is taken back
 * with its reasons. Undo goes back one change; saving writes all of them as one write, and what another
 * planner's save changed since is named cell by cell and left out.
 */
export function useRosterEditor(departmentId: string | null) {
  const [history, setHistory] = useState<PendingEdit[][]>([[]]);
  const pending = history[history.length - 1]!;
  const [problems, setProblems] = useState<EditProblem[]>([]);
  const [saved, setSaved] = useState<number | null>(null);
  const check = useCheckRosterEdits();
  const save = useSaveRosterEdits();
  // Through a ref: the check's state changes with every answer, and a change of `change` would draw the grid again.
  const checkEdits = useRef(check.mutateAsync);
  checkEdits.current = check.mutateAsync;

  useEffect(() => unsaved.set(pending.length > 0), [pending.length]);
  useEffect(() => () => unsaved.set(false), []);
  // Another department's roster: its edits would name shifts that are not there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list starts again when the department changes
  useEffect(() => {
    setHistory([[]]);
    setProblems([]);
  }, [departmentId]);

  const change = useCallback(
    (next: PendingEdit[] | null) => {
      if (!next || !departmentId) return;
      setHistory((h) => [...h, next]);
      setSaved(null);
      setProblems([]);
      if (!next.length) return;
      checkEdits
        .current({ departmentId, edits: next.map((item) => item.edit) })
        .then((result) => {
          if (result.accepted) return;
          const { problems, indexes } = problemsOf(result.verdicts, result.conflicts, next);
          // The change that broke a rule is taken back, with any made on top of it meanwhile.
          if (indexes.has(next.length - 1))
            setHistory((h) => {
              const at = h.indexOf(next);
              return at > 0 ? h.slice(0, at) : h;
            });
          setProblems(problems);
        })
        .catch((error: unknown) => setProblems([{ kind: 'error', error }]));
    },
    [departmentId],
  );

  const undo = useCallback(() => {
    setProblems([]);
    setSaved(null);
    setHistory((h) => (h.length > 1 ? h.slice(0, -1) : h));
  }, []);

  const discard = useCallback(() => {
    setProblems([]);
    setHistory([[]]);
  }, []);

  const submit = useCallback(async () => {
    if (!departmentId || !pending.length) return;
    setProblems([]);
    try {
      await save.mutateAsync({ departmentId, edits: pending.map((item) => item.edit) });
      setHistory([[]]);
      setSaved(pending.length);
    } catch (error) {
      const problem = error instanceof ApiError ? error.problem : undefined;
      if (error instanceof ApiError && error.code === 'ROSTER_CHANGED') {
        const found = problemsOf([], (problem?.conflicts as RosterEditConflict[] | undefined) ?? [], pending);
        setHistory([[], withoutEdits(pending, found.indexes)]);
        setProblems(found.problems);
      } else if (error instanceof ApiError && error.code === 'NOT_ELIGIBLE' && problem?.edit) {
        const verdict = problem.edit as RosterEditCheck['verdicts'][number];
        const found = problemsOf([verdict], [], pending);
        setHistory([[], withoutEdits(pending, found.indexes)]);
        setProblems(found.problems);
      } else setProblems([{ kind: 'error', error }]);
    }
  }, [departmentId, pending, save]);

  const checking = check.isPending;
  const saving = save.isPending;
  const canUndo = history.length > 1;
  return useMemo(
    () => ({ pending, problems, saved, checking, saving, canUndo, change, undo, discard, submit }),
    [pending, problems, saved, checking, saving, canUndo, change, undo, discard, submit],
  );
}

export type RosterEditor = ReturnType<typeof useRosterEditor>;
