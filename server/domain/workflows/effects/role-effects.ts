import type { EffectParams } from '../../../../engine/workflows/workflow-effects.js';
import { DEFAULT_TIME_ZONE, todayIn } from '../../../../engine/rules/today.js';
import { conflict } from '../../../errors.js';
import { setRole } from '../../roles/role-effects.js';
import { personOf, type EffectHandler, type EffectInput } from './effect-input.js';

type RoleParams = EffectParams<'grantRole'>;

/** The person and organization a role effect names; a record that names no one cannot take the step. */
function holderOf(i: EffectInput<'grantRole' | 'removeRole'>, params: RoleParams) {
  const userId = personOf(i.entity, i.row, params.userField);
  if (userId === null) throw conflict('This record names no person to change the role of.');
  const org = params.organizationField === undefined ? null : i.row[params.organizationField];
  return { userId, organizationId: typeof org === 'number' ? org : null, employmentRecordId: null };
}

/** Grants the role (with the role code of the roles helpers). */
export const grantRoleEffect: EffectHandler<'grantRole'> = async (i) => {
  await setRole(i.trx, holderOf(i, i.params), i.params.role, true, null);
};

/** Ends the role as of today. */
export const removeRoleEffect: EffectHandler<'removeRole'> = async (i) => {
  await setRole(i.trx, holderOf(i, i.params), i.params.role, false, todayIn(i.ctx.registry.tenant.timeZone ?? DEFAULT_TIME_ZONE));
};
