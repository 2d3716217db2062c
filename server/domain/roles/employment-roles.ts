import type { Knex } from 'knex';
import { organizationRoles } from '../../../engine/access/role-duties.js';
import type { Registry } from '../../../engine/metadata/registry.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { Database } from '../../data/db.js';
import { employmentForChange, heldRolesAt, pendingRequestsAt, type EmploymentRow } from '../../data/employment-store.js';
import { conflict, notFound } from '../../errors.js';
import { inRelation } from '../../rules/relation-of.js';


/** An employment record with its organization and the person's roles and waiting requests there, read in a transaction. */
export interface EmploymentRoles extends EmploymentRow {
  /** the organization roles held there, active */
  held: readonly string[];
  /** the requests waiting there, by role: the request's id */
  pending: ReadonlyMap<string, number>;
}

/**
 * Reads an employment record and the person's roles and waiting requests at its organization,
 * under the locks of the record and the person (`lock`). A disabled record is refused (409) unless
 * `allowDisabled`.
 */
export async function loadEmploymentRoles(db: Database, registry: Registry, trx: Knex.Transaction, employmentRecordId: number, lock: boolean, allowDisabled = false): Promise<EmploymentRoles> {
  const row = await employmentForChange(db, trx, employmentRecordId, lock);
  if (!row) throw notFound('Employment record');
  if (row.disabled && !allowDisabled) throw conflict('This record is disabled and cannot be changed.');
  const roles = organizationRoles(registry.roles);
  const orgId = row.organizationId;
  return {
    ...row,
    held: orgId === null ? [] : await heldRolesAt(trx, row.userId, orgId, [roles.staff, roles.director]),
    pending: orgId === null ? new Map() : await pendingRequestsAt(trx, row.userId, orgId),
  };
}

/** Who the caller is for the person and the organization (a director acts only with the director role active). */
export interface RoleActor {
  isOwner: boolean;
  /** acting as director, at an organization they direct */
  directsOrganization: boolean;
  /** may manage any user's roles (claim User.write.all) */
  managesUsers: boolean;
}

export async function roleActor(registry: Registry, context: RuleContext, target: Pick<EmploymentRoles, 'userId' | 'organizationId'>): Promise<RoleActor> {
  const { user } = context;
  return {
    isOwner: user.id === target.userId,
    directsOrganization: user.activeRole === organizationRoles(registry.roles).director && target.organizationId !== null && await inRelation(context, 'directedOrganizations', target.organizationId),
    managesUsers: user.claims.includes('User.write.all'),
  };
}
