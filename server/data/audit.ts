import type { Knex } from 'knex';
import { nowIso } from './clock.js';

export interface AuditEntry {
  userId: number | null;
  action: string;
  entityTypeId?: number | null;
  entityId?: number | null;
  detail?: unknown;
}

/** Writes one audit row; call it with the transaction of the change it records. */
export async function writeAudit(trx: Knex | Knex.Transaction, e: AuditEntry): Promise<void> {
  await trx('audit').insert({
    at: nowIso(),
    user_id: e.userId,
    action: e.action,
    entity_type_id: e.entityTypeId ?? null,
    entity_id: e.entityId ?? null,
    detail: e.detail === undefined ? null : JSON.stringify(e.detail),
  });
}

/** An audit row about a record, as its readers take it (detail as stored: JSON text or null). */
export interface RecordAuditRow { user_id: number; detail: string | null; at: string | Date }

/** The audit rows of one action about one record, oldest first. */
export async function auditRowsOfRecord(db: Knex | Knex.Transaction, action: string, entityTypeId: number, entityId: number): Promise<RecordAuditRow[]> {
  return (await db('audit').where({ action, entity_type_id: entityTypeId, entity_id: entityId })
    .orderBy('id').select('user_id', 'detail', 'at')) as RecordAuditRow[];
}
