import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generateInstance } from './generate.ts';
import { exactOptimum, type MipOutcome } from './mip.ts';
import { option, seedsOption, variantsOption } from './options.ts';

/**
 * The exact reference, computed once and kept: HiGHS on every 200 × 28 shape and seed (and 50 × 14 with
 * `--size 50x14`), merged into `mip-reference.json` beside this file, which `run.ts` reads. HiGHS needs
 * minutes per instance, the engine a second, so the two are measured apart. Options: --mip-limit seconds
 * (default 60), --seeds 1,2,3, --variants a,b, --size 200x28|50x14|200x31x10.
 */
export const REFERENCE_SIZES = {
  '50x14': { employees: 50, days: 14, terminals: 2 },
  '200x28': { employees: 200, days: 28, terminals: 6 },
  // Between the goal sizes: as many days and terminals as 2,000 × 31, as few staff as 200 × 28.
  '200x31x10': { employees: 200, days: 31, terminals: 10 },
} as const;
export const referencePath = new URL('./mip-reference.json', import.meta.url).pathname;

export type Reference = Record<string, MipOutcome & { limitSeconds: number }>;

export function readReference(): Reference {
  return existsSync(referencePath) ? (JSON.parse(readFileSync(referencePath, 'utf8')) as Reference) : {};
}

export const referenceKey = (size: string, variant: string, seed: number) => `${size} ${variant} s${seed}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const limit = Number(option('mip-limit', '60'));
  const seeds = seedsOption('1,2,3');
  const variants = variantsOption();
  const sizeName = option('size', '200x28') as keyof typeof REFERENCE_SIZES;
  const size = REFERENCE_SIZES[sizeName];
  for (const variant of variants)
    for (const seed of seeds) {
      const instance = generateInstance({ ...size, shifts: 3, seed, variant });
      const outcome = await exactOptimum(instance, limit);
      const reference = readReference();
      reference[referenceKey(sizeName, variant, seed)] = { ...outcome, limitSeconds: limit };
      writeFileSync(referencePath, `${JSON.stringify(reference, null, 2)}\n`);
      console.error(referenceKey(sizeName, variant, seed), JSON.stringify(outcome));
    }
}
