import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decideVerification, requestVerification } from '../domain/verification/verification-commands.js';
import { verificationHistory, verificationStatus, viewForVerification } from '../domain/verification/verification-queries.js';
import { verificationOutcome } from '../domain/verification/verification-outcome.js';
import type { RecordRef } from '../domain/verification/verification-target.js';
import { answers } from './answer-schemas.js';
import { AnsweredId, OrNull, RowId, RowIdText } from './id-schemas.js';

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
const VerificationState = Type.Union([Type.Literal('None'), Type.Literal('Requested'), Type.Literal('Approved'), Type.Literal('Rejected')]);
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
  state: VerificationState,
  decision: Type.Union([Action, Type.Null()]),
  history: Type.Array(Action),
}, { additionalProperties: false });
const StepAnswer = Type.Object({
  verificationId: AnsweredId,
  entityTypeId: AnsweredId,
  entityId: AnsweredId,
  verificationStatus: OrNull(Type.Union([Type.Literal('Approved'), Type.Literal('Rejected'), Type.Literal('Requested')])),
  verified: Type.Boolean(),
  actionType: Type.Integer({ description: '1 Requested, 3 Approved, 4 Declined, 5 Removed' }),
  message: Type.String(),
}, { additionalProperties: false });
const StatusAnswer = Type.Object({
  entityTypeId: AnsweredId,
  entityId: AnsweredId,
  state: VerificationState,
  available: Type.Boolean(),
  verificationId: OrNull(AnsweredId),
  viewed: Type.Boolean(),
  downloaded: Type.Boolean(),
  needsView: Type.Boolean({ description: 'the verifier must view the record (and its files) before deciding' }),
  request: Type.Boolean({ description: 'the caller may request verification' }),
  verify: Type.Boolean(),
  decline: Type.Boolean(),
  remove: Type.Boolean(),
}, { additionalProperties: false });
const tags = ['verification'];
const HistoryQuery = Type.Object({ verificationId: IdText }, { additionalProperties: false });

const refOf = (q: { entityTypeId: string; entityId: string }): RecordRef => ({ entityTypeId: Number(q.entityTypeId), entityId: Number(q.entityId) });

/** Verification of records (spec part 2 sections 4, 6, 7 and 8). */
export const verificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/verification/request', { schema: { 'x-access': 'signedIn', tags, summary: 'Request verification of a record', body: RecordBody, response: answers({ 200: StepAnswer }) } }, async (request) => {
    return requestVerification(ctx, request.caller, request.body);
  });

  app.post('/verification', { schema: { 'x-access': 'signedIn', tags, summary: 'Verify, decline or remove a verification', body: DecisionBody, response: answers({ 200: StepAnswer }) } }, async (request) => {
    return decideVerification(ctx, request.caller, request.body);
  });

  app.get('/verification', { schema: { 'x-access': 'signedIn', tags, summary: 'The actions of a verification', querystring: HistoryQuery, response: answers({ 200: Type.Array(Action) }) } }, async (request) => {
    const { verificationId } = request.query;
    return verificationHistory(ctx, request.caller, Number(verificationId));
  });

  app.get('/verification/outcome', { schema: { 'x-access': 'signedIn', tags, summary: 'A record verification state, decision and history', querystring: RecordQuery, response: answers({ 200: OutcomeResponse }) } }, async (request) => {
    return verificationOutcome(ctx, request.caller, refOf(request.query));
  });

  app.get('/verification/status', { schema: { 'x-access': 'signedIn', tags, summary: 'What the caller may do about a record verification', querystring: RecordQuery, response: answers({ 200: StatusAnswer }) } }, async (request) => {
    return verificationStatus(ctx, request.caller, refOf(request.query));
  });

  app.post('/verification/view', { schema: { 'x-access': 'signedIn', tags, summary: 'Note that the verifier viewed the record', body: RecordBody, response: answers({ 200: StatusAnswer }) } }, async (request) => {
    return viewForVerification(ctx, request.caller, request.body);
  });
};
