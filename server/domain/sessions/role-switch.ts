import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { setActiveRole, userById } from '../../data/user-store.js';
import { AppError, invalid } from '../../errors.js';
import type { TokenPayload } from './token-payload.js';
import { auditSubject } from '../audit-subject.js';
import { loadIdentity } from '../identity.js';
import { activeRoleOf, heldRoles, type ActiveRole } from '../roles/held-roles.js';

/**
 * POST /api/userorganizationroles/roleswitch: a role the person holds becomes the active one,
 * remembered on the account, audited; answers the new token's identity and the role's organizations.
 */
export async function switchRole(ctx: AppContext, userId: number, role: string): Promise<{ identity: TokenPayload; active: ActiveRole }> {
  const user = await userById(ctx.db.knex, userId);
  if (!user) throw new AppError('unauthorized', 'Unauthorized');
  const identity = await loadIdentity(ctx.db.knex, ctx.registries, user);
  if (!identity.roles.includes(role)) throw invalid(`You do not hold the role ${role}.`, { role: 'Not one of your roles.' });
  await ctx.db.knex.transaction(async (trx) => {
    await setActiveRole(trx, user.id, role);
    await writeAudit(trx, { userId: user.id, action: 'auth.role-switch', ...auditSubject(ctx.registry, 'User', user.id), detail: { from: identity.activeRole, to: role } });
  });
  return { identity: { ...identity, activeRole: role }, active: activeRoleOf(await heldRoles(ctx.db.knex, user.id), role) };
}
