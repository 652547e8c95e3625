/**
 * Issue 56: whether a name has an account must not show in how long a failed login takes. Times, through
 * the service (inject, each attempt from an address of its own so that no limit applies), a wrong
 * password for existing accounts against a name no account has, interleaved, and prints the medians.
 *
 *   npx tsx bench/api/login-answers.ts [rounds]      (DATABASE_URL set: on that server too)
 */
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { preparedDatabase } from '../database.ts';

const ROUNDS = Number(process.argv[2] ?? 40);
const ACCOUNTS = ['planner', 'manager', 'supervisor', 'employee', 'hradmin', 'coo', 'hrdirector'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measure(driver: 'pglite' | 'postgres'): Promise<void> {
  const prepared = await preparedDatabase(driver, 'login');
  const config = loadConfig({ APP_ENV: 'test', DATA_DIR: '.tmp/bench', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: prepared.database });
  await app.ready();
  const times = { account: [] as number[], unknown: [] as number[] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Three failures a name per round stays under the lockout threshold (5): a wrong password is timed.
      const account = ACCOUNTS[Math.floor(round / 3) % ACCOUNTS.length]!;
      for (const [kind, username] of [
        ['account', account],
        ['unknown', `nobody.${Math.floor(round / 3)}`],
      ] as const) {
        const started = performance.now();
        const answer = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password: 'Wrong#Password1' },
          remoteAddress: `10.77.${round}.${kind === 'account' ? 1 : 2}`,
        });
        times[kind].push(performance.now() - started);
        if (answer.statusCode !== 401) throw new Error(`${username}: ${answer.statusCode} ${answer.body}`);
      }
      // A success resets the account's count, so the next rounds time failures again.
      if (round % 3 === 2)
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: account, password: 'Demo#Roster2026' },
          remoteAddress: `10.78.${round}.1`,
        });
    }
  } finally {
    await app.close();
    await prepared.database.close();
    await prepared.drop();
  }
  console.log(
    `${driver}: ${ROUNDS} failed logins each; median wrong password ${median(times.account).toFixed(1)} ms, ` +
      `median unknown name ${median(times.unknown).toFixed(1)} ms`,
  );
}

await measure('pglite');
if (process.env.DATABASE_URL) await measure('postgres');
