import { count } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import { jobs } from '../db/tables/index.ts';
import type { ReadQueueDepth } from '../http/read-queue.ts';

/** What the allocation engine's job reports of each execution it ends (issue 36). */
export interface EngineRunOutcome {
  action: 'execute' | 'rerun';
  outcome: 'executed' | 'failed';
  /** Seconds from snapshot to stored result; absent when it failed early. */
  seconds?: number;
  /** Assigned ÷ required heads of the result. */
  coverage?: number;
}

export type EngineRunObserver = (run: EngineRunOutcome) => void;

/**
 * The service's Prometheus metrics, one registry per app (tests build several apps in one process).
 * Requests and engine runs are counted as they happen; jobs and the database's use are read at scrape
 * time, so a request pays one histogram observation and nothing else.
 */
export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeEngineRun: EngineRunObserver;
  /** On PGlite, the read queue's depth stands for the pool's use. */
  watchReadQueue(depth: ReadQueueDepth): void;
}

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Latency of HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Bounded: route patterns × methods × statuses, never raw URLs.
  const children = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; latency: ReturnType<typeof latency.labels> }
  >();
  const engineRuns = new Counter({
    name: 'rostering_engine_runs_total',
    help: 'Allocation engine executions ended by this process, by action and outcome',
    labelNames: ['action', 'outcome'],
    registers: [registry],
  });
  const engineDuration = new Histogram({
    name: 'rostering_engine_run_duration_seconds',
    help: 'Allocation engine executions: snapshot, search and storing of the result',
    buckets: [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300],
    registers: [registry],
  });
  const engineCoverage = new Histogram({
    name: 'rostering_engine_run_coverage_ratio',
    help: 'Assigned over required heads of each executed run',
    buckets: [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1],
    registers: [registry],
  });
  new Gauge({
    name: 'rostering_jobs',
    help: 'Background jobs in the database by kind and status, read at scrape time',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      const rows = await database.db
        .select({ kind: jobs.kind, status: jobs.status, n: count() })
        .from(jobs)
        .groupBy(jobs.kind, jobs.status);
      this.reset();
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.n);
    },
  });
  if (database.poolUse) {
    const poolUse = database.poolUse;
    new Gauge({
      name: 'rostering_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: total open and idle',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
      },
    });
    new Gauge({
      name: 'rostering_db_pool_waiting',
      help: 'Queries waiting for a connection of the PostgreSQL pool',
      registers: [registry],
      collect() {
        this.set(poolUse().waiting);
      },
    });
  }
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      // prom-client hashes a label set on every call; the children of each set are kept instead.
      const key = `${method} ${status} ${route}`;
      let series = children.get(key);
      if (!series) {
        series = {
          count: requests.labels(method, route, String(status)),
          latency: latency.labels(method, route, String(status)),
        };
        children.set(key, series);
      }
      series.count.inc();
      series.latency.observe(seconds);
    },
    observeEngineRun(run) {
      engineRuns.inc({ action: run.action, outcome: run.outcome });
      if (run.seconds !== undefined) engineDuration.observe(run.seconds);
      if (run.coverage !== undefined) engineCoverage.observe(run.coverage);
    },
    watchReadQueue(depth) {
      new Gauge({
        name: 'rostering_read_queue_requests',
        help: 'API reads in the embedded database’s read queue (core/http/read-queue.ts): running and waiting',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          this.set({ state: 'running' }, depth.running());
          this.set({ state: 'waiting' }, depth.waiting());
        },
      });
    },
  };
}
