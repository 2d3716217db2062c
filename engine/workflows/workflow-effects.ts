import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { NOTIFICATION_KINDS } from '../metadata/notification-schema.js';
import { RoleCodeSchema } from '../metadata/schema-common.js';

const FieldName = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' });

/**
 * Values computed when a transition runs: each a json-logic expression (a plain value stands for
 * itself) over the step (see StepData): `row` (the record after the step), `before`, `parent`,
 * `user`, `comment`, `transition`, `from`, `to`, `now`, `today`, `tenant` and `params` (what the
 * spec's calls add, e.g. a director's agency).
 */
export const TemplateSchema = Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), Type.Unknown(), { description: 'name: json-logic value over the step' });
export type Template = Static<typeof TemplateSchema>;

/** The domain events a publishEvent effect with a payload may publish (server/events/domain-event.ts holds their shapes). */
export const DOMAIN_EVENT_TYPES = [
  'role.requested', 'role.granted', 'role.rejected', 'role.withdrawn',
  'verification.requested', 'verification.decided', 'enrollment.changed',
] as const;

/**
 * The effects a workflow transition may name, with the parameters each takes. The code of each
 * lives in the server's effect registry (server/domain/workflows/effects); metadata:check refuses
 * any other name and parameters that do not fit.
 */
export const EFFECT_PARAMS = {
  /**
   * a domain event in the transition's transaction: `workflow.transitioned` carrying this event name;
   * with a payload, the domain event of that name with the payload computed from the step
   */
  publishEvent: Type.Object({
    event: Type.String({ pattern: '^[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)*$' }),
    payload: Type.Optional(TemplateSchema),
    /**
     * the notification the step makes (without a payload only): its kind (metadata/notifications.json),
     * the person told (`to`, json-logic over the step giving a user id; none: nobody is told) and the
     * texts' values (`params`); `name` (the actor's name) and `comment` (the step's) are added
     */
    notification: Type.Optional(Type.Object({
      kind: Type.Union(NOTIFICATION_KINDS.map((k) => Type.Literal(k))),
      to: Type.Unknown({ description: 'json-logic over the step: the user id of the person told' }),
      params: Type.Optional(TemplateSchema),
    }, { additionalProperties: false })),
  }, { additionalProperties: false }),
  /** the person named by `userField` (default: the entity's owner field) gets the role (or the one `roleField` holds), at the organization in `organizationField` when given */
  grantRole: Type.Object({
    role: Type.Optional(RoleCodeSchema), roleField: Type.Optional(FieldName), userField: Type.Optional(FieldName), organizationField: Type.Optional(FieldName), employmentField: Type.Optional(FieldName),
  }, { additionalProperties: false }),
  /** the same person's active role ends */
  removeRole: Type.Object({
    role: Type.Optional(RoleCodeSchema), roleField: Type.Optional(FieldName), userField: Type.Optional(FieldName), organizationField: Type.Optional(FieldName), employmentField: Type.Optional(FieldName),
  }, { additionalProperties: false }),
  /** sets the boolean `field` the entity's lockedWhen rule reads: forms can no longer change the record */
  lockRecord: Type.Object({ field: FieldName }, { additionalProperties: false }),
  /** clears that field again */
  unlockRecord: Type.Object({ field: FieldName }, { additionalProperties: false }),
  /** fields of the record written with the new state, computed from the step */
  setFields: Type.Object({ values: TemplateSchema }, { additionalProperties: false }),
  /**
   * a text of the catalogue written into a field of the record with the new state (its {params}
   * computed from the step, escaped), e.g. the text an attestation says; rich text is sanitised
   */
  storeText: Type.Object({ field: FieldName, text: Type.String({ minLength: 1 }), params: Type.Optional(TemplateSchema), richText: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  /** a record of another type written in the step (a line of a history the spec's calls read), its fields computed from the step */
  postRecord: Type.Object({ entityTypeId: Type.Integer({ minimum: 1 }), values: TemplateSchema }, { additionalProperties: false }),
  /**
   * a verification case of the record (entity 15) opened or brought to the record's new state, and the
   * line of its history (entity 29's actions: 1 Requested, 3 Approved, 4 Declined, 5 Removed) with the
   * agency a director acts for (the step's `agencyId`); publishes verification.requested or .decided
   */
  verificationCase: Type.Object({ actionType: Type.Union([Type.Literal(1), Type.Literal(3), Type.Literal(4), Type.Literal(5)]) }, { additionalProperties: false }),
  /**
   * the answer to an out-of-region request (enrollment, entity 26), inside its session's lock: accepted,
   * the person takes a seat (free seats are first filled from the waitlist), else a waitlist place
   * (the step lands in `waitlisted`), else the step is refused (the session is full); declined, nothing
   * is taken. The reviewer's comment is kept; publishes enrollment.changed (the person's notice)
   */
  enrollmentReview: Type.Object({ accept: Type.Boolean() }, { additionalProperties: false }),
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
  const keys = name === 'lockRecord' || name === 'unlockRecord' ? ['field']
    : name === 'grantRole' || name === 'removeRole' ? ['userField', 'organizationField', 'roleField', 'employmentField'] : [];
  const named = keys.flatMap((param) => (typeof params[param] === 'string' ? [{ param, field: params[param] as string }] : []));
  if (name === 'setFields' && typeof params.values === 'object' && params.values !== null) named.push(...Object.keys(params.values).map((field) => ({ param: `values/${field}`, field })));
  if (name === 'storeText' && typeof params.field === 'string') named.push({ param: 'field', field: params.field });
  return named;
}
