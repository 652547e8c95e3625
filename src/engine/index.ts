/** Public entry points of the allocation engine. */
export { type AllocateOptions, type AllocateProgress, allocate, EXACT_DEFAULTS } from './allocate.ts';
export { coverageBound } from './bound.ts';
export {
  type CheckReport,
  type CheckRule,
  checkRoster,
  type Violation,
  WARNING_RULES,
  type Warning,
  type WarningRule,
} from './checker/check.ts';
export { type ExactSolver, loadExactSolver } from './exact-solver.ts';
export type { ExactOptions, ExactReport } from './exact-windows.ts';
export { type Explainer, explain } from './explain.ts';
export type * from './types.ts';
export { REASON_CODES } from './types.ts';
export { InstanceError, validateInstance } from './validate.ts';
export { ENGINE_VERSION } from './version.ts';
