import { createServer } from 'node:net';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { addDays } from '../../src/core/time/dates.ts';
import { createTestContext, describeEachDatabase } from '../helpers/app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const UNKNOWN_ID = '0b7e5a52-52c4-4d5e-9a55-8a0a3f7c4e11';

const family = (families: ParsedFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  expect(found, name).toBeDefined();
  return found!;
};

describeEachDatabase(
  '/metrics on the main port behind a token',
  (t) => {
    const scrape = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

    it('refuses a scrape without the token or with another one', async () => {
      expect((await scrape()).statusCode).toBe(401);
      expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
      expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
    });

    it('counts requests by route pattern and status, engine runs, jobs, the database’s use and memory', async () => {
      expect((await t.request(null, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const missing = await t.request('planner', {
        method: 'GET',
        url: `/api/admin/terminals/${UNKNOWN_ID}`,
      });
      expect(missing.statusCode).toBe(404);
      const plans = await t.request('planner', { method: 'GET', url: '/api/demand/plans' });
      const plan = plans.json().items.find((p: { name: string }) => p.name.startsWith('Ramp'));
      const run = await t.request('planner', {
        method: 'POST',
        url: '/api/allocation-runs',
        payload: { planId: plan.id, from: plan.from, to: addDays(plan.from, 1) },
      });
      expect(run.statusCode, run.body).toBe(201);
      const executed = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.json().id}/execute`,
        headers: { prefer: 'wait=120' },
      });
      expect(executed.statusCode, executed.body).toBe(200);

      const answer = await scrape(`Bearer ${TOKEN}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/plain');
      expect(answer.body).not.toContain(UNKNOWN_ID);
      const families = parsePrometheusTextFormat(answer.body);

      const requests = family(families, 'http_requests_total');
      const series = (route: string, status: string) =>
        requests.metrics.find((m) => m.labels?.route === route && m.labels?.status === status);
      expect(Number(series('/api/health', '200')?.value)).toBeGreaterThanOrEqual(1);
      expect(Number(series('/api/admin/terminals/:id', '404')?.value)).toBe(1);
      expect(series('/api/allocation-runs', '201')?.labels?.method).toBe('POST');
      // The parser merges the series of a labelled histogram into one: its buckets are what it shows.
      const latency = family(families, 'http_request_duration_seconds');
      expect(latency.type).toBe('HISTOGRAM');
      expect(latency.metrics[0]?.buckets).toHaveProperty('+Inf');
      expect(answer.body).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/m,
      );

      const runs = family(families, 'rostering_engine_runs_total');
      expect(
        Number(
          runs.metrics.find((m) => m.labels?.action === 'execute' && m.labels?.outcome === 'executed')?.value,
        ),
      ).toBe(1);
      expect(Number(family(families, 'rostering_engine_run_duration_seconds').metrics[0]?.count)).toBe(1);
      const coverage = family(families, 'rostering_engine_run_coverage_ratio').metrics[0]!;
      expect(Number(coverage.count)).toBe(1);
      expect(Number(coverage.sum)).toBeGreaterThan(0);
      expect(Number(coverage.sum)).toBeLessThanOrEqual(1);

      const jobs = family(families, 'rostering_jobs');
      expect(
        Number(
          jobs.metrics.find((m) => m.labels?.kind === 'allocation_run' && m.labels?.status === 'Completed')
            ?.value,
        ),
      ).toBeGreaterThanOrEqual(1);

      if (t.driver === 'postgres') {
        const pool = family(families, 'rostering_db_pool_connections');
        expect(Number(pool.metrics.find((m) => m.labels?.state === 'total')?.value)).toBeGreaterThanOrEqual(
          1,
        );
        expect(family(families, 'rostering_db_pool_waiting').metrics[0]?.value).toBe('0');
      } else {
        const queue = family(families, 'rostering_read_queue_requests');
        expect(queue.metrics.map((m) => m.labels?.state).sort()).toEqual(['running', 'waiting']);
      }
      expect(Number(family(families, 'process_resident_memory_bytes').metrics[0]?.value)).toBeGreaterThan(0);
    });
  },
  { env: { METRICS: 'token', METRICS_TOKEN: TOKEN } },
);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('/metrics configuration', () => {
  it('is off by default and refuses a main-port setup without a long token', () => {
    expect(loadConfig({ APP_ENV: 'test' }).metrics.mode).toBe('off');
    expect(() => loadConfig({ APP_ENV: 'test', METRICS: 'token' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: 'test', METRICS: 'token', METRICS_TOKEN: 'short' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ APP_ENV: 'test', METRICS: 'on' })).toThrow(ConfigError);
    expect(loadConfig({ APP_ENV: 'test', METRICS: 'port' }).metrics).toMatchObject({
      mode: 'port',
      port: 9464,
      host: '127.0.0.1',
    });
  });

  it('serves nothing on the main port when off', async () => {
    const t = await createTestContext('pglite');
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(answer.body).not.toContain('http_requests_total');
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });

  it('serves the metrics on a port of its own once the service listens, and not on the main port', async () => {
    const port = await freePort();
    const t = await createTestContext('pglite', { env: { METRICS: 'port', METRICS_PORT: String(port) } });
    try {
      const main = await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect((await fetch(`${main}/api/health`)).status).toBe(200);
      const own = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(own.status).toBe(200);
      const families = parsePrometheusTextFormat(await own.text());
      expect(family(families, 'http_requests_total').metrics.length).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect(await (await fetch(`${main}/metrics`)).text()).not.toContain('http_requests_total');
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });
});
