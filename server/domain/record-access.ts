import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { compileRowRule } from '../../engine/rules/row-rule.js';
import { conflict, type AppError } from '../errors.js';

export type RecordAction = 'read' | 'create' | 'update' | 'disable' | 'delete';

/**
 * Whether the caller may take an action on one row: the entity's access rule with `row` bound,
 * with the same semantics as the SQL row scope (see engine/rules/row-rule.ts).
 */
export function may(entity: Entity, action: RecordAction, context: RuleContext, row: Record<string, unknown>): boolean {
  return compileRowRule(entity.access[action], context)(row);
}

export function isLocked(entity: Entity, context: RuleContext, row: Record<string, unknown>): boolean {
  return compileRowRule(entity.lockedWhen, context)(row);
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

/** The per-row flags of the grid response (spec part 2 section 3), the rules prepared once per request. */
export function rowFlagsFor(entity: Entity, context: RuleContext): (row: Readonly<Record<string, unknown>>) => RowFlags {
  const [update, disable, del, locked] = [
    compileRowRule(entity.access.update, context), compileRowRule(entity.access.disable, context),
    compileRowRule(entity.access.delete, context), compileRowRule(entity.lockedWhen, context),
  ];
  return (row) => ({
    canView: true,
    canEdit: row.disabled !== true && update(row) && !locked(row),
    canDisable: disable(row),
    canDelete: del(row),
  });
}
