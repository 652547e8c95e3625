import { describe, expect, it, vi } from 'vitest';
import { generateInstance } from '../../../../bench/engine/generate.ts';
import { allocate } from '../../../engine/allocate.ts';
import { InstanceError } from '../../../engine/validate.ts';
import {
  allocateInWorker,
  ENGINE_WORKER_IDLE_MS,
  idleEngineWorker,
  stopEngineWorkers,
} from './run-in-worker.ts';

const instance = generateInstance({ employees: 30, days: 10, terminals: 2, seed: 3 });

describe('allocateInWorker', () => {
  it('passes the engine’s progress out while it runs, before the result', async () => {
    const steps: string[] = [];
    const result = await allocateInWorker(instance, { onProgress: ({ step }) => steps.push(step) });
    expect(steps).toEqual(['floor', 'construction', 'search', 'finish']);
    expect(result.coverage.assigned).toBeGreaterThan(0);
  });

  it('returns the same roster as calling the engine directly', async () => {
    const [inWorker, direct] = [await allocateInWorker(instance), allocate(instance)];
    expect(inWorker.assignments).toEqual(direct.assignments);
  });

  it('runs again in the thread of the last run (warm), the same roster each time; a cut-short run ends its thread', async () => {
    const direct = allocate(instance).assignments;
    expect((await allocateInWorker(instance)).assignments).toEqual(direct);
    const thread = idleEngineWorker();
    expect(thread).not.toBeNull();
    for (let i = 0; i < 12; i++) expect((await allocateInWorker(instance)).assignments).toEqual(direct);
    const bad = { ...instance, period: { from: '2026-03-10', to: '2026-03-01' } };
    await expect(allocateInWorker(bad)).rejects.toBeInstanceOf(InstanceError);
    expect(idleEngineWorker()).toBe(thread);

    const big = generateInstance({ employees: 2000, days: 31, terminals: 10, seed: 1 });
    await expect(allocateInWorker(big, { timeLimitMs: 1, searchLimitMs: 10_000 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(idleEngineWorker()).toBeNull();
    expect((await allocateInWorker(instance)).assignments).toEqual(direct);
    expect(idleEngineWorker()).not.toBe(thread);
  });

  it('ends a waiting worker once it has waited long enough', async () => {
    await allocateInWorker(instance);
    expect(idleEngineWorker()).not.toBeNull();
    vi.useFakeTimers();
    try {
      await allocateInWorker(instance);
      vi.advanceTimersByTime(ENGINE_WORKER_IDLE_MS - 1);
      expect(idleEngineWorker()).not.toBeNull();
      vi.advanceTimersByTime(1);
      expect(idleEngineWorker()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects with the instance problems when the instance is invalid', async () => {
    const bad = { ...instance, period: { from: '2026-03-10', to: '2026-03-01' } };
    await expect(allocateInWorker(bad)).rejects.toBeInstanceOf(InstanceError);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const run = allocateInWorker(generateInstance({ employees: 2000, days: 31, terminals: 10, seed: 1 }), {
      signal: controller.signal,
    });
    controller.abort(new Error('cancelled by caller'));
    await expect(run).rejects.toThrow('cancelled by caller');
  });

  it('rejects with a TimeoutError when the hard time limit passes', async () => {
    const big = generateInstance({ employees: 2000, days: 31, terminals: 10, seed: 1 });
    await expect(allocateInWorker(big, { timeLimitMs: 1, searchLimitMs: 10_000 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('ends every engine thread, waiting and searching, and waits until each has exited (the server stops)', async () => {
    await allocateInWorker(instance);
    expect(idleEngineWorker()).not.toBeNull();
    const searching = allocateInWorker(
      generateInstance({ employees: 2000, days: 31, terminals: 10, seed: 1 }),
    ).catch((error: unknown) => error);
    // Another run takes the waiting thread; a second thread starts for this one.
    const other = allocateInWorker(instance).catch((error: unknown) => error);
    expect(await stopEngineWorkers(10_000)).toBe(0);
    expect(idleEngineWorker()).toBeNull();
    // Their callers are told, not left waiting.
    for (const outcome of await Promise.all([searching, other])) {
      expect(String(outcome)).toMatch(/engine thread ended/);
    }
  });
});
