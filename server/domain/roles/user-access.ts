import type { Knex } from 'knex';
import { assignableGeneralRoles, generalToggleRefusal, organizationToggleRefusal } from '../../../engine/access/general-roles.js';
import { formatText } from '../../../engine/forms/form-messages.js';
import { namedRuleHolds } from '../../../engine/rules/named-rule.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { insertedId } from '../../data/inserted-id.js';
import { publishEvent } from '../../events/event-bus.js';
import { AppError, forbidden, invalid, notFound } from '../../errors.js';
import { setRole } from './role-effects.js';

/** Request history action types of a user manager's direct change (spec part 3 section 3). */
export const USER_ROLE_ACTION = { granted: 8, removed: 9 } as const;

function refuse(ctx: AppContext, code: 'invalid' | 'forbidden' | 'conflict', key: string, params: Record<string, string> = {}): AppError {
  return new AppError(code, formatText(ctx.registry.texts, key, params));
}

interface TargetRow { id: number; has_elevated_role: boolean | number; has500_or_higher_role: boolean | number }

/**
 * The target of a change: a person the caller manages (the Manage Users rule `managesUserAccess`:
 * AdminUser, the person themself, a person without an elevated role, or 500 for people below 500).
 */
async function managedTarget(ctx: AppContext, trx: Knex.Transaction, context: RuleContext, userId: number): Promise<void> {
  const row = (await trx('manage_user_rows').where({ id: userId }).first('id', 'has_elevated_role', 'has500_or_higher_role')) as TargetRow | undefined;
  if (!row) throw notFound('User');
  const ruleRow = { id: Number(row.id), hasElevatedRole: Boolean(row.has_elevated_role), has500OrHigherRole: Boolean(row.has500_or_higher_role) };
  if (!namedRuleHolds(ctx.registry.rules, 'managesUserAccess', { ...context, row: ruleRow })) throw forbidden();
}

interface HeldRow { role: string; organization_id: number | null }

async function heldRoles(trx: Knex.Transaction, userId: number): Promise<HeldRow[]> {
  const rows = (await trx('user_roles').where({ user_id: userId, active: true }).select('role', 'organization_id')) as HeldRow[];
  return rows.map((r) => ({ role: r.role, organization_id: r.organization_id === null ? null : Number(r.organization_id) }));
}

/** The general roles the caller may assign in this registry (empty: none, the calls answer 403). */
export function assignableRoles(ctx: AppContext, context: RuleContext): string[] {
  return assignableGeneralRoles(context.user.roles, [...ctx.registry.roles.keys()]);
}

export interface RoleToggleAnswer { userId: number; organizationId: number | null; roleName: string; active: boolean; changed: boolean }

/**
 * POST /api/accountroles (grant) and DELETE /api/accountroles (remove): a general role, held
 * without an organization. Checked in this order: the caller assigns roles at all (403), the role
 * is one of this registry's (400), the caller may assign it (403), the person exists (404) and is
 * managed by the caller (403), the role rules (409). A change writes the audit row and the domain
 * event, and a removal ends the person's sessions, in one transaction; an unchanged role changes nothing.
 */
export async function setGeneralRole(ctx: AppContext, context: RuleContext, userId: number, roleName: string, active: boolean): Promise<RoleToggleAnswer> {
  const assignable = assignableRoles(ctx, context);
  if (assignable.length === 0) throw forbidden();
  if (!ctx.registry.roles.has(roleName) || roleName === '200') throw refuse(ctx, 'invalid', 'manageUsers.roleNotOffered', { role: roleName });
  if (!assignable.includes(roleName)) throw refuse(ctx, 'forbidden', 'manageUsers.roleNotAssignable', { role: roleName });
  return ctx.db.knex.transaction(async (trx) => {
    await managedTarget(ctx, trx, context, userId);
    const held = await heldRoles(trx, userId);
    const general = held.filter((r) => r.organization_id === null).map((r) => r.role);
    const answer = { userId, organizationId: null, roleName, active, changed: false };
    if (general.includes(roleName) === active) return answer;
    const refusal = generalToggleRefusal(roleName, active, held.map((r) => r.role), held.filter((r) => r.organization_id !== null).length);
    if (refusal) throw refuse(ctx, 'conflict', refusal);
    await setRole(trx, { userId, organizationId: null, employmentRecordId: null }, roleName, active, active ? null : context.today, context.user.id);
    await writeAudit(trx, { userId: context.user.id, action: active ? 'role.account-grant' : 'role.account-remove', entityTypeId: 1, entityId: userId, detail: { role: roleName } });
    await publishEvent(trx, active
      ? { type: 'role.assigned', actorId: context.user.id, payload: { userId, organizationId: null, role: roleName, assignedBy: context.user.id } }
      : { type: 'role.unassigned', actorId: context.user.id, payload: { userId, organizationId: null, role: roleName, removedBy: context.user.id } });
    return { ...answer, changed: true };
  });
}

