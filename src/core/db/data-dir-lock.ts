import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Whether the lock's holder still runs. A process killed a moment ago (`kill -9`) stays in the table as a
 * zombie until its parent reaps it, and answers a signal 0 like a live one: where `/proc` tells its state,
 * a zombie (`Z`) or a dead entry (`X`) writes nothing any more and counts as gone.
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // The state follows the command name in parentheses, which may itself hold spaces or parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true;
  }
}

/**
 * PGlite has no lock of its own and two processes writing one folder corrupt it, so the first process
 * takes an exclusive lock file; a lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'service.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      // A process that ends another way than by closing the database (a stop that overran its grace, a crash)
      // still leaves no lock behind: once it has gone nothing writes the folder.
      const release = () => {
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another running process (pid ${holder}). ` +
            'Stop it first, or give this process its own DATA_DIR, or use DATABASE_URL for a shared PostgreSQL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${file}`);
}
