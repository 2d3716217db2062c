import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowIso } from '../../data/clock.js';
import { invalid } from '../../errors.js';
import { signToken, TOKEN_LIFETIME_SECONDS, TOKEN_REFRESH_SECONDS } from '../../plugins/auth.js';
import { text } from '../accounts/account-rules.js';
import { loadIdentity, type UserRow } from '../identity.js';
import { verifyPassword } from '../passwords.js';
import { auditSignIn } from './sign-in-audit.js';
import { activeLock, CLEARED_FAILURES, countFailedPassword, lockedError } from './sign-in-lock.js';

export interface SignInAnswer { route: string | null; jwt: string | null; apiOnly?: true }

/** The route the browser goes to after signing in (spec part 1 section 4). */
function landingRoute(user: UserRow, termsVersion: number): string {
  if (user.first_time) return 'profile-personal';
  if (user.terms_version < termsVersion) return 'accept-terms';
  return 'default';
}

/**
 * POST /api/auth/login. An unknown user name costs the same argon2 work as a wrong password (a
 * dummy hash), so the time of the answer does not tell who has an account. A wrong password is
 * counted atomically (countFailedPassword); a locked account is refused with 403.
 */
export async function signIn(app: FastifyInstance, request: FastifyRequest, userName: string, password: string): Promise<SignInAnswer> {
  const ctx = app.ctx;
  const { knex } = ctx.db;
  const name = userName.trim().toLowerCase();
  const user = (await knex('users').where({ user_name: name }).first()) as UserRow | undefined;
  const message = text(ctx.registry, 'account.signInIncorrect');
  const wrong = invalid(message, { password: message });
  if (!user) {
    await verifyPassword(null, password);
    await auditSignIn(knex, request, 'auth.login-failed', null, 'unknown-user', { userName: name.slice(0, 254) });
    throw wrong;
  }
  const lock = activeLock(user);
  if (lock) {
    await auditSignIn(knex, request, 'auth.login-refused', user.id, 'account-locked', lock.kind === 'automatic' ? { lockedUntil: lock.until.toISOString() } : {});
    throw lockedError(ctx, lock);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    const outcome = await countFailedPassword(ctx, user.id, { userId: user.id, action: 'auth.login-failed', detail: { ip: request.ip, outcome: 'wrong-password' } });
    if (!outcome.counted && outcome.lock) throw lockedError(ctx, outcome.lock);
    throw wrong;
  }
  if (user.disabled) {
    await auditSignIn(knex, request, 'auth.login-refused', user.id, 'archived');
    throw wrong;
  }
  if (!user.confirmed) {
    await auditSignIn(knex, request, 'auth.login-refused', user.id, 'unconfirmed');
    throw invalid('Your account has not been confirmed yet. Please use the link in your confirmation e-mail.', { userName: 'Account not confirmed.' });
  }
  if (user.api_only) {
    await auditSignIn(knex, request, 'auth.login-refused', user.id, 'api-only');
    return { apiOnly: true, route: null, jwt: null };
  }
  // a sign-in starts in the starting role (a director's 200), which the account then remembers
  const identity = await loadIdentity(knex, ctx.registries, user, true);
  // Attempts sent together were all checked against the row read before the lock: the success
  // clears the count only while no lock holds, and signs with the generation it read then.
  const payload = await knex.transaction(async (trx) => {
    const rows = (await trx('users').where({ id: user.id, locked: false })
      .andWhere((q) => { void q.whereNull('locked_until').orWhere('locked_until', '<=', nowIso()); })
      .update({ ...CLEARED_FAILURES, active_role: identity.activeRole }, ['session_generation'])) as { session_generation: number | null }[];
    if (!rows[0]) return null;
    await auditSignIn(trx, request, 'auth.login', user.id, 'success');
    return { ...identity, gen: Number(rows[0].session_generation ?? 0) };
  });
  if (!payload) {
    const now = (await knex('users').where({ id: user.id }).first('locked', 'locked_until')) as Pick<UserRow, 'locked' | 'locked_until'>;
    const lockNow = activeLock(now);
    await auditSignIn(knex, request, 'auth.login-refused', user.id, 'account-locked', {});
    throw lockNow ? lockedError(ctx, lockNow) : wrong;
  }
  const termsRow = (await knex('configuration').where({ key: 'TermsVersion' }).first()) as { value: string } | undefined;
  const jwt = JSON.stringify({ id: user.id, auth_token: signToken(app, payload), expires_in: TOKEN_LIFETIME_SECONDS, refresh_at: TOKEN_REFRESH_SECONDS });
  return { route: landingRoute(user, Number(termsRow?.value ?? 0)), jwt };
}
