import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerReadQueue } from '../../src/core/http/read-queue.ts';

describe('read queue (PGlite)', () => {
  it('lets a few API reads in at once, in the order they came, and never holds writes', async () => {
    const app = Fastify();
    registerReadQueue(app, { concurrency: 2 });
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    const slow = async (n: number) => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside -= 1;
      order.push(n);
      return { n };
    };
    app.get('/api/read/:n', async (request) => slow(Number((request.params as { n: string }).n)));
    app.post('/api/write', async () => ({ inside }));
    await app.ready();
    const reads = [1, 2, 3, 4, 5, 6].map((n) => app.inject({ method: 'GET', url: `/api/read/${n}` }));
    // Two reads are inside and four wait; a write is not held behind them.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const write = await app.inject({ method: 'POST', url: '/api/write' });
    expect(write.json()).toEqual({ inside: 2 });
    const answers = await Promise.all(reads);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5, 6]);
    await app.close();
  });
});
