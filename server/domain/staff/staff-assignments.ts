import type { Knex } from 'knex';
import { holdsNamed } from '../../rules/evaluate.js';
import { roleWithDuty } from '../../../engine/access/role-duties.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso, timestampText } from '../../data/clock.js';
import { forbidden, textError } from '../../errors.js';
import { auditSubject } from '../audit-subject.js';

const TABLE = 'staff_agency_assignments';

export interface AgencyAssignment {
  organizationId: number;
  organizationName: string;
  county: string | null;
  assignedAt: string;
  assignedBy: string | null;
}

export interface AssignmentsAnswer { userId: number; changed: boolean; assignments: AgencyAssignment[] }

interface AssignmentRow { organization_id: number; organization_name: string; county: string | null; created_at: string | Date; first_name: string | null; last_name: string | null }

/** A supervisor (acting as 375) or a manager assigns; the consultant reads their own (rule managesStaffAssignments). */
function mayManage(ctx: AppContext, context: RuleContext): Promise<boolean> {
  return holdsNamed(ctx.registry, 'managesStaffAssignments', context);
}

/** The person must hold an active licensing consultant role (roles.json duty 'consultant', 350). */
async function requireConsultant(ctx: AppContext, knex: Knex, userId: number): Promise<void> {
  const role = roleWithDuty(ctx.registry.roles, 'consultant');
  const held = role === undefined ? undefined : await knex('user_roles').where({ user_id: userId, role, active: true }).first('id');
  if (!held) throw textError('not-found', 'staffAssignments.noConsultant', 'This person is not licensing staff.');
}

async function assignmentsOf(knex: Knex, userId: number): Promise<AgencyAssignment[]> {
  const rows = (await knex(`${TABLE} as a`).join('organizations as o', 'o.id', 'a.organization_id').leftJoin('users as b', 'b.id', 'a.created_by')
    .where({ 'a.staff_user_id': userId }).orderBy('o.organization_name').orderBy('a.organization_id')
    .select('a.organization_id', 'o.organization_name', 'o.county', 'a.created_at', 'b.first_name', 'b.last_name')) as AssignmentRow[];
  return rows.map((r) => ({
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
  if (!(await mayManage(ctx, context))) throw forbidden();
  return ctx.db.knex.transaction(async (trx) => {
    await requireConsultant(ctx, trx, userId);
    const org = (await trx('organizations').where({ id: organizationId, disabled: false }).first('id', 'organization_name')) as { id: number; organization_name: string } | undefined;
    if (!org) throw textError('not-found', 'staffAssignments.noAgency', 'Agency not found.');
    const inserted = (await trx(TABLE).insert({ staff_user_id: userId, organization_id: organizationId, created_at: nowIso(), created_by: context.user.id })
      .onConflict(['staff_user_id', 'organization_id']).ignore().returning('id')) as unknown[];
    const changed = inserted.length > 0;
    if (changed) {
      await writeAudit(trx, { userId: context.user.id, action: 'staff.assign-agency', ...auditSubject(ctx.registry, 'User', userId), detail: { organizationId, organizationName: org.organization_name } });
    }
    return { userId, changed, assignments: await assignmentsOf(trx, userId) };
  });
}

/** DELETE /api/staffassignments: removes an agency from a consultant's assignments (404 when not assigned). */
export async function unassignAgency(ctx: AppContext, context: RuleContext, userId: number, organizationId: number): Promise<AssignmentsAnswer> {
  if (!(await mayManage(ctx, context))) throw forbidden();
  return ctx.db.knex.transaction(async (trx) => {
    await requireConsultant(ctx, trx, userId);
    const removed = await trx(TABLE).where({ staff_user_id: userId, organization_id: organizationId }).delete();
    if (removed === 0) throw textError('not-found', 'staffAssignments.notAssigned', 'This agency is not assigned to this person.');
    await writeAudit(trx, { userId: context.user.id, action: 'staff.unassign-agency', ...auditSubject(ctx.registry, 'User', userId), detail: { organizationId } });
    return { userId, changed: true, assignments: await assignmentsOf(trx, userId) };
  });
}
