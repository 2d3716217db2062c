import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Registry } from '../../engine/metadata/registry.js';
import { EMAIL_PATTERN, NAME_PATTERN } from '../../engine/rules/account-rules.js';
import { DEFAULT_ROLE } from '../../engine/rules/rule-context.js';
import type { TokenPayload } from '../plugins/auth.js';
import { writeAudit } from '../data/audit.js';
import { nowIso } from '../data/clock.js';
import { AppError, invalid } from '../errors.js';
import { hashPassword } from './passwords.js';
import { insertedId } from '../data/inserted-id.js';

export interface UserRow {
  id: number;
  user_name: string;
  email: string;
  first_name: string;
  last_name: string;
  registry_id: string;
  password_hash: string | null;
  confirmed: boolean | number;
  locked: boolean | number;
  failed_logins: number;
  api_only: boolean | number;
  first_time: boolean | number;
  terms_version: number;
  active_role: string | null;
}

const ORG_ROLES = new Set(['100', '200']);

/** Roles (active ones), the active role and the permissions (claims) of a user. */
export async function loadIdentity(knex: Knex, registry: Registry, user: Pick<UserRow, 'id' | 'active_role'>): Promise<TokenPayload> {
  const rows = (await knex('user_roles').where({ user_id: user.id, active: true }).orderBy('id').select('role', 'organization_id')) as { role: string; organization_id: number | null }[];
  const roles = [...new Set(rows.map((r) => r.role))];
  const firstOrgRole = rows.find((r) => ORG_ROLES.has(r.role))?.role;
  const activeRole = user.active_role && roles.includes(user.active_role) ? user.active_role : (firstOrgRole ?? roles[0] ?? DEFAULT_ROLE);
  const permissions = [...new Set(roles.flatMap((r) => registry.roles.get(r)?.claims ?? []))].sort();
  return { id: user.id, roles, activeRole, permissions };
}

export interface NewUser {
  email: string;
  password: string | null;
  firstName: string;
  lastName: string;
  roles: { role: string; organizationId?: number | null }[];
  confirmed: boolean;
  firstTime: boolean;
}


/** Creates a user with roles and a registry ID, with an audit row, in one transaction. */
export async function createUser(knex: Knex, registry: Registry, u: NewUser, actorId: number | null): Promise<UserRow> {
  const errors: Record<string, string> = {};
  if (!EMAIL_PATTERN.test(u.email)) errors.email = `${u.email} is not a valid email address`;
  if (!u.firstName.trim() || !NAME_PATTERN.test(u.firstName.trim())) errors.firstName = 'First name may hold letters, digits, spaces, apostrophes and hyphens only.';
  if (u.lastName.trim().length < 2 || !NAME_PATTERN.test(u.lastName.trim())) errors.lastName = 'Last name must be at least 2 characters of letters, digits, spaces, apostrophes and hyphens.';
  for (const r of u.roles) if (!registry.roles.has(r.role)) errors.roles = `Unknown role '${r.role}'.`;
  if (Object.keys(errors).length) throw invalid('The user could not be created.', errors);
  const userName = u.email.trim().toLowerCase();
  const passwordHash = u.password ? await hashPassword(u.password) : null;
  return knex.transaction(async (trx) => {
    if (await trx('users').where({ user_name: userName }).first()) throw new AppError('conflict', `A user with the user name ${userName} already exists.`);
    const now = nowIso();
    const id = insertedId(await trx('users').insert({
      user_name: userName, email: userName, first_name: u.firstName.trim(), last_name: u.lastName.trim(),
      registry_id: `tmp-${randomBytes(6).toString('hex')}`, password_hash: passwordHash, confirmed: u.confirmed, first_time: u.firstTime,
      created_at: now, updated_at: now, created_by: actorId, updated_by: actorId,
    }).returning('id'));
    const registryId = `${registry.tenant.code.toUpperCase()}${String(id).padStart(7, '0')}`;
    await trx('users').where({ id }).update({ registry_id: registryId });
    for (const r of u.roles) {
      await trx('user_roles').insert({ user_id: id, role: r.role, organization_id: r.organizationId ?? null, active: true, created_at: now, updated_at: now });
    }
    await writeAudit(trx, { userId: actorId, action: 'user.create', entityTypeId: 1, entityId: id, detail: { userName, roles: u.roles } });
    return (await trx('users').where({ id }).first()) as UserRow;
  });
}
