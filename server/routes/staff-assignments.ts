import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actionHistory } from '../domain/roles/action-history.js';
import { assignAgency, listAssignments, unassignAgency } from '../domain/staff/staff-assignments.js';
import { answers } from './answer-schemas.js';
import { AnsweredId, OrNull, RowId, RowIdText } from './id-schemas.js';

const UserQuery = Type.Object({ userId: RowIdText }, { additionalProperties: false });
const AssignmentBody = Type.Object({ userId: RowId, organizationId: RowId }, { additionalProperties: false });
const AssignmentsAnswer = Type.Object({
  userId: AnsweredId,
  changed: Type.Boolean({ description: 'whether the call changed the assignments' }),
  assignments: Type.Array(Type.Object({
    organizationId: AnsweredId,
    organizationName: Type.String(),
    county: OrNull(Type.String()),
    assignedAt: Type.String(),
    assignedBy: OrNull(Type.String()),
  }, { additionalProperties: false })),
}, { additionalProperties: false });

const HistoryQuery = Type.Object({ rolePromotionId: RowIdText, primaryEntityId: RowIdText }, { additionalProperties: false });
const ActionHistoryAnswer = Type.Array(Type.Object({
  scope: Type.String({ description: 'the organization' }),
  organizationId: AnsweredId,
  employmentRecordId: OrNull(AnsweredId),
  current: Type.Boolean({ description: 'the scope of the asked-for action' }),
  history: Type.Array(Type.Object({
    rolePromotionActionId: AnsweredId,
    actionType: Type.Integer({ description: '1 Role Requested ... 10 Role Request Withdrawn' }),
    roleRequested: Type.Object({ roleName: Type.String() }, { additionalProperties: false }),
    comments: OrNull(Type.String()),
    lastChangeDateTime: Type.String(),
    userLastUpdated: Type.Object({ name: Type.String() }, { additionalProperties: false }),
  }, { additionalProperties: false })),
}, { additionalProperties: false }));

const tags = ['staff management'];

/** Supervisor Staff Management (spec part 3 section 2): agencies assigned to licensing consultants; Action History. */
export const staffAssignmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/staffassignments', { schema: { 'x-access': 'signedIn', tags, summary: 'The agencies assigned to a licensing consultant', querystring: UserQuery, response: answers({ 200: AssignmentsAnswer }) } }, async (request) =>
    listAssignments(ctx, request.caller, Number(request.query.userId)));

  app.post('/staffassignments', { schema: { 'x-access': 'managesStaffAssignments', tags, summary: 'Assign an agency to a licensing consultant', body: AssignmentBody, response: answers({ 200: AssignmentsAnswer }) } }, async (request) =>
    assignAgency(ctx, request.caller, request.body.userId, request.body.organizationId));

  app.delete('/staffassignments', { schema: { 'x-access': 'managesStaffAssignments', tags, summary: 'Remove an agency from a licensing consultant', body: AssignmentBody, response: answers({ 200: AssignmentsAnswer }) } }, async (request) =>
    unassignAgency(ctx, request.caller, request.body.userId, request.body.organizationId));

  app.get('/userorganizationroles/actionhistory', { schema: { 'x-access': 'mayWriteUsers', tags: ['roles'], summary: 'A person\'s role actions by scope (organization)', querystring: HistoryQuery, response: answers({ 200: ActionHistoryAnswer }) } }, async (request) =>
    actionHistory(ctx, Number(request.query.rolePromotionId), Number(request.query.primaryEntityId)));
};
