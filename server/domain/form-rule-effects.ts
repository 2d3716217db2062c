import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { isVerifiable } from '../../engine/workflows/verification-rights.js';
import { verificationStateOf, type VerificationEventType, type VerificationState } from '../../engine/workflows/verification.js';
import type { AppContext } from '../app-context.js';
import { findRow } from '../data/entity-store.js';
import { applyInTransaction } from './verification/verification-commands.js';

/**
 * The form rule actions reject, verify and unverify (spec part 2 section 4), applied when the
 * record is saved, in the save's transaction, through the same verification state machine as
 * POST /api/verification (history action, audit row `verification.*` with `by: form-rule`, domain
 * event `verification.decided`):
 * - verify: the record becomes verified (Approved);
 * - reject: its verification is declined (Rejected) with the catalogue comment `shell.formRuleDeclined`;
 * - unverify: a verified record's verification is removed (back to None), where the entity's lock
 *   lets a verified record be saved at all.
 * The rule acts with the form's authority: its `when` decides who and when (e.g. the active role);
 * the state machine's state checks still apply (a record where verification is not available, or a
 * disabled one, refuses the whole save: nothing is written). An effect whose state the record is
 * already in (unverify: any state but Approved) does nothing. Only entities with a verification
 * block take these actions (the metadata check refuses them elsewhere).
 */
export const FORM_RULE_EFFECTS = { verify: 'verify', reject: 'decline', unverify: 'remove' } as const satisfies Record<string, VerificationEventType>;
type FormRuleEffect = keyof typeof FORM_RULE_EFFECTS;

const DONE_WHEN: Record<FormRuleEffect, (s: VerificationState) => boolean> = {
  verify: (s) => s === 'Approved',
  reject: (s) => s === 'Rejected',
  unverify: (s) => s !== 'Approved',
};

function isFormRuleEffect(name: string): name is FormRuleEffect {
  return Object.hasOwn(FORM_RULE_EFFECTS, name);
}

/** Applies the effects the form's rules produced to the saved record; answers those that changed it. */
export async function applyFormRuleEffects(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, entity: Entity, recordId: number, effects: readonly string[]): Promise<FormRuleEffect[]> {
  const applied: FormRuleEffect[] = [];
  if (!isVerifiable(entity)) return applied;
  const comment = ctx.registry.texts['shell.formRuleDeclined'] ?? 'Declined by a rule of the form when the record was saved.';
  for (const effect of effects.filter(isFormRuleEffect)) {
    const row = await findRow(ctx.db, entity, recordId, trx);
    if (!row || DONE_WHEN[effect](verificationStateOf(row))) continue;
    const type = FORM_RULE_EFFECTS[effect];
    await applyInTransaction(trx, ctx, context, entity, recordId, () => ({ type, comment: type === 'decline' ? comment : null }), async () => null, true);
    applied.push(effect);
  }
  return applied;
}
