import type { Knex } from 'knex';
import { ROLE_ACTION, type RoleEffect } from '../../../engine/workflows/role-requests.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { publishEvent } from '../../events/event-bus.js';
import type { EmploymentRoles } from './employment-roles.js';
import { insertedId } from '../../data/inserted-id.js';
import { endSessions } from '../sessions/session-generation.js';
import type { LiveChannel } from '../../realtime/live-channel.js';

/** What a transition's effects need beyond themselves. */
export interface EffectInput {
  target: EmploymentRoles;
  actorId: number;
  /** the decision's comment (approve / reject) */
  comments: string | null;
  /** the end date of ended roles and of an ended employment */
  endDate: string | null;
  /** the real-time hub's channel (an ended role ends the person's sessions) */
  live: LiveChannel;
}

const AUDIT_ACTION: Record<number, string> = {
  [ROLE_ACTION.requested]: 'role.request',
  [ROLE_ACTION.granted]: 'role.grant',
  [ROLE_ACTION.rejected]: 'role.reject',
  [ROLE_ACTION.removed]: 'role.remove',
  [ROLE_ACTION.withdrawn]: 'role.withdraw',
};


/** Whose role, where, and under which employment record (null: none). */
export interface RoleHolder {
  userId: number;
  organizationId: number | null;
  employmentRecordId: number | null;
}

/** Grants (reactivates the latest row of that role there, else adds one) or ends a role. */
export async function setRole(trx: Knex.Transaction, live: LiveChannel, holder: RoleHolder, role: string, active: boolean, endDate: string | null, actorId: number | null): Promise<void> {
  const now = nowIso();
  const where = { user_id: holder.userId, organization_id: holder.organizationId, role };
  if (!active) {
    const ended = await trx('user_roles').where({ ...where, active: true }).update({ active: false, end_date: endDate, updated_at: now });
    if (ended) await endSessions(trx, live, holder.userId, 'role-removed', actorId);
    return;
  }
  const latest = (await trx('user_roles').where(where).orderBy('id', 'desc').first('id')) as { id: number } | undefined;
  const values = { active: true, end_date: null, employment_record_id: holder.employmentRecordId, updated_at: now };
  if (latest) await trx('user_roles').where({ id: latest.id }).update(values);
  else await trx('user_roles').insert({ ...where, ...values, created_at: now });
}

/** Stores one role promotion action with its audit row and domain event. */
async function recordAction(trx: Knex.Transaction, input: EffectInput, e: Extract<RoleEffect, { kind: 'record' }>): Promise<number> {
  const { target, actorId } = input;
  const now = nowIso();
  const comments = e.actionType === ROLE_ACTION.granted || e.actionType === ROLE_ACTION.rejected ? input.comments : null;
  const id = insertedId(await trx('role_actions').insert({
    user_id: target.userId, organization_id: target.organizationId, employment_record_id: target.employmentRecordId, role: e.role,
    action_type: e.actionType, parent_action_id: e.parentActionId, comments, acting_user_id: actorId,
    disabled: false, created_at: now, updated_at: now, created_by: actorId, updated_by: actorId,
  }).returning('id'));
  await writeAudit(trx, {
    userId: actorId, action: AUDIT_ACTION[e.actionType]!, entityTypeId: 19, entityId: id,
    detail: { userId: target.userId, organizationId: target.organizationId, employmentRecordId: target.employmentRecordId, role: e.role, parentActionId: e.parentActionId, comments, endDate: input.endDate },
  });
  const base = { userId: target.userId, organizationId: target.organizationId!, role: e.role };
  const parent = e.parentActionId ?? id;
  switch (e.actionType) {
    case ROLE_ACTION.requested:
      await publishEvent(trx, { type: 'role.requested', actorId, payload: { ...base, requestId: id, employmentRecordId: target.employmentRecordId } });
      break;
    case ROLE_ACTION.granted:
      await publishEvent(trx, { type: 'role.granted', actorId, payload: { ...base, requestId: parent, decidedBy: actorId, comment: comments } });
      break;
    case ROLE_ACTION.rejected:
      await publishEvent(trx, { type: 'role.rejected', actorId, payload: { ...base, requestId: parent, decidedBy: actorId, comment: comments } });
      break;
    case ROLE_ACTION.removed:
      await publishEvent(trx, { type: 'role.removed', actorId, payload: { ...base, endDate: input.endDate, removedBy: actorId } });
      break;
    case ROLE_ACTION.withdrawn:
      await publishEvent(trx, { type: 'role.withdrawn', actorId, payload: { ...base, requestId: parent, withdrawnBy: actorId } });
      break;
  }
  return id;
}

/** Applies a transition's effects in the caller's transaction; answers the ids of the actions stored. */
export async function applyRoleEffects(trx: Knex.Transaction, input: EffectInput, effects: readonly RoleEffect[]): Promise<number[]> {
  const ids: number[] = [];
  for (const e of effects) {
    if (e.kind === 'record') ids.push(await recordAction(trx, input, e));
    else if (e.kind === 'setRole') await setRole(trx, input.live, input.target, e.role, e.active, input.endDate, input.actorId);
    else {
      await trx('employment_records').where({ id: input.target.employmentRecordId }).update({ end_date: input.endDate, updated_at: nowIso(), updated_by: input.actorId });
      await writeAudit(trx, { userId: input.actorId, action: 'employment.end', entityTypeId: 8, entityId: input.target.employmentRecordId, detail: { endDate: input.endDate } });
    }
  }
  return ids;
}
