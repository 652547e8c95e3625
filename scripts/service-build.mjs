/**
 * Builds the service into dist/ (`tsc -p tsconfig.build.json`: one module per source), bundles it into
 * one file (`dist/service.js`, what `npm start` runs), writes the embedded database's template beside it
 * (a migrated, empty PGlite, `src/core/db/embedded-template.ts`), and stamps the build with the
 * fingerprint of the sources it was made from. `npm start` runs the bundle when the stamp matches the
 * sources, and the TypeScript through tsx when it does not (scripts/start.mjs).
 *
 *   node scripts/service-build.mjs                 build now (npm run build)
 *   node scripts/service-build.mjs --if-stale      only when the sources changed (npm ci's postinstall)
 *   … --warn-only                                  a failed build warns and exits 0 (postinstall: npm ci
 *                                                  still succeeds, and npm start runs the sources)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fingerprintOf } from './fingerprint.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(repo, 'dist', '.build-fingerprint');
export const bundleFile = join(repo, 'dist', 'service.js');
const compiledFolder = join(repo, 'dist', sep);

/**
 * Packages left out of the bundle, loaded from node_modules as they are: files of their own found beside
 * their code (PGlite's WebAssembly, argon2's native binding, Swagger UI's pages, pino's transport thread,
 * @fastify/swagger's package.json), or loaded only when used (the report writers, the engine's solver).
 */
const unbundled = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  'pdfkit',
  'exceljs',
  'highs',
  'pg-native',
];

/** What the compiled service is made from. */
export const serviceFingerprint = () =>
  fingerprintOf(
    repo,
    ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'scripts/service-build.mjs'],
    (name) => /\.test\.ts$/.test(name),
  );

/** Whether dist/ holds the service compiled from the sources as they are now. */
export function builtIsCurrent() {
  return (
    existsSync(stamp) && existsSync(bundleFile) && readFileSync(stamp, 'utf8').trim() === serviceFingerprint()
  );
}

/**
 * One file instead of some 1,100 modules: loading them was a third of an existing database's start (0.8 s).
 * A compiled module that finds files from its own place (`new URL('../../../migrations', import.meta.url)`)
 * keeps that place: its `import.meta.url` becomes the address it had in dist/. The engine's worker thread
 * still starts from its compiled module beside the others.
 */
async function bundle() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('esbuild is not installed (npm ci --omit=dev?): npm start runs the sources');
  }
  const next = `${bundleFile}.${process.pid}.next`;
  await esbuild.build({
    entryPoints: [join(repo, 'dist', 'server.js')],
    outfile: next,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: unbundled,
    logLevel: 'warning',
    // The CommonJS packages inside call require, which an ES module has not got by itself.
    banner: {
      js: "import { createRequire as createBundleRequire } from 'node:module'; const require = createBundleRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'keep-module-addresses',
        setup(build) {
          build.onLoad({ filter: /\.js$/ }, async (args) => {
            if (!args.path.startsWith(compiledFolder)) return undefined;
            const text = await readFile(args.path, 'utf8');
            if (!text.includes('import.meta.url')) return undefined;
            const address = JSON.stringify(`./${relative(dirname(bundleFile), args.path)}`);
            return {
              contents: text.replaceAll('import.meta.url', `new URL(${address}, import.meta.url).href`),
              loader: 'js',
            };
          });
        },
      },
    ],
  });
  renameSync(next, bundleFile);
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
  await bundle();
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
