import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { switchRole } from '../domain/sessions/role-switch.js';
import { RoleSwitchAnswer } from './account-schemas.js';
import { answers } from './answer-schemas.js';
import { tokenText } from './session.js';

const tags = ['roles'];

const SwitchBody = Type.Object({ role: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });

/**
 * POST /api/userorganizationroles/roleswitch: a new active role, remembered, with a new token and
 * the active role's organizations (every organization-level screen follows them).
 */
export const organizationRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/userorganizationroles/roleswitch', { schema: { 'x-access': 'signedIn', tags, summary: 'Switch the active role: a new session token', body: SwitchBody, response: answers({ 200: RoleSwitchAnswer }) } }, async (request) => {
    const { identity, active } = await switchRole(app.ctx, request.caller.user.id, request.body.role);
    return { ...active, jwt: tokenText(app, identity).text };
  });
};
