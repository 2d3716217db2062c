import type { FastifyRequest } from 'fastify';
import { DRAFT_HEADER } from '../../../engine/metadata/admin-contract.js';
import type { Registry } from '../../../engine/metadata/registry.js';
import type { RuleUser } from '../../../engine/rules/rule-context.js';
import { todayIn } from '../../../engine/rules/today.js';
import { holdsNamed } from '../../rules/evaluate.js';
import { requireUser } from '../../plugins/auth.js';
import { draftCompile } from './metadata-layer.js';

/** The active role holds Metadata.write: rule administersMetadata, the access of the administrators' API. */
function administers(registry: Registry, user: RuleUser): Promise<boolean> {
  return holdsNamed(registry, 'administersMetadata', { user, roles: registry.roles, tenant: registry.tenant.code, today: todayIn(registry.tenant.timeZone) });
}

/**
 * Whether a request may run on its caller's drafts: a read under /api/ carrying the draft header
 * (GET or HEAD, or a POST route marked 'x-read' such as a grid page or a form's definition), never
 * an administration call (/api/admin/: they act on the published registry even when the drafts take
 * Metadata.write away) and never a change (a draft must not act on data or on a token).
 */
export function takesDrafts(request: FastifyRequest): boolean {
  const route = request.routeOptions.url; // the matched route's pattern (undefined when none matched)
  if (request.headers[DRAFT_HEADER] === undefined || !route?.startsWith('/api/') || route.startsWith('/api/admin/')) return false;
  return request.method === 'GET' || request.method === 'HEAD' || (request.method === 'POST' && request.routeOptions.schema?.['x-read'] === true);
}

/**
 * The registry of a request carrying the draft header: the caller's drafts applied when the bearer
 * token is good and the active role holds Metadata.write; else (or with no draft that compiles)
 * the current one. The route answers 401/403 itself as it would without the header.
 */
export async function previewRegistry(request: FastifyRequest): Promise<Registry> {
  const { ctx } = request.server;
  const current = ctx.registries.current;
  let user: RuleUser;
  try {
    user = await requireUser(request);
  } catch {
    return current;
  }
  if (!(await administers(current, user))) return current;
  return (await draftCompile(ctx, user.id))?.registry ?? current;
}
