import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RuleSchema } from './schema-common.js';
import { TemplateSchema } from '../workflows/workflow-effects.js';

const WorkflowIdSchema = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });
const StateIdSchema = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the name transitions use' });
const TextKeySchema = Type.String({ minLength: 1, description: 'a key of the text catalogue' });
const FieldNameSchema = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' });

export const WorkflowStateSchema = Type.Object({
  id: StateIdSchema,
  label: TextKeySchema,
  value: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], { description: 'what the state field holds in this state (default: the id); null: the field is empty' })),
  initial: Type.Optional(Type.Boolean({ description: 'the state of a record whose state field is still empty, or of a record a transition creates (exactly one state)' })),
  final: Type.Optional(Type.Boolean({ description: 'no transition leaves it' })),
  untracked: Type.Optional(Type.Boolean({ description: 'records of the type the workflow does not run (lines of a history kept in the same table): no transition leaves or reaches it' })),
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
  disables: Type.Optional(Type.Boolean({ description: 'the transition is still offered, disabled, with the message as its hint (e.g. "view first"); default: not offered' })),
  about: Type.Optional(Type.Union([Type.Literal('record'), Type.Literal('actor')], { description: 'actor: a check of who takes the step (passed over when a rule of a form takes it); default record' })),
}, { additionalProperties: false });
export type WorkflowGuard = Static<typeof WorkflowGuardSchema>;

export const CommentSchema = Type.Union([Type.Literal('optional'), Type.Literal('required')], { description: 'whether the step asks for a comment (absent: none)' });
export type CommentMode = Static<typeof CommentSchema>;

/** The catalogue keys of the refusals; absent ones fall back to the workflow's, then to the workflow texts of the catalogue. */
export const WorkflowMessagesSchema = Type.Object({
  notAllowed: Type.Optional(TextKeySchema),
  wrongState: Type.Optional(TextKeySchema),
  commentRequired: Type.Optional(TextKeySchema),
  unknownTransition: Type.Optional(TextKeySchema),
  changedMeanwhile: Type.Optional(TextKeySchema),
  exists: Type.Optional(TextKeySchema),
  disabled: Type.Optional(TextKeySchema),
}, { additionalProperties: false });
export type WorkflowMessages = Static<typeof WorkflowMessagesSchema>;

/**
 * A transition that makes its record (e.g. a request): the caller gives the `input` fields; with a
 * `parent`, the record it belongs to is read first (the caller must be able to see it), its fields
 * are read by the rules as `parent.*` and the `copy` ones are copied into the new record.
 */
export const WorkflowCreatesSchema = Type.Object({
  input: Type.Array(FieldNameSchema, { minItems: 1, description: 'the fields the caller gives' }),
  parent: Type.Optional(Type.Object({
    entityTypeId: Type.Integer({ minimum: 1 }),
    field: FieldNameSchema,
    copy: Type.Optional(Type.Record(FieldNameSchema, FieldNameSchema, { description: 'field of the new record: field of the parent' })),
  }, { additionalProperties: false })),
  values: Type.Optional(TemplateSchema),
}, { additionalProperties: false, description: 'values: fields of the new record computed when it is made (over user, parent and the input as row)' });
export type WorkflowCreates = Static<typeof WorkflowCreatesSchema>;

/** How selected rows of a grid take the step together (all or none). */
export const WorkflowBulkSchema = Type.Object({
  label: TextKeySchema,
  comment: Type.Optional(CommentSchema),
  prompt: Type.Optional(TextKeySchema),
}, { additionalProperties: false });

export const WorkflowTransitionSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
  label: TextKeySchema,
  from: Type.Optional(Type.Array(StateIdSchema, { minItems: 1, description: 'the states it leaves (absent only when it creates its record)' })),
  creates: Type.Optional(WorkflowCreatesSchema),
  to: StateIdSchema,
  alsoTo: Type.Optional(Type.Array(StateIdSchema, { minItems: 1, description: 'states an effect may land the step in instead of `to` (a place on the waitlist when the seats are taken)' })),
  /** who may fire it: json-logic over user.*, tenant, today, row.* (and parent.* when it creates) (a named rule as { "rule": name }); absent: no one */
  allowed: Type.Optional(RuleSchema),
  guards: Type.Optional(Type.Array(WorkflowGuardSchema)),
  comment: Type.Optional(CommentSchema),
  prompt: Type.Optional(Type.String({ minLength: 1, description: 'the catalogue key of the question asked before the step; it may name {fields} of the row' })),
  done: Type.Optional(Type.String({ minLength: 1, description: 'the catalogue key of the notice after the step' })),
  doneTitle: Type.Optional(Type.String({ minLength: 1, description: "the catalogue key of the notice's heading (default: the new state's label)" })),
  bulk: Type.Optional(WorkflowBulkSchema),
  offered: Type.Optional(Type.Boolean({ description: 'false: never a button of its own (fired by the spec\'s calls or by effects); default true' })),
  messages: Type.Optional(WorkflowMessagesSchema),
  audit: Type.Optional(Type.Object({
    action: Type.String({ pattern: '^[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)*$', description: 'the audit row\'s action (default workflow.transition)' }),
    detail: Type.Optional(TemplateSchema),
  }, { additionalProperties: false, description: 'the audit row the step writes: its action and detail (default: the workflow, transition, states, comment and effects)' })),
  effects: Type.Optional(Type.Array(WorkflowEffectSchema)),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type WorkflowTransition = Static<typeof WorkflowTransitionSchema>;

/**
 * A state machine over the records of one or more entity types (DESIGN section 5): its states, the
 * transitions with who may fire them, whether a comment is asked for and the effects by name.
 */
export const WorkflowSchema = Type.Object({
  id: WorkflowIdSchema,
  name: Type.String({ minLength: 1 }),
  entityTypeIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, description: 'the record types it runs on' })),
  entitiesWith: Type.Optional(Type.Literal('verification', { description: 'it runs on every record type whose metadata has this block (a record type made later included)' })),
  stateField: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the (system) field of the record holding the state' }),
  states: Type.Array(WorkflowStateSchema, { minItems: 1 }),
  transitions: Type.Array(WorkflowTransitionSchema),
  messages: Type.Optional(WorkflowMessagesSchema),
  acceptsDisabled: Type.Optional(Type.Boolean({ description: 'disabled records take steps too, as the guards decide (default: a disabled record takes none)' })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Workflow = Static<typeof WorkflowSchema>;
