import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fireWorkflowTransition } from '../domain/workflows/workflow-steps.js';
import { workflowStatus } from '../domain/workflows/workflow-status.js';
import { answers } from './answer-schemas.js';
import { RowId, RowIdText } from './id-schemas.js';

const tags = ['workflows'];
const StatusQuery = Type.Object({ entityTypeId: RowIdText, entityId: RowIdText }, { additionalProperties: false });
const TransitionBody = Type.Object({
  entityTypeId: Type.Optional(RowId),
  entityId: Type.Optional(RowId),
  records: Type.Optional(Type.Array(Type.Object({ entityTypeId: RowId, entityId: RowId }, { additionalProperties: false }), { minItems: 1, maxItems: 200, description: 'several records taking the step together: all or none' })),
  values: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null()]), { description: 'the input of a transition that creates its record' })),
  transition: Type.String({ minLength: 1, maxLength: 100 }),
  comment: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
}, { additionalProperties: false });

const State = Type.Object({ id: Type.String(), label: Type.String(), final: Type.Boolean() });
const Available = Type.Object({
  id: Type.String(), label: Type.String(), commentRequired: Type.Boolean(),
  commentOptional: Type.Optional(Type.Boolean({ description: 'the step takes an optional comment' })),
  disabledReason: Type.Optional(Type.String({ description: 'offered but disabled: why (e.g. the record must be viewed first)' })),
});
const Step = Type.Object({
  id: Type.Integer(), transition: Type.String(), label: Type.String(), from: Type.String(), to: Type.String(), toLabel: Type.String(),
  comment: Type.Union([Type.String(), Type.Null()]), actorId: Type.Integer(), actorName: Type.String(), at: Type.String(),
});
const Where = { entityTypeId: Type.Integer(), entityId: Type.Integer(), workflowId: Type.String(), state: State, transitions: Type.Array(Available) };
const StatusReply = Type.Object({ ...Where, history: Type.Array(Step) });
const Notice = {
  message: Type.Optional(Type.String({ description: 'the notice the transition shows after the step' })),
  title: Type.Optional(Type.String({ description: "the notice's heading" })),
};
const TransitionReply = Type.Union([
  Type.Object({ ...Where, historyId: Type.Integer(), ...Notice }),
  Type.Object({ transition: Type.String(), records: Type.Array(Type.Object({ entityTypeId: Type.Integer(), entityId: Type.Integer() })), ...Notice }, { description: 'several records took the step' }),
]);

/**
 * Metadata workflows on any record type (DESIGN section 5): where a record stands, and firing a
 * transition. The caller must be able to see the record; the transition's rule decides the rest.
 */
export const workflowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/workflow', { schema: { 'x-access': 'signedIn', tags, summary: 'Where a record stands in its workflow, what the caller may do next, and its history', querystring: StatusQuery, response: answers({ 200: StatusReply }) } }, async (request) =>
    workflowStatus(ctx, request.caller, Number(request.query.entityTypeId), Number(request.query.entityId)));

  app.post('/workflow/transition', { schema: { 'x-access': 'signedIn', tags, summary: 'Fire a workflow transition on a record, on several (all or none), or on a new one', body: TransitionBody, response: answers({ 200: TransitionReply }) } }, async (request) =>
    fireWorkflowTransition(ctx, request.caller, request.body));
};
