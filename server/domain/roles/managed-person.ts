import type { Knex } from 'knex';
import { holdsNamed } from '../../rules/evaluate.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { roleLevels } from '../../data/held-role-store.js';
import { lockUserRow } from '../../data/user-store.js';
import { forbidden, notFound } from '../../errors.js';

/**
 * Whether the caller manages a person (the Manage Users rule `managesUserAccess` on the person's
 * user row: AdminUser, the person themself, a person without an elevated role, or 500 for people
 * below 500); null when there is no such person. The one level check of every change a user
 * manager makes to another person (roles, e-mail addresses).
 */
export async function managesPerson(ctx: AppContext, db: Knex | Knex.Transaction, context: RuleContext, userId: number): Promise<boolean | null> {
  const row = await roleLevels(db, userId);
  if (!row) return null;
  const ruleRow = { id: Number(row.id), hasElevatedRole: Boolean(row.has_elevated_role), has500OrHigherRole: Boolean(row.has500_or_higher_role) };
  return holdsNamed(ctx.registry, 'managesUserAccess', { ...context, row: ruleRow });
}

/** A person the caller manages: 404 when there is none, 403 when the caller does not manage them. */
export async function requireManagedPerson(ctx: AppContext, db: Knex | Knex.Transaction, context: RuleContext, userId: number): Promise<void> {
  const manages = await managesPerson(ctx, db, context, userId);
  if (manages === null) throw notFound('User');
  if (!manages) throw forbidden();
}

/**
 * Locks the person's `users` row until the transaction ends (PostgreSQL; SQLite serialises its
 * writers), so the changes of one person's roles and addresses run one after the other and each
 * reads what the one before it wrote.
 */
export async function lockPerson(ctx: AppContext, trx: Knex.Transaction, userId: number): Promise<void> {
  if (ctx.db.dialect === 'pg') await lockUserRow(trx, userId);
}
