import type { EffectParams } from '../../../../engine/workflows/workflow-effects.js';
import { todayIn } from '../../../../engine/rules/today.js';
import { textError } from '../../../errors.js';
import { textOf } from '../workflow-target.js';
import { setRole } from '../../roles/role-effects.js';
import { personOf, type EffectHandler, type EffectInput } from './effect-input.js';

type RoleParams = EffectParams<'grantRole'>;

/** The person and organization a role effect names; a record that names no one cannot take the step. */
function holderOf(i: EffectInput<'grantRole' | 'removeRole'>, params: RoleParams) {
  const userId = personOf(i.entity, i.row, params.userField);
  if (userId === null) throw textError('conflict', 'workflow.noPerson', textOf(i.ctx.registry, 'workflow.noPerson'));
  if (params.organizationField === undefined) return { userId, organizationId: null, employmentRecordId: null };
  // a role meant for an organization is never granted or ended without one
  const org = i.row[params.organizationField];
  if (typeof org !== 'number' || !Number.isInteger(org) || org < 1) throw textError('conflict', 'workflow.noOrganization', textOf(i.ctx.registry, 'workflow.noOrganization'));
  return { userId, organizationId: org, employmentRecordId: null };
}

/** Grants the role, as a director's approval does (server/domain/roles). */
export const grantRoleEffect: EffectHandler<'grantRole'> = async (i) => {
  await setRole(i.trx, i.ctx.live, holderOf(i, i.params), i.params.role, true, null, i.actorId);
};

/** Ends the role as of today. */
export const removeRoleEffect: EffectHandler<'removeRole'> = async (i) => {
  await setRole(i.trx, i.ctx.live, holderOf(i, i.params), i.params.role, false, todayIn(i.ctx.registry.tenant.timeZone), i.actorId);
};
