import { inlineActionSlots, splitActions } from '../../../engine/access/action-slots.js';
import { ruleHolds } from '../../../engine/rules/json-logic.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { useId } from 'react';
import type { RowAction } from '../../../engine/metadata/grid-schema.js';
import { transitionsOf, type OfferedTransition } from '../workflow/offered-transition.js';
import { OverflowMenu, type MenuItem } from './overflow-menu.js';
import type { GridRow, RowActionSet, TextFn } from './grid-types.js';

/** What a row offers: the server's row flags, plus the grid's extra actions whose rule holds for the row. */
export function rowActionSet(row: GridRow, extra: readonly RowAction[], context: RuleContext, stepsLast = false): RowActionSet {
  const rowContext: RuleContext = { ...context, row };
  return {
    view: row.canView === true,
    edit: row.canEdit === true,
    disable: row.canDisable === true,
    delete: row.canDelete === true,
    transitions: transitionsOf(row),
    extra: extra.filter((a) => ruleHolds(a.visible, rowContext, true)),
    stepsLast,
  };
}

export function hasAnyAction(a: RowActionSet): boolean {
  return a.view || a.edit || a.disable || a.delete || a.transitions.length > 0 || a.extra.length > 0;
}

export type StandardAction = 'view' | 'edit' | 'toggle-disabled' | 'delete';

interface RowActionsProps {
  row: GridRow;
  /** the row's display value (e.g. 'Nashville State Community College'): completes every button's accessible name */
  recordName: string;
  actions: RowActionSet;
  busy: boolean;
  text: TextFn;
  onStandard: (action: StandardAction, row: GridRow) => void;
  onExtra: (actionId: string, row: GridRow) => void;
  onTransition: (step: OfferedTransition, row: GridRow) => void;
}

function ActionButton({ label, recordName, onClick, disabled, secondary, describedBy }: { label: string; recordName: string; onClick: () => void; disabled: boolean; secondary?: boolean; describedBy?: string }) {
  return (
    <button type="button" className={`usa-button ${secondary ? 'usa-button--secondary' : 'usa-button--outline'} data-grid__action`} disabled={disabled} aria-describedby={describedBy} onClick={onClick}>
      {label}<span className="usa-sr-only"> {recordName}</span>
    </button>
  );
}

/**
 * A row's actions: View, Edit, Disable/Enable and Delete when they apply, then the extra actions
 * in the inline slots left (3 minus one per standard action), the rest in the ellipsis menu.
 */
export function RowActions({ row, recordName, actions, busy, text, onStandard, onExtra, onTransition }: RowActionsProps) {
  const hintId = useId();
  // the workflow's steps come first, then the grid's extra actions (or the other way round: stepsLast)
  const steps = actions.transitions.map((t): MenuItem => ({ id: `step:${t.id}`, label: t.label, onSelect: () => onTransition(t, row), ...(t.disabledReason !== undefined ? { disabledReason: t.disabledReason } : {}) }));
  const extra = actions.extra.map((a): MenuItem => ({ id: a.id, label: a.label, onSelect: () => onExtra(a.id, row) }));
  const items = actions.stepsLast ? [...extra, ...steps] : [...steps, ...extra];
  const { inline, overflow } = splitActions(items, inlineActionSlots(actions));
  const hint = inline.find((a) => a.disabledReason !== undefined)?.disabledReason;
  return (
    <div className="data-grid__actions">
      {actions.view && <ActionButton label={text('grid.view')} recordName={recordName} disabled={busy} onClick={() => onStandard('view', row)} />}
      {actions.edit && <ActionButton label={text('grid.edit')} recordName={recordName} disabled={busy} onClick={() => onStandard('edit', row)} />}
      {actions.disable && (
        <ActionButton label={text(row.disabled ? 'grid.enable' : 'grid.disable')} recordName={recordName} disabled={busy} onClick={() => onStandard('toggle-disabled', row)} />
      )}
      {actions.delete && <ActionButton label={text('grid.delete')} recordName={recordName} disabled={busy} secondary onClick={() => onStandard('delete', row)} />}
      {inline.map((a) => (
        <ActionButton key={a.id} label={a.label} recordName={recordName} disabled={busy || a.disabledReason !== undefined}
          describedBy={a.disabledReason !== undefined ? hintId : undefined} onClick={a.onSelect} />
      ))}
      {overflow.length > 0 && <OverflowMenu label={text('grid.moreActions', { record: recordName })} disabled={busy} items={overflow} />}
      {hint !== undefined && <span className="data-grid__hint" id={hintId}>{hint}</span>}
    </div>
  );
}
