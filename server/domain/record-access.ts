import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { conflict, type AppError } from '../errors.js';
import { holdsForRow, loadedRelationsOf, preparedHolds, prepareRowRules } from '../rules/evaluate.js';

export type RecordAction = 'read' | 'create' | 'update' | 'disable' | 'delete';

/**
 * Whether the caller may take an action on one row: the entity's access rule with `row` bound,
 * with the same semantics as the SQL row scope (see engine/rules/row-rule.ts).
 */
export function may(entity: Entity, action: RecordAction, context: RuleContext, row: Record<string, unknown>): Promise<boolean> {
  return holdsForRow(context, entity.access[action], row);
}

export function isLocked(entity: Entity, context: RuleContext, row: Record<string, unknown>): Promise<boolean> {
  return holdsForRow(context, entity.lockedWhen, row);
}

/** Why a locked record cannot be changed (409): its verification is requested, or it is verified. */
export function lockedConflict(row: Record<string, unknown>): AppError {
  return conflict(row.verified === true || row.verificationStatus === 'Approved'
    ? 'This record is verified and cannot be changed; its verification must be removed first.'
    : 'This record cannot be changed while its verification is requested.');
}

export interface RowFlags {
  canView: boolean;
  canEdit: boolean;
  canDisable: boolean;
  canDelete: boolean;
}

/** The rules behind the row flags, in the order rowFlagsFor reads them. */
const flagRules = (entity: Entity) => [[entity.access.update, false], [entity.access.disable, false], [entity.access.delete, false], [entity.lockedWhen, false]] as const;

/**
 * The per-row flags of the grid response (spec part 2 section 3): the four rules prepared together
 * for the caller, kept for the caller's next request (run it in `settle`: a rule may ask for a relation).
 */
export function rowFlagsFor(entity: Entity, context: RuleContext): (row: Readonly<Record<string, unknown>>) => RowFlags {
  const rules = flagRules(entity);
  const prepared = prepareRowRules(entity.access, context, () => rules);
  const loaded = loadedRelationsOf(context);
  const holds = (i: number, row: Readonly<Record<string, unknown>>) => preparedHolds(prepared[i]!, rules[i]![0], context, loaded, row);
  return (row) => ({
    canView: true,
    canEdit: row.disabled !== true && holds(0, row) && !holds(3, row),
    canDisable: holds(1, row),
    canDelete: holds(2, row),
  });
}
