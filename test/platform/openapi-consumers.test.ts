import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDatabase } from '../helpers/app.ts';
import { compileErrors } from '../helpers/typed-client.ts';

/** Tools nobody here wrote read the served document as a consumer would, at their default settings. */
describeEachDatabase('OpenAPI document as its consumers read it', (t) => {
  const folder = join(process.cwd(), '.tmp', `typed-client-${process.pid}-${t.driver}`);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const served = async () => (await t.request(null, { method: 'GET', url: '/swagger/json' })).body;

  it('lints with @redocly/cli recommended rules with no error', async () => {
    const problems = await lintFromString({
      source: await served(),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('gives openapi-typescript named types, and a typed openapi-fetch client compiles strictly and works', async () => {
    const types = astToString(await openapiTS(await served()));
    expect(types).toContain('Profile: {');
    expect(types).toContain('listUsers: {');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'api.ts'), types);
    copyFileSync(join(import.meta.dirname, 'typed-client', 'client.ts'), join(folder, 'client.ts'));

    expect(compileErrors([join(folder, 'client.ts')])).toEqual([]);

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Not imported statically: the client compiles only beside the types generated above.
    const client: {
      exercise(base: string, password: string): Promise<unknown>;
      approveFromQueue(base: string, password: string): Promise<unknown>;
    } = await import(join(folder, 'client.ts'));
    const outcome = await client.exercise(address, DEMO_PASSWORD);
    expect(outcome).toMatchObject({
      loggedIn: true,
      profile: { username: 'planner' },
      renamed: 'Planner (typed client)',
      staleStatus: 412,
      staleCode: 'PRECONDITION_FAILED',
      forbiddenCode: 'FORBIDDEN',
      forbiddenPermission: 'admin.users',
      narrow: true,
    });
    // The approval queue's item id is the one approve takes, as a generated client reads the contract.
    expect(await client.approveFromQueue(address, DEMO_PASSWORD)).toEqual({
      queued: 1,
      approvedStatus: 'Approved',
      left: 0,
    });
  });
});
