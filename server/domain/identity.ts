import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Registry } from '../../engine/metadata/registry.js';
import type { RegistryHolder } from '../metadata/registry-holder.js';
import { EMAIL_PATTERN, NAME_PATTERN } from '../../engine/rules/account-rules.js';
import { startingRole } from '../../engine/access/starting-role.js';
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
  locked_until?: string | Date | null;
  automatic_locks?: number;
  session_generation?: number;
  disabled?: boolean | number;
}

/**
 * Roles (active ones), the active role and the permissions (claims) of a user. The active role is
 * the one remembered on the account while still held, else the starting role (startingRole); at
 * sign-in (`signIn`) always the starting role. Claims come from the PUBLISHED registry (the holder's
 * current one), never from a request's draft registry: a token must not carry an unpublished claim.
 */
export async function loadIdentity(knex: Knex, published: RegistryHolder, user: Pick<UserRow, 'id' | 'active_role' | 'session_generation'>, signIn = false): Promise<TokenPayload> {
  const gen = user.session_generation ?? ((await knex('users').where({ id: user.id }).first('session_generation')) as { session_generation?: number } | undefined)?.session_generation ?? 0;
  const rows = (await knex('user_roles').where({ user_id: user.id, active: true }).orderBy('id').select('role')) as { role: string }[];
  const roles = [...new Set(rows.map((r) => r.role))];
  const remembered = !signIn && user.active_role && roles.includes(user.active_role) ? user.active_role : null;
  const registry = published.current;
  const activeRole = remembered ?? startingRole(roles, registry.roles);
  const permissions = [...new Set(roles.flatMap((r) => registry.roles.get(r)?.claims ?? []))].sort();
  return { id: user.id, roles, activeRole, permissions, gen: Number(gen) };
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
