import type { Knex } from 'knex';
import { endDateProblem } from '../../../engine/workflows/employment-end-date.js';
import { ROLE_ACTION, roleTransition, type OrgRole, type Refusal, type RoleEffect, type RoleEvent } from '../../../engine/workflows/role-requests.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { AppError, forbidden, invalid, notFound, textError } from '../../errors.js';
import { loadEmploymentRoles, roleActor, type EmploymentRoles } from './employment-roles.js';
import { applyRoleEffects } from './role-effects.js';
import type { LiveChannel } from '../../realtime/live-channel.js';

/** A refusal of the role rules as the error the API answers (its text from the catalogue). */
export function refusalError(r: Refusal): AppError {
  return r.status === 'forbidden' && r.textKey === 'error.forbidden' ? forbidden() : textError(r.status, r.textKey, r.message);
}

/** The effects of one event of the role rules on a loaded employment; a refusal is thrown. */
async function effectsOf(context: RuleContext, target: EmploymentRoles, event: RoleEvent): Promise<RoleEffect[]> {
  const t = roleTransition(target.state, event, await roleActor(context, target));
  if (!t.ok) throw refusalError(t.refusal);
  return t.effects;
}

/** Runs one event of the role rules on a loaded employment and stores its effects. */
async function transition(trx: Knex.Transaction, live: LiveChannel, context: RuleContext, target: EmploymentRoles, event: RoleEvent,
  extra: { comments?: string | null; endDate?: string | null } = {}): Promise<number[]> {
  const effects = await effectsOf(context, target, event);
  return applyRoleEffects(trx, { target, actorId: context.user.id, comments: extra.comments ?? null, endDate: extra.endDate ?? null, live }, effects);
}

/** POST /api/userorganizationroles/request: the person asks for a role at their employer. */
export async function requestRole(ctx: AppContext, context: RuleContext, employmentRecordId: number, role: OrgRole) {
  return ctx.db.knex.transaction(async (trx) => {
    const target = await loadEmploymentRoles(ctx.db, trx, employmentRecordId, true);
    const [id] = await transition(trx, ctx.live, context, target, { kind: 'request', role });
    return { rolePromotionActionId: id, employmentRecordId, organizationId: target.organizationId, roleRequested: { roleName: role }, actionType: ROLE_ACTION.requested };
  });
}

/**
 * POST /api/userorganizationroles/requestaction: a director approves or rejects pending requests
 * at an organization they direct; all of them or, on the first refusal, none.
 */
export async function decideRequests(ctx: AppContext, context: RuleContext, ids: readonly number[], approve: boolean, comments: string | null) {
  const unique = [...new Set(ids)];
  await ctx.db.knex.transaction(async (trx) => {
    const rows = (await trx('role_actions').whereIn('id', unique).select('id', 'action_type', 'organization_id', 'employment_record_id')) as
      { id: number; action_type: number; organization_id: number; employment_record_id: number | null }[];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const id of unique) {
      const request = byId.get(id);
      if (!request || Number(request.action_type) !== ROLE_ACTION.requested || request.employment_record_id === null) throw notFound('Request');
      const target = await loadEmploymentRoles(ctx.db, trx, Number(request.employment_record_id), true);
      if (target.organizationId !== Number(request.organization_id)) throw notFound('Request');
      await transition(trx, ctx.live, context, target, { kind: 'decide', requestId: Number(request.id), approve }, { comments });
    }
  });
  return { decided: unique.length, action: approve ? 'Approved' : 'Rejected' };
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

/** POST /api/userorganizationroles: ends a role, or the employment with every role held there, on an end date. */
export async function endRoleOrEmployment(ctx: AppContext, context: RuleContext, body: EndRoleBody) {
  if (body.active === true) throw invalid('Roles are granted through requests.', { active: 'Only active false (ending a role) is accepted.' });
  const role = body.roleName as OrgRole | undefined;
  if (!body.endEmployment && role !== '100' && role !== '200') throw invalid('roleName must be 100 or 200.', { roleName: 'roleName must be 100 or 200.' });
  if (endDateProblem(body.endDate, null, context.today) === 'required') throw textError('invalid', 'employment.endDateRequired', 'Please select a employment end date.', 'endDate');
  return ctx.db.knex.transaction(async (trx) => {
    const target = await loadEmploymentRoles(ctx.db, trx, body.employmentRecordId, true);
    if (body.userId !== undefined && body.userId !== target.userId) throw invalid('The employment record belongs to another person.', { userId: 'Not the owner of this employment record.' });
    if (body.organizationId !== undefined && body.organizationId !== null && body.organizationId !== target.organizationId) {
      throw invalid('The employment record is at another organization.', { organizationId: 'Not the organization of this employment record.' });
    }
    const effects = await effectsOf(context, target, body.endEmployment ? { kind: 'endEmployment' } : { kind: 'end', role: role! });
    if (endDateProblem(body.endDate, target.startDate, context.today)) throw textError('invalid', 'employment.endDateInvalid', 'The end date must be on or after the start date of the employment and not in the future.', 'endDate');
    await applyRoleEffects(trx, { target, actorId: context.user.id, comments: null, endDate: body.endDate!, live: ctx.live }, effects);
    return { employmentRecordId: target.employmentRecordId, organizationId: target.organizationId, ended: body.endEmployment ? 'employment' : role, endDate: body.endDate };
  });
}
