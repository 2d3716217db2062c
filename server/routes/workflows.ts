import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { callerContext } from '../app-context.js';
import { fireWorkflowTransition } from '../domain/workflows/fire-transition.js';
import { workflowStatus } from '../domain/workflows/workflow-status.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const IdText = Type.String({ pattern: '^[1-9][0-9]{0,8}$' });

const StatusQuery = Type.Object({ entityTypeId: IdText, entityId: IdText }, { additionalProperties: false });
const TransitionBody = Type.Object({
  entityTypeId: Id,
  entityId: Id,
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
const ErrorReply = Type.Object({ message: Type.String(), errors: Type.Optional(Type.Record(Type.String(), Type.String())) });
const Refusals = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };

/**
 * Metadata workflows on any record type (DESIGN section 5): where a record stands, and firing a
 * transition. The caller must be able to see the record; the transition's rule decides the rest.
 */
export async function workflowRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.ctx;

  app.get('/workflow', { schema: { querystring: StatusQuery, response: { 200: StatusReply, ...Refusals } } }, async (request) =>
    workflowStatus(ctx, await callerContext(request), Number(request.query.entityTypeId), Number(request.query.entityId)));

  app.post('/workflow/transition', { schema: { body: TransitionBody, response: { 200: TransitionReply, ...Refusals } } }, async (request) => {
    const { entityTypeId, entityId, transition, comment } = request.body;
    return fireWorkflowTransition(ctx, await callerContext(request), { entityTypeId, entityId, transition, comment: comment ?? null });
  });
}
