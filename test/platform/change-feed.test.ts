import { expect, it } from 'vitest';
import { PGLITE_READ_QUEUE } from '../../src/core/http/read-queue.ts';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';

/** Issue 51: a decision by another person reaches an open screen as it happens, without a reload. */
describeEachDatabase('the unit’s changes stream', (t) => {
  /** The service's address: listening once for the file's cases. */
  const address = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const bound = t.app.server.address();
    if (!bound || typeof bound === 'string') throw new Error('the service has no TCP address');
    return `http://127.0.0.1:${bound.port}`;
  };

  it('tells an open screen the area of each successful write in its unit, and nothing of a refused one', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/changes' })).statusCode).toBe(401);
    const abort = new AbortController();
    const response = await fetch(`${await address()}/api/changes`, {
      headers: { authorization: `Bearer ${await t.tokenOf('planner')}` },
      signal: abort.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let heard = '';
      const hear = async (until: RegExp) => {
        while (!until.test(heard)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended after: ${heard}`);
          heard += value;
        }
      };
      await hear(/^retry: \d+\n\n/);

      const from = addDays(new Date().toISOString().slice(0, 10), 40);
      const refused = await t.request('employee', {
        method: 'POST',
        url: '/api/leave-requests',
        payload: { from: addDays(from, 2), to: from },
      });
      expect(refused.statusCode).toBe(422);
      const created = await t.request('employee', {
        method: 'POST',
        url: '/api/leave-requests',
        payload: { from, to: addDays(from, 1) },
      });
      expect(created.statusCode, created.body).toBe(201);
      await hear(/event: change\ndata: .*\n\n/);
      const events = [...heard.matchAll(/event: change\ndata: (.*)\n\n/g)].map((match) =>
        JSON.parse(match[1]!),
      );
      expect(events).toEqual([{ areas: ['leave'] }]);
    } finally {
      abort.abort();
    }
  });

  it('keeps no reader waiting behind open streams: more screens open than reads run at once', async () => {
    // On PGlite a few reads run at a time (core/http/read-queue.ts); a stream is not a read and holds
    // no place among them, however many screens are open. Before, five open screens stopped every read.
    const abort = new AbortController();
    const token = await t.tokenOf('planner');
    const origin = await address();
    try {
      const streams = await Promise.all(
        Array.from({ length: PGLITE_READ_QUEUE.concurrency + 1 }, () =>
          fetch(`${origin}/api/changes`, {
            headers: { authorization: `Bearer ${token}` },
            signal: abort.signal,
          }),
        ),
      );
      for (const stream of streams) {
        const { value } = await stream.body!.pipeThrough(new TextDecoderStream()).getReader().read();
        expect(value).toMatch(/^retry: \d+/);
      }
      const profile = await fetch(`${origin}/api/me/profile`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      expect(profile.status).toBe(200);
    } finally {
      abort.abort();
    }
  });
});
