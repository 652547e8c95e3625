import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, call, uploadForm } from './client';
import { useMutation } from './mutation';

const ok = (body: unknown = { id: 'u1' }) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const inUse = () =>
  new Response(
    JSON.stringify({ type: 'about:blank', title: 't', status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' }),
    { status: 409, headers: { 'content-type': 'application/problem+json' } },
  );

/** Answers the requests in turn and keeps what was sent. */
function serve(...answers: (() => Response)[]) {
  const sent: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left');
      return answer();
    }),
  );
  return sent;
}
const lostAnswer = () => {
  throw new TypeError('Failed to fetch');
};
const keyOf = (request: Request | undefined) => request?.headers.get('Idempotency-Key');

function hook<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMutation({ mutationFn }), { wrapper }).result;
}
const unlock = (id: string) => call(api.POST('/api/users/{id}/unlock', { params: { path: { id } } }));

afterEach(() => vi.unstubAllGlobals());

describe('the key of each action (issue 51)', () => {
  it('sends a key of its own with each action', async () => {
    const sent = serve(ok, ok);
    const result = hook(unlock);
    await act(() => result.current.mutateAsync('u1'));
    await act(() => result.current.mutateAsync('u1'));
    expect(keyOf(sent[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(sent[1])).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(sent[1])).not.toBe(keyOf(sent[0]));
  });

  it('sends an action again with the same key when its answer was lost', async () => {
    const sent = serve(lostAnswer, ok);
    const result = hook(unlock);
    await act(() => result.current.mutateAsync('u1'));
    expect(sent).toHaveLength(2);
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('waits on a first request still running instead of reporting it, and takes its answer', async () => {
    const sent = serve(lostAnswer, inUse, ok);
    const result = hook(unlock);
    act(() => result.current.mutate('u1'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5_000 });
    expect(result.current.error).toBeNull();
    expect(new Set(sent.map(keyOf)).size).toBe(1);
  });

  it('keys two requests of one action apart, and the same way again on a retry', async () => {
    const sent = serve(ok, lostAnswer, ok, ok);
    const result = hook((ids: string[]) => Promise.all(ids.map(unlock)));
    await act(() => result.current.mutateAsync(['u1', 'u2']));
    const [first, second, third, fourth] = sent.map(keyOf);
    expect(first).not.toBe(second);
    expect([third, fourth]).toEqual([first, second]);
  });

  it('sends no key on a change that is not a POST, nor on an upload, and does not send those again', async () => {
    const sent = serve(lostAnswer, lostAnswer);
    const patch = hook((id: string) =>
      call(
        api.PATCH('/api/users/{id}', { params: { path: { id }, header: { 'If-Match': '"1"' } }, body: {} }),
      ),
    );
    await act(() => patch.current.mutateAsync('u1').catch(() => undefined));
    const upload = hook((file: File) =>
      call(api.POST('/api/imports/employees', { body: { file }, bodySerializer: uploadForm })),
    );
    await act(() => upload.current.mutateAsync(new File(['x'], 'people.xlsx')).catch(() => undefined));
    expect(sent).toHaveLength(2);
    expect(sent.map(keyOf)).toEqual([null, null]);
  });
});
