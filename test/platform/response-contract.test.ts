import Fastify, { type FastifyReply } from 'fastify';
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

  it('notices an undocumented error status, an unlisted code and a problem body off its schema', async () => {
    const app = Fastify();
    const violations = watchResponseContract(app);
    const problem = {
      type: 'object',
      required: ['code', 'status'],
      properties: {
        code: { type: 'string', enum: ['NOT_FOUND'] },
        status: { type: 'integer', minimum: 400 },
      },
      allOf: [{ properties: { code: { enum: ['NOT_FOUND'] } } }],
    };
    const schema = { response: { 200: { type: 'object' }, 404: problem } };
    const send = (status: number, body: object) => async (_: unknown, reply: FastifyReply) =>
      reply.code(status).type('application/problem+json').send(body);
    app.get('/good', { schema }, send(404, { code: 'NOT_FOUND', status: 404 }));
    app.get('/undocumented', { schema }, send(409, { code: 'CONFLICT', status: 409 }));
    app.get('/unlisted', { schema }, send(404, { code: 'GONE', status: 404 }));
    app.get('/shapeless', { schema }, send(404, { code: 'NOT_FOUND', status: 200 }));
    for (const url of ['/good', '/undocumented', '/unlisted', '/shapeless']) await app.inject({ url });
    expect(violations).toEqual([
      expect.stringContaining('GET /undocumented 409: status not documented'),
      expect.stringContaining('GET /unlisted 404: code GONE not documented'),
      expect.stringContaining('GET /shapeless 404: data/status must be >= 400'),
    ]);
    await app.close();
  });
});
