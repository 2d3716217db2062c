import type { Knex } from 'knex';
import { afterCommit } from '../data/after-commit.js';

/**
 * Wakes a job once the transaction that wrote its work commits (a mail in the outbox, a domain
 * event). The queue is found through the database handle: a transaction shares the userParams
 * of the knex instance it came from, so the write paths need no queue passed down to them.
 */
type Wake = (job: string) => Promise<unknown>;
const WAKE = 'wakeJob';

/** Wakes go to this queue (registerJobs); a database without one wakes nothing. */
export function wakeJobsThrough(knex: Knex, wake: Wake): void {
  knex.userParams[WAKE] = wake;
}

/** the jobs each open transaction will wake: one wake per job however many rows it writes */
const pending = new WeakMap<object, Set<string>>();

export function wakeAfterCommit(trx: Knex | Knex.Transaction, job: string): void {
  const wake = trx.userParams?.[WAKE] as Wake | undefined;
  if (!wake) return;
  if ('executionPromise' in trx) {
    const jobs = pending.get(trx) ?? new Set<string>();
    if (jobs.has(job)) return;
    jobs.add(job);
    pending.set(trx, jobs);
  }
  afterCommit(trx, () => wake(job));
}
