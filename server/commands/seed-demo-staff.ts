import type { Knex } from 'knex';
import type { Registry } from '../../engine/metadata/registry.js';
import { nowIso } from '../data/clock.js';
import { addRoles } from '../data/held-role-store.js';
import { createUser } from '../domain/identity.js';

/** Demo staff without a sign-in: they fill the director's second organization on Staff Management. */
const SECOND_ORGANIZATION_STAFF = [
  { first: 'Ethan', last: 'Miles' },
  { first: 'Priya', last: 'Shah' },
] as const;

/**
 * The demo director (200) also directs the second demo organization, where two more people hold
 * the staff role, so Staff Management shows its organization dropdown. Run before the demo
 * employment records are made (each organization role gets one). Answers the new people's ids.
 */
export async function seedDemoStaff(knex: Knex, registry: Registry, directorId: number | undefined, organizationId: number | undefined): Promise<number[]> {
  if (directorId === undefined || organizationId === undefined || !registry.roles.has('200')) return [];
  const now = nowIso();
  await addRoles(knex, directorId, ['100', '200'].map((role) => ({ role, organizationId })), now);
  const ids: number[] = [];
  for (const p of SECOND_ORGANIZATION_STAFF) {
    const user = await createUser(knex, registry, {
      email: `${p.first.toLowerCase()}.${p.last.toLowerCase()}@demo.registry.test`, password: null, firstName: p.first, lastName: p.last,
      roles: [{ role: '100', organizationId }], confirmed: true, firstTime: false,
    }, null);
    ids.push(user.id);
  }
  return ids;
}
