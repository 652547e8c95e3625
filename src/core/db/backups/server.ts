import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, renameSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { BackupFileError, type BackupHeader, headerLine, readHeader } from './file-format.ts';
import { refuseNewerSchema, versionAt } from './schema-version.ts';

export class ToolMissingError extends Error {}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool; `input`/`output` stream its stdin/stdout. */
function runTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  streams: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new ToolMissingError(
              `${tool} is not installed: install the PostgreSQL client tools of your server's version ` +
                '(Debian: apt-get install postgresql-client) and run the command again',
            )
          : error,
      ),
    );
    if (streams.input) streams.input.pipe(child.stdin);
    else child.stdin.end();
    if (streams.output) child.stdout.pipe(streams.output, { end: false });
    else child.stdout.resume();
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** pg_dump in its custom format (one consistent snapshot of the database) after the header line. */
export async function backupPostgres(url: string, file: string, now = new Date()): Promise<BackupHeader> {
  const when = await withClient(url, async (client) => {
    const result = await client.query<{ when: string | null }>(
      "select case when to_regclass('drizzle.__drizzle_migrations') is null then null else (select max(created_at)::text from drizzle.__drizzle_migrations) end as when",
    );
    return result.rows[0]?.when;
  });
  const schema = versionAt(when);
  if (!schema)
    throw new BackupFileError('The database has no migrations applied: there is nothing to back up');
  const header: BackupHeader = { format: 1, driver: 'postgres', schema, takenAt: now.toISOString() };
  const partial = `${file}.partial`;
  writeFileSync(partial, headerLine(header));
  const output = createWriteStream(partial, { flags: 'a' });
  try {
    await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${url}`], {
      output,
    });
    await new Promise<void>((resolve, reject) =>
      output.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    output.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  return header;
}

export class TargetNotEmptyError extends Error {}

/** Refuses a database that holds any table of its own: a restore or a move goes into an empty one. */
export async function refuseNonEmptyDatabase(url: string): Promise<void> {
  const tables = await withClient(url, async (client) => {
    const result = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg_toast%' order by 1 limit 5`,
    );
    return result.rows.map((row) => row.name);
  });
  if (tables.length > 0) {
    throw new TargetNotEmptyError(
      `The database ${new URL(url).pathname.slice(1)} is not empty (it has ${tables.join(', ')}…): ` +
        'give an empty database (createdb NAME)',
    );
  }
}

/** pg_restore of a PostgreSQL backup into an empty database, in one transaction. */
export async function restorePostgres(file: string, url: string): Promise<BackupHeader> {
  const { header, headerBytes } = readHeader(file);
  if (header.driver !== 'postgres') {
    throw new BackupFileError(
      `${file} is a backup of the embedded database: restore it without DATABASE_URL into an empty DATA_DIR, ` +
        'then move it with npm run db:move',
    );
  }
  refuseNewerSchema(header.schema);
  await refuseNonEmptyDatabase(url);
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`],
    { input: createReadStream(file, { start: headerBytes }) },
  );
  return header;
}
