import { readableFields } from '../../engine/metadata/check-model.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import type { AppContext } from '../app-context.js';
import { findRow } from '../data/entity-store.js';
import { invalid, notFound, textError } from '../errors.js';
import { may } from './record-access.js';

/**
 * POST /api/form/entitycrossreferenceproperty (spec part 2 section 7: entityTypeId, entityId,
 * propertyId): the value of one property of the record an entity property cross reference
 * element points at, as text (null when empty). The record must be one the caller may read; one
 * they may not read, or that does not exist, is the same 404, so ids cannot be probed.
 */
export async function crossReferenceProperty(ctx: AppContext, context: RuleContext, entityTypeId: number, entityId: number, propertyId: string) {
  const entity = ctx.registry.entities.get(entityTypeId);
  if (!entity) throw textError('invalid', 'form.ecrNoEntityType', 'Error, Entity Type not defined for element.', 'entityTypeId');
  if (!readableFields(entity).has(propertyId)) throw invalid(`'${propertyId}' is not a property of ${entity.name}.`, { propertyId: 'Not a property of this entity type.' });
  const row = await findRow(ctx.db, entity, entityId);
  if (!row || !(await may(entity, 'read', context, row))) throw notFound('Record');
  const raw = row[propertyId];
  const value = raw === null || raw === undefined || raw === '' ? null : Array.isArray(raw) ? raw.join(', ') : String(raw);
  return { entityTypeId, entityId, propertyId, value };
}
