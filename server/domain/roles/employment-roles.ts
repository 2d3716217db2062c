import type { Knex } from 'knex';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { ORG_ROLES, pendingRequests, type OrgRole, type RoleActor, type RoleState } from '../../../engine/workflows/role-requests.js';
import type { Database } from '../../data/db.js';
import { inRelation } from '../../rules/relation-of.js';
import { conflict, notFound } from '../../errors.js';
import { dateText } from '../../data/clock.js';

/** An employment record with its organization and the person's roles there, read in a transaction. */
export interface EmploymentRoles {
  employmentRecordId: number;
  userId: number;
  organizationId: number | null;
  organizationName: string | null;
  startDate: string | null;
  hasTrainTnAccess: boolean;
  /** the record is disabled (read only with `allowDisabled`; otherwise a 409) */
  disabled: boolean;
  state: RoleState;
}

interface EmploymentRow {
  id: number; user_id: number; organization_id: number | null; title_position: string | null; start_date: string | Date | null; end_date: string | Date | null;
  train_tn_access: boolean | number; disabled: boolean | number; organization_name: string | null; is_registry_organization: boolean | number | null; agency_is_closed: boolean | number | null;
}

interface ActionRow { id: number; role: string; action_type: number; parent_action_id: number | null }

/** A boolean column as SQLite (0/1) or PostgreSQL answers it. */
const flag = (v: boolean | number | null): boolean => v === true || v === 1;
const day = (v: string | Date | null): string | null => (v === null ? null : dateText(v));

/**
 * Reads an employment record and the person's roles and pending requests at its organization.
 * With `lock` the record's row and then the person's `users` row are locked (PostgreSQL) so two
 * decisions on it, and any two changes of the person's roles, run one after the other. A disabled
 * record is refused (409) unless `allowDisabled`.
 */
export async function loadEmploymentRoles(db: Database, trx: Knex.Transaction, employmentRecordId: number, lock: boolean, allowDisabled = false): Promise<EmploymentRoles> {
  if (lock && db.dialect === 'pg') {
    const locked = (await trx('employment_records').where({ id: employmentRecordId }).forUpdate().first('id', 'user_id')) as { user_id: number } | undefined;
    if (locked) await trx('users').where({ id: locked.user_id }).forUpdate().first('id');
  }
  const row = (await trx('employment_records as e').leftJoin('organizations as o', 'o.id', 'e.organization_id').where('e.id', employmentRecordId)
    .first('e.id', 'e.user_id', 'e.organization_id', 'e.title_position', 'e.start_date', 'e.end_date', 'e.train_tn_access', 'e.disabled',
      'o.organization_name', 'o.is_registry_organization', 'o.agency_is_closed')) as EmploymentRow | undefined;
  if (!row) throw notFound('Employment record');
  if (flag(row.disabled) && !allowDisabled) throw conflict('This record is disabled and cannot be changed.');
  const orgId = row.organization_id === null ? null : Number(row.organization_id);
  const held = orgId === null ? [] : ((await trx('user_roles').where({ user_id: row.user_id, organization_id: orgId, active: true }).whereIn('role', ORG_ROLES)
    .distinct('role')) as { role: OrgRole }[]).map((r) => r.role);
  const actions = orgId === null ? [] : (await trx('role_actions').where({ user_id: row.user_id, organization_id: orgId }).orderBy('id')
    .select('id', 'role', 'action_type', 'parent_action_id')) as ActionRow[];
  const pending: Partial<Record<OrgRole, number>> = {};
  for (const a of pendingRequests(actions.map((x) => ({ id: Number(x.id), role: x.role, actionType: Number(x.action_type), parentActionId: x.parent_action_id === null ? null : Number(x.parent_action_id) })))) {
    if ((ORG_ROLES as readonly string[]).includes(a.role)) pending[a.role as OrgRole] = a.id;
  }
  return {
    employmentRecordId: Number(row.id),
    userId: Number(row.user_id),
    organizationId: orgId,
    organizationName: row.organization_name,
    startDate: day(row.start_date),
    hasTrainTnAccess: flag(row.train_tn_access),
    disabled: flag(row.disabled),
    state: {
      held: ORG_ROLES.filter((r) => held.includes(r)),
      pending,
      titlePosition: row.title_position,
      registryOrganization: orgId !== null && flag(row.is_registry_organization),
      agencyClosed: flag(row.agency_is_closed),
      employmentEnded: row.end_date !== null,
    },
  };
}

/** Who the caller is for the person and the organization (a director decides only with 200 active). */
export async function roleActor(context: RuleContext, target: Pick<EmploymentRoles, 'userId' | 'organizationId'>): Promise<RoleActor> {
  const { user } = context;
  return {
    isOwner: user.id === target.userId,
    directsOrganization: user.activeRole === '200' && target.organizationId !== null && await inRelation(context, 'directedOrganizations', target.organizationId),
    managesUsers: user.claims.includes('User.write.all'),
  };
}
