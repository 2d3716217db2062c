import { assignableGeneralRoles, employmentGrantRefusal, generalToggleRefusal, organizationGrantNeedsStaff, organizationToggleRefusal } from '../../../engine/access/general-roles.js';
import { formatText } from '../../../engine/forms/form-messages.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { auditSubject } from '../audit-subject.js';
import { nowIso } from '../../data/clock.js';
import { publishEvent } from '../../events/event-bus.js';
import { AppError, forbidden, invalid } from '../../errors.js';
import { activeRoles } from '../../data/held-role-store.js';
import { addRoleAction } from '../../data/role-store.js';
import { loadEmploymentRoles } from './employment-roles.js';
import { organizationRoles } from '../../../engine/access/role-duties.js';
import { lockPerson, requireManagedPerson } from './managed-person.js';
import { setRole } from './role-effects.js';
import { roleRequestTarget, withdrawRequests } from './role-commands.js';
import { stepInTransaction } from '../workflows/fire-transition.js';

/** Request history action types of a user manager's direct change (spec part 3 section 3). */
export const USER_ROLE_ACTION = { granted: 8, removed: 9 } as const;

function refuse(ctx: AppContext, code: 'invalid' | 'forbidden' | 'conflict', key: string, params: Record<string, string> = {}): AppError {
  return new AppError(code, formatText(ctx.registry.texts, key, params));
}

/** The general roles the caller may assign in this registry (empty: none, the calls answer 403). */
export function assignableRoles(ctx: AppContext, context: RuleContext): string[] {
  return assignableGeneralRoles(ctx.registry.roles, context.user.roles);
}

export interface RoleToggleAnswer { userId: number; organizationId: number | null; roleName: string; active: boolean; changed: boolean }

/**
 * POST /api/accountroles (grant) and DELETE /api/accountroles (remove): a general role, held
 * without an organization. Checked in this order: the caller assigns roles at all (403), the role
 * is one of this registry's (400), the caller may assign it (403), the person exists (404), is
 * managed by the caller (403) and is not the caller (403: no one raises their own roles), the role rules (409). The person's row is locked first, so two
 * managers changing one person's roles at once run one after the other. A change writes the audit row and the domain
 * event, and a removal ends the person's sessions, in one transaction; an unchanged role changes nothing.
 */
export async function setGeneralRole(ctx: AppContext, context: RuleContext, userId: number, roleName: string, active: boolean): Promise<RoleToggleAnswer> {
  const assignable = assignableRoles(ctx, context);
  if (assignable.length === 0) throw forbidden();
  if (!ctx.registry.roles.has(roleName) || ctx.registry.roles.get(roleName)?.organizationOnly === true) throw refuse(ctx, 'invalid', 'manageUsers.roleNotOffered', { role: roleName });
  if (!assignable.includes(roleName)) throw refuse(ctx, 'forbidden', 'manageUsers.roleNotAssignable', { role: roleName });
  return ctx.db.knex.transaction(async (trx) => {
    await lockPerson(ctx, trx, userId);
    await requireManagedPerson(ctx, trx, context, userId);
    if (userId === context.user.id) throw refuse(ctx, 'forbidden', 'manageUsers.notYourself');
    const held = await activeRoles(trx, userId);
    const general = held.filter((r) => r.organizationId === null).map((r) => r.role);
    const answer = { userId, organizationId: null, roleName, active, changed: false };
    if (general.includes(roleName) === active) return answer;
    const refusal = generalToggleRefusal(ctx.registry.roles, roleName, active, general, held.filter((r) => r.organizationId !== null).length);
    if (refusal) throw refuse(ctx, 'conflict', refusal);
    await setRole(trx, ctx, { userId, organizationId: null, employmentRecordId: null }, roleName, active, active ? null : context.today, context.user.id);
    await writeAudit(trx, { userId: context.user.id, action: active ? 'role.account-grant' : 'role.account-remove', ...auditSubject(ctx.registry, 'User', userId), detail: { role: roleName } });
    await publishEvent(trx, active
      ? { type: 'role.assigned', actorId: context.user.id, payload: { userId, organizationId: null, role: roleName, assignedBy: context.user.id } }
      : { type: 'role.unassigned', actorId: context.user.id, payload: { userId, organizationId: null, role: roleName, removedBy: context.user.id } });
    return { ...answer, changed: true };
  });
}

export interface OrganizationToggle { employmentRecordId: number; roleName?: string; active: boolean; userId?: number; organizationId?: number | null }


