import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { isVerifiable } from '../../engine/records/verifiable-records.js';
import { stateOf } from '../../engine/workflows/workflow-engine.js';
import type { AppContext } from '../app-context.js';
import { findRow } from '../data/entity-store.js';
import { stepInTransaction } from './workflows/fire-transition.js';
import { workflowTarget } from './workflows/workflow-target.js';

/**
 * The form rule actions reject, verify and unverify (spec part 2 section 4), applied when the
 * record is saved, in the save's transaction, as steps of the verification workflow (history
 * action, audit row `verification.*`, domain event `verification.decided`):
 * - verify: the record becomes verified (Approved);
 * - reject: its verification is declined (Rejected) with the catalogue comment `shell.formRuleDeclined`;
 * - unverify: a verified record's verification is removed (back to None), where the entity's lock
 *   lets a verified record be saved at all.
 * The rule acts with the form's authority: its `when` decides who and when (e.g. the active role),
 * so the step's rule and its guards about the actor (not one's own record, viewed first) are passed
 * over; the guards about the record still apply (a record where verification is not available, or a
 * disabled one, refuses the whole save: nothing is written). An effect whose state the record is
 * already in (unverify: any state but approved) does nothing. Only entities with a verification
 * block take these actions (the metadata check refuses them elsewhere).
 */
export const FORM_RULE_EFFECTS = { verify: 'verify', reject: 'decline', unverify: 'remove' } as const;
type FormRuleEffect = keyof typeof FORM_RULE_EFFECTS;

/** The verification workflow's state an effect leads to: the record already there takes no step. */
const DONE_WHEN: Record<FormRuleEffect, (state: string) => boolean> = {
  verify: (s) => s === 'approved',
  reject: (s) => s === 'rejected',
  unverify: (s) => s !== 'approved',
};

function isFormRuleEffect(name: string): name is FormRuleEffect {
  return Object.hasOwn(FORM_RULE_EFFECTS, name);
}

/** Applies the effects the form's rules produced to the saved record; answers those that changed it. */
export async function applyFormRuleEffects(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, entity: Entity, recordId: number, effects: readonly string[]): Promise<FormRuleEffect[]> {
  const applied: FormRuleEffect[] = [];
  if (!isVerifiable(entity)) return applied;
  const target = workflowTarget(ctx, entity.id);
  const comment = ctx.registry.texts['shell.formRuleDeclined'] ?? 'Declined by a rule of the form when the record was saved.';
  for (const effect of effects.filter(isFormRuleEffect)) {
    const row = await findRow(ctx.db, entity, recordId, trx);
    if (!row || DONE_WHEN[effect](stateOf(target.workflow, row))) continue;
    const transition = FORM_RULE_EFFECTS[effect];
    await stepInTransaction(trx, ctx, context, target, { entityId: recordId, transition, comment: transition === 'decline' ? comment : null, authority: 'form' });
    applied.push(effect);
  }
  return applied;
}
