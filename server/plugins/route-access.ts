import type { FastifyRequest, FastifySchema } from 'fastify';
import type { RuleNamedInCode } from '../../engine/rules/named-rule.js';
import { requireMessaging } from '../domain/messages/messaging-access.js';
import { forbidden } from '../errors.js';
import { holdsNamed } from '../rules/evaluate.js';

/**
 * Who may call a protected route at all, whatever its input (issue 26): any signed-in person
 * ('signedIn'), a sender of messages (the active role is one of messaging.json's senderRoles), or
 * the holder of a named rule of the rule library (metadata/rules.json). Which record a caller may
 * act on is a row-level check of the domain (it needs the input); this is the route's own gate.
 */
export type RouteAccess = 'signedIn' | 'sendsMessages' | RuleNamedInCode;

declare module 'fastify' {
  interface FastifySchema {
    /** the route's access, checked before its input is validated (server/plugins/caller.ts); every route but a public one names it */
    'x-access'?: RouteAccess;
  }
}

/** A route anyone may call: its OpenAPI schema names no security requirement. */
export function isPublicSchema(schema: FastifySchema | undefined): boolean {
  const security = schema?.security;
  return Array.isArray(security) && security.length === 0;
}

/** Why a route cannot be served (deny by default): a protected route that names no access. */
export function missingAccess(route: { method: string | string[]; url: string; schema?: FastifySchema }): string | null {
  if (isPublicSchema(route.schema) || route.schema?.['x-access'] !== undefined) return null;
  return `${String(route.method)} ${route.url}: a protected route names no access ('x-access' in its schema, or 'security: []' when public)`;
}

/** 403 (the answer of every refused access) unless the signed-in caller holds the route's access; none named is none held. */
export async function requireAccess(request: FastifyRequest, access: RouteAccess | undefined): Promise<void> {
  if (access === undefined) throw forbidden();
  if (access === 'signedIn') return;
  const { ctx } = request.server;
  if (access === 'sendsMessages') {
    requireMessaging(ctx, request.caller.user);
    return;
  }
  if (!(await holdsNamed(ctx.registry, access, request.caller))) throw forbidden();
}
