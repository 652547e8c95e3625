/**
 * Hostile uploads against a listening service (PGlite): `npm run bench:uploads`. Three uploads at once of a
 * workbook that is small packed and whose one sheet expands a lot at a ratio the zip guard lets through
 * (the file of issue 40: 190 MiB), then three of the largest such sheet the cap still lets the parser read
 * (60 MiB, under the 61 MiB cap of 100,000 rows × 640 bytes). Meanwhile the health check is called every
 * 25 ms over HTTP: its latency is the figure that says whether the service starves. The uploads come from a
 * process of their own (`send.ts`), so only the service's work delays the health check. Peak memory is the
 * kernel's high-water mark of this process (server and parser are one process), reset before each scenario,
 * over the resident set before it. The workbooks are built by a process of their own (`hostile.ts`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { preparedDatabase } from '../database.ts';

const statusMb = (key: 'VmRSS' | 'VmHWM') =>
  Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${key}:\\s+(\\d+)`))![1]) / 1024;

const hostilePath = (megabytes: number, lie: boolean) =>
  `.tmp/bench/hostile-${megabytes}${lie ? '-lie' : ''}.xlsx`;

function hostileFile(megabytes: number, lie = false): Buffer {
  const file = hostilePath(megabytes, lie);
  mkdirSync('.tmp/bench', { recursive: true });
  if (!existsSync(file)) {
    execFileSync(process.execPath, [
      '--import',
      'tsx',
      'bench/uploads/hostile.ts',
      String(megabytes),
      file,
      lie ? 'lie' : '',
    ]);
  }
  return readFileSync(file);
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};

async function main() {
  const { database } = await preparedDatabase('pglite', 'uploads');
  const config = loadConfig({ APP_ENV: 'test', DATA_DIR: '.tmp/bench', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const signedIn = await fetch(`${base}/api/auth/dev-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'hradmin' }),
  });
  const { token } = (await signedIn.json()) as { token: string };
  const lines: string[] = [];
  try {
    for (const [name, megabytes, lie] of [
      ['issue 40 file, honest size', 190, false],
      ['issue 40 file, size lied about', 190, true],
      ['largest sheet under the cap', 60, false],
    ] as const) {
      const bytes = hostileFile(megabytes, lie);
      global.gc?.();
      // Idle health check first: the reference latency.
      const idle: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await (await fetch(`${base}/api/health`)).arrayBuffer();
        idle.push(performance.now() - started);
      }
      writeFileSync('/proc/self/clear_refs', '5');
      const before = statusMb('VmRSS');
      let done = false;
      // The uploads come from a process of their own, as from another machine: only the service's own work
      // delays the health check polled here, on the service's event loop.
      const uploads = new Promise<{ status: number; code?: string; ms: number }[]>((resolve, reject) => {
        const sender = spawn(
          process.execPath,
          ['--import', 'tsx', 'bench/uploads/send.ts', base, token, hostilePath(megabytes, lie)],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let out = '';
        sender.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        sender.on('error', reject);
        sender.on('close', (code) =>
          code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`send.ts exited with ${code}`)),
        );
      }).finally(() => {
        done = true;
      });
      const health: number[] = [];
      while (!done) {
        const sent = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`health answered ${response.status}`);
        health.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const answers = await uploads;
      const peak = statusMb('VmHWM');
      const line =
        `${name}: ${(bytes.length / 1024 / 1024).toFixed(2)} MB packed → ${megabytes} MiB sheet; ` +
        `answers ${answers.map((a) => `${a.status} ${a.code} at ${Math.round(a.ms)} ms`).join(', ')}; ` +
        `peak RSS ${Math.round(peak)} MB (+${Math.round(peak - before)} MB over ${Math.round(before)}); ` +
        `health idle p50 ${percentile(idle, 50).toFixed(1)} ms, during: ${health.length} calls, ` +
        `p50 ${percentile(health, 50).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`;
      console.log(line);
      lines.push(line);
    }
  } finally {
    await app.close();
    await database.close();
  }
  console.log(
    `\nmachine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, ${new Date().toISOString()}`,
  );
}

await main();
