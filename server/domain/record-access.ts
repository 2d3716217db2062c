import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { conflict, type AppError } from '../errors.js';
import { holdsForRow, preparedRowRule } from '../rules/evaluate.js';

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

/** The per-row flags of the grid response (spec part 2 section 3), the rules prepared once per request (run it in `settle`: a rule may ask for a relation). */
export function rowFlagsFor(entity: Entity, context: RuleContext): (row: Readonly<Record<string, unknown>>) => RowFlags {
  const [update, disable, del, locked] = [
    preparedRowRule(entity.access.update, context), preparedRowRule(entity.access.disable, context),
    preparedRowRule(entity.access.delete, context), preparedRowRule(entity.lockedWhen, context),
  ];
  return (row) => ({
    canView: true,
    canEdit: row.disabled !== true && update(row) && !locked(row),
    canDisable: disable(row),
    canDelete: del(row),
  });
}
