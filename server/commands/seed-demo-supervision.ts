import type { AppContext } from '../app-context.js';
import { createUser } from '../domain/identity.js';
import { assignAgency } from '../domain/staff/staff-assignments.js';
import { contextOf } from './seed-demo-work.js';

/**
 * Supervisor Staff Management in the demo: the supervisor (375) oversees the demo licensing
 * consultant (350) and a second one (no sign-in), each with two assigned agencies, assigned
 * through the domain function (audit rows included). The demo consultant's agencies include the
 * demo organization, so the verification requests waiting there stay in their scope.
 */
export async function seedStaffAssignments(ctx: AppContext, orgIds: readonly number[], users: ReadonlyMap<string, number>): Promise<void> {
  const supervisor = users.get('375');
  const consultant = users.get('350');
  if (supervisor === undefined || consultant === undefined || orgIds.length < 4) return;
  const second = await createUser(ctx.db.knex, ctx.registry, {
    email: 'consultant@demo.registry.test', password: null, firstName: 'Nora', lastName: 'Whitfield', roles: [{ role: '350' }], confirmed: true, firstTime: false,
  }, null);
  const asSupervisor = await contextOf(ctx, supervisor, '375');
  for (const [userId, agencies] of [[consultant, [orgIds[0]!, orgIds[2]!]], [second.id, [orgIds[1]!, orgIds[3]!]]] as const) {
    for (const organizationId of agencies) await assignAgency(ctx, asSupervisor, userId, organizationId);
  }
}
