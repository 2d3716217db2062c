import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { userById } from '../data/user-store.js';
import { loadIdentity } from '../domain/identity.js';
import { signOut } from '../domain/sessions/sign-in.js';
import { AppError } from '../errors.js';
import { signToken, TOKEN_LIFETIME_SECONDS, TOKEN_REFRESH_SECONDS, type TokenPayload } from '../plugins/auth.js';
import { answers, NoContent, TokenAnswer } from './answer-schemas.js';

const tags = ['session'];

/** The `jwt` JSON text of login, role switch and heartbeat: auth_token, expires_in, refresh_at and id. */
export function tokenText(app: FastifyInstance, payload: TokenPayload): { text: string; token: string } {
  const token = signToken(app, payload);
  return { token, text: JSON.stringify({ id: payload.id, auth_token: token, expires_in: TOKEN_LIFETIME_SECONDS, refresh_at: TOKEN_REFRESH_SECONDS }) };
}

/**
 * GET /api/auth/heartbeat (spec part 1 section 4): a fresh token for an active signed-in person,
 * in the body as `{ jwt }` and in the `x-auth-token` header; roles are read again, and a locked or
 * removed account gets 401. POST /api/auth/logout revokes the caller's token.
 */
export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get('/auth/heartbeat', { schema: { 'x-access': 'signedIn', tags, summary: 'A fresh session token (also in the x-auth-token header)', 'x-no-input': true, response: answers({ 200: TokenAnswer }) } }, async (request, reply) => {
    const caller = request.caller.user;
    const user = await userById(db.knex, caller.id);
    if (!user || user.locked) throw new AppError('unauthorized', 'Unauthorized');
    const identity = await loadIdentity(db.knex, app.ctx.registries, user);
    const { text, token } = tokenText(app, identity);
    reply.header('x-auth-token', token);
    return { jwt: text };
  });

  app.post('/auth/logout', { schema: { 'x-access': 'signedIn', tags, summary: 'Sign out: the token is revoked', 'x-no-input': true, response: answers({ 204: NoContent }) } }, async (request, reply) => {
    await signOut(app, request, request.caller.user.id);
    return reply.status(204).send();
  });
};
