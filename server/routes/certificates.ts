import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkCertificate } from '../domain/certificates/certificate-check.js';
import { AppError } from '../errors.js';
import { answers } from './answer-schemas.js';

const CheckQuery = Type.Object({ code: Type.String({ maxLength: 64, description: 'the code printed on the certificate; case and group hyphens do not matter' }) }, { additionalProperties: false });
const CheckAnswer = Type.Union([
  Type.Object({ valid: Type.Literal(false) }, { additionalProperties: false }),
  Type.Object({
    valid: Type.Literal(true),
    name: Type.String({ description: 'the person the certificate was issued to' }),
    course: Type.String({ description: 'course: session' }),
    date: Type.String({ description: 'date completed, YYYY-MM-DD' }),
  }, { additionalProperties: false }),
]);

/**
 * The public certificate check (issue 14 item 6): no sign-in. Codes carry 60 random bits, and the
 * route is limited per address like sign-in (RATE_LIMIT_PER_IP per RATE_LIMIT_WINDOW_SECONDS),
 * so trying codes in bulk gets nowhere.
 */
export const certificateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const limits = ctx.config.rateLimit;
  const perIp = app.createRateLimit({ max: limits.perIp, timeWindow: limits.windowSeconds * 1000, keyGenerator: (r) => `certificate-check|${r.ip}` });
  app.get('/certificates/check', {
    schema: { tags: ['training'], summary: 'Check a certificate code (public)', security: [], querystring: CheckQuery, response: answers({ 200: CheckAnswer }) },
  }, async (request, reply) => {
    const limit = await perIp(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('too-many', `Too many attempts. Please wait ${limit.ttlInSeconds} seconds and try again.`);
    }
    return checkCertificate(ctx, request.query.code);
  });
};
