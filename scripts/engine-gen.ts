import { writeFileSync } from 'node:fs';
import { generateInstance, VARIANTS, type Variant } from '../bench/engine/generate.ts';
import { flagValue, runTool, UsageError } from './engine-cli.ts';

const USAGE = `usage: engine:gen -- --employees N --days D --terminals T --seed S [--shifts 1-3] [--tight | --variant ${VARIANTS.join('|')}] [--out file]`;

runTool(() => {
  const args = process.argv.slice(2);
  const int = (name: string, fallback?: number) => {
    const text = flagValue(args, name);
    const value = text === undefined ? fallback : Number(text);
    if (value === undefined || !Number.isInteger(value) || value < 1)
      throw new UsageError(`--${name}: expected a positive integer\n${USAGE}`);
    return value;
  };
  const variant = (args.includes('--tight') ? 'tight' : (flagValue(args, 'variant') ?? 'normal')) as Variant;
  if (!VARIANTS.includes(variant)) throw new UsageError(`--variant: unknown ${variant}\n${USAGE}`);
  const instance = generateInstance({
    employees: int('employees'),
    days: int('days'),
    terminals: int('terminals'),
    shifts: int('shifts', 3),
    seed: int('seed', 1),
    variant,
  });
  const text = JSON.stringify(instance);
  const out = flagValue(args, 'out');
  if (out === undefined) process.stdout.write(`${text}\n`);
  else writeFileSync(out, text);
  return 0;
});
