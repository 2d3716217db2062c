import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { loadIdentity, type UserRow } from '../domain/identity.js';
import { verifyPassword } from '../domain/passwords.js';
import { auditSignIn } from '../domain/sessions/sign-in-audit.js';
import { AppError, invalid } from '../errors.js';
import { requireUser, signToken, TOKEN_LIFETIME_SECONDS, TOKEN_REFRESH_SECONDS } from '../plugins/auth.js';

export const MAX_FAILED_LOGINS = 10;
const LoginBody = Type.Object({
  userName: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1000 }),
}, { additionalProperties: false });

/** The route the browser goes to after signing in (spec part 1 section 4). */
function landingRoute(user: UserRow, termsVersion: number): string {
  if (user.first_time) return 'profile-personal';
  if (user.terms_version < termsVersion) return 'accept-terms';
  return 'default';
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.post('/auth/login', { schema: { body: LoginBody } }, async (request) => {
    const { userName, password } = request.body as { userName: string; password: string };
    const user = (await db.knex('users').where({ user_name: userName.trim().toLowerCase() }).first()) as UserRow | undefined;
    const wrong = invalid('The user name or password is incorrect.', { password: 'The user name or password is incorrect.' });
    if (!user) {
      await auditSignIn(db.knex, request, 'auth.login-failed', null, 'unknown-user', { userName: userName.trim().toLowerCase().slice(0, 254) });
      throw wrong;
    }
    if (user.locked) {
      await auditSignIn(db.knex, request, 'auth.login-refused', user.id, 'account-locked');
      throw new AppError('forbidden', 'This account is locked after too many failed sign-in attempts. Please contact the help desk to unlock it.');
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      const failed = user.failed_logins + 1;
      await db.knex.transaction(async (trx) => {
        await trx('users').where({ id: user.id }).update({ failed_logins: failed, locked: failed >= MAX_FAILED_LOGINS });
        const lockedNow = failed >= MAX_FAILED_LOGINS;
        await auditSignIn(trx, request, lockedNow ? 'auth.locked' : 'auth.login-failed', user.id, lockedNow ? 'locked' : 'wrong-password', { failedLogins: failed });
      });
      throw wrong;
    }
    if (!user.confirmed) {
      await auditSignIn(db.knex, request, 'auth.login-refused', user.id, 'unconfirmed');
      throw invalid('Your account has not been confirmed yet. Please use the link in your confirmation e-mail.', { userName: 'Account not confirmed.' });
    }
    if (user.api_only) {
      await auditSignIn(db.knex, request, 'auth.login-refused', user.id, 'api-only');
      return { apiOnly: true, route: null, jwt: null };
    }
    // a sign-in starts in the starting role (a director's 200), which the account then remembers
    const payload = await loadIdentity(db.knex, app.ctx.registry, user, true);
    await db.knex.transaction(async (trx) => {
      await trx('users').where({ id: user.id }).update({ failed_logins: 0, active_role: payload.activeRole });
      await auditSignIn(trx, request, 'auth.login', user.id, 'success');
    });
    const termsRow = (await db.knex('configuration').where({ key: 'TermsVersion' }).first()) as { value: string } | undefined;
    const jwt = JSON.stringify({ id: user.id, auth_token: signToken(app, payload), expires_in: TOKEN_LIFETIME_SECONDS, refresh_at: TOKEN_REFRESH_SECONDS });
    return { route: landingRoute(user, Number(termsRow?.value ?? 0)), jwt };
  });

  app.get('/auth/claims', async (request) => {
    const user = await requireUser(request);
    return { id: user.id, roles: user.roles, activeRole: user.activeRole, permissions: user.claims };
  });
}
