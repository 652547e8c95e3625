import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { watchResponseContract } from '../helpers/response-contract.ts';

describe('response contract watch', () => {
  it('notices a 2xx answer that breaks its documented schema', async () => {
    const app = Fastify();
    const violations = watchResponseContract(app);
    const schema = {
      response: { 200: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } } },
    };
    app.get('/good', { schema }, async () => ({ id: crypto.randomUUID() }));
    app.get('/bad', { schema }, async () => ({ id: 'not-a-uuid' }));
    await app.inject({ method: 'GET', url: '/good' });
    expect(violations).toEqual([]);
    await app.inject({ method: 'GET', url: '/bad' });
    expect(violations).toEqual([expect.stringContaining('GET /bad 200')]);
    await app.close();
  });
});
