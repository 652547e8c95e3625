import type { SQL } from 'drizzle-orm';
import { type Executor, queryRows } from '../../core/db/database.ts';

/*
 * What the people repositories share. Every query filters by `bu_id`; reads of employees take the caller's
 * department scope (`{kind:'unit'}` or the listed departments) and apply it in the WHERE.
 */

/** The first row of a query, or undefined. */
export const one = async <T>(executor: Executor, query: SQL): Promise<T | undefined> =>
  (await queryRows<T>(executor, query))[0];
