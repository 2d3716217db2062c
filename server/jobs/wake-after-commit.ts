import type { Knex } from 'knex';

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

export function wakeAfterCommit(trx: Knex | Knex.Transaction, job: string): void {
  const wake = trx.userParams?.[WAKE] as Wake | undefined;
  if (!wake) return;
  const committed = 'executionPromise' in trx ? trx.executionPromise : Promise.resolve();
  void committed.then(() => wake(job), () => undefined).catch(() => undefined);
}
