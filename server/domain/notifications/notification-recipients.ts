import type { Knex } from 'knex';
import { roleWithDuty } from '../../../engine/access/role-duties.js';
import type { Registry } from '../../../engine/metadata/registry.js';
import { assignedHolderIds, holderIdsAt, holderIdsWhereHeld } from '../../data/held-role-store.js';

/** The people holding an active director role (roles.json duty 'director') at the organization. */
export async function directorsOf(knex: Knex | Knex.Transaction, registry: Registry, organizationId: number): Promise<number[]> {
  const director = roleWithDuty(registry.roles, 'director');
  if (director === undefined) return [];
  return holderIdsAt(knex, organizationId, director);
}

/**
 * Who reviews a verification of the person's records (spec part 3 section 4, roles 200 and 350):
 * the directors of every organization where the person holds an active staff role, and the
 * licensing consultants to whom a supervisor assigned one of those organizations. (A consultant
 * without assignments sees every request on the Verification Requests screen but is not notified
 * of each one in the state.)
 */
export async function reviewersOf(knex: Knex | Knex.Transaction, registry: Registry, personId: number): Promise<number[]> {
  const [staff, director, consultant] = (['staff', 'director', 'consultant'] as const).map((d) => roleWithDuty(registry.roles, d));
  if (staff === undefined) return [];
  const found: number[] = [];
  if (director !== undefined) found.push(...await holderIdsWhereHeld(knex, personId, staff, director));
  if (consultant !== undefined) found.push(...await assignedHolderIds(knex, personId, staff, consultant));
  return [...new Set(found)].filter((id) => id !== personId);
}
