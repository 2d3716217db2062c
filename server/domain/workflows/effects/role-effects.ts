import type { EffectParams } from '../../../../engine/workflows/workflow-effects.js';
import { todayIn } from '../../../../engine/rules/today.js';
import { textError } from '../../../errors.js';
import { textOf } from '../workflow-target.js';
import { setRole } from '../../roles/role-effects.js';
import { personOf, type EffectHandler, type EffectInput } from './effect-input.js';

type RoleParams = EffectParams<'grantRole'>;

const positiveId = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** The person, role and organization a role effect names; a record that names no one cannot take the step. */
function holderOf(i: EffectInput<'grantRole' | 'removeRole'>, params: RoleParams) {
  const userId = personOf(i.entity, i.row, params.userField);
  if (userId === null) throw textError('conflict', 'workflow.noPerson', textOf(i.ctx.registry, 'workflow.noPerson'));
  const role = params.role ?? (params.roleField === undefined ? undefined : String(i.row[params.roleField] ?? ''));
  if (!role) throw new Error(`workflow '${i.workflow.id}': a role effect names neither role nor roleField`);
  const employmentRecordId = params.employmentField === undefined ? null : positiveId(i.row[params.employmentField]);
  if (params.organizationField === undefined) return { holder: { userId, organizationId: null, employmentRecordId }, role };
  // a role meant for an organization is never granted or ended without one
  const org = positiveId(i.row[params.organizationField]);
  if (org === null) throw textError('conflict', 'workflow.noOrganization', textOf(i.ctx.registry, 'workflow.noOrganization'));
  return { holder: { userId, organizationId: org, employmentRecordId }, role };
}

/** Grants the role, as a director's approval does (server/domain/roles). */
export const grantRoleEffect: EffectHandler<'grantRole'> = async (i) => {
  const { holder, role } = holderOf(i, i.params);
  await setRole(i.trx, i.ctx, holder, role, true, null, i.actorId);
};

/** Ends the role as of today. */
export const removeRoleEffect: EffectHandler<'removeRole'> = async (i) => {
  const { holder, role } = holderOf(i, i.params);
  await setRole(i.trx, i.ctx, holder, role, false, todayIn(i.ctx.registry.tenant.timeZone), i.actorId);
};
