import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { checksums, moveToPostgres } from '../../src/core/db/backups/move.ts';
import { TargetNotEmptyError } from '../../src/core/db/backups/server.ts';
import { connectPostgres, type Database } from '../../src/core/db/database.ts';
import { testConfig } from '../helpers/app.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { databaseUrl, testDrivers } from '../helpers/environment.ts';

/** Reads whose answer is about the process, not the data. */
// The unit's changes stream carries no data and never ends under inject.
const NOT_DATA = /^\/api\/(health|diagnostics|metrics|changes)|^\/metrics|^\/swagger/i;
/** Each side records the test's own sign-ins, made after the move. */
const WRITTEN_BY_THE_TEST = /^\/api\/me\/login-history$/;
/** Documents (PDF, workbooks, calendars) are built from the same JSON reads, at seconds each: left out. */
const DOCUMENTS = /\.(pdf|xlsx|csv|ics)$|template|export/;
const READERS = ['sysadmin', 'planner', 'employee'];
/** One clock for both installations (after the demo's sign-in rules were set up, so tokens hold). */
const NOW = new Date();

/** An answer without what names the request itself (a problem's trace id and instance). */
function dataOf(body: string): string {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  if (parsed && typeof parsed === 'object' && 'status' in parsed) {
    delete parsed.instance;
    delete parsed.traceId;
  }
  return JSON.stringify(parsed);
}

async function admin(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// The move is from the embedded database to a server: it needs both.
describe.runIf(testDrivers().includes('postgres'))('moving the demo installation to PostgreSQL', () => {
  const name = `rostering_move_${randomBytes(5).toString('hex')}`;
  const url = databaseUrl(process.env.TEST_DATABASE_URL ?? 'postgres://unused', name);
  let embedded: Database;
  let server: Database;
  let before: FastifyInstance;
  let after: FastifyInstance;

  let reads: string[] = [];
  const token = async (app: FastifyInstance, username: string) =>
    (await app.inject({ method: 'POST', url: '/api/auth/dev-token', payload: { username } })).json<{
      token: string;
    }>().token;
  const read = async (app: FastifyInstance, bearer: string, path: string) =>
    app.inject({ url: path, headers: { authorization: `Bearer ${bearer}` } });

  beforeAll(async () => {
    embedded = await openTestDatabase('pglite');
    await admin(`create database "${name}"`);
    before = await buildApp({ config: testConfig(), database: embedded, now: () => NOW });
    const document = (await before.inject({ url: '/swagger/json' })).json<{
      paths: Record<string, object>;
    }>();
    reads = Object.entries(document.paths)
      .filter(
        ([path, operations]) =>
          'get' in operations &&
          !path.includes('{') &&
          !NOT_DATA.test(path) &&
          !DOCUMENTS.test(path) &&
          !WRITTEN_BY_THE_TEST.test(path),
      )
      .map(([path]) => path);
    // An installation in use has computed what is computed on first read (reconciliation's exceptions).
    for (const username of READERS) {
      const bearer = await token(before, username);
      for (const path of reads) await read(before, bearer, path);
    }
  }, 120_000);
  afterAll(async () => {
    await before?.close();
    await after?.close();
    await embedded?.close();
    await server?.close();
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('copies every table with the same counts and checksums, and refuses a database that is not empty', async () => {
    const report = await moveToPostgres(embedded.embedded!, url);
    expect(report.tables.length).toBeGreaterThan(40);
    expect(report.tables.find((table) => table.table === 'public.employees')?.rows).toBeGreaterThan(0);
    server = connectPostgres(url, 4);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const query = async <T>(text: string) => (await client.query(text)).rows as T[];
      expect(
        await checksums(
          query,
          report.tables.map((table) => table.table),
        ),
      ).toEqual(report.tables);
    } finally {
      await client.end();
    }
    await expect(moveToPostgres(embedded.embedded!, url)).rejects.toThrow(TargetNotEmptyError);
  });

  it('answers every read of the demo data as the embedded installation did', async () => {
    after = await buildApp({ config: testConfig(), database: server, now: () => NOW });
    expect(reads.length).toBeGreaterThan(30);
    const differences: string[] = [];
    let compared = 0;
    for (const username of READERS) {
      const tokens = [await token(before, username), await token(after, username)];
      for (const path of reads) {
        const [embeddedAnswer, serverAnswer] = await Promise.all(
          [before, after].map((app, i) => read(app, tokens[i]!, path)),
        );
        const json = String(embeddedAnswer!.headers['content-type']).includes('json');
        const same =
          embeddedAnswer!.statusCode === serverAnswer!.statusCode &&
          (!json || dataOf(embeddedAnswer!.body) === dataOf(serverAnswer!.body));
        if (!same) {
          differences.push(
            `${username} GET ${path}: ${embeddedAnswer!.statusCode} ${embeddedAnswer!.body.slice(0, 300)} ≠ ${serverAnswer!.statusCode} ${serverAnswer!.body.slice(0, 300)}`,
          );
        }
        if (embeddedAnswer!.statusCode === 200) compared += 1;
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  }, 120_000);
});
