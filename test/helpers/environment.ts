/** Which databases the suite runs on: PGlite always, the PostgreSQL server when TEST_DATABASE_URL is set. */
export type TestDriver = 'pglite' | 'postgres';

export function testDrivers(env: NodeJS.ProcessEnv = process.env): TestDriver[] {
  const wanted = env.TEST_DATABASES?.split(',').map((d) => d.trim());
  const available: TestDriver[] = env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!wanted) return available;
  for (const driver of wanted) {
    if (!available.includes(driver as TestDriver)) {
      throw new Error(
        `TEST_DATABASES names "${driver}", which needs ${driver === 'postgres' ? 'TEST_DATABASE_URL' : 'nothing'}`,
      );
    }
  }
  return available.filter((driver) => wanted.includes(driver));
}

/** A URL for another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
