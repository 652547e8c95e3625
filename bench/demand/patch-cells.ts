import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { connectPostgres, type Database, fromPglite } from '../../src/core/db/database.ts';
import { applyMigrations } from '../../src/core/db/migrate.ts';
import { createPglite } from '../../src/core/db/pglite.ts';
import { writeCells } from '../../src/modules/demand/repository.ts';
import { loadDemoData } from '../../src/seed/demo/index.ts';
import { seedReferenceData } from '../../src/seed/reference.ts';

const CELLS = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function preparedDatabase(driver: 'pglite' | 'postgres') {
  if (driver === 'pglite') {
    const database = fromPglite(await createPglite());
    await applyMigrations(database);
    await seedReferenceData(database.db);
    await loadDemoData(database.db, { upcoming: 'draft-plan' });
    return { database, drop: async () => undefined };
  }
  const server = process.env.DATABASE_URL!;
  const name = `rostering_bench_demand_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), 5);
  await applyMigrations(database);
  await seedReferenceData(database.db);
  await loadDemoData(database.db, { upcoming: 'draft-plan' });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** 92 days × 3 terminals × 3 shifts × (no skill + 15 skills), cut at 10,000. */
function cellsOf(from: string, skills: string[], required: number) {
  const cells = [];
  for (let day = 0; cells.length < CELLS; day++) {
    const date = new Date(Date.parse(`${from}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
    for (const terminalCode of ['T1', 'T2', 'T3'])
      for (const shiftTemplateCode of ['MORNING', 'EVENING', 'NIGHT'])
        for (const skillCode of [null, ...skills])
          if (cells.length < CELLS)
            cells.push({ date, terminalCode, shiftTemplateCode, skillCode, required });
  }
  return cells;
}

async function measure(driver: 'pglite' | 'postgres', database: Database) {
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/bench' });
  const app = await buildApp({ config, database });
  await app.ready();
  const token = (
    await app.inject({ method: 'POST', url: '/api/auth/dev-token', payload: { username: 'planner' } })
  ).json().token;
  const headers = { authorization: `Bearer ${token}` };
  const extra = Array.from({ length: 10 }, (_, i) => `BENCH_${i}`);
  await database.db.execute(sql`insert into skills (bu_id, code, name_en, name_ar)
    select b.id, s.code, s.code, s.code from business_units b,
      unnest(${sql.raw(`array['${extra.join("','")}']`)}) as s(code) where b.code = 'MAIN'`);
  const skills = ['MARSHALLING', 'PUSHBACK', 'CHECK_IN', 'BOARDING', 'FORKLIFT', ...extra];
  const [department] = (
    (await database.db.execute(sql`select n.id from org_nodes n join business_units b on b.id = n.bu_id
      where b.code = 'MAIN' and n.code = 'RAMP'`)) as unknown as { rows: { id: string }[] }
  ).rows;
  const rows: { database: string; round: number; phase: string; ms: number; lines: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const plan = (
      await app.inject({
        method: 'POST',
        url: '/api/demand/plans',
        headers,
        payload: {
          name: `Bench ${round}`,
          departmentId: department!.id,
          from: '2035-01-01',
          to: '2035-04-02',
        },
      })
    ).json();
    for (const [phase, required] of [
      ['insert 10,000', 1],
      ['update 10,000', 2],
    ] as const) {
      const payload = { cells: cellsOf('2035-01-01', skills, required) };
      const started = performance.now();
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/demand/plans/${plan.id}`,
        headers,
        payload,
      });
      const ms = performance.now() - started;
      if (response.statusCode !== 200)
        throw new Error(`PATCH answered ${response.statusCode}: ${response.body}`);
      rows.push({ database: driver, round, phase, ms: Math.round(ms), lines: response.json().lineCount });
    }
    // The database's share: the same 10,000 updates as one transaction of the repository's two statements.
    const current = (
      (await database.db.execute(sql`select to_char(date, 'YYYY-MM-DD') as "date", terminal_id as "terminalId",
        shift_template_id as "shiftTemplateId", skill_id as "skillId", reason_id as "reasonId", bu_id
        from demand_lines where plan_id = ${plan.id}`)) as unknown as {
        rows: {
          date: string;
          terminalId: string;
          shiftTemplateId: string;
          skillId: string | null;
          reasonId: null;
          bu_id: string;
        }[];
      }
    ).rows;
    const started = performance.now();
    await database.db.transaction((tx) =>
      writeCells(
        tx,
        current[0]!.bu_id,
        plan.id,
        current.map(({ bu_id: _bu, ...cell }) => ({ ...cell, required: 3 })),
      ),
    );
    rows.push({
      database: driver,
      round,
      phase: 'SQL only: update 10,000',
      ms: Math.round(performance.now() - started),
      lines: current.length,
    });
  }
  await app.close();
  return rows;
}

const drivers: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const all = [];
for (const driver of drivers) {
  const { database, drop } = await preparedDatabase(driver);
  try {
    all.push(...(await measure(driver, database)));
  } finally {
    if (driver === 'pglite') await database.close();
    await drop();
  }
}
console.table(all);
