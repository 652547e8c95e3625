import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/core/db/database.ts';
import { preparedRead } from '../../src/core/db/prepared.ts';
import { users } from '../../src/core/db/tables/index.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { testDrivers } from '../helpers/environment.ts';

const echo = preparedRead<{ text: string | null; day: string | null }>(
  'test_echo',
  2,
  (text, day) => sql`select ${text}::text as "text", to_char(${day}::date, 'YYYY-MM-DD') as "day"`,
);
const usersNamed = preparedRead<{ username: string }>(
  'test_users_named',
  1,
  (name) => sql`select ${users.username} as "username" from ${users} where ${users.username} = ${name}::text`,
);

describe.each(testDrivers())('prepared reads [%s]', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('answers each call with its own values, quotes, nulls and all, however many run at once', async () => {
    const values = ["it's", 'a \\ back\\slash', '; drop table users; --', '', null];
    const answers = await Promise.all(
      values.flatMap((text) => [0, 1].map(() => database.runPrepared(echo, [text, '2026-02-28']))),
    );
    expect(answers.map(([row]) => row!.text)).toEqual(values.flatMap((text) => [text, text]));
    expect(answers.every(([row]) => row!.day === '2026-02-28')).toBe(true);
    expect(await database.runPrepared(usersNamed, ['sysadmin'])).toEqual([{ username: 'sysadmin' }]);
    expect(await database.runPrepared(usersNamed, ["sysadmin' or 'x' = 'x"])).toEqual([]);
  });

  it('refuses a value the text would hold for every caller, and a bad value as the database would', async () => {
    expect(() => preparedRead('test_bound', 0, () => sql`select ${'fixed'} as "value"`)).toThrow(
      /binds values/,
    );
    await expect(database.runPrepared(echo, ['x', 'not a date'])).rejects.toMatchObject({ code: '22007' });
    expect(await database.runPrepared(echo, ['after', '2026-03-01'])).toEqual([
      { text: 'after', day: '2026-03-01' },
    ]);
  });

  it('prepares again when the session has lost its statements', async () => {
    await database.runPrepared(echo, ['before', null]);
    await database.db.execute(sql`deallocate all`);
    expect(await database.runPrepared(echo, ['again', null])).toEqual([{ text: 'again', day: null }]);
  });
});
