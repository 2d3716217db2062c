import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { OrgRole } from '../../engine/workflows/role-requests.js';
import { callerContext } from '../app-context.js';
import { decideRequests, endRoleOrEmployment, requestRole, type EndRoleBody } from '../domain/roles/role-commands.js';
import { organizationRoles, pendingRoleRequests } from '../domain/roles/role-history.js';
import { setTrainTnAccess } from '../domain/roles/train-tn-access.js';
import { RowId } from './id-schemas.js';

const Id = RowId;
const IdText = Type.String({ pattern: '^[0-9]{1,9}$' });
const Comments = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]);

const RequestBody = Type.Object({ employmentRecordId: Id, requestType: Type.Union([Type.Literal(100), Type.Literal(200), Type.Literal('100'), Type.Literal('200')]) }, { additionalProperties: false });
const DecideBody = Type.Object({
  rolePromotionActionIds: Type.Array(Id, { minItems: 1, maxItems: 200 }),
  action: Type.Union([Type.Literal('Approved'), Type.Literal('Rejected')]),
  comments: Type.Optional(Comments),
}, { additionalProperties: false });
const RolesQuery = Type.Object({ employmentRecordId: Type.Optional(IdText), userId: Type.Optional(IdText), rolePromotionActionId: Type.Optional(IdText) }, { additionalProperties: false });
const UpdateBody = Type.Object({
  employmentRecordId: Id,
  roleName: Type.Optional(Type.String({ maxLength: 20 })),
  active: Type.Optional(Type.Boolean()),
  endDate: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
  userId: Type.Optional(Id),
  organizationId: Type.Optional(Type.Union([Id, Type.Null()])),
  endEmployment: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
const RequestsQuery = Type.Object({ organizationId: Type.Optional(IdText) }, { additionalProperties: false });
const TrainTnBody = Type.Object({ employmentRecordId: Id, accessStatus: Type.Boolean() }, { additionalProperties: false });

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** Organizational roles (spec part 1 sections 4 and 7, part 3 "Requests"): requests, decisions, ending roles, history. */
export async function roleRequestRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.post('/userorganizationroles/request', { schema: { body: RequestBody } }, async (request) => {
    const body = request.body as Static<typeof RequestBody>;
    return requestRole(ctx, await callerContext(request), body.employmentRecordId, String(body.requestType) as OrgRole);
  });

  app.post('/userorganizationroles/requestaction', { schema: { body: DecideBody } }, async (request) => {
    const body = request.body as Static<typeof DecideBody>;
    const comments = body.comments?.trim() ? body.comments.trim() : null;
    return decideRequests(ctx, await callerContext(request), body.rolePromotionActionIds, body.action === 'Approved', comments);
  });

  app.get('/userorganizationroles/requests', { schema: { querystring: RequestsQuery } }, async (request) => {
    const q = request.query as Static<typeof RequestsQuery>;
    return pendingRoleRequests(ctx, await callerContext(request), num(q.organizationId));
  });

  app.get('/userorganizationroles', { schema: { querystring: RolesQuery } }, async (request) => {
    const q = request.query as Static<typeof RolesQuery>;
    return organizationRoles(ctx, await callerContext(request), { employmentRecordId: num(q.employmentRecordId), userId: num(q.userId), rolePromotionActionId: num(q.rolePromotionActionId) });
  });

  app.post('/userorganizationroles', { schema: { body: UpdateBody } }, async (request) => endRoleOrEmployment(ctx, await callerContext(request), request.body as EndRoleBody));

  app.post('/accounts/trainTNAccess', { schema: { body: TrainTnBody } }, async (request) => {
    const body = request.body as Static<typeof TrainTnBody>;
    return setTrainTnAccess(ctx, await callerContext(request), body.employmentRecordId, body.accessStatus);
  });
}
