import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { cancelRegistrations } from '../domain/enrollment/cancellation.js';
import { ownOrganizationChoices, regionCheck, userOrganizationChoices } from '../domain/enrollment/region-check.js';
import { joinWaitlist, register, requestRegistration, type RegistrationInput } from '../domain/enrollment/registration.js';
import { reviewRequest } from '../domain/enrollment/review.js';
import { invalid } from '../errors.js';
import { answers, KeyValueList } from './answer-schemas.js';
import { OrNull, RowIdOrText, RowIdText } from './id-schemas.js';

const tags = ['enrollment'];
const Comment = OrNull(Type.String({ maxLength: 2000 }));
const NoOrganization = Type.Literal('', { description: 'no organization' });
const RegistrationBody = Type.Object({
  courseSectionId: RowIdOrText,
  userId: RowIdOrText,
  organizationId: Type.Optional(OrNull(Type.Union([RowIdOrText, NoOrganization], { description: "one of the person's organizations (getownorgs); absent, null or '': none" }))),
  comment: Type.Optional({ ...Comment, description: 'optional for oneself; required when staff enroll another person' }),
}, { additionalProperties: false });
const RequestBody = Type.Object({ ...RegistrationBody.properties, comment: Type.Optional({ ...Comment, description: 'optional' }) }, { additionalProperties: false });
const ReviewBody = Type.Object({
  accepted: Type.Boolean(),
  courseSectionId: RowIdOrText,
  userId: RowIdOrText,
  comment: { ...Comment, description: 'required' },
}, { additionalProperties: false });
const CancelBody = Type.Object({
  courseSectionId: RowIdOrText,
  userIds: Type.Optional(Type.Array(RowIdOrText, { minItems: 1, maxItems: 500 })),
  userId: Type.Optional(RowIdOrText),
  comment: Type.Optional(Comment),
}, { additionalProperties: false });
const RegionQuery = Type.Object({
  region: Type.String({ maxLength: 60 }),
  userId: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }),
  organizationId: Type.Optional(Type.String({ pattern: '^$|^[1-9][0-9]{0,8}$', description: "one of the person's organizations; empty: none" })),
}, { additionalProperties: false });

const UserQuery = Type.Object({ userId: RowIdText }, { additionalProperties: false });

const RegisterCode = Type.Integer({ description: '1 success, 2 already registered, 3 full, 4 offer waitlist' });
const WaitlistCode = Type.Integer({ description: 'the waitlist position (1 and above), -2 already registered or waitlisted, -3 waitlist full' });
const RequestCode = Type.Integer({ description: '1 submitted (Pending Approval), 2 already registered, 3 full' });
const ReviewCode = Type.Integer({ description: 'above 0 success (accepted: 1 registered, 2 waitlisted; declined: 1), -2 already registered, -3 or -4 full' });

const organizationOf = (v: number | string | null | undefined): number | null => (v === undefined || v === null || v === '' ? null : Number(v));
const registration = (b: { courseSectionId: number | string; userId: number | string; organizationId?: number | string | null; comment?: string | null }): RegistrationInput => ({
  courseSectionId: Number(b.courseSectionId), userId: Number(b.userId), organizationId: organizationOf(b.organizationId), comment: b.comment ?? null,
});

/**
 * Registration for training sessions (spec part 3 sections 4, 7 and 8; issue 14): own
 * organizations, the region check, register, waitlist, out-of-region requests and their review,
 * cancellation. The answers are the spec's result codes (200 with the number).
 */
export const enrollmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/enrollment/getownorgs', { schema: { 'x-access': 'signedIn', tags, summary: "The caller's organizations where they hold an active staff role (100)", 'x-no-input': true, response: answers({ 200: KeyValueList }) } }, async (request) =>
    ownOrganizationChoices(ctx, request.caller));

  app.get('/enrollment/getuserorgs', { schema: { 'x-access': 'signedIn', tags, summary: "Another person's organizations where they hold an active staff role (100), for staff enrollment (a trainer acting as 250, a manager)", querystring: UserQuery, response: answers({ 200: KeyValueList }) } }, async (request) =>
    userOrganizationChoices(ctx, request.caller, Number(request.query.userId)));

  app.get('/coursesection/regioncheck', { schema: { 'x-access': 'signedIn', tags, summary: 'Whether a person registering through an organization is in the region: 1 in region, 0 out of region', querystring: RegionQuery, response: answers({ 200: Type.Integer({ minimum: 0, maximum: 1 }) }) } }, async (request) => {
    const q = request.query;
    return regionCheck(ctx, request.caller, q.region, Number(q.userId), organizationOf(q.organizationId));
  });

  app.post('/enrollment/register', { schema: { 'x-access': 'signedIn', tags, summary: 'Register a person for a session (oneself, or by staff enrollment with a comment)', body: RegistrationBody, response: answers({ 200: RegisterCode }) } }, async (request) =>
    register(ctx, request.caller, registration(request.body)));

  app.post('/enrollment/waitlist', { schema: { 'x-access': 'signedIn', tags, summary: "Join a full session's waitlist", body: RegistrationBody, response: answers({ 200: WaitlistCode }) } }, async (request) =>
    joinWaitlist(ctx, request.caller, registration(request.body)));

  app.post('/enrollment/requestregistration', { schema: { 'x-access': 'signedIn', tags, summary: 'Ask to register for a session outside one\'s region (reviewed by the course\'s trainer)', body: RequestBody, response: answers({ 200: RequestCode }) } }, async (request) =>
    requestRegistration(ctx, request.caller, registration(request.body)));

  app.post('/enrollment/regionoverride', { schema: { 'x-access': 'signedIn', tags, summary: 'Accept or decline an out-of-region request, with a comment', body: ReviewBody, response: answers({ 200: ReviewCode }) } }, async (request) => {
    const b = request.body;
    return reviewRequest(ctx, request.caller, { accepted: b.accepted, courseSectionId: Number(b.courseSectionId), userId: Number(b.userId), comment: b.comment });
  });

  app.post('/enrollment/cancelregistration', { schema: { 'x-access': 'signedIn', tags, summary: 'Cancel one\'s own place, or (the course\'s trainer) several people\'s; answers how many were cancelled', body: CancelBody, response: answers({ 200: Type.Integer({ minimum: 1 }) }) } }, async (request) => {
    const b = request.body;
    const userIds = [...(b.userIds ?? []), ...(b.userId === undefined ? [] : [b.userId])].map(Number);
    if (userIds.length === 0) throw invalid('Choose at least one person: userIds or userId.', { userIds: 'Choose at least one person.' });
    return cancelRegistrations(ctx, request.caller, { courseSectionId: Number(b.courseSectionId), userIds, comment: b.comment ?? null });
  });
};
