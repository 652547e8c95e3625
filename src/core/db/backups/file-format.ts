import { closeSync, openSync, readSync } from 'node:fs';
import type { SchemaVersion } from './schema-version.ts';

/**
 * A backup file: one line `ROSTERING-BACKUP {json}` describing it, then the database's own dump
 * (PGlite: its data folder as a gzipped tar; PostgreSQL: pg_dump's custom format). The line lets the
 * restore check the schema version before it touches anything.
 */
export interface BackupHeader {
  readonly format: 1;
  readonly driver: 'pglite' | 'postgres';
  readonly schema: SchemaVersion;
  readonly takenAt: string;
}

const MAGIC = 'ROSTERING-BACKUP ';
/** A header is a few hundred bytes; more means the file is not a backup. */
const MAX_HEADER_BYTES = 4096;

export class BackupFileError extends Error {}

export const headerLine = (header: BackupHeader) => Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`);

/** Splits a header line off `bytes`; the rest is the payload. */
export function parseHeader(bytes: Buffer, source: string): { header: BackupHeader; headerBytes: number } {
  const end = bytes.indexOf(0x0a);
  const line = end < 0 ? '' : bytes.subarray(0, end).toString('utf8');
  if (!line.startsWith(MAGIC)) {
    throw new BackupFileError(`${source} is not a backup of this service (it has no ROSTERING-BACKUP line)`);
  }
  const header = JSON.parse(line.slice(MAGIC.length)) as BackupHeader;
  if (header.format !== 1)
    throw new BackupFileError(`${source} has an unknown backup format ${header.format}`);
  return { header, headerBytes: end + 1 };
}

/** Reads only a file's header (its payload may be large). */
export function readHeader(file: string): { header: BackupHeader; headerBytes: number } {
  const fd = openSync(file, 'r');
  try {
    const start = Buffer.alloc(MAX_HEADER_BYTES);
    const read = readSync(fd, start, 0, MAX_HEADER_BYTES, 0);
    return parseHeader(start.subarray(0, read), file);
  } finally {
    closeSync(fd);
  }
}
