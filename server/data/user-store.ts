import type { Knex } from 'knex';
import { nowIso } from './clock.js';
import { insertedId } from './inserted-id.js';
import type { Database } from './db.js';
import { fixedStatement, selectFixed } from './sql-runner.js';

/**
 * users: people's accounts and what signing in keeps on them (the two locks and the failure count,
 * the session generation, the accepted terms version, the remembered active role). Boolean
 * columns come back as 0/1 on SQLite and true/false on PostgreSQL.
 */

/** A person's row as the account and sign-in code reads it (all columns). */
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
  secondary_email: string | null;
  pending_secondary_email: string | null;
  welcome_sent_at: string | Date | null;
}

/** The lock columns: the administrator's lock and the automatic one's end. */
export type LockColumns = Pick<UserRow, 'locked' | 'locked_until'>;

/** What decides whether a session token still holds (see sessionIsCurrent). */
export interface SessionColumns { session_generation: number; locked: boolean | number; locked_until: string | Date | null; disabled: boolean | number }

/** A person as headers, forms and reports name them. */
export type Person = { id: number; firstName: string; lastName: string; email: string; userName: string; registryId: string };

type Db = Knex | Knex.Transaction;

/** A person's row by id. */
export async function userById(db: Db, id: number): Promise<UserRow | undefined> {
  return (await db('users').where({ id }).first()) as UserRow | undefined;
}

/** A person's row by user name (the lower-case e-mail address they sign in with). */
export async function userByName(db: Db, userName: string): Promise<UserRow | undefined> {
  return (await db('users').where({ user_name: userName }).first()) as UserRow | undefined;
}

/** Whether a person with this id exists. */
export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db('users').where({ id }).first('id')) !== undefined;
}

/** Name, e-mail, user name and registry ID of a person. */
export async function personById(db: Db, id: number): Promise<Person | undefined> {
  const u = (await db('users').where({ id }).first('id', 'first_name', 'last_name', 'email', 'user_name', 'registry_id')) as
    { id: number; first_name: string; last_name: string; email: string; user_name: string; registry_id: string } | undefined;
  return u && { id: Number(u.id), firstName: u.first_name, lastName: u.last_name, email: u.email, userName: u.user_name, registryId: u.registry_id };
}

/** A person's first and last name, or null when there is no such person. */
export async function fullName(db: Db, id: number): Promise<string | null> {
  const u = (await db('users').where({ id }).first('first_name', 'last_name')) as { first_name: string; last_name: string } | undefined;
  return u ? `${u.first_name} ${u.last_name}` : null;
}

/** How many accounts there are. */
export async function countUsers(db: Db): Promise<number> {
  const row = (await db('users').count({ c: '*' }).first()) as { c: number | string };
  return Number(row.c);
}

/** Of these user names, those of accounts that are not archived. */
export async function activeUserNames(db: Db, userNames: readonly string[]): Promise<string[]> {
  return (await db('users').whereIn('user_name', [...userNames]).where('disabled', false).pluck('user_name')) as string[];
}

/** Whether another account than `exceptId` has this address as its user name or e-mail. */
export async function addressTaken(db: Db, address: string, exceptId: number): Promise<boolean> {
  return (await db('users').whereNot({ id: exceptId }).andWhere((q) => q.where({ user_name: address }).orWhere({ email: address })).first('id')) !== undefined;
}

export interface NewUserRow {
  userName: string;
  firstName: string;
  lastName: string;
  /** a temporary one: the real one is made from the new id (setRegistryId) */
  registryId: string;
  passwordHash: string | null;
  confirmed: boolean;
  firstTime: boolean;
  actorId: number | null;
}

