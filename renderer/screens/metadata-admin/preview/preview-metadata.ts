import type { ClientMetadata } from '../../../../engine/metadata/client-metadata.js';
import type { Grid } from '../../../../engine/metadata/grid-schema.js';
import type { Role } from '../../../../engine/metadata/app-schema.js';
import type { RuleUser } from '../../../../engine/rules/rule-context.js';

/** The metadata a preview renders: the given grid in place of (or added to) the metadata's own. */
export function withGrid(m: ClientMetadata, grid: Grid): ClientMetadata {
  const has = m.grids.some((g) => g.id === grid.id);
  return { ...m, grids: has ? m.grids.map((g) => (g.id === grid.id ? grid : g)) : [...m.grids, grid] };
}

/**
 * The person the rules see in a preview as a role: the administrator's id (the data calls are theirs)
 * holding only the chosen role, active, with that role's claims.
 */
export function previewUser(userId: number, role: Role | undefined, roleId: string): RuleUser {
  return { id: userId, roles: [roleId], activeRole: roleId, claims: role?.claims ?? [] };
}
