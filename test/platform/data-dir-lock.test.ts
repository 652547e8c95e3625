import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/core/db/data-dir-lock.ts';

describe('data folder lock', () => {
  it('refuses a folder held by a running process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'service.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another running process/);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs, and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    writeFileSync(join(dir, 'service.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'service.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'service.lock'))).toBe(false);
  });

  it('takes over a lock whose holder was killed and is not yet reaped (a zombie), as right after kill -9', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    // The shell's background child outlives the shell's exec into a sleep that never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 300 & echo $!; exec sleep 30']);
    try {
      const pid = await new Promise<number>((resolve) =>
        parent.stdout.once('data', (chunk: Buffer) => resolve(Number.parseInt(String(chunk), 10))),
      );
      // Killed while the shell still runs, the child would be reaped by the shell: wait for the exec first.
      const commOf = (id: number) => readFileSync(`/proc/${id}/comm`, 'utf8').trim();
      for (let i = 0; i < 100 && commOf(parent.pid ?? 0) !== 'sleep'; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(commOf(parent.pid ?? 0)).toBe('sleep');
      process.kill(pid, 'SIGKILL');
      const stateOf = () => {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      };
      for (let i = 0; i < 100 && stateOf() !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20));
      expect(stateOf()).toBe('Z');
      writeFileSync(join(dir, 'service.lock'), String(pid));
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, 'service.lock'), 'utf8')).toBe(String(process.pid));
      release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('leaves no lock behind when its process ends without releasing it (a stop that overran, a crash)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    const script = `import('./src/core/db/data-dir-lock.ts').then((m) => { m.lockDataDir(${JSON.stringify(dir)}); process.exit(3); })`;
    const holder = spawn(process.execPath, ['--import', 'tsx', '-e', script]);
    const code = await new Promise<number | null>((resolve) => holder.on('exit', resolve));
    expect(code).toBe(3);
    expect(existsSync(join(dir, 'service.lock'))).toBe(false);
  });

  it('makes a second service process on the same folder refuse to start with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    const holder = spawn('sleep', ['30']);
    writeFileSync(join(dir, 'service.lock'), String(holder.pid));
    try {
      const second = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        env: { ...process.env, APP_ENV: 'test', DATA_DIR: dir, PORT: '0', DATABASE_URL: '' },
      });
      let output = '';
      second.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toMatch(/Cannot start: The data folder .* is in use by another running process/);
    } finally {
      holder.kill();
    }
  });
});
