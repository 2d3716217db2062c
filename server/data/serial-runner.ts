import type { FastifyBaseLogger } from 'fastify';

/** A background job run one call at a time: on demand, on a timer, and drained on stop. */
export interface SerialRunner<T> {
  /** runs the job now, after any run in progress */
  runNow: () => Promise<T>;
  start: (intervalMs: number) => void;
  /** stops the timer and waits for the run in progress */
  stop: () => Promise<void>;
}

export function serialRunner<T>(job: () => Promise<T>, log: FastifyBaseLogger, failure: string): SerialRunner<T> {
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const runNow = (): Promise<T> => {
    const next = chain.then(job, job);
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    runNow,
    start: (intervalMs) => {
      if (timer) return;
      const tick = () => void runNow().catch((e: unknown) => log.error({ err: e }, failure));
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
    },
  };
}
