import {
  type DefaultError,
  type MutationFunction,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation as useQueryMutation,
} from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { ApiError } from './client';
import { Action } from './idempotency';

/**
 * TanStack Query's mutation, each change sent once: a second call with the same variables while the first
 * is on its way (a double click, Enter pressed twice) is dropped, for `mutate` and `mutateAsync` alike;
 * different variables (another row's button) go as usual. Every mutation of the client comes from here.
 *
 * Each call is one action: its POSTs carry the action's `Idempotency-Key`, the same on every retry of that
 * call (after a lost answer, or while the service still runs the first request) and new on the next call.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  // The actions on their way, by their variables: a second call with the same ones is dropped above.
  const inFlight = useRef(new Map<string, Action>());
  const { mutationFn } = options;
  const sendOnce = useMemo<MutationFunction<TData, TVariables> | undefined>(
    () =>
      mutationFn &&
      ((variables, context) => {
        const action = inFlight.current.get(keyOf(variables)) ?? new Action();
        return sendAction(action, () => mutationFn(variables, context));
      }),
    [mutationFn],
  );
  const mutation = useQueryMutation({ ...options, mutationFn: sendOnce });
  const { mutateAsync } = mutation;
  const once = useCallback(
    async (...args: Parameters<typeof mutateAsync>): Promise<TData> => {
      const key = keyOf(args[0]);
      if (inFlight.current.has(key)) return new Promise<TData>(() => undefined);
      inFlight.current.set(key, new Action());
      try {
        return await mutateAsync(...args);
      } finally {
        inFlight.current.delete(key);
      }
    },
    [mutateAsync],
  );
  return useMemo(
    () =>
      ({
        ...mutation,
        mutateAsync: once,
        // `mutate` reports errors through the mutation's state and callbacks, never as a rejection.
        mutate: (...args: Parameters<typeof mutateAsync>) => {
          once(...args).catch(() => undefined);
        },
      }) as UseMutationResult<TData, TError, TVariables, TContext>,
    [mutation, once],
  );
}

/** Variables as a comparable key; what cannot be written as JSON (a File) is compared by its name and size. */
function keyOf(variables: unknown): string {
  try {
    return JSON.stringify(variables, (_key, value: unknown) =>
      value instanceof Blob ? `blob:${value.size}:${value instanceof File ? value.name : ''}` : value,
    );
  } catch {
    return String(variables);
  }
}

/** The network failed before an answer came: the request may or may not have been done. */
const unanswered = (error: unknown) => error instanceof TypeError;

/** The first request with this key still runs: asking again later gets its answer. */
const stillRunning = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === 'IDEMPOTENCY_KEY_IN_USE';

/** Sends again after a lost answer this many times; waiting on a running first request has no limit. */
const RETRIES_AFTER_LOST_ANSWER = 2;
const LONGEST_WAIT_MS = 5_000;
const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends an action, and sends it again with the same keys while that is safe (everything it sent was
 * keyed): after a lost answer, and while the service says the first request with the key still runs (409
 * `IDEMPOTENCY_KEY_IN_USE`, never shown: its answer comes as the replay). The service takes over a claim
 * left unanswered for ten minutes, so the waiting ends.
 */
export async function sendAction<T>(action: Action, send: () => Promise<T>, pauseMs = 500): Promise<T> {
  let lost = 0;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await action.attempt(send);
    } catch (error) {
      const keyed = action.requests > 0 && !action.unkeyed;
      if (keyed && stillRunning(error)) {
        await waitFor(Math.min(pauseMs * 2 ** attempt, LONGEST_WAIT_MS));
        continue;
      }
      if (keyed && unanswered(error) && lost < RETRIES_AFTER_LOST_ANSWER) {
        lost += 1;
        await waitFor(pauseMs * lost);
        continue;
      }
      throw error;
    }
  }
}
