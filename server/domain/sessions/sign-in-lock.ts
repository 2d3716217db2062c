import type { AppContext } from '../../app-context.js';
import { formatText } from '../../../engine/forms/form-messages.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { countFailure, lockAutomatically, lockColumns, lockUser, unlockUser, userById, type LockColumns } from '../../data/user-store.js';
import { AppError, textError } from '../../errors.js';
import { auditSubject } from '../audit-subject.js';
import { endSessions } from './session-generation.js';

/**
 * Two locks keep a person out. The administrator's lock (`locked`) holds until an administrator
 * unlocks the account. The automatic lock (`locked_until`) comes after too many wrong passwords
 * in a row (sign-in, change password, resend confirmation) and expires by itself; each automatic
 * lock lasts twice the one before (configuration `signInLock`), until a successful sign-in, a
 * password reset or an administrator's unlock starts over.
 */
export type AccountLock = { kind: 'administrator' } | { kind: 'automatic'; until: Date };

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
  const limit = ctx.config.signInLock.failures;
  const subject = auditSubject(ctx.registry, 'User', userId);
  return ctx.db.knex.transaction(async (trx) => {
    const row = await countFailure(trx, userId, nowIso());
    if (!row) {
      const user = await lockColumns(trx, userId);
      return { counted: false, lock: user ? activeLock(user) : null };
    }
    const { failedLogins } = row;
    if (failedLogins < limit) {
      await writeAudit(trx, { userId: audit.userId, action: audit.action, ...subject, detail: { ...audit.detail, failedLogins } });
      return { counted: true, failedLogins, lockedNow: false };
    }
    const minutes = lockMinutes(ctx, row.automaticLocks);
    const until = new Date(Date.now() + minutes * 60_000).toISOString();
    await lockAutomatically(trx, userId, until, row.automaticLocks + 1);
    await writeAudit(trx, { userId: audit.userId, action: 'auth.locked', ...subject, detail: { ...audit.detail, outcome: 'locked', failedLogins, lockedUntil: until, minutes } });
    await endSessions(trx, ctx, userId, 'automatic-lock', null);
    return { counted: true, failedLogins, lockedNow: true };
  });
}

/** The administrator's unlock (POST /accounts/unlock): both locks lifted, the count cleared, audited. */
export async function unlockAccount(ctx: AppContext, actorId: number, userId: number, ip: string): Promise<{ id: number; locked: false } | null> {
  return ctx.db.knex.transaction(async (trx) => {
    const user = await userById(trx, userId);
    if (!user) return null;
    await unlockUser(trx, userId, actorId);
    const wasLocked = activeLock(user) !== null;
    await writeAudit(trx, { userId: actorId, action: 'auth.unlock', ...auditSubject(ctx.registry, 'User', userId), detail: { ip, wasLocked, lock: activeLock(user)?.kind ?? null, failedLogins: user.failed_logins } });
    return { id: userId, locked: false };
  });
}

/** The administrator's lock: holds until unlocked, ends the person's sessions, audited. */
export async function lockAccount(ctx: AppContext, actorId: number, userId: number): Promise<boolean> {
  return ctx.db.knex.transaction(async (trx) => {
    if (!(await lockUser(trx, userId, actorId))) return false;
    await writeAudit(trx, { userId: actorId, action: 'auth.lock', ...auditSubject(ctx.registry, 'User', userId) });
    await endSessions(trx, ctx, userId, 'locked', actorId);
    return true;
  });
}
