import type { Knex } from 'knex';
import type { AppContext } from '../../app-context.js';
import { formatText } from '../../../engine/forms/form-messages.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { AppError, textError } from '../../errors.js';
import type { UserRow } from '../identity.js';
import { endSessions } from './session-generation.js';

/**
 * Two locks keep a person out. The administrator's lock (`locked`) holds until an administrator
 * unlocks the account. The automatic lock (`locked_until`) comes after too many wrong passwords
 * in a row (sign-in, change password, resend confirmation) and expires by itself; each automatic
 * lock lasts twice the one before (configuration `signInLock`), until a successful sign-in, a
 * password reset or an administrator's unlock starts over.
 */
export type AccountLock = { kind: 'administrator' } | { kind: 'automatic'; until: Date };

type LockColumns = Pick<UserRow, 'locked' | 'locked_until'>;

export function activeLock(user: LockColumns, now = Date.now()): AccountLock | null {
  if (user.locked) return { kind: 'administrator' };
  if (user.locked_until && new Date(user.locked_until).getTime() > now) return { kind: 'automatic', until: new Date(user.locked_until) };
  return null;
}

/** 403 with the catalogue's text for the lock (the automatic one says how long it still holds). */
export function lockedError(ctx: AppContext, lock: AccountLock, now = Date.now()): AppError {
  if (lock.kind === 'administrator') return textError('forbidden', 'security.lockedByAdministrator', 'This account is locked. Please contact the help desk to unlock it.');
  const minutes = Math.max(1, Math.ceil((lock.until.getTime() - now) / 60_000));
  return new AppError('forbidden', formatText(ctx.registry.texts, 'security.lockedAutomatically', { minutes }));
}

/** Minutes of the next automatic lock: the configured first lock, doubled per earlier lock, capped. */
export function lockMinutes(ctx: AppContext, earlierLocks: number): number {
  const { minutes, maxMinutes } = ctx.config.signInLock;
  return Math.min(maxMinutes, minutes * 2 ** Math.min(earlierLocks, 30));
}

export interface FailureAudit { userId: number | null; action: string; detail: Record<string, unknown> }

export type FailureOutcome = { counted: true; failedLogins: number; lockedNow: boolean } | { counted: false; lock: AccountLock | null };

/**
 * Counts one wrong password: one statement adds to the counter and returns it, and only while
 * the account is not locked, so parallel attempts are each counted and exactly the attempt that
 * reaches the limit locks the account (the row stays locked by the transaction until it is
 * done). An expired automatic lock starts the count over. Not counted (the account got locked
 * meanwhile): the lock to answer with.
 */
export async function countFailedPassword(ctx: AppContext, userId: number, audit: FailureAudit): Promise<FailureOutcome> {
  const { knex } = ctx.db;
  const limit = ctx.config.signInLock.failures;
  return knex.transaction(async (trx) => {
    const now = nowIso();
    const rows = (await trx('users').where({ id: userId, locked: false })
      .andWhere((q) => { void q.whereNull('locked_until').orWhere('locked_until', '<=', now); })
      .update({ failed_logins: trx.raw('case when locked_until is null then failed_logins + 1 else 1 end'), locked_until: null }, ['failed_logins', 'automatic_locks'])) as { failed_logins: number; automatic_locks: number }[];
    const row = rows[0];
    if (!row) {
      const user = (await trx('users').where({ id: userId }).first('locked', 'locked_until')) as LockColumns | undefined;
      return { counted: false, lock: user ? activeLock(user) : null };
    }
    const failedLogins = Number(row.failed_logins);
    if (failedLogins < limit) {
      await writeAudit(trx, { userId: audit.userId, action: audit.action, entityTypeId: 1, entityId: userId, detail: { ...audit.detail, failedLogins } });
      return { counted: true, failedLogins, lockedNow: false };
    }
    const minutes = lockMinutes(ctx, Number(row.automatic_locks));
    const until = new Date(Date.now() + minutes * 60_000).toISOString();
    await trx('users').where({ id: userId }).update({ locked_until: until, automatic_locks: Number(row.automatic_locks) + 1 });
    await writeAudit(trx, { userId: audit.userId, action: 'auth.locked', entityTypeId: 1, entityId: userId, detail: { ...audit.detail, outcome: 'locked', failedLogins, lockedUntil: until, minutes } });
    await endSessions(trx, ctx.live, userId, 'automatic-lock', null);
    return { counted: true, failedLogins, lockedNow: true };
  });
}

/** A proven password (successful sign-in): the count and the back-off start over. */
export const CLEARED_FAILURES = { failed_logins: 0, automatic_locks: 0, locked_until: null } as const;

/** A completed password reset lifts an automatic lock (not the administrator's) and clears the count. */
export async function liftAutomaticLock(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('users').where({ id: userId }).update(CLEARED_FAILURES);
}

/** The administrator's unlock (POST /accounts/unlock): both locks lifted, the count cleared, audited. */
export async function unlockAccount(ctx: AppContext, actorId: number, userId: number, ip: string): Promise<{ id: number; locked: false } | null> {
  return ctx.db.knex.transaction(async (trx) => {
    const user = (await trx('users').where({ id: userId }).first()) as UserRow | undefined;
    if (!user) return null;
    await trx('users').where({ id: userId }).update({ locked: false, ...CLEARED_FAILURES, updated_at: nowIso(), updated_by: actorId });
    const wasLocked = activeLock(user) !== null;
    await writeAudit(trx, { userId: actorId, action: 'auth.unlock', entityTypeId: 1, entityId: userId, detail: { ip, wasLocked, lock: activeLock(user)?.kind ?? null, failedLogins: user.failed_logins } });
    return { id: userId, locked: false };
  });
}

/** The administrator's lock: holds until unlocked, ends the person's sessions, audited. */
export async function lockAccount(ctx: AppContext, actorId: number, userId: number): Promise<boolean> {
  return ctx.db.knex.transaction(async (trx) => {
    const changed = await trx('users').where({ id: userId }).update({ locked: true, updated_at: nowIso(), updated_by: actorId });
    if (!changed) return false;
    await writeAudit(trx, { userId: actorId, action: 'auth.lock', entityTypeId: 1, entityId: userId });
    await endSessions(trx, ctx.live, userId, 'locked', actorId);
    return true;
  });
}
