import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { RoleCodeSchema } from '../metadata/schema-common.js';

const FieldName = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' });

/**
 * The effects a workflow transition may name, with the parameters each takes. The code of each
 * lives in the server's effect registry (server/domain/workflows/effects); metadata:check refuses
 * any other name and parameters that do not fit.
 */
export const EFFECT_PARAMS = {
  /** a domain event `workflow.transitioned` carrying this event name, in the transition's transaction */
  publishEvent: Type.Object({ event: Type.String({ pattern: '^[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)*$' }) }, { additionalProperties: false }),
  /** the person named by `userField` (default: the entity's owner field) gets the role, at the organization in `organizationField` when given */
  grantRole: Type.Object({ role: RoleCodeSchema, userField: Type.Optional(FieldName), organizationField: Type.Optional(FieldName) }, { additionalProperties: false }),
  /** the same person's active role ends */
  removeRole: Type.Object({ role: RoleCodeSchema, userField: Type.Optional(FieldName), organizationField: Type.Optional(FieldName) }, { additionalProperties: false }),
  /** sets the boolean `field` the entity's lockedWhen rule reads: forms can no longer change the record */
  lockRecord: Type.Object({ field: FieldName }, { additionalProperties: false }),
  /** clears that field again */
  unlockRecord: Type.Object({ field: FieldName }, { additionalProperties: false }),
  /** an e-mail from metadata/emails/<template>.mjml to the record's owner or to the actor, queued in the outbox */
  notify: Type.Object({ template: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }), to: Type.Union([Type.Literal('owner'), Type.Literal('actor')]) }, { additionalProperties: false }),
} as const satisfies Record<string, TSchema>;

export type EffectName = keyof typeof EFFECT_PARAMS;
export type EffectParams<N extends EffectName> = Static<(typeof EFFECT_PARAMS)[N]>;
export const EFFECT_NAMES = Object.keys(EFFECT_PARAMS) as EffectName[];

export function isEffectName(name: string): name is EffectName {
  return Object.hasOwn(EFFECT_PARAMS, name);
}

/** The parameters naming fields of the record (checked against the entity's fields). */
export function fieldParams(name: EffectName, params: Readonly<Record<string, unknown>>): Array<{ param: string; field: string }> {
  const keys = name === 'lockRecord' || name === 'unlockRecord' ? ['field'] : name === 'grantRole' || name === 'removeRole' ? ['userField', 'organizationField'] : [];
  return keys.flatMap((param) => (typeof params[param] === 'string' ? [{ param, field: params[param] as string }] : []));
}
