import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { day, employee, instance, line } from '../../src/engine/fixtures.test-support.ts';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'engine-cli-'));

async function tool(
  script: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const bundle = join(root, 'dist', 'engine-cli', script.replace(/\.ts$/, '.mjs'));
    const { stdout, stderr } = await run(process.execPath, [bundle, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// The tools as `npm run engine:*` runs them: built to plain JavaScript first (no TypeScript loader per call).
beforeAll(async () => {
  await run(process.execPath, [join(root, 'scripts', 'engine-build.mjs')], { cwd: root });
}, 60_000);

describe('engine command-line tools', () => {
  it('generate, solve and check a roster end to end', async () => {
    const instancePath = join(dir, 'i.json');
    const resultPath = join(dir, 'r.json');
    const gen = await tool(
      'engine-gen.ts',
      '--employees',
      '20',
      '--days',
      '7',
      '--terminals',
      '2',
      '--seed',
      '5',
      '--variant',
      'mixed',
      '--out',
      instancePath,
    );
    expect(gen.code).toBe(0);
    const solve = await tool(
      'engine-solve.ts',
      instancePath,
      '--out',
      resultPath,
      '--restarts',
      '1',
      '--windows',
      '4',
      '--lagrangian-steps',
      '30',
    );
    expect(solve.code).toBe(0);
    expect(JSON.parse(solve.stdout).coverage.assigned).toBeGreaterThan(0);
    const check = await tool('engine-check.ts', instancePath, resultPath);
    expect(check).toMatchObject({ code: 0 });
    expect(check.stdout).toContain('0 violation(s)');
  });

  it('exit 1 and print each violation with its rule, employee and lines', async () => {
    const input = instance({
      employees: [employee('e1')],
      demandLines: [line('a', day(0), 'E'), line('b', day(1), 'M')],
    });
    writeFileSync(join(dir, 'small.json'), JSON.stringify(input));
    const bad = [
      { employeeId: 'e1', lineId: 'a', date: day(0), fixed: false },
      { employeeId: 'e1', lineId: 'b', date: day(1), fixed: false },
    ];
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ assignments: bad }));
    const check = await tool('engine-check.ts', join(dir, 'small.json'), join(dir, 'bad.json'));
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('REST_TOO_SHORT\temployee e1\tlines a,b');
  });

  it('exit 2 with a clear message on an inconsistent instance', async () => {
    writeFileSync(
      join(dir, 'broken.json'),
      JSON.stringify(instance({ period: { from: day(4), to: day(0) } })),
    );
    const solve = await tool('engine-solve.ts', join(dir, 'broken.json'));
    expect(solve.code).toBe(2);
    expect(solve.stderr).toContain('period: from 2026-03-06 is after to 2026-03-02');
  });
});