/**
 * POST /api/userorganizationroles with `active` and no end date, by a holder of User.write.all
 * (User Access Permissions): grants or removes the staff or director role at the organization
 * of an employment record, at once. A grant goes only through a current, enabled employment at an
 * open registry organization, to a holder of the general staff role (409). Rules: the director
 * there only with the staff role there; the staff role not while the director's is active there. A change writes the request history (8 User Role Granted, 9 User Role
 * Removed); a grant of a role the person asked for instead approves the pending request (2 Role
 * Granted, exactly as a director's approval), and removing 100 also withdraws the pending requests
 * there (10, as ending the role does). History, the audit row and the domain event, and a
 * removal ends the person's sessions, in one transaction, under the locks of the employment record
 * and the person's row (one change of their roles at a time).
 */
export async function setOrganizationRole(ctx: AppContext, context: RuleContext, body: OrganizationToggle): Promise<RoleToggleAnswer> {
  if (!context.user.claims.includes('User.write.all')) throw forbidden();
  const role = body.roleName;
  const { staff, director } = organizationRoles(ctx.registry.roles);
  if (role !== staff && role !== director) throw invalid(`roleName must be ${staff} or ${director}.`, { roleName: `roleName must be ${staff} or ${director}.` });
  return ctx.db.knex.transaction(async (trx) => {
    // the employment with its organization and the person's roles there, under the locks of the record and the person
    const target = await loadEmploymentRoles(ctx.db, ctx.registry, trx, body.employmentRecordId, true, true);
    const userId = target.userId;
    if (body.userId !== undefined && body.userId !== userId) throw invalid('The employment record belongs to another person.', { userId: 'Not the owner of this employment record.' });
    await requireManagedPerson(ctx, trx, context, userId);
    if (userId === context.user.id) throw refuse(ctx, 'forbidden', 'manageUsers.notYourself');
    if (target.organizationId === null) throw refuse(ctx, 'conflict', 'manageUsers.noEmploymentThere');
    const organizationId = target.organizationId;
    if (body.organizationId !== undefined && body.organizationId !== null && body.organizationId !== organizationId) {
      throw invalid('The employment record is at another organization.', { organizationId: 'Not the organization of this employment record.' });
    }
    if (body.active) {
      const closed = employmentGrantRefusal({ disabled: target.disabled, employmentEnded: target.ended, registryOrganization: target.registryOrganization, agencyClosed: target.agencyClosed });
      if (closed) throw refuse(ctx, 'conflict', closed);
      const general = (await activeRoles(trx, userId)).filter((r) => r.organizationId === null).map((r) => r.role);
      const noStaff = organizationGrantNeedsStaff(ctx.registry.roles, general);
      if (noStaff) throw refuse(ctx, 'conflict', noStaff);
    }
    const there = target.held;
    const answer = { userId, organizationId, roleName: role, active: body.active, changed: false };
    if (there.includes(role) === body.active) return answer;
    const refusal = organizationToggleRefusal(ctx.registry.roles, role, there);
    if (refusal) throw refuse(ctx, 'conflict', refusal);
    const actorId = context.user.id;
    const pending = target.pending.get(role);
    if (body.active && pending !== undefined) {
      // the person asked for this role: the grant answers the request (the workflow's step `grant`: a user manager grants it)
      await stepInTransaction(trx, ctx, context, roleRequestTarget(ctx), { entityId: pending, transition: 'grant' });
      return { ...answer, changed: true };
    }
    await setRole(trx, ctx, { userId, organizationId, employmentRecordId: target.id }, role, body.active, body.active ? null : context.today, actorId);
    const actionType = body.active ? USER_ROLE_ACTION.granted : USER_ROLE_ACTION.removed;
    const actionId = await addRoleAction(trx, { userId, organizationId, employmentRecordId: target.id, role, actionType, parentActionId: null, comments: null, actingUserId: actorId }, nowIso());
    await writeAudit(trx, {
      userId: actorId, action: body.active ? 'role.user-grant' : 'role.user-remove', ...auditSubject(ctx.registry, 'RolePromotionAction', actionId),
      detail: { userId, organizationId, employmentRecordId: target.id, role },
    });
    await publishEvent(trx, body.active
      ? { type: 'role.assigned', actorId, payload: { userId, organizationId, role, assignedBy: actorId } }
      : { type: 'role.unassigned', actorId, payload: { userId, organizationId, role, removedBy: actorId } });
    // without the staff role no request stands there: withdrawn (type 10) as when the role ends by its end date
    if (!body.active && role === staff) await withdrawRequests(trx, ctx, context, target, [staff, director]);
    return { ...answer, changed: true };
  });
}
