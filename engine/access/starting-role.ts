import type { Role } from '../metadata/app-schema.js';
import { defaultRole } from './role-duties.js';

/**
 * The role a person starts in at sign-in: among the roles held, the one with the lowest
 * `startRank` in role metadata (the director's before the professional's, so a director
 * sees the director's work first); with no ranked role held, the first role held; with none, the
 * default role (the staff role).
 * `held` is in the order the roles were granted.
 */
export function startingRole(held: readonly string[], roles: ReadonlyMap<string, Role>): string {
  const ranked = held.filter((code) => roles.get(code)?.startRank !== undefined);
  if (ranked.length > 0) return [...ranked].sort((a, b) => roles.get(a)!.startRank! - roles.get(b)!.startRank!)[0]!;
  return held[0] ?? defaultRole(roles);
}
