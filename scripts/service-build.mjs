/**
 * Builds the service into dist/ (`tsc -p tsconfig.build.json`) and, beside it, the embedded database's
 * template (a migrated, empty PGlite, `src/core/db/embedded-template.ts`), and stamps the build with the
 * fingerprint of the sources it was made from. `npm start` runs the build when the stamp matches the
 * sources, and the TypeScript through tsx when it does not (scripts/start.mjs).
 *
 *   node scripts/service-build.mjs                 build now (npm run build)
 *   node scripts/service-build.mjs --if-stale      only when the sources changed (npm ci's postinstall)
 *   … --warn-only                                  a failed build warns and exits 0 (postinstall: npm ci
 *                                                  still succeeds, and npm start runs the sources)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fingerprintOf } from './fingerprint.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(repo, 'dist', '.build-fingerprint');

/** What the compiled service is made from. */
export const serviceFingerprint = () =>
  fingerprintOf(repo, ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'], (name) =>
    /\.test\.ts$/.test(name),
  );

/** Whether dist/ holds the service compiled from the sources as they are now. */
export function builtIsCurrent() {
  return (
    existsSync(stamp) &&
    existsSync(join(repo, 'dist', 'server.js')) &&
    readFileSync(stamp, 'utf8').trim() === serviceFingerprint()
  );
}

async function build() {
  const wanted = serviceFingerprint();
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    throw new Error('typescript is not installed (npm ci --omit=dev?): npm start runs the sources');
  }
  // The stamp goes first, so that a build that fails half-way is never taken for a current one.
  rmSync(stamp, { force: true });
  const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: repo,
    stdio: 'inherit',
  });
  if (compiled.status !== 0) throw new Error('tsc -p tsconfig.build.json failed');
  const { embeddedTemplateFolder, writeEmbeddedTemplate } = await import(
    pathToFileURL(join(repo, 'dist', 'core', 'db', 'embedded-template.js')).href
  );
  // Named after the migrations it holds: one that exists is already the one these sources want.
  if (!existsSync(join(embeddedTemplateFolder(), 'PG_VERSION'))) await writeEmbeddedTemplate();
  writeFileSync(stamp, `${wanted}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  if (!(process.argv.includes('--if-stale') && builtIsCurrent())) {
    try {
      await build();
      console.log(`service: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      if (!process.argv.includes('--warn-only')) throw error;
      console.warn(`service: not built (${error.message}); npm start runs the TypeScript sources`);
    }
  }
}
