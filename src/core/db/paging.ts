/**
 * One page of rows and the number of all rows the same filter matches, queried side by side: the list
 * query every repository answers a paged read with.
 */
export async function paged<Row>(
  rows: PromiseLike<Row[]>,
  count: PromiseLike<{ n: number }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const [found, [counted]] = await Promise.all([rows, count]);
  return { rows: found, total: counted?.n ?? 0 };
}
