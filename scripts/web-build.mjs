/**
 * Builds the web client into web/dist when the build is missing or stale, so that `npm ci && npm start`
 * on a fresh clone serves it with no other command (`npm ci` runs this as `postinstall`, `npm start`
 * before the service starts). Stale means: the fingerprint of everything the build reads (web/ sources,
 * the lock file) differs from the one written beside the last build. Plain JavaScript, so the check
 * costs no TypeScript loader on every start.
 *
 *   node scripts/web-build.mjs            build now
 *   node scripts/web-build.mjs --if-stale build only when missing or stale
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const web = join(repo, 'web');
const dist = join(web, 'dist');
const stamp = join(dist, '.build-fingerprint');
const SKIP = new Set(['dist', 'node_modules', 'e2e', 'test-artefacts', '.dist-next']);

function files(folder) {
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...files(path));
    else if (!/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

export function fingerprint() {
  const hash = createHash('sha256');
  for (const path of [...files(web), join(repo, 'package-lock.json')].sort()) {
    hash.update(relative(repo, path)).update('\0').update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}

const wanted = fingerprint();
const current = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
if (process.argv.includes('--if-stale') && current === wanted && existsSync(join(dist, 'index.html'))) {
  process.exit(0);
}

let vite;
try {
  vite = await import('vite');
} catch {
  // An install without dev dependencies (npm ci --omit=dev) cannot build; it serves a build made before.
  console.warn(
    existsSync(join(dist, 'index.html'))
      ? 'web client: vite is not installed; serving the existing build'
      : 'web client: vite is not installed and there is no build; the service runs without its web client',
  );
  process.exit(0);
}

const started = Date.now();
console.log(current ? 'web client: sources changed, building…' : 'web client: building…');
// Built beside, then swapped in: a service running meanwhile never sees half a build.
const next = join(web, '.dist-next');
rmSync(next, { recursive: true, force: true });
await vite.build({
  configFile: join(web, 'vite.config.ts'),
  build: { outDir: next },
  logLevel: 'warn',
});
writeFileSync(join(next, '.build-fingerprint'), `${wanted}\n`);
rmSync(dist, { recursive: true, force: true });
renameSync(next, dist);
console.log(`web client: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
