import { checkRoster } from '../src/engine/checker/check.ts';
import type { Result } from '../src/engine/types.ts';
import { validateInstance } from '../src/engine/validate.ts';
import { positional, readJson, runTool, UsageError } from './engine-cli.ts';

const USAGE = 'usage: engine:check -- instance.json result.json';

runTool(() => {
  const [instancePath, resultPath] = positional(process.argv.slice(2));
  if (instancePath === undefined || resultPath === undefined) throw new UsageError(USAGE);
  const instance = readJson(instancePath);
  validateInstance(instance);
  const result = readJson(resultPath) as Result;
  if (!Array.isArray(result?.assignments))
    throw new UsageError(`${resultPath}: expected a result with an assignments array`);
  const report = checkRoster(instance, result);
  for (const v of report.violations)
    process.stdout.write(
      `${v.rule}\temployee ${v.employeeId ?? '-'}\tlines ${v.lineIds.join(',')}\t${v.detail}\n`,
    );
  process.stdout.write(
    `${report.violations.length} violation(s); covered ${report.assigned} of ${report.required} required\n`,
  );
  return report.violations.length > 0 ? 1 : 0;
});