/** Adds an account (its e-mail is its user name); answers its id. */
export async function insertUser(trx: Knex.Transaction, u: NewUserRow, now: string): Promise<number> {
  return insertedId(await trx('users').insert({
    user_name: u.userName, email: u.userName, first_name: u.firstName, last_name: u.lastName,
    registry_id: u.registryId, password_hash: u.passwordHash, confirmed: u.confirmed, first_time: u.firstTime,
    created_at: now, updated_at: now, created_by: u.actorId, updated_by: u.actorId,
  }).returning('id'));
}

/** Sets a person's registry ID. */
export async function setRegistryId(trx: Knex.Transaction, id: number, registryId: string): Promise<void> {
  await trx('users').where({ id }).update({ registry_id: registryId });
}

/** A registration's password and accepted terms version; the new person is their own creator. */
export async function completeRegistration(trx: Knex.Transaction, id: number, passwordHash: string, termsVersion: number): Promise<void> {
  await trx('users').where({ id }).update({ password_hash: passwordHash, terms_version: termsVersion, created_by: id, updated_by: id });
}

/** Sets the given columns of a person's row as they are (the demo seed's addresses, lock and active role). */
export async function setUserColumns(db: Db, id: number, values: Readonly<Record<string, unknown>>): Promise<void> {
  await db('users').where({ id }).update(values);
}

/** A new password; with `confirm` the account is confirmed too (a reset link proved the mailbox). */
export async function setPassword(trx: Knex.Transaction, id: number, passwordHash: string, actorId: number, confirm = false): Promise<void> {
  await trx('users').where({ id }).update({ password_hash: passwordHash, ...(confirm ? { confirmed: true } : {}), updated_at: nowIso(), updated_by: actorId });
}

/** Confirms an account. */
export async function confirmUser(trx: Knex.Transaction, id: number, actorId: number): Promise<void> {
  await trx('users').where({ id }).update({ confirmed: true, updated_at: nowIso(), updated_by: actorId });
}

/** New addresses: the pending secondary one, and a new primary one (also the user name) when given. */
export async function setAddresses(trx: Knex.Transaction, id: number, a: { email: string | null; pendingSecondaryEmail: string | null }, actorId: number): Promise<void> {
  const changes: Record<string, unknown> = { updated_at: nowIso(), updated_by: actorId, pending_secondary_email: a.pendingSecondaryEmail };
  if (a.email) Object.assign(changes, { email: a.email, user_name: a.email });
  await trx('users').where({ id }).update(changes);
}

/** The pending secondary address becomes the secondary one (its link was followed). */
export async function confirmSecondaryAddress(trx: Knex.Transaction, id: number, address: string): Promise<void> {
  await trx('users').where({ id }).update({ secondary_email: address, pending_secondary_email: null, updated_at: nowIso(), updated_by: id });
}

/** Marks the welcome e-mail sent unless it was already; false when it was. */
export async function claimWelcome(trx: Knex.Transaction, id: number): Promise<boolean> {
  return (await trx('users').where({ id }).whereNull('welcome_sent_at').update({ welcome_sent_at: nowIso() })) > 0;
}

/** Ends the first-time state; false when it had ended already. */
export async function endFirstTime(trx: Knex.Transaction, id: number): Promise<boolean> {
  return (await trx('users').where({ id, first_time: true }).update({ first_time: false, updated_at: nowIso(), updated_by: id })) > 0;
}

/** The terms version the person accepted. */
export async function setTermsVersion(trx: Knex.Transaction, id: number, version: number): Promise<void> {
  await trx('users').where({ id }).update({ terms_version: version, updated_at: nowIso(), updated_by: id });
}

/** The active role the account remembers. */
export async function setActiveRole(db: Db, id: number, role: string): Promise<void> {
  await db('users').where({ id }).update({ active_role: role });
}

/** Locks a person's row until the transaction ends (PostgreSQL: select for update). */
export async function lockUserRow(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('users').where({ id }).forUpdate().first('id');
}

/** The lock columns of a person's row. */
export async function lockColumns(db: Db, id: number): Promise<LockColumns | undefined> {
  return (await db('users').where({ id }).first('locked', 'locked_until')) as LockColumns | undefined;
}

