import type { AppContext } from '../app-context.js';
import { setUserColumns } from '../data/user-store.js';
import { createUser } from '../domain/identity.js';
import { DEMO_PASSWORD } from './demo-users.js';

/** People for Manage Users to act on: one account not confirmed yet, one locked by an administrator. */
export const DEMO_ACCOUNTS = {
  unconfirmed: { email: 'pending@demo.registry.test', firstName: 'Paula', lastName: 'Pending' },
  locked: { email: 'locked@demo.registry.test', firstName: 'Leon', lastName: 'Locked' },
} as const;

/**
 * Seeds the unconfirmed and the locked demo account (both with the demo password, so they can sign
 * in once confirmed or unlocked). The locked one is staff at an organization (its employment comes
 * with the other demo employments), so User Access Permissions shows an organization's roles.
 */
export async function seedDemoAccounts(ctx: AppContext, organizationId: number): Promise<number[]> {
  const { db, registry } = ctx;
  const pending = await createUser(db.knex, registry, { ...DEMO_ACCOUNTS.unconfirmed, password: DEMO_PASSWORD, roles: [{ role: '100' }], confirmed: false, firstTime: true }, null);
  const locked = await createUser(db.knex, registry, { ...DEMO_ACCOUNTS.locked, password: DEMO_PASSWORD, roles: [{ role: '100', organizationId }], confirmed: true, firstTime: false }, null);
  await setUserColumns(db.knex, locked.id, { locked: true });
  return [pending.id, locked.id];
}
