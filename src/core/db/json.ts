import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * A column's value as `json_build_object` renders it: timestamps become ISO text, everything else keeps the
 * type the column maps to (dates and times are text already; numerics declared `mode: 'number'` numbers).
 */
type JsonValue<C extends Column> = C['_']['data'] extends Date
  ? string | (C['_']['notNull'] extends true ? never : null)
  : C['_']['data'] | (C['_']['notNull'] extends true ? never : null);

export type JsonRow<Fields extends Record<string, Column>> = { [K in keyof Fields]: JsonValue<Fields[K]> };

/** `json_build_object('key', column, …)`: one row of a list answered inside a single statement. */
function jsonObject(fields: Record<string, Column>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, column]) => {
      // Keys are the code's own property names, written as literals so the statement's text names them.
      if (!/^\w+$/.test(key)) throw new Error(`"${key}" is not a plain key`);
      return sql`${sql.raw(`'${key}'`)}, ${column}`;
    }),
    sql`, `,
  )})`;
}

/**
 * The rows of `source` (a `from … where …` clause) as one JSON array of objects keyed as `fields` names them,
 * `[]` when there are none: several lists in one round trip, each typed from its columns. Drivers parse
 * the JSON; the caller reads it as `JsonRow<typeof fields>[]`.
 */
export function jsonList(fields: Record<string, Column>, source: SQL, orderBy?: SQL): SQL {
  const ordered = orderBy ? sql` order by ${orderBy}` : sql``;
  return sql`coalesce((select json_agg(${jsonObject(fields)}${ordered}) ${source}), '[]'::json)`;
}
