/** `npm run bench`: every benchmark in turn, each a process of its own so none skews another. */
import { spawnSync } from 'node:child_process';

for (const script of [
  'bench/api/run.ts',
  'bench/engine/run.ts',
  'bench/demand/patch-cells.ts',
  'bench/people/run.ts',
  'bench/allocation/run.ts',
  'bench/attendance/run.ts',
  'bench/reconciliation/run.ts',
  'bench/reports/run.ts',
  'bench/uploads/run.ts',
]) {
  console.log(`\n# ${script}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
    stdio: 'inherit',
    env: process.env,
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
