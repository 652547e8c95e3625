import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's own defaults plus a smaller buffer pool. Its 128 MB of shared buffers cost an opening about
 * 0.4 s (zeroed, and past the 128 MB of memory PGlite starts with, so the memory grows and is copied) and
 * the idle process their resident pages; the demo database is a few MB and a larger embedded one is read
 * from the operating system's page cache behind the pool (docs/decisions.md, "Start-up", fifth session).
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Every PGlite this project opens, on `dataDir` (a folder) or in memory when it is undefined. */
export function createPglite(
  dataDir?: string,
  options: Omit<PGliteOptions, 'startParams'> = {},
): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, startParams });
}
