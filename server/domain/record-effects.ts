import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import type { AppContext } from '../app-context.js';
import { REFERENCE_REQUEST_TABLE, referenceRequested } from './references/reference-request-mail.js';
import { REFERRAL_TABLE, referralCreated } from './staff/referrals.js';

type CreatedEffect = (trx: Knex.Transaction, ctx: AppContext, context: RuleContext, id: number, fields: Record<string, unknown>) => Promise<void>;

/**
 * What a form submission's new record causes besides itself, by the entity's table (so the
 * entity's id stays in the metadata): run in the submission's transaction, after the record and
 * its audit row are written; a throw undoes all of it.
 */
const ON_CREATE: Readonly<Record<string, CreatedEffect>> = {
  [REFERRAL_TABLE]: referralCreated,
  [REFERENCE_REQUEST_TABLE]: referenceRequested,
};

export async function recordCreated(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, entity: Entity, id: number, fields: Record<string, unknown>): Promise<void> {
  if (entity.storage.kind !== 'table') return;
  await ON_CREATE[entity.storage.table]?.(trx, ctx, context, id, fields);
}
