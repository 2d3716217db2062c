import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RuleSchema } from './schema-common.js';

const WorkflowIdSchema = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });
const StateIdSchema = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the value stored in the state field' });
const TextKeySchema = Type.String({ minLength: 1, description: 'a key of the text catalogue' });

export const WorkflowStateSchema = Type.Object({
  id: StateIdSchema,
  label: TextKeySchema,
  initial: Type.Optional(Type.Boolean({ description: 'the state of a record whose state field is still empty (exactly one state)' })),
  final: Type.Optional(Type.Boolean({ description: 'no transition leaves it' })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type WorkflowState = Static<typeof WorkflowStateSchema>;

/** One effect of a transition: a name of the effect registry (server/domain/workflows/effects) and its parameters. */
export const WorkflowEffectSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}, { additionalProperties: false });
export type WorkflowEffect = Static<typeof WorkflowEffectSchema>;

/**
 * A rule that refuses a transition the actor may fire with its own message (e.g. "already
 * requested"): checked in order after `allowed`, before the from-states.
 */
export const WorkflowGuardSchema = Type.Object({
  refuseWhen: RuleSchema,
  message: TextKeySchema,
  status: Type.Optional(Type.Union([Type.Literal('conflict'), Type.Literal('forbidden'), Type.Literal('invalid')], { description: 'HTTP answer: 409 (default), 403 or 400' })),
}, { additionalProperties: false });
export type WorkflowGuard = Static<typeof WorkflowGuardSchema>;

export const WorkflowTransitionSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
  from: Type.Array(StateIdSchema, { minItems: 1 }),
  to: StateIdSchema,
  label: TextKeySchema,
  /** who may fire it: json-logic over user.*, tenant, today and row.* (a named rule as { "rule": name }); absent: no one */
  allowed: Type.Optional(RuleSchema),
  guards: Type.Optional(Type.Array(WorkflowGuardSchema)),
  commentRequired: Type.Optional(Type.Boolean()),
  effects: Type.Optional(Type.Array(WorkflowEffectSchema)),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type WorkflowTransition = Static<typeof WorkflowTransitionSchema>;

/** The catalogue keys of the refusals; absent ones fall back to the workflow texts of the catalogue. */
export const WorkflowMessagesSchema = Type.Object({
  notAllowed: Type.Optional(TextKeySchema),
  wrongState: Type.Optional(TextKeySchema),
  commentRequired: Type.Optional(TextKeySchema),
  unknownTransition: Type.Optional(TextKeySchema),
  changedMeanwhile: Type.Optional(TextKeySchema),
}, { additionalProperties: false });
export type WorkflowMessages = Static<typeof WorkflowMessagesSchema>;

/**
 * A state machine over the records of one or more entity types (DESIGN section 5): its states, the
 * transitions with who may fire them, whether a comment is required and the effects by name.
 */
export const WorkflowSchema = Type.Object({
  id: WorkflowIdSchema,
  name: Type.String({ minLength: 1 }),
  entityTypeIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, description: 'the record types it runs on' }),
  stateField: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the (system) field of the record holding the state' }),
  states: Type.Array(WorkflowStateSchema, { minItems: 1 }),
  transitions: Type.Array(WorkflowTransitionSchema),
  messages: Type.Optional(WorkflowMessagesSchema),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Workflow = Static<typeof WorkflowSchema>;
