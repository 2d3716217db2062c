import type { Knex } from 'knex';
import { organizationRoles, type Roles } from '../../../engine/access/role-duties.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { invalid } from '../../errors.js';
import { sharedAgencies } from '../../data/verification-store.js';
import { relationOf } from '../../rules/relation-of.js';

/**
 * The agency a decision is made for (history column agencyName): a director (the active role)
 * acts for an organization they direct where the owner is on staff; the one named by `agencyId`,
 * else the first such. Other reviewers (licensing staff, managers) act for no agency.
 */
export async function resolveAgency(trx: Knex.Transaction, roles: Roles, context: RuleContext, ownerId: number, agencyId: number | null): Promise<number | null> {
  const { staff, director } = organizationRoles(roles);
  if (context.user.activeRole !== director) {
    if (agencyId !== null) throw invalid('Only a director acts for an agency.', { agencyId: 'Only a director acts for an agency.' });
    return null;
  }
  const agencies = await sharedAgencies(trx, (await relationOf(context, 'directedOrganizations')).map(Number), ownerId, staff);
  if (agencyId === null) return agencies[0] ?? null;
  if (!agencies.includes(agencyId)) throw invalid('You do not direct this agency for this person.', { agencyId: 'You do not direct this agency for this person.' });
  return agencyId;
}
