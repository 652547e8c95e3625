/**
 * What makes the built client installable and readable offline (issue 54), written into a build by
 * scripts/web-build.mjs: the service worker (`sw.js`, with the build's shell files written in) and the
 * manifests' PNG icons. The manifests themselves are static files in `web/public/`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/** The manifests and their icons: the page links them, so they are asked for offline too. */
const MANIFEST_FILES = [
  '/manifest.en.webmanifest',
  '/manifest.ar.webmanifest',
  ...[192, 512].flatMap((size) => [`/icons/icon-${size}.png`, `/icons/maskable-${size}.png`]),
];

/** The screens whose files the worker keeps at install, beside the entry: what opens offline. */
const OFFLINE_SCREENS = ['src/features/me/routes/MyRosterPage.tsx'];

/**
 * The shell: `/` (the page), its icon and manifests, the entry's and the offline screens' chunks with their styles, and the
 * entry's fonts in the one format every browser with service workers reads. Other screens' files are
 * kept as they are first fetched.
 */
function shellFiles(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const files = new Set(['/', '/favicon.svg', ...MANIFEST_FILES]);
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const asset of chunk.assets ?? []) if (asset.endsWith('.woff2')) files.add(`/${asset}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ['index.html', ...OFFLINE_SCREENS]) {
    if (!manifest[key]) throw new Error(`web client: ${key} is not in the build's manifest`);
    visit(key);
  }
  return [...files].sort();
}

/** Bundles `web/sw/service-worker.ts` into `dist/sw.js`; its bytes change whenever the shell does. */
export async function writeServiceWorker(web, dist) {
  const { build } = await import('esbuild');
  const files = shellFiles(dist);
  const version = createHash('sha256')
    .update(readFileSync(join(dist, 'index.html')))
    .update(files.join('\n'))
    .digest('hex')
    .slice(0, 16);
  const result = await build({
    entryPoints: [join(web, 'sw', 'service-worker.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    define: { __SHELL__: JSON.stringify({ version, files }) },
  });
  writeFileSync(join(dist, 'sw.js'), result.outputFiles[0].text);
}

const BRAND = [0x18, 0x64, 0xab];

/**
 * favicon.svg's picture on its 32-unit grid: three white bars (a roster's lines) on the brand blue, in a
 * square with rounded corners, or filling the square for a `maskable` icon (the platform cuts its own
 * shape; the bars stay inside the central circle every mask keeps).
 */
function colourAt(x, y, maskable) {
  const inBar = x >= 8 && ((y >= 9 && y < 12) || (y >= 15 && y < 18) ? x < 24 : y >= 21 && y < 24 && x < 18);
  if (inBar) return [255, 255, 255, 255];
  if (maskable) return [...BRAND, 255];
  const r = 6;
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r ? [...BRAND, 255] : [0, 0, 0, 0];
}

/** A size × size RGBA PNG of the picture, each pixel the mean of 4 × 4 samples (smooth corners). */
function iconPng(size, maskable) {
  const row = size * 4 + 1;
  const pixels = Buffer.alloc(row * size);
  const n = 4;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy += 1)
        for (let sx = 0; sx < n; sx += 1) {
          const c = colourAt(
            ((px + (sx + 0.5) / n) * 32) / size,
            ((py + (sy + 0.5) / n) * 32) / size,
            maskable,
          );
          // Colours weighed by their coverage, so an edge fades to transparent rather than to black.
          for (let i = 0; i < 3; i += 1) sum[i] += c[i] * c[3];
          sum[3] += c[3];
        }
      const at = py * row + 1 + px * 4;
      for (let i = 0; i < 3; i += 1) pixels[at + i] = sum[3] ? Math.round(sum[i] / sum[3]) : 0;
      pixels[at + 3] = Math.round(sum[3] / (n * n));
    }
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The manifests' icons (`web/public/manifest.*.webmanifest`): 192 and 512 px, plain and maskable. */
export function writeIcons(dist) {
  const folder = join(dist, 'icons');
  mkdirSync(folder, { recursive: true });
  for (const size of [192, 512]) {
    writeFileSync(join(folder, `icon-${size}.png`), iconPng(size, false));
    writeFileSync(join(folder, `maskable-${size}.png`), iconPng(size, true));
  }
}
