import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decideRequests, endRoleOrEmployment, requestRole } from '../domain/roles/role-commands.js';
import { organizationRoles, pendingRoleRequests } from '../domain/roles/role-history.js';
import { setTrainTnAccess } from '../domain/roles/train-tn-access.js';
import { setOrganizationRole } from '../domain/roles/user-access.js';
import { RoleToggleAnswer } from './account-roles.js';
import { answers, FromRow } from './answer-schemas.js';
import { AnsweredId, OrNull, RowId, RowIdText } from './id-schemas.js';

const Id = RowId;
const IdText = RowIdText;
const Comments = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]);

/** the role asked for: a requestable role of roles.json (the workflow refuses any other) */
const RequestType = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 20 })], { description: "the role asked for by its code (roles.json 'requestable': 100 or 200)" });
const RequestBody = Type.Object({ employmentRecordId: Id, requestType: RequestType }, { additionalProperties: false });
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

const tags = ['roles'];
const RoleName = Type.Object({ roleName: Type.String() }, { additionalProperties: false });
const RequestedAnswer = Type.Object({ rolePromotionActionId: AnsweredId, employmentRecordId: AnsweredId, organizationId: OrNull(AnsweredId), roleRequested: RoleName, actionType: Type.Integer() }, { additionalProperties: false });
const DecidedAnswer = Type.Object({ decided: Type.Integer({ description: 'how many requests were decided' }), action: Type.String() }, { additionalProperties: false });
const PendingAnswer = Type.Array(Type.Object({
  id: FromRow(AnsweredId),
  primaryEntityId: FromRow(AnsweredId),
  primaryEntityName: FromRow(OrNull(Type.String())),
  scope: FromRow(OrNull(Type.String())),
  employmentRecordId: FromRow(AnsweredId),
  organizationId: FromRow(OrNull(AnsweredId)),
  organizationName: FromRow(OrNull(Type.String())),
  roleRequested: Type.Object({ roleName: FromRow(Type.String()) }, { additionalProperties: false }),
  titlePosition: FromRow(OrNull(Type.String())),
  lastChangeDateTime: FromRow(OrNull(Type.String())),
}, { additionalProperties: false }));
const EmploymentRolesAnswer = Type.Object({
  employmentRecordId: AnsweredId,
  userId: AnsweredId,
  organizationId: OrNull(AnsweredId),
  organizationName: OrNull(Type.String()),
  showEmploymentRecord: Type.Boolean({ description: 'whether request details may show the employment record (spec part 3 section 6)' }),
  active: Type.Object({ roles: Type.Array(Type.Object({ roleName: Type.String(), organizationId: OrNull(AnsweredId), organizationName: OrNull(Type.String()) }, { additionalProperties: false })) }, { additionalProperties: false }),
  requests: Type.Array(Type.Object({
    rolePromotionActionId: AnsweredId,
    roleRequested: RoleName,
    actionType: Type.Integer(),
    parentActionId: OrNull(AnsweredId),
    comments: OrNull(Type.String()),
    lastChangeDateTime: Type.String(),
    userLastUpdated: Type.Object({ name: Type.String() }, { additionalProperties: false }),
  }, { additionalProperties: false })),
}, { additionalProperties: false, description: 'with employmentRecordId or rolePromotionActionId: one employment record with its roles and requests' });
const PersonRolesAnswer = Type.Array(Type.Object({
  organizationId: OrNull(AnsweredId),
  organizationName: OrNull(Type.String()),
  employmentRecordId: OrNull(AnsweredId),
  agencyIsClosed: Type.Boolean(),
  hasArchivedComplianceReport: Type.Boolean(),
  roles: Type.Array(RoleName),
}, { additionalProperties: false }), { description: 'otherwise: a person\'s organizations with the roles held there' });
const EndedAnswer = Type.Object({ employmentRecordId: AnsweredId, organizationId: OrNull(AnsweredId), ended: Type.Optional(Type.String()), endDate: Type.Optional(OrNull(Type.String())) }, { additionalProperties: false });
const TrainTnAnswer = Type.Object({ employmentRecordId: AnsweredId, hasTrainTNAccess: Type.Boolean(), changed: Type.Boolean() }, { additionalProperties: false });

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** Organizational roles (spec part 1 sections 4 and 7, part 3 "Requests"): requests, decisions, ending roles, history. */
export const roleRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/userorganizationroles/request', { schema: { 'x-access': 'signedIn', tags, summary: 'Request an organizational role', body: RequestBody, response: answers({ 200: RequestedAnswer }) } }, async (request) => {
    const body = request.body;
    return requestRole(ctx, request.caller, body.employmentRecordId, String(body.requestType));
  });

  app.post('/userorganizationroles/requestaction', { schema: { 'x-access': 'signedIn', tags, summary: 'Approve or reject role requests', body: DecideBody, response: answers({ 200: DecidedAnswer }) } }, async (request) => {
    const body = request.body;
    const comments = body.comments?.trim() ? body.comments.trim() : null;
    return decideRequests(ctx, request.caller, body.rolePromotionActionIds, body.action === 'Approved', comments);
  });

  app.get('/userorganizationroles/requests', { schema: { 'x-access': 'signedIn', tags, summary: 'Pending role requests the caller may decide', querystring: RequestsQuery, response: answers({ 200: PendingAnswer }) } }, async (request) => {
    const q = request.query;
    return pendingRoleRequests(ctx, request.caller, num(q.organizationId));
  });

  app.get('/userorganizationroles', { schema: { 'x-access': 'signedIn', tags, summary: 'Roles and role requests of an employment record or a person', querystring: RolesQuery, response: answers({ 200: Type.Union([EmploymentRolesAnswer, PersonRolesAnswer]) }) } }, async (request) => {
    const q = request.query;
    return organizationRoles(ctx, request.caller, { employmentRecordId: num(q.employmentRecordId), userId: num(q.userId), rolePromotionActionId: num(q.rolePromotionActionId) });
  });

  app.post('/userorganizationroles', {
    schema: {
      'x-access': 'signedIn', tags, summary: 'End a role or an employment; a user manager grants or removes a role at once (active without endDate)', body: UpdateBody,
      response: answers({ 200: Type.Union([EndedAnswer, RoleToggleAnswer]) }),
    },
  }, async (request) => {
    const body = request.body;
    const context = request.caller;
    // User Access Permissions: a holder of User.write.all toggles a role (active, no end date)
    if (body.active !== undefined && (body.endDate === undefined || body.endDate === null) && !body.endEmployment && context.user.claims.includes('User.write.all')) {
      return setOrganizationRole(ctx, context, { ...body, active: body.active });
    }
    return endRoleOrEmployment(ctx, context, body);
  });

  app.post('/accounts/trainTNAccess', { schema: { 'x-access': 'signedIn', tags, summary: 'Grant or withdraw access to the training system', body: TrainTnBody, response: answers({ 200: TrainTnAnswer }) } }, async (request) => {
    const body = request.body;
    return setTrainTnAccess(ctx, request.caller, body.employmentRecordId, body.accessStatus);
  });
};
