import type { Knex } from 'knex';
import { roleWithDuty } from '../../../engine/access/role-duties.js';
import type { Registry } from '../../../engine/metadata/registry.js';

const ids = (rows: { user_id: number | string }[]) => [...new Set(rows.map((r) => Number(r.user_id)))];

/** The people holding an active director role (roles.json duty 'director') at the organization. */
export async function directorsOf(knex: Knex | Knex.Transaction, registry: Registry, organizationId: number): Promise<number[]> {
  const director = roleWithDuty(registry.roles, 'director');
  if (director === undefined) return [];
  return ids(await knex('user_roles').where({ organization_id: organizationId, role: director, active: true }).distinct('user_id') as { user_id: number }[]);
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
  const orgs = knex('user_roles').where({ user_id: personId, role: staff, active: true }).whereNotNull('organization_id').select('organization_id');
  const found: number[] = [];
  if (director !== undefined) {
    found.push(...ids(await knex('user_roles').whereIn('organization_id', orgs.clone()).andWhere({ role: director, active: true }).distinct('user_id') as { user_id: number }[]));
  }
  if (consultant !== undefined) {
    const rows = await knex('staff_agency_assignments as a').join('user_roles as r', (j) => j.on('r.user_id', 'a.staff_user_id').andOnVal('r.role', consultant).andOnVal('r.active', true))
      .whereIn('a.organization_id', orgs.clone()).distinct({ user_id: 'a.staff_user_id' }) as { user_id: number }[];
    found.push(...ids(rows));
  }
  return [...new Set(found)].filter((id) => id !== personId);
}
