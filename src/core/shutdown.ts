import { spawn } from 'node:child_process';

/**
 * How a service process stops on SIGTERM or SIGINT (docs/decisions.md, "Shutdown (issue 40)"): the graceful
 * steps run once; whatever they wait for, the process has gone by the end of the grace period.
 *
 * - At 90 % of the grace (at most a second before its end) a timer of the main thread exits with code 1.
 *   Not unref'd: it fires even when nothing else is left to run.
 * - At the end of the grace a watchdog process, started at the first signal, kills the process (SIGKILL).
 *   It does not depend on the main thread, which may be the one that is stuck: `process.exit` joins every
 *   thread the process still has, and a thread that never stops blocks it there for good (a futex), where
 *   no timer and no signal handler of this process runs any more. The watchdog reads a pipe from this
 *   process and leaves as soon as the pipe closes, i.e. once the process has gone: it never signals a
 *   process that reused the id.
 * - A second signal a second or more after the first ends the process at once (SIGKILL). One sooner is
 *   the same stop: `npm start` signalled as a process group delivers it twice, once from the group and
 *   once forwarded by npm.
 */
export interface StopSignalOptions {
  graceMs: number;
  log: {
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** The graceful stop, in order; the process exits with 0 once it resolves, 1 if it throws. */
  stop(): Promise<void>;
  signals?: readonly NodeJS.Signals[];
}

/** A signal sooner than this after the first is taken for the same stop. */
export const REPEATED_SIGNAL_MS = 1_000;

/** When the main thread's own timer gives up: a little before the watchdog, so that it exits with a code. */
export const forcedExitAfterMs = (graceMs: number) => graceMs - Math.min(1_000, graceMs / 10);

const WATCHDOG = `
const [pid, deadline] = process.argv.slice(1).map(Number);
process.stdin.on('data', () => {});
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
setTimeout(() => {
  try { process.kill(pid, 'SIGKILL'); } catch {}
  process.exit(0);
}, Math.max(0, deadline - Date.now()));
`;

/**
 * Starts the watchdog process that kills `pid` at `deadline` (epoch ms) unless this process has gone by
 * then. Answers false when it could not be started (the main thread's timer still applies).
 */
export function startWatchdog(pid: number, deadline: number): boolean {
  try {
    const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(pid), String(deadline)], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env: {},
    });
    watchdog.on('error', () => undefined);
    watchdog.stdin.on('error', () => undefined);
    // Neither the watchdog nor its pipe keeps this process alive; the pipe closes when the process goes.
    watchdog.unref();
    (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
    return true;
  } catch {
    return false;
  }
}

export function handleStopSignals(options: StopSignalOptions): void {
  const { graceMs, log } = options;
  let firstAt: number | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== null) {
      if (Date.now() - firstAt < REPEATED_SIGNAL_MS) return;
      log.error({ signal }, 'stopping: signalled again, exiting now');
      process.kill(process.pid, 'SIGKILL');
      return;
    }
    firstAt = Date.now();
    log.info({ signal, graceMs }, 'stopping: no more jobs claimed, finishing in-flight requests');
    const watched = startWatchdog(process.pid, firstAt + graceMs);
    setTimeout(() => {
      log.error({ graceMs, watched }, 'graceful stop took too long; exiting');
      process.exit(1);
    }, forcedExitAfterMs(graceMs));
    options.stop().then(
      () => {
        log.info({ ms: Date.now() - firstAt! }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'graceful stop failed; exiting');
        process.exit(1);
      },
    );
  };
  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) process.on(signal, onSignal);
}
