import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { AppError } from '../errors.js';

/** The endpoints a password guesser or a mail flooder would hammer (issue 4, item 2). */
export const RATE_LIMITED_ROUTES = new Set(['POST /api/auth/login', 'POST /api/accounts', 'POST /api/accounts/forgotpassword', 'POST /api/accounts/sendconfemail', 'POST /api/accounts/resendnotify', 'POST /api/accounts/resetpassword']);

/** The account an attempt is about: userName (sign-in) or email (registration, forgot password). */
function accountOf(request: FastifyRequest): string | null {
  const body = request.body;
  if (!body || typeof body !== 'object') return null;
  const { userName, email } = body as { userName?: unknown; email?: unknown };
  const account = typeof userName === 'string' ? userName : typeof email === 'string' ? email : null;
  return account ? account.trim().toLowerCase() : null;
}

/**
 * Per IP and per IP + account limits on sign-in, registration and forgot password, counted in
 * memory per server instance; over the limit the answer is 429 with Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance, limits: AppConfig['rateLimit']): Promise<void> {
  await app.register(rateLimit, { global: false, cache: 10_000 });
  const timeWindow = limits.windowSeconds * 1000;
  const perIp = app.createRateLimit({ max: limits.perIp, timeWindow, keyGenerator: (r) => `ip|${r.ip}` });
  const perAccount = app.createRateLimit({ max: limits.perAccount, timeWindow, keyGenerator: (r) => `account|${r.ip}|${accountOf(r) ?? ''}` });
  const check = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const checks = [await perIp(request)];
    if (accountOf(request)) checks.push(await perAccount(request));
    const exceeded = checks.find((c) => !c.isAllowed && c.isExceeded);
    if (!exceeded || exceeded.isAllowed) return;
    reply.header('retry-after', exceeded.ttlInSeconds);
    throw new AppError('too-many', `Too many attempts. Please wait ${exceeded.ttlInSeconds} seconds and try again.`);
  };
  // on those routes only (after the app's own preValidation hooks, before the body's validation): no other request pays for it
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!RATE_LIMITED_ROUTES.has(`${method} ${route.url}`)) continue;
      route.preValidation = [...[route.preValidation ?? []].flat(), check];
      return;
    }
  });
}
