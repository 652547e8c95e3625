import { Type } from '@sinclair/typebox';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { describeEachDatabase, testConfig } from '../helpers/app.ts';

describeEachDatabase('problem details', (t) => {
  it('answers an unknown route with a 404 problem', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      type: '/problems/not-found',
      title: 'Not Found',
      status: 404,
      code: 'NOT_FOUND',
      instance: '/api/nothing-here',
    });
  });

  it('answers malformed JSON with 400 VALIDATION_FAILED', async () => {
    const response = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{"timezone": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('lists each schema violation with its path', async () => {
    const response = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      payload: { minRestHours: 'eleven', unknownKey: 1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.errors.map((e: { path: string }) => e.path).join(' ')).toMatch(/body/);
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const response = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ timezone: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a body of an unsupported media type with 415', async () => {
    const response = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a malformed percent-encoding in the path with a 400 problem', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/users/%E0%A4%A' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('hides the cause of an unexpected error outside development and keeps the traceId', async () => {
    const app = await buildApp({ config: testConfig(), database: t.database });
    app.get(
      '/api/test-failure',
      {
        config: { auth: 'open' },
        schema: {
          operationId: 'failOnPurpose',
          summary: 'fails',
          tags: ['platform'],
          response: { 200: Type.Object({}) },
        },
      },
      async () => {
        throw new Error('secret internals');
      },
    );
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('secret internals');
    expect(body.stack).toBeUndefined();
    expect(body.traceId).toBeTruthy();
    await app.close();
  });

  it('answers text the database cannot store (a NUL character) with 400, not 500', async () => {
    const response = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/users',
      payload: { username: 'nul.user', displayName: 'Bad\u0000Name', password: 'Strong#Pass2026' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});
