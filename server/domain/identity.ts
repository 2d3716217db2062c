import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Registry } from '../../engine/metadata/registry.js';
import type { RegistryHolder } from '../metadata/registry-holder.js';
import { EMAIL_PATTERN, NAME_PATTERN } from '../../engine/rules/account-rules.js';
import { startingRole } from '../../engine/access/starting-role.js';
import type { TokenPayload } from './sessions/token-payload.js';
import { writeAudit } from '../data/audit.js';
import { nowIso } from '../data/clock.js';
import { activeRoleCodes, addRoles, type StartingRole } from '../data/held-role-store.js';
import { insertUser, sessionColumns, setRegistryId, userById, userByName, type UserRow } from '../data/user-store.js';
import { AppError, invalid } from '../errors.js';
import { auditSubject } from './audit-subject.js';
import { hashPassword } from './passwords.js';

export type { UserRow } from '../data/user-store.js';

/**
 * Roles (active ones), the active role and the permissions (claims) of a user. The active role is
 * the one remembered on the account while still held, else the starting role (startingRole); at
 * sign-in (`signIn`) always the starting role. Claims come from the PUBLISHED registry (the holder's
 * current one), never from a request's draft registry: a token must not carry an unpublished claim.
 */
export async function loadIdentity(knex: Knex, published: RegistryHolder, user: Pick<UserRow, 'id' | 'active_role' | 'session_generation'>, signIn = false): Promise<TokenPayload> {
  const gen = user.session_generation ?? (await sessionColumns(knex, user.id))?.session_generation ?? 0;
  const roles = [...new Set(await activeRoleCodes(knex, user.id))];
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
  roles: StartingRole[];
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
    if (await userByName(trx, userName)) throw new AppError('conflict', `A user with the user name ${userName} already exists.`);
    const now = nowIso();
    const id = await insertUser(trx, {
      userName, firstName: u.firstName.trim(), lastName: u.lastName.trim(), registryId: `tmp-${randomBytes(6).toString('hex')}`,
      passwordHash, confirmed: u.confirmed, firstTime: u.firstTime, actorId,
    }, now);
    await setRegistryId(trx, id, `${registry.tenant.code.toUpperCase()}${String(id).padStart(7, '0')}`);
    await addRoles(trx, id, u.roles, now);
    await writeAudit(trx, { userId: actorId, action: 'user.create', ...auditSubject(registry, 'User', id), detail: { userName, roles: u.roles } });
    return (await userById(trx, id))!;
  });
}
