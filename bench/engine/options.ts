import { VARIANTS, type Variant } from './generate.ts';

/** The benchmarks' command line: `--name value`, each with the default a script gives it. */
const args = process.argv.slice(2);

export function option(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
}

/** `--size 200x28x6`: employees × days × terminals. */
export function sizeOption(fallback: string): [employees: number, days: number, terminals: number] {
  return option('size', fallback).split('x').map(Number) as [number, number, number];
}

/** `--seeds 1,2,3`. */
export const seedsOption = (fallback: string): number[] => option('seeds', fallback).split(',').map(Number);

/** `--variants a,b`: every shape of the generator by default. */
export const variantsOption = (): Variant[] => option('variants', VARIANTS.join(',')).split(',') as Variant[];
