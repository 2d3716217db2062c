import type { Entity } from '../../engine/metadata/entity-schema.js';
import { ruleHolds } from '../../engine/rules/json-logic.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';

export type RecordAction = 'read' | 'create' | 'update' | 'disable' | 'delete';

/** Whether the caller may take an action on one row: the entity's access rule with `row` bound. */
export function may(entity: Entity, action: RecordAction, context: RuleContext, row: Record<string, unknown>): boolean {
  return ruleHolds(entity.access[action], { ...context, row });
}

export function isLocked(entity: Entity, context: RuleContext, row: Record<string, unknown>): boolean {
  return entity.lockedWhen !== undefined && ruleHolds(entity.lockedWhen, { ...context, row });
}

/** The per-row flags of the grid response (spec part 2 section 3). */
export function rowFlags(entity: Entity, context: RuleContext, row: Record<string, unknown>) {
  const rc = { ...context, row };
  const disabled = row.disabled === true;
  return {
    canView: true,
    canEdit: !disabled && ruleHolds(entity.access.update, rc) && !isLocked(entity, context, row),
    canDisable: ruleHolds(entity.access.disable, rc),
    canDelete: ruleHolds(entity.access.delete, rc),
  };
}
