import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { coachRelationshipAction, coachRequests } from '../domain/coaching/coaching-actions.js';
import { answers } from './answer-schemas.js';
import { AnsweredId, OrNull, RowId } from './id-schemas.js';

const tags = ['coaching'];
const ActionBody = Type.Object({
  coachRelationshipId: Type.Optional(RowId),
  coachRelationshipActionIds: Type.Optional(Type.Array(RowId, { minItems: 1, maxItems: 200, description: 'lines of coaching history: the relationships they belong to' })),
  primaryEntityId: Type.Optional(RowId),
  coachId: Type.Optional(RowId),
  action: Type.Integer({ description: 'requested 1, approved 2, rejected 3, closed 4, withdrawn 5, pdpShared 6, pdpShareRemoved 7' }),
  comments: Type.Optional(OrNull(Type.String({ maxLength: 2000 }))),
}, { additionalProperties: false, description: 'name the coaching one way: coachRelationshipId, coachRelationshipActionIds, or primaryEntityId with coachId (a request names primaryEntityId)' });
const Relationship = Type.Object({
  id: AnsweredId,
  active: Type.Boolean(),
  status: Type.Integer({ description: 'requested 1, approved 2, rejected 3, closed 4, withdrawn 5' }),
  pdpShared: Type.Boolean(),
  primaryEntityId: AnsweredId,
  primaryEntityName: Type.String(),
  coachId: AnsweredId,
  coachName: Type.String(),
  lastActionDateTime: OrNull(Type.String()),
}, { additionalProperties: false });
const ActionAnswer = Type.Object({
  action: Type.Integer(),
  coachRelationships: Type.Array(Relationship, { description: 'each relationship the step moved, as it is now' }),
}, { additionalProperties: false });

/**
 * Coaching (spec part 3 sections 7 and 9): thin adapters onto the metadata workflow `coaching`,
 * which checks who may take each step, the state and the comment.
 */
export const coachingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/coach/coachrelationshipaction', { schema: { 'x-access': 'signedIn', tags, summary: 'Request, withdraw, accept, decline or end a coaching, or share the PDP with the coach', body: ActionBody, response: answers({ 200: ActionAnswer }) } }, async (request) =>
    coachRelationshipAction(ctx, request.caller, request.body));

  app.get('/coach/requests', { schema: { 'x-access': 'signedIn', tags, summary: 'The pending coaching requests the caller sent or must answer', 'x-no-input': true, response: answers({ 200: Type.Array(Relationship) }) } }, async (request) =>
    coachRequests(ctx, request.caller));
};
