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