/** The columns that decide whether a person's session token still holds. */
export async function sessionColumns(db: Db, id: number): Promise<SessionColumns | undefined> {
  return (await db('users').where({ id }).first('session_generation', 'locked', 'locked_until', 'disabled')) as SessionColumns | undefined;
}

const SESSION_COLUMNS = fixedStatement('session-columns', 'select session_generation, locked, locked_until, disabled from users where id = ?');

/** The session columns as every request reads them: one fixed statement, prepared once (not in a transaction). */
export async function currentSessionColumns(db: Database, id: number): Promise<SessionColumns | undefined> {
  return (await selectFixed<SessionColumns>(db, SESSION_COLUMNS, [id]))[0];
}

/** Ends every session of a person: the session generation goes up; answers the new one. */
export async function nextSessionGeneration(trx: Knex.Transaction, id: number): Promise<number> {
  await trx('users').where({ id }).increment('session_generation', 1);
  const row = (await trx('users').where({ id }).first('session_generation')) as { session_generation: number } | undefined;
  return Number(row?.session_generation ?? 0);
}

/** A proven password: the failure count and the back-off of the automatic lock start over. */
const CLEARED_FAILURES = { failed_logins: 0, automatic_locks: 0, locked_until: null } as const;

/** The person's row while neither lock holds (an automatic lock ended by `now` no longer does). */
const whileUnlocked = (trx: Knex.Transaction, id: number, now: string) =>
  trx('users').where({ id, locked: false }).andWhere((q) => { void q.whereNull('locked_until').orWhere('locked_until', '<=', now); });

/**
 * Counts one wrong password in one statement, only while no lock holds (an expired automatic lock
 * starts the count over); answers the count and the automatic locks so far, or null when locked.
 */
export async function countFailure(trx: Knex.Transaction, id: number, now: string): Promise<{ failedLogins: number; automaticLocks: number } | null> {
  const rows = (await whileUnlocked(trx, id, now)
    .update({ failed_logins: trx.raw('case when locked_until is null then failed_logins + 1 else 1 end'), locked_until: null }, ['failed_logins', 'automatic_locks'])) as { failed_logins: number; automatic_locks: number }[];
  const row = rows[0];
  return row ? { failedLogins: Number(row.failed_logins), automaticLocks: Number(row.automatic_locks) } : null;
}

/** A successful sign-in while no lock holds: the count cleared, the active role remembered; answers the session generation, or null when locked. */
export async function openSession(trx: Knex.Transaction, id: number, activeRole: string, now: string): Promise<number | null> {
  const rows = (await whileUnlocked(trx, id, now)
    .update({ ...CLEARED_FAILURES, active_role: activeRole }, ['session_generation'])) as { session_generation: number | null }[];
  return rows[0] ? Number(rows[0].session_generation ?? 0) : null;
}

/** Sets the automatic lock until a time, the `automaticLocks`th so far. */
export async function lockAutomatically(trx: Knex.Transaction, id: number, until: string, automaticLocks: number): Promise<void> {
  await trx('users').where({ id }).update({ locked_until: until, automatic_locks: automaticLocks });
}

/** Lifts the automatic lock and clears the count (not the administrator's lock). */
export async function clearFailures(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('users').where({ id }).update(CLEARED_FAILURES);
}

/** The administrator's unlock: both locks lifted, the count cleared. */
export async function unlockUser(trx: Knex.Transaction, id: number, actorId: number): Promise<void> {
  await trx('users').where({ id }).update({ locked: false, ...CLEARED_FAILURES, updated_at: nowIso(), updated_by: actorId });
}

/** The administrator's lock; false when there is no such person. */
export async function lockUser(trx: Knex.Transaction, id: number, actorId: number): Promise<boolean> {
  return (await trx('users').where({ id }).update({ locked: true, updated_at: nowIso(), updated_by: actorId })) > 0;
}
