import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The real entry point: starts on a fresh data folder with demo data, serves, and stops cleanly. Starting
 * a process (tsx, PGlite, migrations, demo data) beside a busy test run can take tens of seconds.
 */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const LAUNCHERS = [
  { name: 'the server entry', command: process.execPath, args: ['--import', 'tsx', 'src/server.ts'] },
  // What a newcomer, a container runtime or a process manager starts and signals.
  { name: 'npm start', command: 'npm', args: ['start', '--silent'] },
];

describe('server process [pglite]', () => {
  it.each(LAUNCHERS)(
    'starts through $name on an empty data folder, serves, and stops gracefully on SIGTERM to that process',
    async ({ command, args }) => {
      const dir = mkdtempSync(join(tmpdir(), 'server-'));
      const server = spawn(command, args, {
        env: {
          ...process.env,
          APP_ENV: 'development',
          DATA_DIR: dir,
          PORT: '0',
          DATABASE_URL: '',
          LOG_LEVEL: 'info',
        },
      });
      const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
      let output = '';
      // What the service printed (its log included), for the message of a failed check.
      for (const stream of [server.stdout, server.stderr])
        stream.on('data', (chunk: Buffer) => {
          output += chunk;
        });
      try {
        await exercise();
      } finally {
        if (server.exitCode === null) server.kill('SIGKILL');
      }

      async function exercise() {
        const address = await new Promise<string>((resolve, reject) => {
          let buffer = '';
          const giveUp = setTimeout(() => reject(new Error(`no ready line within 90 s:\n${output}`)), 90_000);
          server.stdout.on('data', (chunk: Buffer) => {
            buffer += chunk;
            // Only whole lines: a chunk may end in the middle of the ready line.
            const lines = buffer.split('\n').slice(0, -1);
            const ready = lines.find((line) => line.includes('service ready'));
            if (ready) {
              clearTimeout(giveUp);
              resolve(JSON.parse(ready).address);
            }
          });
          void exited.then((code) => reject(new Error(`server exited early with ${code}`)));
        });
        const health = await fetch(`${address}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ database: { driver: 'pglite' } });
        expect((await fetch(`${address}/swagger/json`)).status).toBe(200);
        const login = await fetch(`${address}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'planner', password: 'Demo#Roster2026' }),
        });
        expect(login.status).toBe(200);
        expect(existsSync(join(dir, 'service.lock'))).toBe(true);
        const servingPid = Number(readFileSync(join(dir, 'service.lock'), 'utf8').trim());

        server.kill('SIGTERM');
        const code = await exited;
        // Whatever the launcher, the process that served is gone, its port closed and its lock released.
        await until(() => !alive(servingPid));
        await expect(fetch(`${address}/api/health`)).rejects.toThrow();
        expect(existsSync(join(dir, 'service.lock')), `exit ${code}; the service said:\n${output}`).toBe(
          false,
        );
      }
    },
    150_000,
  );
});
