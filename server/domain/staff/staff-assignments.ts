import type { Knex } from 'knex';
import { holdsNamed } from '../../rules/evaluate.js';
import { roleWithDuty } from '../../../engine/access/role-duties.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso, timestampText } from '../../data/clock.js';
import { holdsRole } from '../../data/held-role-store.js';
import { enabledOrganization } from '../../data/organization-store.js';
import { addAssignment, assignedAgencies, removeAssignment } from '../../data/staff-assignment-store.js';
import { forbidden, textError } from '../../errors.js';
import { auditSubject } from '../audit-subject.js';

export interface AgencyAssignment {
  organizationId: number;
  organizationName: string;
  county: string | null;
  assignedAt: string;
  assignedBy: string | null;
}

export interface AssignmentsAnswer { userId: number; changed: boolean; assignments: AgencyAssignment[] }

/**
 * A supervisor (acting as 375) or a manager assigns (rule managesStaffAssignments: the access of the
 * routes that assign and remove, checked before their input); the consultant reads their own.
 */
function mayManage(ctx: AppContext, context: RuleContext): Promise<boolean> {
  return holdsNamed(ctx.registry, 'managesStaffAssignments', context);
}

/** The person must hold an active licensing consultant role (roles.json duty 'consultant', 350). */
async function requireConsultant(ctx: AppContext, knex: Knex, userId: number): Promise<void> {
  const role = roleWithDuty(ctx.registry.roles, 'consultant');
  if (role === undefined || !(await holdsRole(knex, userId, role))) throw textError('not-found', 'staffAssignments.noConsultant', 'This person is not licensing staff.');
}

/** The agencies assigned to a consultant, by name. */
async function assignmentsOf(knex: Knex, userId: number): Promise<AgencyAssignment[]> {
  return (await assignedAgencies(knex, userId)).map((r) => ({
    organizationId: Number(r.organization_id), organizationName: r.organization_name, county: r.county,
    assignedAt: timestampText(r.created_at), assignedBy: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
  }));
}

/** GET /api/staffassignments?userId: the agencies assigned to a licensing consultant. */
export async function listAssignments(ctx: AppContext, context: RuleContext, userId: number): Promise<AssignmentsAnswer> {
  if (!(await mayManage(ctx, context)) && context.user.id !== userId) throw forbidden();
  await requireConsultant(ctx, ctx.db.knex, userId);
  return { userId, changed: false, assignments: await assignmentsOf(ctx.db.knex, userId) };
}

/**
 * POST /api/staffassignments: assigns an open agency of the registry to a consultant. Assigning
 * one already assigned changes nothing (`changed: false`, no audit row).
 */
export async function assignAgency(ctx: AppContext, context: RuleContext, userId: number, organizationId: number): Promise<AssignmentsAnswer> {
  return ctx.db.knex.transaction(async (trx) => {
    await requireConsultant(ctx, trx, userId);
    const org = await enabledOrganization(trx, organizationId);
    if (!org) throw textError('not-found', 'staffAssignments.noAgency', 'Agency not found.');
    const changed = await addAssignment(trx, userId, organizationId, context.user.id, nowIso());
    if (changed) {
      await writeAudit(trx, { userId: context.user.id, action: 'staff.assign-agency', ...auditSubject(ctx.registry, 'User', userId), detail: { organizationId, organizationName: org.organization_name } });
    }
    return { userId, changed, assignments: await assignmentsOf(trx, userId) };
  });
}

/** DELETE /api/staffassignments: removes an agency from a consultant's assignments (404 when not assigned). */
export async function unassignAgency(ctx: AppContext, context: RuleContext, userId: number, organizationId: number): Promise<AssignmentsAnswer> {
  return ctx.db.knex.transaction(async (trx) => {
    await requireConsultant(ctx, trx, userId);
    if (!(await removeAssignment(trx, userId, organizationId))) throw textError('not-found', 'staffAssignments.notAssigned', 'This agency is not assigned to this person.');
    await writeAudit(trx, { userId: context.user.id, action: 'staff.unassign-agency', ...auditSubject(ctx.registry, 'User', userId), detail: { organizationId } });
    return { userId, changed: true, assignments: await assignmentsOf(trx, userId) };
  });
}
