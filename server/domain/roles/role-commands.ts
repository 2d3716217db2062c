import type { Knex } from 'knex';
import { auditSubject } from '../audit-subject.js';
import { endDateProblem } from '../../../engine/workflows/employment-end-date.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { endEmploymentRecord, requestIds } from '../../data/employment-store.js';
import { forbidden, invalid, notFound, textError } from '../../errors.js';
import { stepInTransaction, takeStep, takeSteps } from '../workflows/fire-transition.js';
import { textOf, workflowTarget, type WorkflowTargetOf } from '../workflows/workflow-target.js';
import { loadEmploymentRoles, roleActor, type EmploymentRoles } from './employment-roles.js';
import { organizationRoles } from '../../../engine/access/role-duties.js';
import { endRoleThere } from './role-effects.js';

/** Role promotion action (spec part 3 section 3): the record type of role requests, which runs metadata/workflows/role-request.json. */
export const ROLE_REQUEST_ENTITY = 19;

export function roleRequestTarget(ctx: AppContext): WorkflowTargetOf {
  return workflowTarget(ctx, ROLE_REQUEST_ENTITY);
}

/** POST /api/userorganizationroles/request: the person asks for a role at their employer (the workflow's step `request`). */
export async function requestRole(ctx: AppContext, context: RuleContext, employmentRecordId: number, role: string) {
  const done = await takeStep(ctx, context, roleRequestTarget(ctx), { values: { employmentRecordId, role }, transition: 'request' });
  const organizationId = done.row.organizationId;
  return { rolePromotionActionId: done.entityId, employmentRecordId, organizationId: typeof organizationId === 'number' ? organizationId : null, roleRequested: { roleName: role }, actionType: 1 };
}

/**
 * POST /api/userorganizationroles/requestaction: a director approves or rejects waiting requests at
 * an organization they direct (the workflow's steps), all of them or none; several at once take the
 * step as the chosen rows of the Requests grid do (a rejection then needs a comment).
 */
export async function decideRequests(ctx: AppContext, context: RuleContext, ids: readonly number[], approve: boolean, comments: string | null) {
  const unique = [...new Set(ids)];
  const requests = await requestIds(ctx.db.knex, unique);
  if (unique.some((id) => !requests.has(id))) throw notFound('Request');
  const target = roleRequestTarget(ctx);
  await takeSteps(ctx, context, unique.map((id) => ({ target, id })), { transition: approve ? 'approve' : 'reject', comment: comments }, { bulk: unique.length > 1 });
  return { decided: unique.length, action: approve ? 'Approved' : 'Rejected' };
}

/** The waiting requests of `roles` at the employment, withdrawn through the workflow (the role or employment they need has ended). */
export async function withdrawRequests(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, target: EmploymentRoles, roles: readonly string[]): Promise<void> {
  for (const role of roles) {
    const id = target.pending.get(role);
    if (id !== undefined) await stepInTransaction(trx, ctx, context, roleRequestTarget(ctx), { entityId: id, transition: 'withdraw' });
  }
}

export interface EndRoleBody {
  employmentRecordId: number;
  roleName?: string;
  active?: boolean;
  endDate?: string | null;
  userId?: number;
  organizationId?: number | null;
  endEmployment?: boolean;
}

const refusal = (ctx: AppContext, key: string) => textError('conflict', key, textOf(ctx.registry, key));

/**
 * Which roles end: one role (the staff role only after the director role, and its end withdraws a
 * waiting director request too), or with the employment every role held there. Who may: the
 * person, a user manager, or a director of the organization for staff who do not direct it.
 */
async function rolesToEnd(ctx: AppContext, context: RuleContext, target: EmploymentRoles, body: EndRoleBody): Promise<{ end: string[]; withdraw: string[] }> {
  const { staff, director } = organizationRoles(ctx.registry.roles);
  const actor = await roleActor(ctx.registry, context, target);
  const byDirector = actor.directsOrganization && !target.held.includes(director) && !body.endEmployment;
  if (!actor.isOwner && !actor.managesUsers && !byDirector) throw forbidden();
  if (body.endEmployment) {
    if (target.ended) throw refusal(ctx, 'employment.alreadyEnded');
    return { end: [director, staff].filter((r) => target.held.includes(r)), withdraw: [staff, director] };
  }
  const role = body.roleName!;
  if (!target.held.includes(role)) throw refusal(ctx, 'role.notHeld');
  if (role === staff && target.held.includes(director)) throw refusal(ctx, 'role.directorFirst');
  return { end: [role], withdraw: role === staff ? [staff, director] : [] };
}

/** POST /api/userorganizationroles: ends a role, or the employment with every role held there, on an end date. */
export async function endRoleOrEmployment(ctx: AppContext, context: RuleContext, body: EndRoleBody) {
  if (body.active === true) throw invalid('Roles are granted through requests.', { active: 'Only active false (ending a role) is accepted.' });
  const { staff, director } = organizationRoles(ctx.registry.roles);
  const role = body.roleName;
  if (!body.endEmployment && role !== staff && role !== director) throw invalid(`roleName must be ${staff} or ${director}.`, { roleName: `roleName must be ${staff} or ${director}.` });
  if (endDateProblem(body.endDate, null, context.today) === 'required') throw textError('invalid', 'employment.endDateRequired', 'Please select a employment end date.', 'endDate');
  return ctx.db.knex.transaction(async (trx) => {
    const target = await loadEmploymentRoles(ctx.db, ctx.registry, trx, body.employmentRecordId, true);
    if (body.userId !== undefined && body.userId !== target.userId) throw invalid('The employment record belongs to another person.', { userId: 'Not the owner of this employment record.' });
    if (body.organizationId !== undefined && body.organizationId !== null && body.organizationId !== target.organizationId) {
      throw invalid('The employment record is at another organization.', { organizationId: 'Not the organization of this employment record.' });
    }
    const { end, withdraw } = await rolesToEnd(ctx, context, target, body);
    if (endDateProblem(body.endDate, target.startDate, context.today)) throw textError('invalid', 'employment.endDateInvalid', 'The end date must be on or after the start date of the employment and not in the future.', 'endDate');
    const endDate = body.endDate!;
    for (const r of end) await endRoleThere(trx, ctx, target, r, endDate, context.user.id);
    await withdrawRequests(trx, ctx, context, target, withdraw);
    if (body.endEmployment) {
      await endEmploymentRecord(trx, target.id, endDate, context.user.id, nowIso());
      await writeAudit(trx, { userId: context.user.id, action: 'employment.end', ...auditSubject(ctx.registry, 'Employment', target.id), detail: { endDate } });
    }
    return { employmentRecordId: target.id, organizationId: target.organizationId, ended: body.endEmployment ? 'employment' : role, endDate: body.endDate };
  });
}
