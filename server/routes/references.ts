import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerReference, referenceLinkState } from '../domain/references/reference-answer.js';
import { requireFeature } from '../domain/features.js';
import { AppError } from '../errors.js';
import { answers, MessageAnswer } from './answer-schemas.js';

const tags = ['references'];
/** References belong to the resume: while the tenant's Resume feature is off, the referee's link answers 404 too. */
const REFERENCES_FEATURE = 'Resume';
const RequestId = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the reference request the link names' });
const Code = Type.String({ minLength: 1, maxLength: 64, description: "the link's one-time code" });

const LinkQuery = Type.Object({ request: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'the reference request the link names' }), code: Code }, { additionalProperties: false });
const LinkState = Type.Union([Type.Literal('valid'), Type.Literal('used'), Type.Literal('expired'), Type.Literal('cancelled'), Type.Literal('unknown')]);
const LinkAnswer = Type.Object({
  state: LinkState,
  message: Type.Optional(Type.String({ description: 'why the link no longer works' })),
  name: Type.Optional(Type.String({ description: 'the professional asking for the reference' })),
  requestMessage: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  refereeName: Type.Optional(Type.String()),
  elements: Type.Optional(Type.Array(Type.Object({
    id: Type.Integer(), type: Type.String(), subtype: Type.Optional(Type.String()), stimulus: Type.String(), required: Type.Boolean(),
    maxLength: Type.Optional(Type.Integer()), width: Type.Optional(Type.Integer()), tooltip: Type.Optional(Type.String()),
  }, { additionalProperties: false }), { description: "the referee's form (27)" })),
}, { additionalProperties: false });
const AnswerBody = Type.Object({
  request: RequestId,
  code: Code,
  elementResponses: Type.Array(Type.Object({
    formElementId: Type.Integer(),
    value: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Null()])),
  }, { additionalProperties: false }), { maxItems: 50 }),
}, { additionalProperties: false });

/**
 * The referee's one-time link (issue 28): public (no account), limited per address like sign-in
 * (RATE_LIMIT_PER_IP per RATE_LIMIT_WINDOW_SECONDS), so guessing codes gets nowhere. The
 * professional's side (the request, its cancellation) is the generic form and workflow API.
 */
export const referenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const limits = ctx.config.rateLimit;
  const perIp = app.createRateLimit({ max: limits.perIp, timeWindow: limits.windowSeconds * 1000, keyGenerator: (r) => `reference-link|${r.ip}` });
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await perIp(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('too-many', `Too many attempts. Please wait ${limit.ttlInSeconds} seconds and try again.`);
    }
  };

  app.get('/references/answer', {
    schema: { tags, summary: "What a referee's link opens (public)", security: [], querystring: LinkQuery, response: answers({ 200: LinkAnswer }) },
    preValidation: limited,
  }, async (request) => {
    await requireFeature(ctx, REFERENCES_FEATURE);
    return referenceLinkState(ctx, Number(request.query.request), request.query.code);
  });

  app.post('/references/answer', {
    schema: { tags, summary: "The referee's answer through the one-time link (public)", security: [], body: AnswerBody, response: answers({ 200: MessageAnswer }) },
    preValidation: limited,
  }, async (request) => {
    await requireFeature(ctx, REFERENCES_FEATURE);
    return answerReference(ctx, request.body.request, request.body.code, request.body.elementResponses);
  });
};
