/** An error and the errors it wraps (Drizzle and pg put the driver's error in `cause`), outermost first. */
export function causeChain(error: unknown, limit = 5): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  for (let current = error; current && typeof current === 'object' && chain.length < limit; ) {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The SQLSTATE of a database error, wherever in the chain the driver put it. */
export function sqlState(error: unknown): string | undefined {
  for (const { code } of causeChain(error)) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
