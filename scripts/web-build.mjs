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
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { fingerprintOf } from './fingerprint.mjs';
import { writeIcons, writeServiceWorker } from './web-offline.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const web = join(repo, 'web');
const dist = join(web, 'dist');
const stamp = join(dist, '.build-fingerprint');
const SKIP = new Set(['dist', 'node_modules', 'e2e', 'test-artefacts', '.dist-next']);

export const fingerprint = () =>
  fingerprintOf(
    repo,
    ['web', 'package-lock.json', 'scripts/web-offline.mjs'],
    (name) => SKIP.has(name) || /\.test\.tsx?$/.test(name),
  );

/** What is worth compressing: text that a browser asks for, above the size where it pays. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, at its best quality: once per build, not per request) and a gzip (`.gz`) copy
 * beside every compressible file of the build, which the service sends to a browser that accepts them.
 */
function precompress(root) {
  for (const name of readdirSync(root, { recursive: true })) {
    const path = join(root, name);
    if (!COMPRESSIBLE.test(name) || !statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

/** Builds the web client, or with `ifStale` only when it is missing or stale. */
export async function buildWeb({ ifStale = false } = {}) {
  const wanted = fingerprint();
  const current = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
  if (ifStale && current === wanted && existsSync(join(dist, 'index.html'))) return;

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
    return;
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
  // The worker lists the build's files, so it is written once they are all there, and compressed with them.
  await writeServiceWorker(web, next);
  writeIcons(next);
  precompress(next);
  writeFileSync(join(next, '.build-fingerprint'), `${wanted}\n`);
  rmSync(dist, { recursive: true, force: true });
  renameSync(next, dist);
  console.log(`web client: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildWeb({ ifStale: process.argv.includes('--if-stale') });
}
