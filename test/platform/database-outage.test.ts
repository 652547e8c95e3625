import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { connectPostgres, type Database, queryRows } from '../../src/core/db/database.ts';
import { testConfig } from '../helpers/app.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { testDrivers } from '../helpers/environment.ts';

/**
 * A TCP relay between the service and PostgreSQL stands in for the network: closing it is the database
 * going away, reopening it is the database coming back, without stopping the shared server.
 */
function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  return {
    async open() {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
      return port;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    },
  };
}

describe.runIf(testDrivers().includes('postgres'))('database outage [postgres]', () => {
  let source: Database;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const link = relay(new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost'));

  beforeAll(async () => {
    source = await openTestDatabase('postgres');
    // The test database's own URL, reached through the relay.
    const port = await link.open();
    const [current] = await queryRows<{ name: string }>(source.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.port = String(port);
    url.pathname = `/${current!.name}`;
    database = connectPostgres(url.toString(), 2);
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await link.close();
    await source.close();
  });

  it('answers 503 while the database is away and recovers by itself when it returns', async () => {
    const token = (
      await app.inject({ method: 'POST', url: '/api/auth/dev-token', payload: { username: 'sysadmin' } })
    ).json().token;
    const settings = () =>
      app.inject({ method: 'GET', url: '/api/settings', headers: { authorization: `Bearer ${token}` } });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await link.close();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: { reachable: false } });
    const request = await settings();
    expect(request.statusCode).toBe(503);
    expect(request.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(request.headers['retry-after']).toBeDefined();

    await link.open();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered !== 200; attempt++) {
      recovered = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(200);
    expect((await settings()).statusCode).toBe(200);
  });
});
