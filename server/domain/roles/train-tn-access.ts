import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { auditSubject } from '../audit-subject.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { setTrainTnFlag } from '../../data/employment-store.js';
import { forbidden, textError } from '../../errors.js';
import { loadEmploymentRoles, roleActor } from './employment-roles.js';
import { organizationRoles } from '../../../engine/access/role-duties.js';

/**
 * POST /api/accounts/trainTNAccess (tn only): the TrainTN access flag of an employment record.
 * The person may remove their own access; a director of the organization may grant or remove it
 * for staff there who do not hold the director role (spec part 3 section 6 "Staff management").
 */
export async function setTrainTnAccess(ctx: AppContext, context: RuleContext, employmentRecordId: number, accessStatus: boolean) {
  if (!ctx.registry.tenant.features.TrainTN) throw textError('not-found', 'trainTN.notEnabled', 'TrainTN access is not offered in this registry.');
  return ctx.db.knex.transaction(async (trx) => {
    const target = await loadEmploymentRoles(ctx.db, ctx.registry, trx, employmentRecordId, true);
    const actor = await roleActor(ctx.registry, context, target);
    const { staff, director } = organizationRoles(ctx.registry.roles);
    const byDirector = actor.directsOrganization && !actor.isOwner && target.held.includes(staff) && !target.held.includes(director);
    if (!byDirector && !(actor.isOwner && !accessStatus)) throw forbidden();
    const before = target.hasTrainTnAccess;
    if (before !== accessStatus) {
      await setTrainTnFlag(trx, employmentRecordId, accessStatus, context.user.id, nowIso());
      await writeAudit(trx, { userId: context.user.id, action: accessStatus ? 'employment.traintn-grant' : 'employment.traintn-remove', ...auditSubject(ctx.registry, 'Employment', employmentRecordId), detail: { userId: target.userId, organizationId: target.organizationId } });
    }
    return { employmentRecordId, hasTrainTNAccess: accessStatus, changed: before !== accessStatus };
  });
}
