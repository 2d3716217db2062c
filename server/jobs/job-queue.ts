/**
 * Background jobs: one interface, two engines chosen by the database (DESIGN.md section 5).
 * PostgreSQL: pg-boss in its own schema, so several server instances share one queue and each
 * job is handed to one of them. SQLite: one process owns the embedded file, so an in-process
 * runner is the claim. A job's data is small; what must survive a restart (mail to send, events
 * to hand over) lives in its own tables, and the job only drains them.
 */

export interface QueueOptions {
  /**
   * A wake-up rather than a piece of work: at most one job of the name waits and one runs, on all
   * instances together (pg-boss "stately"); sending while one waits adds nothing.
   */
  coalesce?: boolean;
  /** retries after a failed run (default 3), the wait before the first one (default 30 s), doubling (default true) */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
}

export type JobHandler<T extends object = object> = (data: T) => Promise<void>;

export interface JobQueue {
  readonly engine: 'pg-boss' | 'in-process';
  /** declares a job and its handler; before start */
  work: <T extends object>(name: string, options: QueueOptions, handler: JobHandler<T>) => void;
  /** sends a declared job every `everyMinutes` (a divisor of 60, or whole hours dividing 24); before start */
  schedule: (name: string, everyMinutes: number) => void;
  /** queues a job; answers false when nothing was queued (a coalesced wake-up, or the queue is not started) */
  send: (name: string, data?: object) => Promise<boolean>;
  /** starts working (npm start); an app that is never started (tests, the CLI) runs no job by itself */
  start: () => Promise<void>;
  /** stops taking jobs and waits for the ones running */
  stop: () => Promise<void>;
}

export const DEFAULT_RETRY = { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true } as const;

/** Wait before retry number `retry` (1, 2, ...). */
export function retryDelayMs(options: QueueOptions, retry: number): number {
  const base = (options.retryDelaySeconds ?? DEFAULT_RETRY.retryDelaySeconds) * 1000;
  return (options.retryBackoff ?? DEFAULT_RETRY.retryBackoff) ? base * 2 ** (retry - 1) : base;
}

/** The cron expression of "every n minutes" (pg-boss schedules by cron, at most once a minute). */
export function cronEvery(minutes: number): string {
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = minutes / 60;
  if (Number.isInteger(hours) && hours >= 1 && 24 % hours === 0) return hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`;
  throw new Error(`a job can run every n minutes where n divides 60, or every n hours where n divides 24; not every ${minutes} minutes`);
}
