import type { RelationValue } from '../../engine/rules/rule-context.js';
import type { RelationQuery } from '../../engine/rules/sql-condition.js';
import { relationSubquery } from './apply-condition.js';
import { currentTransaction, type Database } from './db.js';
import { selectRows } from './sql-runner.js';

/** A relation's distinct values (read once for a request, when a rule evaluated in memory asks). */
export async function readRelation(db: Database, relation: RelationQuery): Promise<RelationValue[]> {
  const q = relationSubquery(db, relation).distinct();
  // inside the caller's transaction: it sees the transaction's changes, and needs no second connection
  const trx = currentTransaction();
  const rows = (trx ? await q.transacting(trx) : await selectRows(db, q)) as Record<string, unknown>[];
  return rows.map((r) => Object.values(r)[0] as RelationValue);
}
