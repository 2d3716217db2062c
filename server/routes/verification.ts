import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { callerContext } from '../app-context.js';
import { decideVerification, requestVerification, type DecisionRequest } from '../domain/verification/verification-commands.js';
import { verificationHistory, verificationStatus, viewForVerification } from '../domain/verification/verification-queries.js';
import { verificationOutcome } from '../domain/verification/verification-outcome.js';
import type { RecordRef } from '../domain/verification/verification-target.js';
import { RowId, RowIdText } from './id-schemas.js';

const Id = RowId;
const IdText = RowIdText;
const RecordBody = Type.Object({ entityTypeId: Id, entityId: Id }, { additionalProperties: false });
const RecordQuery = Type.Object({ entityTypeId: IdText, entityId: IdText }, { additionalProperties: false });
const DecisionBody = Type.Object({
  entityTypeId: Id,
  entityId: Id,
  primaryEntityId: Type.Optional(Type.Union([Id, Type.Null()])),
  isVerified: Type.Boolean(),
  comments: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  agencyId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** ours: says which decision is meant, so a Decline never removes a verification granted meanwhile */
  action: Type.Optional(Type.Union([Type.Literal('verify'), Type.Literal('decline'), Type.Literal('remove'), Type.Null()])),
}, { additionalProperties: false });
const Action = Type.Object({
  id: Type.Integer(),
  verificationId: Type.Integer(),
  actionType: Type.Integer({ description: '1 Requested, 3 Approved, 4 Declined, 5 Removed' }),
  actionUser: Type.Object({ id: Type.Integer(), name: Type.String() }),
  lastChangeDateTime: Type.String(),
  agencyId: Type.Union([Type.Integer(), Type.Null()]),
  agencyName: Type.Union([Type.String(), Type.Null()]),
  comments: Type.Union([Type.String(), Type.Null()]),
}, { additionalProperties: false });
const OutcomeResponse = Type.Object({
  entityTypeId: Type.Integer(),
  entityId: Type.Integer(),
  state: Type.Union([Type.Literal('None'), Type.Literal('Requested'), Type.Literal('Approved'), Type.Literal('Rejected')]),
  decision: Type.Union([Action, Type.Null()]),
  history: Type.Array(Action),
}, { additionalProperties: false });
const HistoryQuery = Type.Object({ verificationId: IdText }, { additionalProperties: false });

const refOf = (q: { entityTypeId: string; entityId: string }): RecordRef => ({ entityTypeId: Number(q.entityTypeId), entityId: Number(q.entityId) });

/** Verification of records (spec part 2 sections 4, 6, 7 and 8). */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.post('/verification/request', { schema: { body: RecordBody } }, async (request) => {
    return requestVerification(ctx, await callerContext(request), request.body as RecordRef);
  });

  app.post('/verification', { schema: { body: DecisionBody } }, async (request) => {
    return decideVerification(ctx, await callerContext(request), request.body as DecisionRequest);
  });

  app.get('/verification', { schema: { querystring: HistoryQuery } }, async (request) => {
    const { verificationId } = request.query as { verificationId: string };
    return verificationHistory(ctx, await callerContext(request), Number(verificationId));
  });

  app.get('/verification/outcome', { schema: { querystring: RecordQuery, response: { 200: OutcomeResponse } } }, async (request) => {
    return verificationOutcome(ctx, await callerContext(request), refOf(request.query as { entityTypeId: string; entityId: string }));
  });

  app.get('/verification/status', { schema: { querystring: RecordQuery } }, async (request) => {
    return verificationStatus(ctx, await callerContext(request), refOf(request.query as { entityTypeId: string; entityId: string }));
  });

  app.post('/verification/view', { schema: { body: RecordBody } }, async (request) => {
    return viewForVerification(ctx, await callerContext(request), request.body as RecordRef);
  });
}
