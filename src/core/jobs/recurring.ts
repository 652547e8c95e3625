/**
 * A task a worker repeats on its own clock (the certificate notices): every `everyMs`, the first time one
 * interval after the start, never two runs at once. A failed run is logged and the next one runs as
 * planned; stopping waits for the run under way.
 */
export interface RecurringTask {
  start(): void;
  stop(): Promise<void>;
}

export function createRecurringTask(options: {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  log: { error(obj: object, msg: string): void };
}): RecurringTask {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = options
      .run()
      .then(
        () => undefined,
        (error: unknown) => options.log.error({ err: error, task: options.name }, 'a recurring task failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      timer ??= setInterval(tick, options.everyMs);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
