import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenPayload } from '../domain/sessions/token-payload.js';
import { sessionIsCurrent } from '../domain/sessions/session-generation.js';

/**
 * The access token of a hub request: the `access_token` query parameter (browsers cannot set
 * headers on a WebSocket), else the bearer token (the client sends it on negotiate, and on the
 * WebSocket too when it runs outside a browser).
 */
export function hubAccessToken(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return null;
}

/** A request address as logged: the hub's access token (a query parameter) replaced by a mark. */
export function withoutAccessToken(url: string): string {
  return url.replace(/([?&]access_token=)[^&#]*/g, '$1[redacted]');
}

/** The token's payload when it opens a session exactly as the bearer token would (signature, expiry, logout, sessionIsCurrent); else null. */
export async function hubCaller(app: FastifyInstance, request: FastifyRequest): Promise<TokenPayload | null> {
  const token = hubAccessToken(request);
  if (!token) return null;
  let payload: TokenPayload;
  try {
    payload = app.jwt.verify<TokenPayload>(token);
  } catch {
    return null;
  }
  if (typeof payload.id !== 'number' || app.revokedTokens.has(payload.jti)) return null;
  if (!(await sessionIsCurrent(app.ctx.db, payload.id, payload.gen ?? 0))) return null;
  return payload;
}
