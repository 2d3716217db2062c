import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { ruleContextFor } from '../app-context.js';
import { AppError } from '../errors.js';
import { verifiedCaller } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in caller's rule context (identity, roles, relations loaded when a rule asks),
     * made once per request before the body is validated. Set on every route but the public ones
     * (their schema says `security: []`); a public route never reads it.
     */
    caller: RuleContext;
  }
}

/** A route anyone may call: its OpenAPI schema names no security requirement. */
function isPublic(request: FastifyRequest): boolean {
  const security = request.routeOptions.schema?.security;
  return Array.isArray(security) && security.length === 0;
}

/** The caller of a signed-in route: 401 unless the bearer token is good and its session current. */
async function signedIn(request: FastifyRequest): Promise<RuleContext> {
  const { user, current } = await verifiedCaller(request);
  if (!(await current)) throw new AppError('unauthorized', 'Unauthorized');
  return ruleContextFor(request.server.ctx, user);
}

/**
 * The one access chokepoint of the API (DESIGN section 5): every route that is not public gets its
 * caller's context here, before its input is validated, so a caller who is not signed in is
 * answered 401 and never a 400 describing the body. Deny by default: a new route is signed-in
 * unless its schema says otherwise.
 */
export function registerCaller(api: FastifyInstance): void {
  api.decorateRequest('caller', null as unknown as RuleContext);
  // preValidation: after the input guard (a NUL character is refused at the edge, signed in or not), before the schema
  api.addHook('preValidation', async (request) => {
    if (request.routeOptions.url === undefined || isPublic(request)) return;
    request.caller = await signedIn(request);
  });
}
