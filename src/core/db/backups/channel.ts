import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { backupEmbedded } from './embedded.ts';

/**
 * The embedded service's backup channel: a Unix socket inside its data folder, readable by the folder's
 * owner alone. Whoever may read the data folder may have its backup; nobody else, and nothing on the
 * network, can ask for one (docs/decisions.md, "Backups").
 */
export const backupSocketOf = (dataDir: string) => join(dataDir, 'backup.sock');

const REQUEST = 'backup\n';
const FAILURE = 'ERROR ';

export interface BackupChannel {
  close(): Promise<void>;
}

/** Serves backups of `client` on the data folder's socket; the caller holds the folder's lock. */
export async function serveBackups(
  client: PGlite,
  dataDir: string,
  log: { error(object: object, message: string): void },
): Promise<BackupChannel> {
  const path = backupSocketOf(dataDir);
  // The lock is ours, so a socket left here belongs to a process that has gone.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    let asked = '';
    socket.on('data', (chunk) => {
      asked += chunk.toString('utf8');
      if (asked !== REQUEST) return;
      backupEmbedded(client).then(
        (backup) => socket.end(backup),
        (error: Error) => {
          log.error({ err: error }, 'backup failed');
          socket.end(`${FAILURE}${error.message}\n`);
        },
      );
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
  } catch (error) {
    // No reason to refuse to serve (a DATA_DIR path too long for a socket, say): backups then need a stop.
    log.error({ err: error, path }, 'no backup channel: stop the service to back it up');
    return { close: async () => undefined };
  }
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

export class BackupChannelError extends Error {}

/** Asks the service that holds `dataDir` for a backup. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(backupSocketOf(dataDir));
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(REQUEST));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) =>
      reject(
        new BackupChannelError(
          `The service holding ${dataDir} does not answer on its backup channel (${error.message}): ` +
            'is it a version without one? Stop it and run the backup again',
        ),
      ),
    );
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      if (answer.subarray(0, FAILURE.length).toString() === FAILURE) {
        reject(
          new BackupChannelError(
            `The service could not take the backup: ${answer.toString().slice(FAILURE.length).trim()}`,
          ),
        );
      } else resolve(answer);
    });
  });
}
