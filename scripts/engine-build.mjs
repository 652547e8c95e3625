// Builds the engine's command-line tools into plain JavaScript (dist/engine-cli/*.mjs), so that a call pays
// Node's start and not the TypeScript loader's (about 2 s of CPU a call through tsx). Plain JavaScript itself,
// so that it needs no loader either; rebuilds only when a source is newer than the bundles.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist', 'engine-cli');
const tools = ['engine-gen', 'engine-solve', 'engine-check'];
const sources = ['src/engine', 'scripts', 'bench/engine'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function oldestBundle() {
  try {
    return Math.min(...tools.map((tool) => statSync(join(out, `${tool}.mjs`)).mtimeMs));
  } catch {
    return 0;
  }
}

if (
  process.argv.includes('--force') ||
  Math.max(...sources.map((s) => newest(join(root, s)))) > oldestBundle()
) {
  await build({
    entryPoints: tools.map((tool) => join(root, 'scripts', `${tool}.ts`)),
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}
