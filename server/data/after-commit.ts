import type { Knex } from 'knex';

/**
 * Runs `fn` once the transaction commits, never when it rolls back; outside a transaction at once
 * (what was written is committed already). A failure of `fn` is its own: the change stands.
 */
export function afterCommit(trx: Knex | Knex.Transaction, fn: () => Promise<unknown>): void {
  const run = () => fn().catch(() => undefined);
  if (!('executionPromise' in trx)) {
    void run();
    return;
  }
  void (trx as Knex.Transaction).executionPromise.then(run, () => undefined);
}
