import type { Knex } from 'knex';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { addRoleAction, activateRole, endActiveRole } from '../../data/role-store.js';
import { publishEvent } from '../../events/event-bus.js';
import type { EmploymentRoles } from './employment-roles.js';
import { endSessions } from '../sessions/session-generation.js';
import type { AppContext } from '../../app-context.js';
import { auditSubject } from '../audit-subject.js';

/** What ending a role needs beyond its transaction: the live channel (sessions end) and the registry. */
export type SessionContext = Pick<AppContext, 'live' | 'registry'>;

/** Whose role, where, and under which employment record (null: none). */
export interface RoleHolder {
  userId: number;
  organizationId: number | null;
  employmentRecordId: number | null;
}

/** Grants (reactivates the latest row of that role there, else adds one) or ends a role; an ended role ends the person's sessions. */
export async function setRole(trx: Knex.Transaction, ctx: SessionContext, holder: RoleHolder, role: string, active: boolean, endDate: string | null, actorId: number | null): Promise<void> {
  if (!active) {
    if (await endActiveRole(trx, holder, role, endDate, nowIso())) await endSessions(trx, ctx, holder.userId, 'role-removed', actorId);
    return;
  }
  await activateRole(trx, holder, role, nowIso());
}

/** The action type of a role ended (spec part 3 "Action types for requests": 4 Role Removed). */
export const ROLE_REMOVED = 4;

/**
 * A role ended at an employment (by the person, a director, or with the employment): the role
 * ends, with its line of the request history (4 Role Removed), audit row and `role.removed` event.
 */
export async function endRoleThere(trx: Knex.Transaction, ctx: SessionContext, target: EmploymentRoles, role: string, endDate: string | null, actorId: number): Promise<void> {
  const id = await addRoleAction(trx, { userId: target.userId, organizationId: target.organizationId, employmentRecordId: target.id, role, actionType: ROLE_REMOVED, parentActionId: null, comments: null, actingUserId: actorId }, nowIso());
  await writeAudit(trx, {
    userId: actorId, action: 'role.remove', ...auditSubject(ctx.registry, 'RolePromotionAction', id),
    detail: { userId: target.userId, organizationId: target.organizationId, employmentRecordId: target.id, role, parentActionId: null, comments: null, endDate },
  });
  await publishEvent(trx, { type: 'role.removed', actorId, payload: { userId: target.userId, organizationId: target.organizationId!, role, endDate, removedBy: actorId } });
  await setRole(trx, ctx, { userId: target.userId, organizationId: target.organizationId, employmentRecordId: target.id }, role, false, endDate, actorId);
}
