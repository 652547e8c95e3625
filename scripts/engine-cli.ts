import { readFileSync } from 'node:fs';
import { InstanceError } from '../src/engine/validate.ts';

/** Small helpers shared by the engine's command-line tools. */

export function flagValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Flags that take no value. */
const SWITCHES = ['--tight', '--summary', '--greedy-only'];

export function positional(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      if (!SWITCHES.includes(arg)) i++;
    } else out.push(arg);
  }
  return out;
}

export function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${path}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InstanceError([`${path}: not valid JSON (${(error as Error).message})`]);
  }
}

export class UsageError extends Error {}

/** Runs a tool: usage problems exit 2 with the message, invalid instances exit 2 listing every problem. */
export function runTool(main: () => number | Promise<number>): void {
  Promise.resolve()
    .then(main)
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        if (error instanceof UsageError || error instanceof InstanceError) {
          process.stderr.write(`${error.message}\n`);
          process.exitCode = 2;
        } else throw error;
      },
    );
}
