import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { ruleContextFor } from '../app-context.js';
import { AppError } from '../errors.js';
import { verifiedCaller } from './auth.js';
import { isPublicSchema, missingAccess, requireAccess } from './route-access.js';

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

/** The caller of a signed-in route: 401 unless the bearer token is good and its session current. */
async function signedIn(request: FastifyRequest): Promise<RuleContext> {
  const { user, current } = await verifiedCaller(request);
  if (!(await current)) throw new AppError('unauthorized', 'Unauthorized');
  return ruleContextFor(request.server.ctx, user);
}

/**
 * The one access chokepoint of the API (DESIGN section 5): every route that is not public gets its
 * caller's context here and its declared access checked (server/plugins/route-access.ts), before
 * its input is validated, so a caller who is not signed in is answered 401 and one without the
 * route's access 403, never a 400 describing the body. Deny by default: a route that is not public
 * (`security: []`) and names no access ('x-access') stops the server at start.
 */
export function registerCaller(api: FastifyInstance): void {
  api.decorateRequest('caller', null as unknown as RuleContext);
  api.addHook('onRoute', (route) => {
    const problem = missingAccess(route);
    if (problem !== null) throw new Error(problem);
  });
  // preValidation: after the input guard (a NUL character is refused at the edge, signed in or not), before the schema
  api.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    if (request.routeOptions.url === undefined || isPublicSchema(schema)) return;
    request.caller = await signedIn(request);
    await requireAccess(request, schema?.['x-access']);
  });
}
