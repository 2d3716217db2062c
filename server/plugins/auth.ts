import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_ROLE, type RuleUser } from '../../engine/rules/rule-context.js';
import { RevokedTokens } from '../domain/sessions/revoked-tokens.js';
import { AppError } from '../errors.js';

/** What the bearer token carries (spec part 1 section 3: id, roles, permissions). */
export interface TokenPayload {
  id: number;
  roles: string[];
  activeRole: string;
  permissions: string[];
  /** token id, so that logout can revoke it (set by signToken) */
  jti?: string;
  /** expiry, epoch seconds (set when signed) */
  exp?: number;
}

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
  const revoked = new RevokedTokens(app.ctx.db.knex);
  await revoked.load();
  app.decorate('revokedTokens', revoked);
}

/** The signed-in caller as the rule engine sees it; 401 when the bearer token is missing or bad. */
export async function requireUser(request: FastifyRequest): Promise<RuleUser> {
  try {
    await request.jwtVerify();
  } catch {
    throw new AppError('unauthorized', 'Unauthorized');
  }
  const p = request.user;
  if (request.server.revokedTokens.has(p.jti)) throw new AppError('unauthorized', 'Unauthorized');
  return { id: p.id, roles: p.roles, activeRole: p.activeRole || DEFAULT_ROLE, claims: p.permissions };
}

export function signToken(app: FastifyInstance, payload: TokenPayload): string {
  const { id, roles, activeRole, permissions } = payload;
  return app.jwt.sign({ id, roles, activeRole, permissions, jti: randomUUID() });
}
