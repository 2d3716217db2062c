import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { setGeneralRole } from '../domain/roles/user-access.js';
import { answers } from './answer-schemas.js';
import { AnsweredId, OrNull, RowId } from './id-schemas.js';

const tags = ['roles'];

const AccountRoleBody = Type.Object({ userId: RowId, roleName: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });

/** The answer of a role toggle (general or at an organization): the role's state now and whether this call changed it. */
export const RoleToggleAnswer = Type.Object({
  userId: AnsweredId,
  organizationId: OrNull(AnsweredId),
  roleName: Type.String(),
  active: Type.Boolean(),
  changed: Type.Boolean({ description: 'false when the role was already in that state' }),
}, { additionalProperties: false });

/** General roles (spec part 2 sections 6 and 7): POST /api/accountroles grants, DELETE /api/accountroles removes. */
export const accountRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  app.post('/accountroles', { schema: { 'x-access': 'mayWriteUsers', tags, summary: 'Grant a general role (User Access Permissions)', body: AccountRoleBody, response: answers({ 200: RoleToggleAnswer }) } }, async (request) => {
    const b = request.body;
    return setGeneralRole(ctx, request.caller, b.userId, b.roleName, true);
  });
  app.delete('/accountroles', { schema: { 'x-access': 'mayWriteUsers', tags, summary: 'Remove a general role (User Access Permissions)', body: AccountRoleBody, response: answers({ 200: RoleToggleAnswer }) } }, async (request) => {
    const b = request.body;
    return setGeneralRole(ctx, request.caller, b.userId, b.roleName, false);
  });
};
