import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fireWorkflowTransition } from '../domain/workflows/fire-transition.js';
import { workflowStatus } from '../domain/workflows/workflow-status.js';
import { answers } from './answer-schemas.js';
import { RowId, RowIdText } from './id-schemas.js';

const tags = ['workflows'];
const StatusQuery = Type.Object({ entityTypeId: RowIdText, entityId: RowIdText }, { additionalProperties: false });
const TransitionBody = Type.Object({
  entityTypeId: RowId,
  entityId: RowId,
  transition: Type.String({ minLength: 1, maxLength: 100 }),
  comment: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
}, { additionalProperties: false });

const State = Type.Object({ id: Type.String(), label: Type.String(), final: Type.Boolean() });
const Available = Type.Object({ id: Type.String(), label: Type.String(), commentRequired: Type.Boolean() });
const Step = Type.Object({
  id: Type.Integer(), transition: Type.String(), label: Type.String(), from: Type.String(), to: Type.String(), toLabel: Type.String(),
  comment: Type.Union([Type.String(), Type.Null()]), actorId: Type.Integer(), actorName: Type.String(), at: Type.String(),
});
const Where = { entityTypeId: Type.Integer(), entityId: Type.Integer(), workflowId: Type.String(), state: State, transitions: Type.Array(Available) };
const StatusReply = Type.Object({ ...Where, history: Type.Array(Step) });
const TransitionReply = Type.Object({ ...Where, historyId: Type.Integer() });

/**
 * Metadata workflows on any record type (DESIGN section 5): where a record stands, and firing a
 * transition. The caller must be able to see the record; the transition's rule decides the rest.
 */
export const workflowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/workflow', { schema: { tags, summary: 'Where a record stands in its workflow, what the caller may do next, and its history', querystring: StatusQuery, response: answers({ 200: StatusReply }) } }, async (request) =>
    workflowStatus(ctx, request.caller, Number(request.query.entityTypeId), Number(request.query.entityId)));

  app.post('/workflow/transition', { schema: { tags, summary: 'Fire a workflow transition on a record', body: TransitionBody, response: answers({ 200: TransitionReply }) } }, async (request) => {
    const { entityTypeId, entityId, transition, comment } = request.body;
    return fireWorkflowTransition(ctx, request.caller, { entityTypeId, entityId, transition, comment: comment ?? null });
  });
};
