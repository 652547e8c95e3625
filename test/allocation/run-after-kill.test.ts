import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, testDrivers } from '../helpers/environment.ts';

/**
 * A run whose process is killed mid-execution (SIGKILL: no chance to put its job back) is picked up by the
 * next process once its job's heartbeat is stale, and ends Executed: never left `Executing`. Real child
 * processes on a PostgreSQL server, as several service processes share one in production.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = testDrivers().includes('postgres') && serverUrl !== undefined;

/** The few fields of the answers this test reads. */
interface Answer {
  id: string;
  token: string;
  Status: string;
  executing: boolean;
  executions: number;
  progress: { phase: string } | null;
}

interface Service {
  process: ChildProcessWithoutNullStreams;
  address: string;
  output: () => string;
}

async function start(url: string): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: {
      ...process.env,
      APP_ENV: 'development',
      DATABASE_URL: url,
      PORT: '0',
      LOG_LEVEL: 'info',
      JOB_STALE_AFTER_MS: '2000',
    },
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
  const address = await new Promise<string>((resolve, reject) => {
    const giveUp = setTimeout(() => reject(new Error(`no ready line within 120 s:\n${output}`)), 120_000);
    child.stdout.on('data', () => {
      const ready = output.split('\n').find((line) => line.includes('service ready'));
      if (ready) {
        clearTimeout(giveUp);
        resolve(JSON.parse(ready).address);
      }
    });
    child.on('exit', (code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
  });
  return { process: child, address, output: () => output };
}

describe.runIf(onPostgres)('a run whose process is killed [postgres]', () => {
  const name = `rostering_kill_${randomBytes(5).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: serverUrl });
  const services: Service[] = [];

  afterAll(async () => {
    for (const service of services) if (service.process.exitCode === null) service.process.kill('SIGKILL');
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  });

  it('is taken over by the next process and executed, never left executing', async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database "${name}"`);
    await client.end();
    const url = databaseUrl(serverUrl!, name);

    const first = await start(url);
    services.push(first);
    const call = async (service: Service, method: string, path: string, token?: string, body?: object) => {
      const response = await fetch(`${service.address}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Answer };
    };
    const token = (
      await call(first, 'POST', '/api/auth/login', undefined, {
        username: 'planner',
        password: 'Demo#Roster2026',
      })
    ).body.token as string;

    // Enough staff and demand that the engine works for seconds, not milliseconds.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(`
      insert into employees (bu_id, employee_number, name_en, name_ar, department_id, grade_id, status, hire_date)
      select d.bu_id, 'K' || lpad(g::text, 5, '0'), 'Agent ' || g, 'موظف ' || g, d.id,
             (select id from grades where bu_id = d.bu_id order by code limit 1), 'ACTIVE', date '2020-01-01'
        from org_nodes d join business_units b on b.id = d.bu_id and b.code = 'MAIN',
             generate_series(1, 2000) g
       where d.code = 'RAMP'`);
    const department = (
      await db.query(`select n.id from org_nodes n join business_units b on b.id = n.bu_id
                                         where n.code = 'RAMP' and b.code = 'MAIN'`)
    ).rows[0].id as string;
    const plan = await call(first, 'POST', '/api/demand/plans', token, {
      name: 'Month to kill',
      departmentId: department,
      from: '2031-01-01',
      to: '2031-01-31',
    });
    expect(plan.status).toBe(201);
    await db.query(
      `insert into demand_lines (bu_id, plan_id, date, terminal_id, shift_template_id, required)
       select p.bu_id, p.id, p.period_from + day, x.id, s.id, 45
         from demand_plans p, generate_series(0, 30) day, terminals x, shift_templates s
        where p.id = $1 and x.bu_id = p.bu_id and s.bu_id = p.bu_id`,
      [plan.body.id],
    );
    const run = await call(first, 'POST', '/api/allocation-runs', token, {
      planId: plan.body.id,
      from: '2031-01-01',
      to: '2031-01-31',
      options: { timeLimitSeconds: 20 },
    });
    const accepted = await call(first, 'POST', `/api/allocation-runs/${run.body.id}/execute`, token);
    expect(accepted.status).toBe(202);

    // Killed as soon as its process has taken the job.
    for (let i = 0; i < 600; i++) {
      const current = await call(first, 'GET', `/api/allocation-runs/${run.body.id}`, token);
      if (current.body.progress?.phase !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const left = await db.query(`select status from allocation_runs where id = $1`, [run.body.id]);
    expect(left.rows[0].status).toBe('Executing');

    const second = await start(url);
    services.push(second);
    let executed: Answer | undefined;
    for (let i = 0; i < 900 && !executed; i++) {
      const current = await call(second, 'GET', `/api/allocation-runs/${run.body.id}`, token);
      if (!current.body.executing) executed = current.body;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(executed, second.output()).toMatchObject({ Status: 'Executed', executing: false, executions: 1 });
    const job = await db.query(`select status, attempts from jobs where kind = 'allocation_run'`);
    expect(job.rows).toEqual([{ status: 'Completed', attempts: 2 }]);
    await db.end();
    second.process.kill('SIGTERM');
  }, 600_000);
});
