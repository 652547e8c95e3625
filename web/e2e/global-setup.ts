import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const artefacts = join(repo, 'web', 'test-artefacts');

/**
 * A client of another origin (cross-origin.spec.ts): one blank page served on a port of its own, its
 * origin listed in the service's CORS_ORIGINS as a deployment would list its client's.
 */
async function serveOtherOrigin(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Roster client of another origin</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * One service for the whole suite, started as `npm start` starts it (`scripts/start.mjs`: the compiled
 * service when the build is current, as in CI, else the sources; the web client built if stale) in
 * development mode (demo data and users) on a fresh embedded database in a temporary folder, on a free
 * port.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'rostering-e2e-'));
  const port = await freePort();
  const other = await serveOtherOrigin();
  process.env.E2E_CROSS_ORIGIN = other.origin;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repo,
    env: {
      ...process.env,
      APP_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      // A client served from another origin (cross-origin.spec.ts) is listed, as a deployment would.
      CORS_ORIGINS: other.origin,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The service's log is kept among the artefacts: what it said is what explains a stalled screen.
  mkdirSync(artefacts, { recursive: true });
  const log = createWriteStream(join(artefacts, 'service.log'));
  let output = '';
  const heard = (chunk: Buffer) => {
    output += chunk;
    log.write(chunk);
  };
  child.stdout?.on('data', heard);
  child.stderr?.on('data', heard);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the service did not start within 180 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const index = await fetch(`${base}/`);
  if (!index.ok) throw new Error(`the web client is not served (${index.status}): run npm run build:web`);
  process.env.E2E_BASE_URL = base;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(undefined);
      }, 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    await other.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
