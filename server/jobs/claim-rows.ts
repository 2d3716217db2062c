import type { Knex } from 'knex';
import type { Database } from '../data/db.js';

export interface Claim {
  table: string;
  /** the rows that are due (checked again on each row as it is claimed); the oldest by orderBy are claimed first */
  due: (q: Knex.QueryBuilder) => void;
  /** the claim itself: a lease (next attempt far enough ahead) and the attempt counted */
  set: Record<string, unknown>;
  columns: string[];
  orderBy: string[];
  limit: number;
}

/**
 * Claims due rows for this worker in one statement (UPDATE ... WHERE id IN (due rows) RETURNING).
 * On PostgreSQL the due rows are locked with SKIP LOCKED, so a second instance draining at the
 * same moment claims other rows or none; SQLite runs one writer at a time. A claimed row is
 * no longer due until its lease ends, so each row is handled by one worker; one whose worker
 * died is claimed again after the lease (at least once). Answers the claimed rows by id.
 */
export async function claimRows<R extends { id: number | string }>(db: Database, claim: Claim): Promise<R[]> {
  const { knex } = db;
  const ids = knex(claim.table).select('id').where(claim.due).orderBy(claim.orderBy.map((column) => ({ column }))).limit(claim.limit);
  if (db.dialect === 'pg') void ids.forUpdate().skipLocked();
  const rows = (await knex(claim.table).whereIn('id', ids).where(claim.due).update(claim.set).returning(claim.columns)) as R[];
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}
