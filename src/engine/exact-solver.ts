/**
 * The MIP solver the exact-window phase uses: HiGHS compiled to WebAssembly. It loads asynchronously (several
 * megabytes of WebAssembly), so it is loaded once, before `allocate`, and handed to it as an option; nothing
 * loads it unless that phase is asked for.
 */
export interface ExactSolver {
  /** Solves a model in CPLEX LP text; HiGHS options by name (`time_limit` in seconds, `mip_max_nodes`, …). */
  solve(lp: string, options: Record<string, number | boolean | string>): ExactSolution;
}

export interface ExactSolution {
  Status: string;
  ObjectiveValue?: number;
  Columns: Record<string, { Primal?: number }>;
}

let loading: Promise<ExactSolver> | null = null;

/** Loads HiGHS once per process. */
export function loadExactSolver(): Promise<ExactSolver> {
  loading ??= (async () => {
    // A name esbuild cannot follow: the bundled tools load the package from node_modules at run time, and only
    // when the phase is asked for, rather than carrying the solver inside every bundle.
    const name = 'highs';
    const imported = (await import(name)) as { default: () => Promise<ExactSolver> };
    return imported.default();
  })();
  return loading;
}
