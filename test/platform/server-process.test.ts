import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The real entry point: starts on a fresh data folder with demo data, serves, and stops cleanly. Starting
 * a process (tsx, PGlite, migrations, demo data) beside a busy test run can take tens of seconds.
 */
describe('server process [pglite]', () => {
  it('starts on an empty data folder, serves health and the API docs, and stops gracefully on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-'));
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
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
    server.stderr.on('data', (chunk: Buffer) => {
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
        const giveUp = setTimeout(
          () => reject(new Error(`no ready line within 90 s:\n${buffer}${output}`)),
          90_000,
        );
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

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(join(dir, 'service.lock'))).toBe(false);
    }
  }, 150_000);
});
