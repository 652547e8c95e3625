import {
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation as useQueryMutation,
} from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';

/**
 * TanStack Query's mutation, each change sent once: a second call with the same variables while the first
 * is on its way (a double click, Enter pressed twice) is dropped, for `mutate` and `mutateAsync` alike;
 * different variables (another row's button) go as usual. Every mutation of the client comes from here.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useQueryMutation(options);
  const inFlight = useRef(new Set<string>());
  const { mutateAsync } = mutation;
  const once = useCallback(
    async (...args: Parameters<typeof mutateAsync>): Promise<TData> => {
      const key = keyOf(args[0]);
      if (inFlight.current.has(key)) return new Promise<TData>(() => undefined);
      inFlight.current.add(key);
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
