import { valuesFromRow } from '../../../engine/forms/entity-values.js';
import { settle } from '../../rules/evaluate.js';
import { resolveFormState } from '../../../engine/forms/resolve-form-state.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { findRow } from '../../data/entity-store.js';
import { claimWelcome, endFirstTime, userById } from '../../data/user-store.js';
import { forbidden, textError } from '../../errors.js';
import { queueMail } from '../../mail/outbox.js';
import { auditSubject } from '../audit-subject.js';

/** The personal profile form (spec part 1 section 9: user 1, form 1). */
export const PERSONAL_FORM_ID = 1;

/** The person themself only: these calls belong to their own first sign-in. */
function ownAccount(context: RuleContext, userId: number): void {
  if (userId !== context.user.id) throw forbidden();
}

/** True when the person's saved personal profile passes every rule of form 1. */
async function personalProfileComplete(ctx: AppContext, context: RuleContext, userId: number): Promise<boolean> {
  const form = ctx.registry.forms.get(PERSONAL_FORM_ID)!;
  const entity = ctx.registry.entities.get(form.entityTypeId)!;
  const row = await findRow(ctx.db, entity, userId);
  if (!row) return false;
  const state = await settle(context, () => resolveFormState(form, valuesFromRow(form, entity, row), { ...context, texts: ctx.registry.texts }));
  return Object.keys(state.errors).length === 0;
}

/**
 * POST /api/accounts/notify after the profile is saved: sends the welcome e-mail, once per
 * person (users.welcome_sent_at), in the same transaction as its audit row.
 */
export async function notifyProfileSaved(ctx: AppContext, context: RuleContext, userId: number): Promise<{ sent: boolean }> {
  ownAccount(context, userId);
  return ctx.db.knex.transaction(async (trx) => {
    const user = await userById(trx, userId);
    if (!user || user.welcome_sent_at) return { sent: false };
    if (!(await claimWelcome(trx, userId))) return { sent: false };
    await queueMail(trx, { to: user.email, template: 'welcome', data: { firstName: user.first_name, registryId: user.registry_id } }, ctx);
    await writeAudit(trx, { userId, action: 'account.welcome', ...auditSubject(ctx.registry, 'User', userId), detail: {} });
    return { sent: true };
  });
}

/**
 * POST /api/accounts/seed after the first profile save: ends the first-time state, which the
 * sign-in answer and the route guard read. Refused while the personal profile is incomplete,
 * so the first-time hold cannot be skipped.
 */
export async function completeFirstProfile(ctx: AppContext, context: RuleContext, userId: number): Promise<{ firstTime: false }> {
  ownAccount(context, userId);
  if (!(await personalProfileComplete(ctx, context, userId))) {
    throw textError('invalid', 'profile.incomplete', 'Please complete your personal information first.', 'userId');
  }
  await ctx.db.knex.transaction(async (trx) => {
    if (await endFirstTime(trx, userId)) await writeAudit(trx, { userId, action: 'account.first-profile', ...auditSubject(ctx.registry, 'User', userId), detail: {} });
  });
  return { firstTime: false };
}
