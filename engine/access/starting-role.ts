import type { Role } from '../metadata/app-schema.js';
import { DEFAULT_ROLE } from '../rules/rule-context.js';

/**
 * The role a person starts in at sign-in: among the roles held, the one with the lowest
 * `startRank` in role metadata (the director's 200 before the professional's 100, so a director
 * sees the director's work first); with no ranked role held, the first role held; with none, 100.
 * `held` is in the order the roles were granted.
 */
export function startingRole(held: readonly string[], roles: ReadonlyMap<string, Role>): string {
  const ranked = held.filter((code) => roles.get(code)?.startRank !== undefined);
  if (ranked.length > 0) return [...ranked].sort((a, b) => roles.get(a)!.startRank! - roles.get(b)!.startRank!)[0]!;
  return held[0] ?? DEFAULT_ROLE;
}
