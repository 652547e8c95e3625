import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/core/db/database.ts';
import { openPresentDemoDatabase, openTestDatabase } from './database.ts';
import { type TestDriver, testDrivers } from './environment.ts';
import { watchResponseContract } from './response-contract.ts';

export const DEMO_PASSWORD = 'Demo#Roster2026';
export const SYSTEM_ROLE_USERS = {
  SYS_ADMIN: 'sysadmin',
  HR_ADMIN: 'hradmin',
  HR_DIRECTOR: 'hrdirector',
  COO: 'coo',
  PLANNER: 'planner',
  MANAGER: 'manager',
  SUPERVISOR: 'supervisor',
  EMPLOYEE: 'employee',
} as const;

export interface TestContext {
  driver: TestDriver;
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** 2xx answers that did not match their documented schema. */
  contractViolations: string[];
  /** A bearer token of a demo (or created) user, minted through the development endpoint. */
  tokenOf(username: string): Promise<string>;
  /** Sends a request as `username` (or anonymously with null). */
  request(username: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface TestContextOptions {
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  webRoot?: string;
  /** The demo as `npm start` loads it today, instead of the suites' template. */
  presentDemo?: boolean;
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    APP_ENV: 'test',
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides,
  });
}

export async function createTestContext(
  driver: TestDriver,
  options: TestContextOptions = {},
): Promise<TestContext> {
  const database = await (options.presentDemo ? openPresentDemoDatabase(driver) : openTestDatabase(driver));
  const config = testConfig(options.env);
  const app = await buildApp({ config, database, now: options.now, webRoot: options.webRoot });
  const contractViolations = watchResponseContract(app);
  await app.ready();
  const tokens = new Map<string, string>();
  const tokenOf = async (username: string) => {
    const cached = tokens.get(username);
    if (cached) return cached;
    const response = await app.inject({ method: 'POST', url: '/api/auth/dev-token', payload: { username } });
    if (response.statusCode !== 200) throw new Error(`No token for ${username}: ${response.body}`);
    const token = response.json<{ token: string }>().token;
    tokens.set(username, token);
    return token;
  };
  return {
    driver,
    app,
    database,
    config,
    contractViolations,
    tokenOf,
    async request(username, request) {
      const headers = { ...(request.headers ?? {}) };
      if (username) headers.authorization = `Bearer ${await tokenOf(username)}`;
      return app.inject({ ...request, headers });
    },
  };
}

/**
 * Declares the same tests once per database driver, each with a fresh database and app of its own.
 * The context's members are filled before the first test runs.
 */
export function describeEachDatabase(
  name: string,
  body: (context: TestContext) => void,
  options: TestContextOptions = {},
): void {
  for (const driver of testDrivers()) {
    describe(`${name} [${driver}]`, () => {
      const context = { driver } as TestContext;
      beforeAll(async () => {
        Object.assign(context, await createTestContext(driver, options));
      });
      afterAll(async () => {
        expect(context.contractViolations ?? [], 'answers that break their documented schema').toEqual([]);
        await context.app?.close();
        await context.database?.close();
      });
      body(context);
    });
  }
}

/**
 * Creates an account as an administrator does and makes it ready to use as it stands: the administrator
 * clears `mustChangePassword`, as for an account handed over with a password agreed with its person
 * (the tests of a first password's change create theirs without this). Answers the creation's response.
 */
export async function createReadyUser(
  t: Pick<TestContext, 'request'>,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const created = await t.request('sysadmin', { method: 'POST', url: '/api/users', payload });
  if (created.statusCode !== 201) return created;
  const ready = await t.request('sysadmin', {
    method: 'PATCH',
    url: `/api/users/${created.json().user.id}`,
    payload: { mustChangePassword: false },
  });
  if (ready.statusCode !== 200) throw new Error(`Could not ready ${String(payload.username)}: ${ready.body}`);
  return created;
}