export interface OrganizationToggle { employmentRecordId: number; roleName?: string; active: boolean; userId?: number; organizationId?: number | null }

interface EmploymentRow { id: number; user_id: number; organization_id: number | null }

/**
 * POST /api/userorganizationroles with `active` and no end date, by a holder of User.write.all
 * (User Access Permissions): grants or removes the staff (100) or director (200) role at the
 * organization of an employment record, at once. Rules: 200 there only with 100 there; 100 not
 * while 200 is active there. A change writes the request history (8 User Role Granted, 9 User Role
 * Removed), the audit row and the domain event, and a removal ends the person's sessions, in one transaction.
 */
export async function setOrganizationRole(ctx: AppContext, context: RuleContext, body: OrganizationToggle): Promise<RoleToggleAnswer> {
  if (!context.user.claims.includes('User.write.all')) throw forbidden();
  const role = body.roleName;
  if (role !== '100' && role !== '200') throw invalid('roleName must be 100 or 200.', { roleName: 'roleName must be 100 or 200.' });
  return ctx.db.knex.transaction(async (trx) => {
    const employment = (await trx('employment_records').where({ id: body.employmentRecordId }).first('id', 'user_id', 'organization_id')) as EmploymentRow | undefined;
    if (!employment) throw notFound('Employment record');
    const userId = Number(employment.user_id);
    if (body.userId !== undefined && body.userId !== userId) throw invalid('The employment record belongs to another person.', { userId: 'Not the owner of this employment record.' });
    await managedTarget(ctx, trx, context, userId);
    if (employment.organization_id === null) throw refuse(ctx, 'conflict', 'manageUsers.noEmploymentThere');
    const organizationId = Number(employment.organization_id);
    if (body.organizationId !== undefined && body.organizationId !== null && body.organizationId !== organizationId) {
      throw invalid('The employment record is at another organization.', { organizationId: 'Not the organization of this employment record.' });
    }
    const there = (await heldRoles(trx, userId)).filter((r) => r.organization_id === organizationId).map((r) => r.role);
    const answer = { userId, organizationId, roleName: role, active: body.active, changed: false };
    if (there.includes(role) === body.active) return answer;
    const refusal = organizationToggleRefusal(role, there);
    if (refusal) throw refuse(ctx, 'conflict', refusal);
    const actorId = context.user.id;
    await setRole(trx, { userId, organizationId, employmentRecordId: employment.id }, role, body.active, body.active ? null : context.today, actorId);
    const now = nowIso();
    const actionType = body.active ? USER_ROLE_ACTION.granted : USER_ROLE_ACTION.removed;
    const actionId = insertedId(await trx('role_actions').insert({
      user_id: userId, organization_id: organizationId, employment_record_id: employment.id, role, action_type: actionType,
      parent_action_id: null, comments: null, acting_user_id: actorId, disabled: false, created_at: now, updated_at: now, created_by: actorId, updated_by: actorId,
    }).returning('id'));
    await writeAudit(trx, {
      userId: actorId, action: body.active ? 'role.user-grant' : 'role.user-remove', entityTypeId: 19, entityId: actionId,
      detail: { userId, organizationId, employmentRecordId: employment.id, role },
    });
    await publishEvent(trx, body.active
      ? { type: 'role.assigned', actorId, payload: { userId, organizationId, role, assignedBy: actorId } }
      : { type: 'role.unassigned', actorId, payload: { userId, organizationId, role, removedBy: actorId } });
    return { ...answer, changed: true };
  });
}
