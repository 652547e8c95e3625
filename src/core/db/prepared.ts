import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A read sent often enough that planning it every time shows (the own roster's statement plans in 2–3 ms
 * and runs in 1): each connection plans it once, then only executes it. Parameters are `$1`…`$n` in its
 * text; values travel as text or null, so the text casts each where the type is not plain from its use.
 */
export interface PreparedRead<Row> {
  readonly name: string;
  readonly text: string;
  /** Never set: carries the row type to `runPrepared`. */
  readonly row?: Row;
}

export type PreparedValue = string | null;

/** Runs a prepared read with its values: what `ServiceDeps.runPrepared` and `Database.runPrepared` are. */
export type RunPrepared = <Row>(read: PreparedRead<Row>, values: readonly PreparedValue[]) => Promise<Row[]>;

const dialect = new PgDialect();

/**
 * A read's statement, built once from drizzle's tables and columns: `build` receives `$1`…`$n` to place.
 * A value written into the text by mistake would be bound once for every caller, so it is refused.
 */
export function preparedRead<Row>(
  name: string,
  parameterCount: number,
  build: (...parameters: SQL[]) => SQL,
): PreparedRead<Row> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a statement name`);
  const parameters = Array.from({ length: parameterCount }, (_, index) => sql.raw(`$${index + 1}`));
  const query = dialect.sqlToQuery(build(...parameters));
  if (query.params.length) throw new Error(`${name} binds values in its text; pass them as parameters`);
  return { name, text: query.sql };
}

/** A value as an SQL literal (standard strings: only the quote is special), for PGlite's `execute`. */
export const literalOf = (value: PreparedValue) =>
  value === null ? 'null' : `'${value.replaceAll("'", "''")}'`;
