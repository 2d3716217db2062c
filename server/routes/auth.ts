import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { activeRoleOf, heldRoles } from '../domain/roles/held-roles.js';
import { signIn } from '../domain/sessions/sign-in.js';
import { answers } from './answer-schemas.js';
import { ClaimsAnswer, SignInAnswer, SignInBody } from './account-schemas.js';

/** the default of the configuration `signInLock.failures` */
export const MAX_FAILED_LOGINS = 10;
const tags = ['session'];

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/auth/login', { schema: { tags, summary: 'Sign in: a session token and where to go next', security: [], body: SignInBody, response: answers({ 200: SignInAnswer }) } }, async (request) => {
    const { userName, password } = request.body;
    return signIn(app, request, userName, password);
  });

  app.get('/auth/claims', { schema: { 'x-access': 'signedIn', tags, summary: 'The caller: roles, active role with its organizations, and permissions', 'x-no-input': true, response: answers({ 200: ClaimsAnswer }) } }, async (request) => {
    const user = request.caller.user;
    const active = activeRoleOf(await heldRoles(app.ctx.db.knex, user.id), user.activeRole);
    return { id: user.id, roles: [...user.roles], activeRole: user.activeRole, permissions: [...user.claims], ...active };
  });
};
