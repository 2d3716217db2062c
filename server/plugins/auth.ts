import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RuleUser } from '../../engine/rules/rule-context.js';
import { defaultRole } from '../../engine/access/role-duties.js';
import { RevokedTokens } from '../domain/sessions/revoked-tokens.js';
import { sessionIsCurrent } from '../domain/sessions/session-generation.js';
import { sessionsEndedInRequest } from '../metadata/registry-holder.js';
import { loadIdentity } from '../domain/identity.js';
import { userById } from '../data/user-store.js';
import { AppError } from '../errors.js';
import type { TokenPayload } from '../domain/sessions/token-payload.js';

export type { TokenPayload };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    revokedTokens: RevokedTokens;
  }
}

export const TOKEN_LIFETIME_SECONDS = 18_000;
export const TOKEN_REFRESH_SECONDS = 900;

export async function registerAuth(app: FastifyInstance, secret: string): Promise<void> {
  await app.register(fastifyJwt, {
    secret,
    sign: { expiresIn: TOKEN_LIFETIME_SECONDS },
    verify: { cache: true },
  });
  const revoked = new RevokedTokens(app.ctx.db.knex, app.ctx.live);
  await revoked.load();
  app.decorate('revokedTokens', revoked);
  // people who ended their own sessions in this request (endSessions, kept in the request's registry scope) go on with a new token in x-auth-token
  const renewToken = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { knex } = app.ctx.db;
    const user = await userById(knex, request.user.id);
    if (!user || !(await sessionIsCurrent(app.ctx.db, user.id, Number(user.session_generation ?? 0)))) return;
    reply.header('x-auth-token', signToken(app, await loadIdentity(knex, app.ctx.registries, user)));
  };
  // a callback hook: the answers that renew nothing (nearly all) pass without a promise
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 || reply.hasHeader('x-auth-token') || !sessionsEndedInRequest()?.has(request.user?.id)) {
      done(null, payload);
      return;
    }
    renewToken(request, reply).then(() => done(null, payload), (e: Error) => done(e));
  });
}

/**
 * The signed-in caller as the rule engine sees it; 401 when the bearer token is missing or bad,
 * revoked by logout, or no longer current (sessionIsCurrent: ended, locked or archived).
 */
export async function requireUser(request: FastifyRequest): Promise<RuleUser> {
  const { user, current } = await verifiedCaller(request);
  if (!(await current)) throw new AppError('unauthorized', 'Unauthorized');
  return user;
}

/**
 * The bearer token's person once its signature, expiry and logout are checked (401 otherwise),
 * with the check that the session is still current under way: a caller may read what it needs
 * of that person meanwhile (one round trip instead of two), and must not answer before `current`
 * holds (await both together, so that neither rejection goes unhandled).
 */
export async function verifiedCaller(request: FastifyRequest): Promise<{ user: RuleUser; current: Promise<boolean> }> {
  try {
    await request.jwtVerify();
  } catch {
    throw new AppError('unauthorized', 'Unauthorized');
  }
  const p = request.user;
  if (request.server.revokedTokens.has(p.jti)) throw new AppError('unauthorized', 'Unauthorized');
  return { user: ruleUserOf(p, request.server.ctx.registry.roles), current: sessionIsCurrent(request.server.ctx.db, p.id, p.gen ?? 0) };
}

type TenantRoles = Parameters<typeof defaultRole>[0];
const ruleUsers = new WeakMap<object, { roles: TenantRoles; user: RuleUser }>();

/**
 * The token's person as the rules see them: one read-only object per verified token (the verify
 * cache answers a token it verified before with the same payload object) and tenant roles, so the
 * caches keyed by the caller (engine/rules/caller-memo.ts) find it without spelling it out again.
 */
function ruleUserOf(p: TokenPayload & object, roles: TenantRoles): RuleUser {
  const known = ruleUsers.get(p);
  if (known?.roles === roles) return known.user;
  const user: RuleUser = Object.freeze({ id: p.id, roles: p.roles, activeRole: p.activeRole || defaultRole(roles), claims: p.permissions });
  ruleUsers.set(p, { roles, user });
  return user;
}

export function signToken(app: FastifyInstance, payload: TokenPayload): string {
  const { id, roles, activeRole, permissions, gen } = payload;
  return app.jwt.sign({ id, roles, activeRole, permissions, gen: gen ?? 0, jti: randomUUID() });
}
