import type { FastifyBaseLogger } from 'fastify';

/** A drain run one call at a time within this instance (the job queue runs it; tests call it). */
export interface SerialRunner<T> {
  /** runs the job now, after any run in progress */
  runNow: () => Promise<T>;
  /** waits for the run in progress */
  stop: () => Promise<void>;
}

export function serialRunner<T>(job: () => Promise<T>, log: FastifyBaseLogger, failure: string): SerialRunner<T> {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    runNow: () => {
      const next = chain.then(job, job);
      chain = next.catch((e: unknown) => log.error({ err: e }, failure));
      return next;
    },
    stop: async () => { await chain; },
  };
}
