import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowIso } from '../../data/clock.js';
import { lockColumns, openSession, userByName, type UserRow } from '../../data/user-store.js';
import { invalid } from '../../errors.js';
import { signToken, TOKEN_LIFETIME_SECONDS, TOKEN_REFRESH_SECONDS } from '../../plugins/auth.js';
import { text } from '../accounts/account-rules.js';
import { readConfiguration } from '../configuration.js';
import { loadIdentity } from '../identity.js';
import { verifyPassword } from '../passwords.js';
import { auditSignIn } from './sign-in-audit.js';
import { activeLock, countFailedPassword, lockedError } from './sign-in-lock.js';

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
  const user = await userByName(knex, name);
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
    const gen = await openSession(trx, user.id, identity.activeRole, nowIso());
    if (gen === null) return null;
    await auditSignIn(trx, request, 'auth.login', user.id, 'success');
    return { ...identity, gen };
  });
  if (!payload) {
    const now = await lockColumns(knex, user.id);
    const lockNow = now ? activeLock(now) : null;
    await auditSignIn(knex, request, 'auth.login-refused', user.id, 'account-locked', {});
    throw lockNow ? lockedError(ctx, lockNow) : wrong;
  }
  const termsVersion = Number(await readConfiguration(knex, ctx.registry, ctx.config, 'TermsVersion'));
  const jwt = JSON.stringify({ id: user.id, auth_token: signToken(app, payload), expires_in: TOKEN_LIFETIME_SECONDS, refresh_at: TOKEN_REFRESH_SECONDS });
  return { route: landingRoute(user, termsVersion), jwt };
}

/** POST /api/auth/logout: the caller's token is revoked (on every instance, until it expires), audited. */
export async function signOut(app: FastifyInstance, request: FastifyRequest, callerId: number): Promise<void> {
  const { jti, exp } = request.user;
  await app.ctx.db.knex.transaction(async (trx) => {
    if (jti && exp) await app.revokedTokens.revoke(trx, jti, callerId, exp);
    await auditSignIn(trx, request, 'auth.logout', callerId, 'success');
  });
}
